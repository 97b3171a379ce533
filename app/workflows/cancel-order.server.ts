import { and, eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { customerMayCancel } from "../domain/orders";
import { CANCELLATION_REFUND_REASON } from "../domain/refunds";
import type { Database, Transaction } from "../lib/db.server";
import { issueCreditNote } from "../modules/gst-documents/credit-notes.server";
import { issueInvoiceAtDispatch } from "../modules/gst-documents/invoices.server";
import { OrderNotCancellableError, OrderNotFoundError } from "../modules/orders/order-errors";
import { notifyOrderStep } from "../modules/orders/order-notices.server";
import { releaseOrder } from "../modules/orders/release-order.server";
import { isClosedByRefund, requestRefund } from "../modules/payments/refunds.server";

/**
 * Cancels a locked order, whoever asked (the customer, an administrator, the payment window): its
 * stock and coupon use go back (releaseOrder), what is left of a card payment is refunded
 * (docs/decisions/039), an issued invoice is credited by a credit note (040), and the customer is
 * told; the refund and the mails go out once the transaction commits (055). Call inside a
 * transaction that holds the order row `for update`.
 */
export async function cancelOrder(
  tx: Transaction,
  orderId: string,
  change: { paymentStatus?: "failed"; actorId?: string } = {},
  now = new Date(),
) {
  // A dispatched order (a parcel returned, a delivered order cancelled) has its invoice, which
  // the credit note below cancels (decision 074).
  await issueInvoiceAtDispatch(tx, change.actorId ?? null, orderId, now);
  await releaseOrder(tx, orderId, { paymentStatus: change.paymentStatus }, now);
  const refund = await requestRefund(tx, {
    orderId,
    amount: "rest",
    reason: CANCELLATION_REFUND_REASON,
    requestedBy: change.actorId ?? null,
    now,
  });
  if (refund) await notifyOrderStep(tx, "refund-initiated", orderId, now, refund.id);
  await issueCreditNote(tx, {
    orderId,
    amount: "rest",
    reason: CANCELLATION_REFUND_REASON,
    refundId: refund?.id ?? null,
    now,
  });
  await notifyOrderStep(tx, "order-cancelled", orderId, now);
}

/**
 * docs/DESIGN.md §6.16: a customer cancels their own order while it is pending or processing.
 * Another customer's order is not found; an order whose card payment has been refunded in full is
 * closed (docs/decisions/049).
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
    await cancelOrder(tx, order.id);
    return { orderNumber: order.orderNumber };
  });
  return cancelled;
}
