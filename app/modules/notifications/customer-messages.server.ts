import { and, asc, count, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { customerMessages } from "../../../db/schema";
import {
  MESSAGE_CHANNELS,
  type MessageState,
  type NoticeChannel,
} from "../../domain/order-messages";
import type { Database, Executor } from "../../lib/db.server";

/**
 * What a message is about: the step (an event such as "order-shipped"), what it is about (an
 * order's id) and which occurrence of the step ("" for one that happens once). With the channel,
 * the same four are the same message: it is written and sent once (docs/decisions/063).
 */
export type MessageSubject = { event: string; about: string; occasion: string };

/** What a message says, written when it is sent from what is true then. */
export type ComposedMessage = {
  /** The number the customer chose to be told on, as they gave it; null when there is none. */
  phone: string | null;
  /** The whole text, as the SMS is sent and the WhatsApp template reads filled in. */
  text: string;
  /** The WhatsApp template's body parameters, {{1}}, {{2}}, ... in order. */
  parameters: string[];
  /** The SMS template's variables by the names registered with the provider. */
  variables: Record<string, string>;
};

/** One notice on one channel: the key of its row in the log (docs/decisions/081). */
export type LoggedNotice = MessageSubject & { channel: NoticeChannel };

/** The event of a sign-in code in the log: sent at once, never counted in the order cap. */
export const SIGN_IN_CODE_EVENT = "sign-in-code";

/**
 * Writes one notice to the log as queued, in the caller's transaction; returns its id, or null
 * when the same notice was written before (nothing is written again).
 */
export async function logQueuedMessage(
  tx: Executor,
  message: LoggedNotice & { userId: string | null },
  now = new Date(),
) {
  const [row] = await tx
    .insert(customerMessages)
    .values({ ...message, state: "queued", createdAt: now, updatedAt: now })
    .onConflictDoNothing({
      target: [
        customerMessages.about,
        customerMessages.event,
        customerMessages.occasion,
        customerMessages.channel,
      ],
    })
    .returning({ id: customerMessages.id });
  return row?.id ?? null;
}

/** What the back office shows of a notice in the log. */
const LOG_ENTRY_COLUMNS = {
  id: customerMessages.id,
  event: customerMessages.event,
  channel: customerMessages.channel,
  recipient: customerMessages.recipient,
  state: customerMessages.state,
  error: customerMessages.error,
  providerId: customerMessages.providerId,
  sentAt: customerMessages.sentAt,
  deliveredAt: customerMessages.deliveredAt,
  createdAt: customerMessages.createdAt,
};

export type MessageLogEntry = Awaited<ReturnType<typeof listMessagesAbout>>[number];

/** Every message about one order, oldest first: the back office's "Messages". */
export function listMessagesAbout(executor: Executor, about: string) {
  return executor
    .select(LOG_ENTRY_COLUMNS)
    .from(customerMessages)
    .where(eq(customerMessages.about, about))
    .orderBy(
      asc(customerMessages.createdAt),
      asc(customerMessages.event),
      asc(customerMessages.channel),
    );
}

/** How many of a customer's notices their page in the back office shows, newest first. */
export const CUSTOMER_MESSAGES_SHOWN = 50;

/** A customer's latest notices on every channel, newest first: their page's "Messages". */
export function listMessagesTo(
  executor: Executor,
  userId: string,
  limit = CUSTOMER_MESSAGES_SHOWN,
) {
  return executor
    .select(LOG_ENTRY_COLUMNS)
    .from(customerMessages)
    .where(eq(customerMessages.userId, userId))
    .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
    .limit(limit);
}

/**
 * A notice sent while someone waits (a sign-in code), written to the log as it went: sent with
 * the provider's id, or failed with why. Its text is not kept: a code outlives nothing.
 */
export async function logSentNotice(
  executor: Executor,
  notice: LoggedNotice & {
    userId: string | null;
    recipient: string;
    outcome: { state: "sent"; providerId: string } | { state: "failed"; error: string };
  },
  now = new Date(),
) {
  const { outcome, ...row } = notice;
  await executor
    .insert(customerMessages)
    .values({
      ...row,
      state: outcome.state,
      providerId: outcome.state === "sent" ? outcome.providerId : null,
      error: outcome.state === "failed" ? outcome.error : null,
      sentAt: outcome.state === "sent" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** The id of a notice's row in the log, or null (a mail enqueued before the log kept mails). */
export async function findLoggedId(executor: Executor, notice: LoggedNotice) {
  const [row] = await executor
    .select({ id: customerMessages.id })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.about, notice.about),
        eq(customerMessages.event, notice.event),
        eq(customerMessages.occasion, notice.occasion),
        eq(customerMessages.channel, notice.channel),
      ),
    );
  return row?.id ?? null;
}

export async function findMessage(executor: Executor, id: string) {
  const [row] = await executor.select().from(customerMessages).where(eq(customerMessages.id, id));
  return row ?? null;
}

const HOUR_MS = 60 * 60_000;

/**
 * Takes one of the hour's sends for a message about to go out, or returns false when the
 * shop-wide cap of `perHour` is reached. The sends of the last hour are counted and one taken
 * under a lock every process takes, so processes sending at once never pass the cap together
 * (docs/decisions/063). A taken send is the message's `sent_at` while it is still queued: it
 * counts until the message is settled (sent: its time then) or tried again later (given back);
 * one taken by a process that died counts until its hour is over.
 */
export async function takeHourlySend(
  database: Database,
  messageId: string,
  perHour: number,
  now = new Date(),
) {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('order-message-hourly-cap'))`);
    const [row] = await tx
      .select({ n: count() })
      .from(customerMessages)
      .where(
        and(
          // A message sent counts however its delivery report went (docs/decisions/065).
          inArray(customerMessages.state, ["sent", "delivered", "failed", "queued"]),
          // The cap is of order messages: mails and sign-in codes have their own limits.
          inArray(customerMessages.channel, [...MESSAGE_CHANNELS]),
          ne(customerMessages.event, SIGN_IN_CODE_EVENT),
          gt(customerMessages.sentAt, new Date(now.getTime() - HOUR_MS)),
          ne(customerMessages.id, messageId),
        ),
      );
    if ((row?.n ?? 0) >= perHour) return false;
    await tx
      .update(customerMessages)
      .set({ sentAt: now })
      .where(and(eq(customerMessages.id, messageId), eq(customerMessages.state, "queued")));
    return true;
  });
}

/**
 * Moves a queued message on to its outcome; a message already decided is left as it is (a run
 * after a crash finds it done). Returns whether this call decided it.
 */
export async function settleMessage(
  executor: Executor,
  id: string,
  outcome: {
    state: Exclude<MessageState, "queued">;
    error?: string | null;
    recipient?: string | null;
    body?: string | null;
    providerId?: string | null;
  },
  now = new Date(),
) {
  const rows = await executor
    .update(customerMessages)
    .set({
      state: outcome.state,
      error: outcome.error ?? null,
      ...(outcome.recipient !== undefined ? { recipient: outcome.recipient } : {}),
      ...(outcome.body !== undefined ? { body: outcome.body } : {}),
      providerId: outcome.providerId ?? null,
      sentAt: outcome.state === "sent" ? now : null,
      updatedAt: now,
    })
    .where(and(eq(customerMessages.id, id), eq(customerMessages.state, "queued")))
    .returning({ id: customerMessages.id });
  return rows.length > 0;
}

/** A failed message queued to be sent again (the owner's "Send again"); null when not failed. */
export async function reopenFailedMessage(executor: Executor, id: string, now = new Date()) {
  const [row] = await executor
    .update(customerMessages)
    .set({ state: "queued", error: null, sentAt: null, providerId: null, updatedAt: now })
    .where(and(eq(customerMessages.id, id), eq(customerMessages.state, "failed")))
    .returning({
      about: customerMessages.about,
      event: customerMessages.event,
      occasion: customerMessages.occasion,
      channel: customerMessages.channel,
    });
  return row ?? null;
}

/**
 * A failed try that will be tried again: the message stays queued, with why it has not gone, and
 * gives back the send it took of the hour's cap.
 */
export async function noteMessageRetry(executor: Executor, id: string, error: string) {
  await executor
    .update(customerMessages)
    .set({ error, sentAt: null, updatedAt: new Date() })
    .where(and(eq(customerMessages.id, id), eq(customerMessages.state, "queued")));
}
