import { and, desc, eq } from "drizzle-orm";
import { orders, payments, profiles } from "../../../db/schema";
import { awaitsCardPayment, paymentArrived } from "../../domain/orders";
import { AppError } from "../../lib/app-error";
import type { Database, Transaction } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { cardPayments } from "../../lib/metrics.server";
import { OrderError, OrderNotFoundError } from "../orders/order-errors";
import {
  markOrderPaid,
  markOrderPaymentFailed,
  recordPaymentProvider,
} from "../orders/order-payment.server";
import { createProviderOrder, type PaymentGateway } from "./gateway.server";
import { verifyPaymentSignature } from "./signatures.server";

/** What the browser needs to open Razorpay's checkout (or the test gateway's dialog). */
export type CheckoutOptions = {
  mode: PaymentGateway["mode"];
  key: string;
  orderId: string;
  orderNumber: string;
  providerOrderId: string;
  amount: number;
  currency: "INR";
  prefill: { name: string; contact: string };
};

export class PaymentVerificationError extends AppError {
  constructor(message: string) {
    super(message, { title: "Order Creation Failed" });
  }
}

/**
 * Opens (or reopens) the card payment of the customer's own pending card order. The provider order
 * is created for exactly the order's total as the server computed it; an unpaid provider order
 * from an earlier attempt is reused, as Razorpay allows several attempts on one order.
 */
export async function startCardPayment(
  database: Database,
  gateway: PaymentGateway,
  input: { userId: string; orderId: string },
  now = new Date(),
): Promise<CheckoutOptions> {
  const [order] = await database
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      total: orders.total,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
      address: orders.shippingAddress,
      fullName: profiles.fullName,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
  if (!order) throw new OrderNotFoundError("Order not found");
  if (order.paymentStatus === "paid")
    throw new OrderError(`Order ${order.orderNumber} is already paid`);
  if (!awaitsCardPayment(order, now)) {
    throw new OrderError(`Order ${order.orderNumber} can no longer be paid by card`);
  }
  const [earlier] = await database
    .select({ providerOrderId: payments.providerOrderId })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.amount, order.total),
        eq(payments.provider, gateway.mode),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  let providerOrderId = earlier?.providerOrderId;
  if (!providerOrderId) {
    const created = await createProviderOrder(gateway, {
      amount: order.total,
      receipt: order.orderNumber,
      notes: { order_id: order.id },
    });
    await database.insert(payments).values({
      orderId: order.id,
      provider: gateway.mode,
      providerOrderId: created.id,
      amount: created.amount,
    });
    providerOrderId = created.id;
  }
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
    const newlyPaid = await markPaid(tx, payment, input.paymentId);
    return {
      orderNumber: payment.orderNumber,
      newlyPaid,
      orderCancelled: payment.orderStatus === "cancelled",
    };
  });
  if (result.newlyPaid) {
    cardPayments.inc({ outcome: "succeeded" });
  }
  return result;
}

/** A provider order of the customer's own order; another customer's is not found. */
export async function findOwnPayment(
  database: Database,
  input: { userId: string; orderId: string; providerOrderId: string },
) {
  const [payment] = await database
    .select({ providerOrderId: payments.providerOrderId, amount: payments.amount })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.providerOrderId, input.providerOrderId),
        eq(orders.id, input.orderId),
        eq(orders.userId, input.userId),
      ),
    );
  if (!payment) throw new OrderNotFoundError("Order not found");
  return payment;
}

export type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

/** The payment row with its order, both locked, so a callback and a webhook change it once. */
export async function lockPayment(tx: Transaction, providerOrderId: string) {
  const [payment] = await tx
    .select({
      id: payments.id,
      provider: payments.provider,
      providerOrderId: payments.providerOrderId,
      amount: payments.amount,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      orderTotal: orders.total,
      orderStatus: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.providerOrderId, providerOrderId))
    .for("update");
  return payment ?? null;
}

/**
 * Marks the order paid once (markOrderPaid enqueues its mails in the same transaction); a payment
 * for an order already cancelled is logged for a refund. Returns whether this call paid it.
 */
export async function markPaid(tx: Transaction, payment: LockedPayment, paymentId: string) {
  await tx
    .update(payments)
    .set({ status: "paid", providerPaymentId: paymentId, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  // Paid already, or paid and refunded since (a late or replayed event).
  if (paymentArrived(payment.paymentStatus)) {
    if (payment.paymentMethod === "cod") {
      // Switched to cash on delivery, and the cash was received before this payment arrived.
      logger.warn(
        { order: payment.orderNumber, paymentId },
        "card payment received for an order paid in cash; refund it from the Razorpay dashboard",
      );
    }
    return false;
  }
  if (payment.orderStatus === "cancelled") {
    logger.warn(
      { order: payment.orderNumber, paymentId },
      "payment received for a cancelled order; refund it from the Razorpay dashboard",
    );
    return false;
  }
  // The gateway that took the money is the one the order is marked with.
  await markOrderPaid(tx, payment.orderId, payment.provider === "test" ? "test" : "razorpay");
  return true;
}

/**
 * A failed attempt: the order stays open for another try until its payment window ends. An order
 * cancelled meanwhile, or switched to cash on delivery (docs/decisions/050), keeps its state.
 */
export async function markFailed(
  tx: Transaction,
  payment: LockedPayment,
  paymentId: string | null,
) {
  if (paymentArrived(payment.paymentStatus)) return false;
  await tx
    .update(payments)
    .set({ status: "failed", providerPaymentId: paymentId, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  if (payment.orderStatus === "cancelled" || payment.paymentMethod === "cod") return false;
  await markOrderPaymentFailed(tx, payment.orderId);
  return true;
}
