import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { orders, payments, profiles, refunds } from "../../../db/schema";
import { formatRupees } from "../../domain/money";
import { paymentArrived } from "../../domain/orders";
import {
  isRefundedInFull,
  nextRefundAttempt,
  REFUND_CLAIM_MS,
  type RefundedSoFar,
  type RefundStatus,
  refundableAmount,
  refundTotals,
} from "../../domain/refunds";
import { AppError } from "../../lib/app-error";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { recordAudit } from "../audit/audit.server";
import { enqueueOrderMail } from "../orders/mail-outbox.server";
import { lockOrderPayment, markOrderRefunded } from "../orders/order-payment.server";
import {
  createGatewayRefund,
  fetchGatewayRefund,
  type PaymentGateway,
  RefundProviderError,
} from "./gateway.server";

/** A refund the owner asked for that cannot be made; shown as the toast's description. */
export class RefundError extends AppError {
  constructor(message: string, status = 400) {
    super(message, { status, title: "Refund refused" });
  }
}

/** The order's paid card payment, locked so refunds of it are decided one at a time. */
async function lockPaidPayment(tx: Transaction, orderId: string) {
  const [payment] = await tx
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")))
    .for("update");
  return payment ?? null;
}

type RefundRequest = {
  orderId: string;
  /** Paise, or everything still refundable (a cancellation). */
  amount: number | "rest";
  reason: string;
  /** The administrator who asked; null for a cancellation by the customer or the payment window. */
  requestedBy: string | null;
  now?: Date;
};

/**
 * Decides a refund inside the caller's transaction: checked against what is still refundable of
 * the order's card payment, written as a pending refund the refund job sends (its own outbox), and
 * the customer's "refund started" mail enqueued with it. Returns null when there is nothing to
 * refund ("rest" of a payment already refunded in full, or an order without a card payment).
 */
export async function requestRefund(tx: Transaction, request: RefundRequest) {
  const now = request.now ?? new Date();
  const payment = await lockPaidPayment(tx, request.orderId);
  if (!payment) {
    if (request.amount === "rest") return null;
    throw new RefundError("This order has no card payment to refund");
  }
  const earlier = await tx
    .select({ amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  const left = refundableAmount(payment.amount, earlier);
  const amount = request.amount === "rest" ? left : request.amount;
  if (request.amount === "rest" && amount === 0) return null;
  if (amount > left) {
    throw new RefundError(
      left === 0
        ? "This payment has already been refunded in full"
        : `At most ${formatRupees(left)} of this payment is left to refund`,
    );
  }
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: request.orderId,
      paymentId: payment.id,
      amount,
      reason: request.reason,
      requestedBy: request.requestedBy,
      nextAttemptAt: now,
    })
    .returning({ id: refunds.id, amount: refunds.amount });
  await enqueueOrderMail(tx, "refund-initiated", request.orderId, now, refund!.id);
  return { ...refund!, left: left - amount };
}

