import type { MessageChannel } from "../../domain/order-messages";
import type { Database } from "../../lib/db.server";
import type { MailMessage } from "../../lib/mail.server";
import type { ComposedMessage, MessageSubject } from "./customer-messages.server";
import type { MailSubject } from "./mail-outbox.server";

/** Writes the mail for a subject when it is sent; null drops it (what it was about moved on). */
export type MailWriter = (database: Database, subject: MailSubject) => Promise<MailMessage | null>;

/**
 * Writes the SMS or WhatsApp message for a subject when it is sent, for its channel (an SMS is
 * not the WhatsApp template's text); null skips it (its order moved on).
 */
export type MessageWriter = (
  database: Database,
  subject: MessageSubject & { channel: MessageChannel },
) => Promise<ComposedMessage | null>;

/**
 * What each kind of notice says, by channel: the area that owns a notice writes it (orders write
 * the order mails and messages, docs/decisions/055 and 063), the notifications area keeps, checks
 * and sends them and knows nothing of orders. One static list for the whole shop
 * (`app/notice-list.server.ts`), handed to the senders with the services, so a notice is written
 * the same whichever process sends it and whatever that process happened to import.
 */
export type NoticeWriters = {
  mails: Readonly<Record<string, MailWriter>>;
  messages: Readonly<Record<string, MessageWriter>>;
  /**
   * Service notices (a batch recall, docs/decisions/067) and the channels they go on whatever
   * the customer chose for order updates.
   */
  withoutConsent: Readonly<Record<string, readonly MessageChannel[]>>;
};

/** Whether a message of `event` on `channel` needs the customer's opt-in to be sent. */
export function needsConsent(writers: NoticeWriters, event: string, channel: MessageChannel) {
  return !writers.withoutConsent[event]?.includes(channel);
}
