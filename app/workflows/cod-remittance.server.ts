import { randomBytes } from "node:crypto";
import { formatIstDay } from "../domain/india-time";
import type { CourierProvider } from "../domain/shipments";
import { AppError } from "../lib/app-error";
import type { Database } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { defineJob } from "../modules/jobs/job-kinds.server";
import {
  cashAwaitingRemittance,
  lockCashAwaitingRemittance,
  markCashRemitted,
} from "../modules/orders/cod-remittance.server";
import { addToRemittance, insertRemittance } from "../modules/payments/cod-remittances.server";
import { type CodRemittance, type Courier, CourierError } from "../modules/shipping/courier.server";
import { providerOrderIdsOf } from "../modules/shipping/shipments.server";

export const NOTHING_TO_REMIT_MESSAGE =
  "No delivered cash-on-delivery order is waiting for the courier's payout.";

/**
 * The test courier's payout (docs/decisions/061): it remits, now, the cash of every delivered
 * cash-on-delivery order not yet paid. One transaction records the payout, what it covered, and
 * each order as paid; two clicks at once pay each order once, and the second finds nothing left.
 */
export async function recordTestCourierRemittance(
  database: Database,
  actorId: string,
  now = new Date(),
) {
  return database.transaction(async (tx) => {
    const owed = await lockCashAwaitingRemittance(tx);
    if (owed.length === 0) throw new AppError(NOTHING_TO_REMIT_MESSAGE, { status: 409 });
    const reference = `TEST-${formatIstDay(now).replaceAll("-", "")}-${randomBytes(3).toString("hex").toUpperCase()}`;
    const remittance = await insertRemittance(tx, {
      courier: "test",
      reference,
      remittedAt: now,
      recordedBy: actorId,
      orders: owed.map((order) => ({ orderId: order.id, amount: order.total })),
    });
    await markCashRemitted(tx, { orders: owed, reference, actorId, remittedAt: now });
    return { reference, amount: remittance.amount, orders: owed.length };
  });
}

/** At most this many orders are asked about in one run; the rest wait for the next. */
const ORDERS_PER_RUN = 500;

/**
 * Reads the courier's payouts of cash on delivery (docs/decisions/061): for each delivered
 * cash-on-delivery order booked with it and not yet paid, oldest first, asks whether the courier
 * has paid the cash out; one it has becomes paid, under the payout's reference, in a transaction
 * of its own. A courier that cannot be reached for some orders leaves them for the retry; those
 * recorded stay recorded once.
 */
export async function readCourierRemittances(
  database: Database,
  current: Courier | null,
  now = new Date(),
) {
  if (!current?.codRemittance) return { asked: 0, recorded: 0 };
  const owed = (await cashAwaitingRemittance(database)).slice(0, ORDERS_PER_RUN);
  const booked = await providerOrderIdsOf(
    database,
    current.provider,
    owed.map((order) => order.id),
  );
  let asked = 0;
  let recorded = 0;
  let retry: unknown = null;
  for (const order of owed) {
    const providerOrderId = booked.get(order.id);
    if (!providerOrderId) continue;
    asked += 1;
    let payout: CodRemittance | null;
    try {
      payout = await current.codRemittance(providerOrderId);
    } catch (error) {
      logger.warn(
        { err: error, orderNumber: order.orderNumber },
        "the courier's payout of an order could not be read",
      );
      if (!(error instanceof CourierError) || error.retryable) retry = error;
      continue;
    }
    if (payout && (await recordCourierPayout(database, current.provider, order.id, payout, now))) {
      recorded += 1;
    }
  }
  if (recorded > 0) logger.info({ recorded }, "recorded cash on delivery paid out by the courier");
  if (retry) throw retry;
  return { asked, recorded };
}

/** One order paid out: false when it was paid meanwhile (by hand, or by another process). */
async function recordCourierPayout(
  database: Database,
  provider: CourierProvider,
  orderId: string,
  payout: CodRemittance,
  now: Date,
) {
  return database.transaction(async (tx) => {
    const [order] = await lockCashAwaitingRemittance(tx, [orderId]);
    if (!order) return false;
    const remittedAt = payout.remittedAt ?? now;
    await addToRemittance(tx, {
      courier: provider,
      reference: payout.reference,
      remittedAt,
      order: { orderId: order.id, amount: order.total },
    });
    await markCashRemitted(tx, {
      orders: [order],
      reference: payout.reference,
      actorId: null,
      remittedAt,
    });
    return true;
  });
}

/** Once a day, the courier's payouts are read (only scheduled for a courier that reports them). */
export const dailyRemittanceCheck = defineJob<{ date: string }>({
  kind: "cod-remittance-check",
  retry: { baseMs: 10 * 60_000, capMs: 2 * 60 * 60_000, maxAttempts: 6, claimMs: 30 * 60_000 },
  async run(_payload, { database, services }) {
    await readCourierRemittances(database, services.shipping.courier);
  },
});
