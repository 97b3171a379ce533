import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { messageConsents } from "../../../db/schema";
import type { ConsentSource, MessageChannel } from "../../domain/order-messages";
import type { Executor } from "../../lib/db.server";

/**
 * A customer's consent to order updates per channel (docs/decisions/063). Opting in opens a row
 * with its time; withdrawing closes it with its time. Nothing is overwritten: the rows are the
 * history of every choice.
 */

export type ConsentState = { channel: MessageChannel; optedInAt: Date };

/** The channels the customer has opted in to now, with when. */
export async function currentConsents(executor: Executor, userId: string) {
  return executor
    .select({ channel: messageConsents.channel, optedInAt: messageConsents.optedInAt })
    .from(messageConsents)
    .where(and(eq(messageConsents.userId, userId), isNull(messageConsents.withdrawnAt)));
}

/** Whether the customer has opted in to `channel` and not withdrawn since. */
export async function hasConsent(executor: Executor, userId: string, channel: MessageChannel) {
  const [row] = await executor
    .select({ id: messageConsents.id })
    .from(messageConsents)
    .where(
      and(
        eq(messageConsents.userId, userId),
        eq(messageConsents.channel, channel),
        isNull(messageConsents.withdrawnAt),
      ),
    );
  return Boolean(row);
}

/** Opts in, unless already in: true when this call opened a consent. */
export async function optIn(
  executor: Executor,
  userId: string,
  channel: MessageChannel,
  via: ConsentSource,
  now = new Date(),
) {
  // The partial unique index keeps one open consent per customer and channel, however many
  // requests opt in at once.
  const opened = await executor
    .insert(messageConsents)
    .values({ userId, channel, optedInAt: now, optedInVia: via })
    .onConflictDoNothing()
    .returning({ id: messageConsents.id });
  return opened.length > 0;
}

/** Withdraws the open consent, if any: true when one was withdrawn. */
export async function withdrawConsent(
  executor: Executor,
  userId: string,
  channel: MessageChannel,
  via: ConsentSource,
  now = new Date(),
) {
  const closed = await executor
    .update(messageConsents)
    .set({ withdrawnAt: now, withdrawnVia: via })
    .where(
      and(
        eq(messageConsents.userId, userId),
        eq(messageConsents.channel, channel),
        isNull(messageConsents.withdrawnAt),
      ),
    )
    .returning({ id: messageConsents.id });
  return closed.length > 0;
}

/** Every choice the customer made, newest first (for the record, and the tests). */
export function consentHistory(executor: Executor, userId: string) {
  return executor
    .select({
      channel: messageConsents.channel,
      optedInAt: messageConsents.optedInAt,
      optedInVia: messageConsents.optedInVia,
      withdrawnAt: messageConsents.withdrawnAt,
      withdrawnVia: messageConsents.withdrawnVia,
    })
    .from(messageConsents)
    .where(eq(messageConsents.userId, userId))
    .orderBy(desc(messageConsents.optedInAt), desc(messageConsents.id));
}

/**
 * The checkout's choices, for the channels it showed: a ticked box opts in (or keeps the consent
 * given before), an unticked one withdraws a consent given before. The checkout shows each box
 * ticked when the customer is opted in, so what is sent is the customer's choice now. Returns the
 * channels ticked: of those shown, the ones the customer is opted in to once this commits.
 */
export async function recordCheckoutChoices(
  executor: Executor,
  userId: string,
  choices: Partial<Record<MessageChannel, boolean>>,
  now = new Date(),
): Promise<MessageChannel[]> {
  const entries = Object.entries(choices) as [MessageChannel, boolean][];
  const ticked = entries.filter(([, chosen]) => chosen).map(([channel]) => channel);
  const unticked = entries.filter(([, chosen]) => !chosen).map(([channel]) => channel);
  // One statement each way, whatever the number of channels: this runs in every order's placing.
  if (ticked.length > 0) {
    await executor
      .insert(messageConsents)
      .values(
        ticked.map((channel) => ({
          userId,
          channel,
          optedInAt: now,
          optedInVia: "checkout" as const,
        })),
      )
      .onConflictDoNothing();
  }
  if (unticked.length > 0) {
    await executor
      .update(messageConsents)
      .set({ withdrawnAt: now, withdrawnVia: "checkout" })
      .where(
        and(
          eq(messageConsents.userId, userId),
          inArray(messageConsents.channel, unticked),
          isNull(messageConsents.withdrawnAt),
        ),
      );
  }
  // What the customer consents to now, of the channels the checkout showed.
  return ticked;
}
