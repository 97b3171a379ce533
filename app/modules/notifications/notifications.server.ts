import path from "node:path";
import type { MessageChannel } from "../../domain/order-messages";
import type { Env } from "../../lib/env.server";
import { countedMailer, createMailer, type Mailer } from "../../lib/mail.server";
import type { NoticeWriters } from "./notice-writers.server";
import { type SmsTransport, smsTransportFromEnv } from "./sms.server";
import { type WhatsAppTransport, whatsAppTransportFromEnv } from "./whatsapp.server";

/**
 * How the shop reaches people (docs/decisions/081): the mailer, the SMS and WhatsApp transports
 * (each with `off` and an offline outbox), and what each kind of notice says on each channel.
 * Made once per start with the other services; a test makes its own.
 */
export type Notifications = {
  mail: Mailer;
  sms: SmsTransport;
  whatsapp: WhatsAppTransport;
  writers: NoticeWriters;
};

/** SMTP_URL, SMS=off|outbox|msg91 and WHATSAPP=off|outbox|cloud, with the shop's notice writers. */
export function notificationsFromEnv(env: Env, writers: NoticeWriters): Notifications {
  return {
    mail: mailerFromEnv(env),
    sms: smsTransportFromEnv(env),
    whatsapp: whatsAppTransportFromEnv(env),
    writers,
  };
}

/** SMTP_URL's server, or the outbox in DATA_DIR without one; every send counted. */
export function mailerFromEnv(env: Env): Mailer {
  return countedMailer(
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? "Satara Ayurveda <no-reply@shop.example>",
      outboxDir: path.join(env.DATA_DIR, "outbox"),
    }),
  );
}

/** Whether the shop sends on a message channel at all (SMS=off, WHATSAPP=off turn one off). */
export function channelEnabled(
  notifications: Pick<Notifications, "sms" | "whatsapp">,
  channel: MessageChannel,
) {
  return notifications[channel].mode !== "off";
}

/** Whether a sign-in code can be sent: with SMS=off nothing that needs one is offered. */
export function smsEnabled(notifications: Pick<Notifications, "sms">) {
  return notifications.sms.mode !== "off";
}
