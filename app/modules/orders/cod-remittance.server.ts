import { and, asc, eq, inArray } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { formatRupees } from "../../domain/money";
import type { Executor, Transaction } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { notifyOrderStep } from "./order-notices.server";

/** Delivered cash-on-delivery orders whose cash is not yet recorded: what a courier owes. */
const awaitingRemittance = and(
  eq(orders.paymentMethod, "cod"),
  eq(orders.status, "delivered"),
  eq(orders.paymentStatus, "pending"),
);

export type CashAwaitingRemittance = { id: string; orderNumber: string; total: number };

/** What the courier holds for the shop now: the orders and their cash, oldest first. */
export async function cashAwaitingRemittance(executor: Executor) {
  return executor
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total })
    .from(orders)
    .where(awaitingRemittance)
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * The same orders, locked in id order until the transaction ends: a payout recorded twice at once
 * covers each order once (the second finds them paid once the first commits).
 */
export async function lockCashAwaitingRemittance(
  tx: Transaction,
  orderIds?: readonly string[],
): Promise<CashAwaitingRemittance[]> {
  const where = orderIds
    ? and(awaitingRemittance, inArray(orders.id, [...orderIds]))
    : awaitingRemittance;
  return tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, total: orders.total })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.id))
    .for("update");
}

/**
 * The courier's payout is the cash received (decisions 019 and 061): each order becomes paid at
 * the payout's time, audited with who recorded it and the payout's reference, and its customer is
 * sent the receipt "Record cash received" sends. The orders must have been locked by the caller.
 */
export async function markCashRemitted(
  tx: Transaction,
  input: {
    orders: readonly CashAwaitingRemittance[];
    reference: string;
    /** Who recorded it; null when read from the courier. */
    actorId: string | null;
    remittedAt: Date;
  },
) {
  for (const order of input.orders) {
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: input.remittedAt, updatedAt: input.remittedAt })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorId: input.actorId,
      // A payout the courier reported (docs/decisions/061) has no person behind it.
      actorKind: "courier",
      action: "record-remittance",
      entity: "order",
      entityId: order.id,
      changes: {
        orderNumber: order.orderNumber,
        before: { paymentStatus: "pending" },
        after: { paymentStatus: "paid" },
        cashReceived: formatRupees(order.total),
        remittance: input.reference,
      },
    });
    await notifyOrderStep(tx, "payment-received", order.id, input.remittedAt);
  }
}