/** A refund the gateway refused, sent again with a new idempotency key; audited. */
export async function retryRefund(database: Database, actorId: string, refundId: string) {
  return database.transaction(async (tx) => {
    const [refund] = await tx
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        paymentId: refunds.paymentId,
        amount: refunds.amount,
        status: refunds.status,
        orderNumber: orders.orderNumber,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(eq(refunds.id, refundId))
      .for("update", { of: refunds });
    if (!refund) throw new RefundError("That refund could not be found", 404);
    if (refund.status !== "failed") {
      throw new RefundError(`This refund is ${refund.status}; only a failed refund can be retried`);
    }
    // The failed refund gave nothing back, so what is left includes it again.
    const payment = await lockPaidPayment(tx, refund.orderId);
    const others = await tx
      .select({ amount: refunds.amount, status: refunds.status })
      .from(refunds)
      .where(and(eq(refunds.paymentId, refund.paymentId), sql`${refunds.id} <> ${refund.id}`));
    if (!payment || refund.amount > refundableAmount(payment.amount, others)) {
      throw new RefundError("This refund no longer fits what is left of the payment");
    }
    await tx
      .update(refunds)
      .set({
        status: "pending",
        idempotencyKey: randomUUID(),
        providerRefundId: null,
        attempts: 0,
        nextAttemptAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    await recordAudit(tx, {
      actorId,
      action: "retry-refund",
      entity: "order",
      entityId: refund.orderId,
      changes: { orderNumber: refund.orderNumber, refund: formatRupees(refund.amount) },
    });
    return { orderNumber: refund.orderNumber };
  });
}

type LockedRefund = {
  id: string;
  orderId: string;
  paymentId: string;
  amount: number;
  status: RefundStatus;
};

/**
 * The one place a refund's status moves on, whoever learnt it (the gateway's answer, its webhook,
 * the periodic check). A processed refund tells the customer, and the one that completes the
 * payment's refund marks the order's payment "refunded" (docs/decisions/049). Returns whether
 * anything changed.
 */
async function settleRefund(
  tx: Transaction,
  refund: LockedRefund,
  status: RefundStatus,
  detail: { providerRefundId?: string; error?: string } = {},
) {
  const now = new Date();
  if (status === "pending" || refund.status !== "pending") {
    if (detail.providerRefundId) {
      await tx
        .update(refunds)
        .set({ providerRefundId: detail.providerRefundId, nextAttemptAt: null, updatedAt: now })
        .where(eq(refunds.id, refund.id));
    }
    return false;
  }
  await tx
    .update(refunds)
    .set({
      status,
      ...(detail.providerRefundId ? { providerRefundId: detail.providerRefundId } : {}),
      nextAttemptAt: null,
      lastError: status === "failed" ? (detail.error ?? "The gateway refused the refund") : null,
      processedAt: status === "processed" ? now : null,
      updatedAt: now,
    })
    .where(eq(refunds.id, refund.id));
  if (status === "processed") {
    await markRefundedWhenComplete(tx, refund, now);
    await enqueueOrderMail(tx, "refund-processed", refund.orderId, now, refund.id);
  }
  return true;
}

/**
 * The order's payment becomes "refunded" once its processed refunds add up to the payment, in the
 * transaction that processed the last of them. The order row is locked before they are added up,
 * so of two refunds of one payment completing at once the second waits and counts the first.
 * Nothing else locks a refund while holding its order, so this order of locks cannot deadlock.
 */
async function markRefundedWhenComplete(tx: Transaction, refund: LockedRefund, now: Date) {
  if ((await lockOrderPayment(tx, refund.orderId)) !== "paid") return;
  const [payment] = await tx
    .select({ amount: payments.amount })
    .from(payments)
    .where(eq(payments.id, refund.paymentId));
  const [given] = await tx
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, refund.paymentId), eq(refunds.status, "processed")));
  if (!payment || Number(given?.amount ?? 0) < payment.amount) return;
  await markOrderRefunded(tx, refund.orderId, now);
}

const lockedColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  paymentId: refunds.paymentId,
  amount: refunds.amount,
  status: refunds.status,
};

async function lockRefund(tx: Transaction, refundId: string) {
  const [refund] = await tx
    .select(lockedColumns)
    .from(refunds)
    .where(eq(refunds.id, refundId))
    .for("update");
  return refund ?? null;
}

/** The refund the gateway knows by this id, locked; null when the shop did not make it. */
export async function lockRefundByProviderId(tx: Transaction, providerRefundId: string) {
  const [refund] = await tx
    .select(lockedColumns)
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId))
    .for("update");
  return refund ?? null;
}

/** What the webhook reports of a refund the shop made. */
export function applyGatewayRefundStatus(
  tx: Transaction,
  refund: LockedRefund,
  status: RefundStatus,
) {
  return settleRefund(tx, refund, status, {
    error: "The payment gateway reported the refund as failed",
  });
}

type ClaimedRefund = LockedRefund & {
  attempts: number;
  idempotencyKey: string;
  provider: string;
  providerPaymentId: string | null;
};

/** The gateway that took a payment of this provider, which is the one that must refund it. */
export type RefundGateways = (provider: string) => PaymentGateway;

