import type { MessageChannel, NoticeChannel } from "../../domain/order-messages";
import type { Executor } from "../../lib/db.server";
import { enqueueCustomerMessage } from "./customer-message-job.server";
import { enqueueMails, mailJobKey } from "./mail-outbox.server";
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
 * The one way the shop tells someone something: in the caller's transaction, a send job for
 * every channel the notice goes by, each with its row in the notifications log, so the notice
 * exists exactly when what it tells of commits. The channels are decided here: mail when the
 * notice has one, each message channel the customer opted in to (or a service channel, whatever
 * they chose). Whether a channel is switched off, whether the recipient has an address or a
 * number, and whether the customer still consents are checked again when each is sent, and a
 * skip says why. The same notice is written once however often this is called; returns the
 * channels written now.
 */
export async function notify(tx: Executor, notice: Notice, at = new Date()) {
  const [written] = await notifyAll(tx, [notice], at);
  return written!;
}

/** Several notices at once, their mails in one statement; what each wrote now, in order. */
export async function notifyAll(
  tx: Executor,
  notices: readonly Notice[],
  at = new Date(),
): Promise<Set<NoticeChannel>[]> {
  const mails = notices.filter((notice) => notice.mail);
  const mailed = await enqueueMails(
    tx,
    mails.map(({ event, about, occasion, userId }) => ({ kind: event, about, occasion, userId })),
    at,
  );
  const written: Set<NoticeChannel>[] = [];
  for (const notice of notices) {
    const channels = new Set<NoticeChannel>();
    const { event, about, occasion } = notice;
    if (notice.mail && mailed.has(mailJobKey({ kind: event, about, occasion }))) {
      channels.add("email");
    }
    for (const channel of await messageChannelsOf(tx, notice)) {
      const message = { event, about, occasion, channel, userId: notice.userId! };
      if (await enqueueCustomerMessage(tx, message, at)) channels.add(channel);
    }
    written.push(channels);
  }
  return written;
}

/** The message channels a notice goes on: those the customer opted in to, and service ones. */
async function messageChannelsOf(tx: Executor, notice: Notice): Promise<MessageChannel[]> {
  const channels = notice.messages ?? [];
  if (!notice.userId || channels.length === 0) return [];
  const open = channels.filter((channel) => notice.withoutConsent?.includes(channel));
  if (open.length === channels.length) return open;
  const consents =
    notice.consents ?? (await currentConsents(tx, notice.userId)).map((consent) => consent.channel);
  return channels.filter((channel) => open.includes(channel) || consents.includes(channel));
}
