import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { isPlaceholderEmail } from "../domain/mobile-number";
import { logger } from "./logger.server";
import { mailsSent } from "./metrics.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Names this mail for good: its Message-ID is made from it, so the same mail sent again (after
   * a crash between the mail server taking it and the shop noting that) is the same message,
   * which mail clients show once. Without it every sending gets a new Message-ID.
   */
  id?: string;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** What nodemailer is given: the sender, and a Message-ID on the sender's domain for a named mail. */
function envelope(from: string, { id, ...message }: MailMessage) {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? "localhost";
  return { from, ...message, ...(id ? { messageId: `<${id}@${domain}>` } : {}) };
}

/**
 * Real SMTP when `smtpUrl` is set. Otherwise every message is written to `outboxDir` as an .eml
 * file and its links are logged, so a shop running on a laptop can still reset passwords.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(options.from, message));
        logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(options.from, message));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(
        options.outboxDir,
        `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info(
        { to: message.to, subject: message.subject, file, links: message.text.match(LINK) ?? [] },
        "mail written to the outbox",
      );
    },
  };
}

/** The mailer, with every message it sends or fails to send counted for /metrics. */
export function countedMailer(inner: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await inner.send(message);
      } catch (error) {
        mailsSent.inc({ outcome: "failed" });
        throw error;
      }
      mailsSent.inc({ outcome: "sent" });
    },
  };
}

/**
 * Sends `message` by `mailer`, except to the placeholder address of an account made by mobile
 * sign-in (docs/decisions/062): that customer has no e-mail. Returns whether it was sent.
 */
export async function sendMail(mailer: Mailer, message: MailMessage) {
  if (isPlaceholderEmail(message.to)) {
    logger.info({ subject: message.subject }, "mail not sent: the customer has no e-mail address");
    return false;
  }
  await mailer.send(message);
  return true;
}
