import type { Database, Transaction } from "../lib/db.server";
import { cardPayments } from "../lib/metrics.server";
import { findCardOrderToPay } from "../modules/orders/awaiting-payment.server";
import { OrderNotFoundError } from "../modules/orders/order-errors";
import {
  markOrderPaid,
  markOrderPaymentFailed,
  recordPaymentProvider,
} from "../modules/orders/order-payment.server";
import {
  type CheckoutOptions,
  type LockedPayment,
  lockPayment,
  openProviderOrder,
  PaymentVerificationError,
  recordCapture,
  recordFailure,
} from "../modules/payments/card-payments.server";
import type { PaymentGateway } from "../modules/payments/gateway.server";
import { verifyPaymentSignature } from "../modules/payments/signatures.server";

/**
 * Opens (or reopens) the card payment of the customer's own pending card order, for exactly the
 * order's total as the server computed it.
 */
export async function startCardPayment(
  database: Database,
  gateway: PaymentGateway,
  input: { userId: string; orderId: string },
  now = new Date(),
): Promise<CheckoutOptions> {
  const order = await findCardOrderToPay(database, input, now);
  const providerOrderId = await openProviderOrder(database, gateway, order);
  await recordPaymentProvider(database, order.id, gateway.mode);
  return {
    mode: gateway.mode,
    key: gateway.keyId,
    orderId: order.id,
    orderNumber: order.orderNumber,
    providerOrderId,
    amount: order.total,
    currency: "INR",
    prefill: { name: order.address.fullName || order.fullName || "", contact: order.address.phone },
  };
}

/**
 * The gateway took the money: the payment and its order are marked paid once, in one transaction
 * (markOrderPaid enqueues the order's mails with it). Returns whether this call paid the order.
 */
export async function completePayment(tx: Transaction, payment: LockedPayment, paymentId: string) {
  if (!(await recordCapture(tx, payment, paymentId))) return false;
  // The gateway that took the money is the one the order is marked with.
  await markOrderPaid(tx, payment.orderId, payment.provider === "test" ? "test" : "razorpay");
  return true;
}

/** A failed attempt: the order stays open for another try until its payment window ends. */
export async function failPayment(
  tx: Transaction,
  payment: LockedPayment,
  paymentId: string | null,
) {
  if (!(await recordFailure(tx, payment, paymentId))) return false;
  await markOrderPaymentFailed(tx, payment.orderId);
  return true;
}

/**
 * The checkout's success handler posts the three values Razorpay returns. The signature is checked
 * against the provider order id this shop stored for the customer's own order, never one the
 * browser names alone. Returns whether this call marked the order paid (false if it already was).
 */
export async function confirmCardPayment(
  database: Database,
  gateway: PaymentGateway,
  input: {
    userId: string;
    orderId: string;
    providerOrderId: string;
    paymentId: string;
    signature: string;
  },
): Promise<{ orderNumber: string; newlyPaid: boolean; orderCancelled: boolean }> {
  const result = await database.transaction(async (tx) => {
    const payment = await lockPayment(tx, input.providerOrderId);
    if (!payment || payment.orderId !== input.orderId || payment.userId !== input.userId) {
      throw new OrderNotFoundError("Order not found");
    }
    const valid = verifyPaymentSignature(
      {
        providerOrderId: payment.providerOrderId,
        paymentId: input.paymentId,
        signature: input.signature,
      },
      gateway.keySecret,
    );
    if (!valid) throw new PaymentVerificationError("The payment could not be verified");
    const newlyPaid = await completePayment(tx, payment, input.paymentId);
    return {
      orderNumber: payment.orderNumber,
      newlyPaid,
      orderCancelled: payment.orderStatus === "cancelled",
    };
  });
  if (result.newlyPaid) cardPayments.inc({ outcome: "succeeded" });
  return result;
}
