import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import {
  MAIL_CLAIM_MS,
  mailOccasion,
  NEW_ORDER_MAIL_KINDS,
  nextMailAttempt,
  type OrderMailKind,
} from "../../domain/mail-outbox";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { mailer } from "../../lib/mail.server";
import { newOrderAlertMail } from "./new-order-alert.server";
import { composeCustomerMail } from "./order-mail.server";

function compose(kind: OrderMailKind, executor: Executor, orderId: string, occasion: string) {
  return kind === "new-order-alert"
    ? newOrderAlertMail(executor, orderId)
    : composeCustomerMail(kind, executor, orderId, occasion);
}

/**
 * The one rule for an order that has just become new (a cash-on-delivery order placed, a card
 * order paid): its confirmation and the shop's alert are to be sent. Call it inside the
 * transaction that makes the order new, so the mails exist exactly when that change commits; the
 * unique key keeps a second call from adding them again.
 */
export async function enqueueNewOrderMails(tx: Transaction, orderId: string, now = new Date()) {
  await tx
    .insert(mailOutbox)
    .values(NEW_ORDER_MAIL_KINDS.map((kind) => ({ kind, orderId, nextAttemptAt: now })))
    .onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.orderId, mailOutbox.occasion] });
}

/**
 * A mail telling the customer of a step their order took at `at` (docs/decisions/038). Call it in
 * the transaction that takes the step, and kick the outbox after it commits. A step that happens
 * once per order is written once however often this is called.
 */
export async function enqueueOrderMail(
  tx: Transaction,
  kind: OrderMailKind,
  orderId: string,
  at = new Date(),
  occasion = mailOccasion(kind, at),
) {
  await tx
    .insert(mailOutbox)
    .values({ kind, orderId, occasion, nextAttemptAt: at })
    .onConflictDoNothing({ target: [mailOutbox.kind, mailOutbox.orderId, mailOutbox.occasion] });
}

type ClaimedMail = {
  id: string;
  kind: OrderMailKind;
  orderId: string;
  occasion: string;
  attempts: number;
};

/**
 * Takes the next due mail for this process: `skip locked` passes over one another process is
 * claiming at this moment, and the claim moves its next attempt past the time a send takes, so
 * no other process takes it while it is being sent.
 */
export async function claimDueMail(database: Database, now = new Date()) {
  return database.transaction(async (tx): Promise<ClaimedMail | null> => {
    const [due] = await tx
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        orderId: mailOutbox.orderId,
        occasion: mailOutbox.occasion,
        attempts: mailOutbox.attempts,
      })
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const attempts = due.attempts + 1;
    await tx
      .update(mailOutbox)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_MS) })
      .where(eq(mailOutbox.id, due.id));
    return { ...due, attempts };
  });
}

/** Sends one claimed mail and records the outcome; a failure is logged and tried again later. */
async function sendClaimed(database: Database, mail: ClaimedMail, now: Date) {
  try {
    const message = await compose(mail.kind, database, mail.orderId, mail.occasion);
    if (message) await mailer().send(message);
    else
      logger.info(
        { kind: mail.kind, orderId: mail.orderId },
        "order mail dropped: the order is gone or has moved on",
      );
  } catch (error) {
    // From when the send failed, not when it was claimed: a slow failure keeps its backoff.
    const retryAt = nextMailAttempt(mail.attempts, new Date(Math.max(now.getTime(), Date.now())));
    await database
      .update(mailOutbox)
      .set({ nextAttemptAt: retryAt, lastError: errorText(error) })
      .where(eq(mailOutbox.id, mail.id));
    const facts = { err: error, kind: mail.kind, orderId: mail.orderId, attempts: mail.attempts };
    if (retryAt) logger.warn({ ...facts, retryAt }, "order mail failed; it will be sent again");
    else logger.error(facts, "order mail failed too often; given up");
    return false;
  }
  await database
    .update(mailOutbox)
    .set({ sentAt: new Date(), nextAttemptAt: null, lastError: null })
    .where(eq(mailOutbox.id, mail.id));
  return true;
}

function errorText(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Sends the mails due at `now`, one claim at a time, until none is due, `limit` were tried or
 * `stopping` says so. Several processes may run it at once; each mail goes to one of them.
 */
export async function sendDueMails(
  database: Database,
  options: { now?: Date; limit?: number; stopping?: () => boolean } = {},
) {
  const result = { sent: 0, failed: 0 };
  const limit = options.limit ?? 100;
  while (result.sent + result.failed < limit && !options.stopping?.()) {
    const now = options.now ?? new Date();
    const mail = await claimDueMail(database, now);
    if (!mail) break;
    if (await sendClaimed(database, mail, now)) result.sent += 1;
    else result.failed += 1;
  }
  return result;
}
