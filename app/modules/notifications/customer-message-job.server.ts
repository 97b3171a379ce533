import { sql } from "drizzle-orm";
import { customerMessages } from "../../../db/schema";
import type { JobRetry } from "../../domain/background-jobs";
import {
  indianMobile,
  MESSAGE_CHANNEL_LABELS,
  type MessageChannel,
  TEMPLATE_EVENT_LABELS,
  type TemplateEvent,
} from "../../domain/order-messages";
import type { Database, Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { defineJob, type JobServices, payloadUuid, uuidOrNull } from "../jobs/job-kinds.server";
import { runJobs } from "../jobs/run-jobs.server";
import {
  findMessage,
  logQueuedMessage,
  type MessageSubject,
  noteMessageRetry,
  settleMessage,
  takeHourlySend,
} from "./customer-messages.server";
import { hasConsent } from "./message-consents.server";
import { getMessageSettings, templateFor } from "./message-settings.server";
import { needsConsent } from "./notice-writers.server";
import { channelEnabled, type Notifications } from "./notifications.server";
import { SMS_JOB_TIMEOUT_MS, sendSms } from "./sms.server";
import { sendWhatsApp, WHATSAPP_JOB_TIMEOUT_MS } from "./whatsapp.server";

/** The job kind of one SMS or WhatsApp message to a customer (docs/decisions/063). */
export const CUSTOMER_MESSAGE_JOB = "customer-message";

/**
 * A minute doubling to half an hour, twelve tries (about four hours): a provider down for an
 * afternoon, or the hourly cap reached, still lets the message through. One run waits at most
 * ten seconds on the provider.
 */
export const CUSTOMER_MESSAGE_RETRY: JobRetry = {
  baseMs: 60_000,
  capMs: 30 * 60_000,
  maxAttempts: 12,
  claimMs: 2 * 60_000,
};

export const messageJob = defineJob<{ messageId: string }>({
  kind: CUSTOMER_MESSAGE_JOB,
  retry: CUSTOMER_MESSAGE_RETRY,
  // A message is about an order (customer_messages.about, text since it may name other things).
  orders: sql`array(select ${uuidOrNull(sql`m.about`)} from ${customerMessages} m
    where m.id = ${payloadUuid("messageId")})`,
  run: ({ messageId }, { database, attempt, services }) =>
    deliverMessage(database, services.notifications, messageId, attempt),
});

/**
 * One message to send once the caller's transaction commits: logged as queued and its job
 * written in that transaction, keyed by what it is about and the channel, so the same message is
 * never written or sent twice. Returns whether it was written now.
 */
export async function enqueueCustomerMessage(
  tx: Executor,
  message: MessageSubject & { channel: MessageChannel; userId: string },
  now = new Date(),
) {
  const messageId = await logQueuedMessage(tx, message, now);
  if (!messageId) return false;
  await messageJob.enqueue(tx, messageKey(message), { messageId }, now);
  return true;
}

export function messageKey(message: MessageSubject & { channel: MessageChannel }) {
  return `${message.about}:${message.event}:${message.occasion}:${message.channel}`;
}

/** Sends every message due now; for a caller that waits for them (tests, scripts). */
export function sendDueMessages(database: Database, services: JobServices) {
  return runJobs(database, services, messageJob);
}

/** The WhatsApp template an event uses when none is set and messages go to the outbox. */
function outboxTemplateName(event: string) {
  return event.replace(/-/g, "_");
}

function eventLabel(event: string) {
  return TEMPLATE_EVENT_LABELS[event as TemplateEvent] ?? event;
}
/** A try that failed and may succeed later; the message stays queued and says why. */
class TryAgainLater extends Error {}

/**
 * Sends one logged message, checking again what held when it was enqueued: the channel is on,
 * the customer still consents (withdrawn since: skipped), the order has not moved on (skipped),
 * the template a provider requires is set (failed, with the reason), the shop-wide hourly cap
 * leaves room (tried again later). A message already decided is left alone.
 */
async function deliverMessage(
  database: Database,
  notifications: Notifications,
  messageId: string,
  attempt: number,
) {
  const message = await findMessage(database, messageId);
  if (message?.state !== "queued" || message.channel === "email") return;
  const channel = message.channel;
  const label = MESSAGE_CHANNEL_LABELS[channel];
  const settle = (outcome: Parameters<typeof settleMessage>[2]) =>
    settleMessage(database, messageId, outcome);

  if (!channelEnabled(notifications, channel)) {
    await settle({ state: "skipped", error: `${label} messages are switched off` });
    return;
  }
  if (
    !message.userId ||
    (needsConsent(notifications.writers, message.event, channel) &&
      !(await hasConsent(database, message.userId, channel)))
  ) {
    await settle({
      state: "skipped",
      error: `The customer has not opted in to order updates by ${label}, or withdrew before it was sent`,
    });
    return;
  }
  const compose = notifications.writers.messages[message.event];
  if (!compose) throw new Error(`No one writes ${message.event} messages in this process`);
  const composed = await compose(database, { ...message, channel });
  if (!composed) {
    await settle({
      state: "skipped",
      error: "The order has moved on: this would no longer be true",
    });
    return;
  }
  const to = indianMobile(composed.phone);
  if (!to) {
    await settle({
      state: "failed",
      error: "The customer has no Indian mobile number to send to",
      recipient: composed.phone,
    });
    return;
  }
  const settings = await getMessageSettings(database);
  const template = templateFor(settings, message.event as TemplateEvent, channel);
  const missing = missingTemplate(notifications, channel, template, message.event);
  if (missing) {
    await settle({ state: "failed", error: missing, recipient: to });
    return;
  }

  try {
    if (!(await takeHourlySend(database, messageId, settings.orderMessagesPerHour))) {
      throw new TryAgainLater(
        `The shop-wide cap of ${settings.orderMessagesPerHour} order messages an hour was reached; it will be sent later`,
      );
    }
    const result =
      channel === "sms"
        ? await sendSms(
            notifications.sms,
            {
              to,
              templateId: template,
              senderId: settings.smsSenderId || null,
              text: composed.text,
              variables: composed.variables,
            },
            { timeoutMs: SMS_JOB_TIMEOUT_MS },
          )
        : await sendWhatsApp(
            notifications.whatsapp,
            {
              to,
              template: template ?? outboxTemplateName(message.event),
              language: settings.whatsappLanguage,
              parameters: composed.parameters,
              text: composed.text,
            },
            { timeoutMs: WHATSAPP_JOB_TIMEOUT_MS },
          );
    if (!result.sent) {
      await settle({ state: "skipped", error: `${label} messages are switched off` });
      return;
    }
    await settle({ state: "sent", recipient: to, body: composed.text, providerId: result.id });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryable =
      error instanceof TryAgainLater || (error as { retryable?: boolean }).retryable !== false;
    if (!retryable || attempt >= CUSTOMER_MESSAGE_RETRY.maxAttempts) {
      logger.warn({ messageId, channel, event: message.event, reason }, "order message failed");
      await settle({ state: "failed", error: reason, recipient: to, body: composed.text });
      return;
    }
    await noteMessageRetry(database, messageId, reason);
    throw error;
  }
}

/**
 * Why a message cannot go out without a template, or null. MSG91 sends only text registered on
 * DLT, so an SMS without its template id is not sent as unregistered text; the WhatsApp Cloud API
 * sends only approved templates. The outbox needs neither.
 */
function missingTemplate(
  notifications: Notifications,
  channel: MessageChannel,
  template: string | null,
  event: string,
) {
  if (template) return null;
  if (channel === "sms" && notifications.sms.mode === "msg91") {
    return `No DLT template id is set for the "${eventLabel(event)}" SMS in Message settings, so it was not sent: MSG91 refuses text that is not a registered template`;
  }
  if (channel === "whatsapp" && notifications.whatsapp.mode === "cloud") {
    return `No WhatsApp template is set for "${eventLabel(event)}" in Message settings, so it was not sent: WhatsApp sends only approved templates`;
  }
  return null;
}
