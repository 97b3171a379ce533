import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { logger } from "../../lib/logger.server";

/**
 * SMS and WhatsApp messages in `outbox` mode (SMS=outbox, WHATSAPP=outbox, the defaults) are
 * written as files beside the mails, in `DATA_DIR/outbox`, one file a message, so a shop on a
 * laptop can read the sign-in code it sent and tests can read what a customer was told.
 *
 * Name: `<time>-<channel>-<to digits>-<random>.json`, e.g.
 * `2026-11-27T06-48-33-123Z-sms-919822012345-k3f9qa.json`; the time sorts them in order sent.
 * Content: one JSON object, `OutboxMessage` below, written 0600 (a code is a secret).
 */
export type OutboxMessage =
  | {
      channel: "sms";
      /** E.164, "+919822012345". */
      to: string;
      sentAt: string;
      /** The DLT template the live SMS would use, when the message names one. */
      templateId: string | null;
      /** The text as the customer would read it. */
      text: string;
      /** The template's variables by name, as MSG91 would be given them. */
      variables: Record<string, string>;
    }
  | {
      channel: "whatsapp";
      to: string;
      sentAt: string;
      /** The approved template's name and language. */
      template: string;
      language: string;
      /** The body parameters in order ({{1}}, {{2}}, ...). */
      parameters: string[];
      text: string;
    };

export const OUTBOX_MESSAGE_FILE = /^(.+)-(sms|whatsapp)-(\d+)-([a-z0-9]+)\.json$/;

/** Writes one message to `dir`; returns the file's path. */
export async function writeOutboxMessage(dir: string, message: OutboxMessage) {
  await fs.mkdir(dir, { recursive: true });
  const stamp = message.sentAt.replace(/[:.]/g, "-");
  const digits = message.to.replace(/\D/g, "");
  const file = path.join(
    dir,
    `${stamp}-${message.channel}-${digits}-${randomBytes(4).toString("hex")}.json`,
  );
  await fs.writeFile(file, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
  // The text is not logged: a sign-in code in a log would outlive its five minutes.
  logger.info({ channel: message.channel, file }, "message written to the outbox");
  return file;
}