/** Takes the next refund due to be sent; `skip locked` passes over one another process holds. */
async function claimDueRefund(database: Database, now: Date) {
  return database.transaction(async (tx): Promise<ClaimedRefund | null> => {
    const [due] = await tx
      .select({
        ...lockedColumns,
        attempts: refunds.attempts,
        idempotencyKey: refunds.idempotencyKey,
        provider: payments.provider,
        providerPaymentId: payments.providerPaymentId,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(
        and(
          eq(refunds.status, "pending"),
          isNull(refunds.providerRefundId),
          lte(refunds.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(refunds.nextAttemptAt))
      .limit(1)
      .for("update", { of: refunds, skipLocked: true });
    if (!due) return null;
    const attempts = due.attempts + 1;
    await tx
      .update(refunds)
      .set({ attempts, nextAttemptAt: new Date(now.getTime() + REFUND_CLAIM_MS) })
      .where(eq(refunds.id, due.id));
    return { ...due, attempts };
  });
}

async function sendClaimed(database: Database, gateways: RefundGateways, refund: ClaimedRefund) {
  try {
    const gateway = gateways(refund.provider);
    if (gateway.mode !== refund.provider) {
      // Razorpay's keys were removed since the payment: never "refund" it through the test gateway.
      throw new RefundProviderError(`The ${refund.provider} gateway is not configured`, true);
    }
    if (!refund.providerPaymentId) {
      throw new RefundProviderError("The payment has no gateway payment id to refund", false);
    }
    const answer = await createGatewayRefund(gateway, {
      paymentId: refund.providerPaymentId,
      amount: refund.amount,
      idempotencyKey: refund.idempotencyKey,
      receipt: refund.id,
    });
    await database.transaction(async (tx) => {
      const current = await lockRefund(tx, refund.id);
      if (current) await settleRefund(tx, current, answer.status, { providerRefundId: answer.id });
    });
    return true;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const retryAt =
      error instanceof RefundProviderError && !error.retryable
        ? null
        : nextRefundAttempt(refund.attempts, new Date());
    await database.transaction(async (tx) => {
      if (retryAt) {
        await tx
          .update(refunds)
          .set({ nextAttemptAt: retryAt, lastError: message, updatedAt: new Date() })
          .where(eq(refunds.id, refund.id));
        return;
      }
      const current = await lockRefund(tx, refund.id);
      if (current) await settleRefund(tx, current, "failed", { error: message });
    });
    const facts = { err: error, refundId: refund.id, attempts: refund.attempts };
    if (retryAt) logger.warn({ ...facts, retryAt }, "refund not sent; it will be sent again");
    else logger.error(facts, "refund refused by the gateway; it waits for the owner to retry");
    return false;
  }
}

/** How long a refund the gateway has may stay pending before the periodic check asks about it. */
const CHECK_AFTER_MS = 5 * 60_000;

/**
 * Sends the refunds due, then asks the gateway about refunds still pending there (a missed
 * webhook). Several processes may run it at once; each refund goes to one of them.
 */
export async function processRefunds(
  database: Database,
  gateways: RefundGateways,
  options: { now?: Date; limit?: number } = {},
) {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 50;
  const result = { sent: 0, failed: 0, checked: 0 };
  while (result.sent + result.failed < limit) {
    const refund = await claimDueRefund(database, now);
    if (!refund) break;
    if (await sendClaimed(database, gateways, refund)) result.sent += 1;
    else result.failed += 1;
  }
  const stale = await database
    .select({
      id: refunds.id,
      providerRefundId: refunds.providerRefundId,
      provider: payments.provider,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.status, "pending"),
        isNotNull(refunds.providerRefundId),
        lte(refunds.updatedAt, new Date(now.getTime() - CHECK_AFTER_MS)),
      ),
    )
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
  for (const { id, providerRefundId, provider } of stale) {
    try {
      const answer = await fetchGatewayRefund(gateways(provider), providerRefundId!);
      await database.transaction(async (tx) => {
        const current = await lockRefund(tx, id);
        if (!current) return;
        const changed = await settleRefund(tx, current, answer.status);
        // Asked again after another wait, not on every pass.
        if (!changed) {
          await tx.update(refunds).set({ updatedAt: now }).where(eq(refunds.id, id));
        }
      });
      result.checked += 1;
    } catch (error) {
      logger.warn({ err: error, refundId: id }, "refund status check failed");
    }
  }
  return result;
}

/**
 * What has come back of an order's card payment and what is on its way. Read it after locking the
 * order row: every refund is decided under that lock, so none is added while the caller holds it.
 */
export async function refundedSoFar(executor: Executor, orderId: string): Promise<RefundedSoFar> {
  const rows = await executor
    .select({ amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  const { processed, pending } = refundTotals(rows);
  return { refundedAmount: processed, refundPendingAmount: pending };
}

/**
 * Whether a locked order is closed by a refund of its whole card payment, completed or on its
 * way (docs/decisions/049). Cash on delivery and unpaid orders are answered without a query.
 */
export async function isClosedByRefund(
  executor: Executor,
  order: { id: string; paymentMethod: string; paymentStatus: string; total: number },
) {
  if (order.paymentMethod === "cod" || !paymentArrived(order.paymentStatus)) return false;
  return isRefundedInFull({ ...order, ...(await refundedSoFar(executor, order.id)) });
}

/** The refunds of one order, newest first, for its detail and the customer's Orders tab. */
export async function listOrderRefunds(executor: Executor, orderId: string) {
  return executor
    .select({
      id: refunds.id,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      lastError: refunds.lastError,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
      requestedBy: profiles.fullName,
    })
    .from(refunds)
    .leftJoin(profiles, eq(profiles.id, refunds.requestedBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt));
}
