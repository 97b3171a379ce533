import { NOTICE_CHANNEL_LABELS, noticeEventLabel } from "../../domain/order-messages";
import type { Database } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { requeueJob } from "../jobs/enqueue.server";
import { CUSTOMER_MESSAGE_JOB, messageKey } from "./customer-message-job.server";
import { reopenFailedMessage } from "./customer-messages.server";
import { MAIL_JOB, mailJobKey } from "./mail-outbox.server";

/**
 * The owner's "Send again" on a failed notice, on any channel (a template set since, a
 * provider's refusal lifted, a mail server back): queued again with its job, from the first
 * attempt, audited. False when the notice is not failed (sent, queued, skipped, or unknown);
 * nothing is written then.
 */
export async function sendMessageAgain(database: Database, actorId: string, messageId: string) {
  return database.transaction(async (tx) => {
    const message = await reopenFailedMessage(tx, messageId);
    if (!message) return false;
    const { channel } = message;
    if (channel === "email") {
      const subject = { kind: message.event, about: message.about, occasion: message.occasion };
      await requeueJob(tx, MAIL_JOB, mailJobKey(subject), subject);
    } else {
      await requeueJob(tx, CUSTOMER_MESSAGE_JOB, messageKey({ ...message, channel }), {
        messageId,
      });
    }
    await recordAudit(tx, {
      actorId,
      action: "send-again",
      entity: "customer_message",
      entityId: messageId,
      changes: { event: message.event, channel, order: message.about },
      label: `${noticeEventLabel(message.event)} by ${NOTICE_CHANNEL_LABELS[channel]}`,
    });
    return true;
  });
}
