import { and, eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import { customerMayCancel } from "../../domain/orders";
import { CANCELLATION_REFUND_REASON } from "../../domain/refunds";
import type { Database, Transaction } from "../../lib/db.server";
import { returnStock } from "../catalog/stock.server";
import { issueCreditNote } from "../gst-documents/credit-notes.server";
import { isClosedByRefund, requestRefund } from "../payments/refunds.server";
import { releaseCoupon } from "../promotions/redemptions.server";
import { OrderNotCancellableError, OrderNotFoundError } from "./order-errors";
import { enqueueOrderMail } from "./order-mails.server";

export { OrderNotCancellableError, OrderNotFoundError };

/**
 * Cancels a locked order and gives back what it took: each item's stock, and its coupon use
 * (the redemption row goes, so the per-customer count drops too); a card payment is refunded in
 * full (docs/decisions/039), an issued invoice is credited by a credit note (040), and the
 * customer is told, all of it sent once the transaction commits (docs/decisions/055). Call inside
 * a transaction that holds the order row `for update`.
 */
export async function releaseOrder(
  tx: Transaction,
  orderId: string,
  change: { paymentStatus?: "failed"; actorId?: string } = {},
  now = new Date(),
) {
  await tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: now,
      updatedAt: now,
      ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
    })
    .where(eq(orders.id, orderId));
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  // Items whose size was deleted have no stock to return.
  await returnStock(
    tx,
    items.flatMap(({ variantId, quantity }) => (variantId ? [{ variantId, quantity }] : [])),
  );
  await releaseCoupon(tx, orderId);
  const refund = await requestRefund(tx, {
    orderId,
    amount: "rest",
    reason: CANCELLATION_REFUND_REASON,
    requestedBy: change.actorId ?? null,
    now,
  });
  // An invoiced order is credited in full by a GST credit note (docs/decisions/040).
  await issueCreditNote(tx, {
    orderId,
    amount: "rest",
    reason: CANCELLATION_REFUND_REASON,
    refundId: refund?.id ?? null,
    now,
  });
  await enqueueOrderMail(tx, "order-cancelled", orderId, now);
}

/**
 * docs/DESIGN.md §6.16: a customer cancels their own order while it is pending or processing; stock and
 * coupon go back in the same transaction. Another customer's order is not found; an order whose
 * card payment has been refunded in full is closed (docs/decisions/049).
 */
export async function cancelOrderByCustomer(
  database: Database,
  input: { userId: string; orderId: string },
): Promise<{ orderNumber: string }> {
  const cancelled = await database.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        total: orders.total,
      })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for("update");
    if (!order) throw new OrderNotFoundError("Order not found");
    if (!customerMayCancel(order.status)) {
      throw new OrderNotCancellableError(
        order.status === "cancelled"
          ? `Order ${order.orderNumber} is already cancelled`
          : `Order ${order.orderNumber} has already ${order.status === "shipped" ? "shipped" : "been delivered"} and can no longer be cancelled`,
      );
    }
    if (await isClosedByRefund(tx, order)) {
      throw new OrderNotCancellableError(
        `Order ${order.orderNumber} has been refunded in full and can no longer be cancelled`,
      );
    }
    await releaseOrder(tx, order.id);
    return { orderNumber: order.orderNumber };
  });
  return cancelled;
}
