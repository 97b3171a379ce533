import type { MessageChannel, NoticeChannel } from "../../domain/order-messages";
import type { Executor } from "../../lib/db.server";
import { enqueueCustomerMessage } from "./customer-message-job.server";
import { enqueueMail } from "./mail-outbox.server";
import { currentConsents } from "./message-consents.server";

/** One notice to one recipient (docs/decisions/081). */
export type Notice = {
  /** What happened ("order-shipped"): the same name on every channel. */
  event: string;
  /** What it is about, by id (an order's). */
  about: string;
  /** Which occurrence of the event ("" for one that happens once). */
  occasion: string;
  /** The customer it is for; null when it is for the shop itself (its address in Settings). */
  userId: string | null;
  /** Whether it is told by mail. */
  mail: boolean;
  /** The message channels it is told on, to a customer who opted in to them. */
  messages?: readonly MessageChannel[];
  /** Of those, the ones it goes on without the opt-in: a service notice (a recall's SMS). */
  withoutConsent?: readonly MessageChannel[];
  /** The channels the customer consents to, when the caller has just read or written them. */
  consents?: readonly MessageChannel[];
};

/**
 * The one way the shop tells someone something: in the caller's transaction, one row in the
 * notifications log and one send job for every channel the notice goes by, so the notice exists
 * exactly when what it tells of commits. The channels are decided here: mail when the notice has
 * one, each message channel the customer opted in to (or a service channel, whatever they chose).
 * Whether a channel is switched off, whether the recipient has an address or a number, and
 * whether the customer still consents are checked again when each is sent, and a skip says why.
 * The same notice is written once however often this is called; returns the channels written now.
 */
export async function notify(
  tx: Executor,
  notice: Notice,
  at = new Date(),
): Promise<Set<NoticeChannel>> {
  const written = new Set<NoticeChannel>();
  const { event, about, occasion, userId } = notice;
  if (notice.mail && (await enqueueMail(tx, { kind: event, about, occasion, userId }, at))) {
    written.add("email");
  }
  const channels = notice.messages ?? [];
  if (!userId || channels.length === 0) return written;
  const consents =
    notice.consents ?? (await currentConsents(tx, userId)).map((consent) => consent.channel);
  for (const channel of channels) {
    if (!notice.withoutConsent?.includes(channel) && !consents.includes(channel)) continue;
    const fresh = await enqueueCustomerMessage(tx, { event, about, occasion, channel, userId }, at);
    if (fresh) written.add(channel);
  }
  return written;
}
