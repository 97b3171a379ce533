import type { RefundStatus } from "../domain/refunds";
import type { Transaction } from "../lib/db.server";
import { notifyOrderStep } from "../modules/orders/order-notices.server";
import { lockOrderPayment, markOrderRefunded } from "../modules/orders/order-payment.server";
import {
  isPaymentRefundedInFull,
  type LockedRefund,
  settleRefund,
} from "../modules/payments/refunds.server";

/**
 * A refund's status moves on, and its order follows in the same transaction: a processed refund
 * tells the customer, and the one that completes the payment's refund marks the order's payment
 * "refunded" (docs/decisions/049). The order row is locked before the refunds are added up, so of
 * two refunds of one payment completing at once the second waits and counts the first. Nothing
 * else locks a refund while holding its order, so this order of locks cannot deadlock.
 */
export async function settleOrderRefund(
  tx: Transaction,
  refund: LockedRefund,
  status: RefundStatus,
  detail: { providerRefundId?: string; error?: string } = {},
) {
  const changed = await settleRefund(tx, refund, status, detail);
  if (!changed || status !== "processed") return changed;
  const now = new Date();
  if (
    (await lockOrderPayment(tx, refund.orderId)) === "paid" &&
    (await isPaymentRefundedInFull(tx, refund.paymentId))
  ) {
    await markOrderRefunded(tx, refund.orderId, now);
  }
  await notifyOrderStep(tx, "refund-processed", refund.orderId, now, refund.id);
  return true;
}
