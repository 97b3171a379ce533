import { and, desc, eq } from "drizzle-orm";
import { orders, payments } from "../../../db/schema";
import { paymentArrived } from "../../domain/orders";
import { AppError } from "../../lib/app-error";
import type { Database, Transaction } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { createProviderOrder, type PaymentGateway } from "./gateway.server";

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

/** A payment the shop cannot find for this customer; answered as the order not found. */
export class PaymentNotFoundError extends AppError {
  constructor() {
    super("Order not found", { status: 404 });
  }
}

/**
 * The provider order the customer pays this order through: created for exactly the order's total
 * as the server computed it, or an unpaid one from an earlier attempt reused, as Razorpay allows
 * several attempts on one order.
 */
export async function openProviderOrder(
  database: Database,
  gateway: PaymentGateway,
  order: { id: string; orderNumber: string; total: number },
) {
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
  if (earlier) return earlier.providerOrderId;
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
  return created.id;
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
  if (!payment) throw new PaymentNotFoundError();
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
 * The gateway took the money: the payment row records it. Returns whether the order is now to be
 * marked paid; not when it was paid already (a late or replayed event) or cancelled meanwhile, which
 * is logged for a refund from Razorpay's dashboard.
 */
export async function recordCapture(tx: Transaction, payment: LockedPayment, paymentId: string) {
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
  return true;
}

/**
 * A failed attempt, recorded on the payment row. Returns whether the order is to be marked failed:
 * not when it was paid meanwhile, cancelled, or switched to cash on delivery (docs/decisions/050).
 */
export async function recordFailure(
  tx: Transaction,
  payment: LockedPayment,
  paymentId: string | null,
) {
  if (paymentArrived(payment.paymentStatus)) return false;
  await tx
    .update(payments)
    .set({ status: "failed", providerPaymentId: paymentId, updatedAt: new Date() })
    .where(eq(payments.id, payment.id));
  return payment.orderStatus !== "cancelled" && payment.paymentMethod !== "cod";
}
