import { randomBytes } from "node:crypto";
import { formatIstDay } from "../domain/india-time";
import { AppError } from "../lib/app-error";
import type { Database } from "../lib/db.server";
import {
  lockCashAwaitingRemittance,
  markCashRemitted,
} from "../modules/orders/cod-remittance.server";
import { insertRemittance } from "../modules/payments/cod-remittances.server";

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
