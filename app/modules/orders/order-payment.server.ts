import { and, eq, sql } from "drizzle-orm";
import { orders } from "../../../db/schema";
import type { PaymentProvider } from "../../domain/orders";
import type { Executor, Transaction } from "../../lib/db.server";
import { notifyNewOrder } from "./order-notices.server";

/** The gateway a card order's payment was opened with; unchanged rows are not rewritten. */
export async function recordPaymentProvider(
  executor: Executor,
  orderId: string,
  provider: PaymentProvider,
) {
  await executor
    .update(orders)
    .set({ paymentProvider: provider })
    .where(
      and(eq(orders.id, orderId), sql`${orders.paymentProvider} is distinct from ${provider}`),
    );
}

/**
 * The order is paid, marked with the gateway that took the money. It has just become new, so its
 * confirmation and new-order alert are enqueued in the same transaction (docs/decisions/024), and
 * sent once it commits. An order the customer switched to cash on
 * delivery while this payment was still going through is a card order again (docs/decisions/050):
 * the money is taken, so the courier must not collect it too; its mails were enqueued by the switch.
 */
export async function markOrderPaid(tx: Transaction, orderId: string, provider: PaymentProvider) {
  await tx
    .update(orders)
    .set({
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      paymentProvider: provider,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
  await notifyNewOrder(tx, orderId);
}

/** A failed attempt: the order stays open for another try until its payment window ends. */
export async function markOrderPaymentFailed(tx: Transaction, orderId: string) {
  await tx
    .update(orders)
    .set({ paymentStatus: "failed", updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** Locks the order row, as every change to an order does first; its payment status, or null. */
export async function lockOrderPayment(tx: Transaction, orderId: string) {
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order?.paymentStatus ?? null;
}

/** Its card payment has been refunded in full (docs/decisions/049). Call with the row locked. */
export async function markOrderRefunded(tx: Transaction, orderId: string, now = new Date()) {
  await tx
    .update(orders)
    .set({ paymentStatus: "refunded", updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "paid")));
}
