import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { orders, payments, refunds } from "../../../db/schema";
import { formatRupees } from "../../domain/money";
import { paymentArrived } from "../../domain/orders";
import {
  isRefundedInFull,
  type RefundedSoFar,
  type RefundStatus,
  refundableAmount,
  refundTotals,
} from "../../domain/refunds";
import { AppError } from "../../lib/app-error";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { PersonNaming } from "../../lib/person-naming.server";
import { recordAudit } from "../audit/audit.server";
import { enqueueJob } from "../jobs/enqueue.server";
import { payloadUuid } from "../jobs/job-kinds.server";
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
 * the order's card payment, and written as a pending refund with the job that sends it once the
 * transaction commits (docs/decisions/055). Telling the customer is the caller's part (the
 * workflows in app/workflows). Returns null when there is nothing to refund ("rest" of a payment
 * already refunded in full, or an order without a card payment).
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
    })
    .returning({
      id: refunds.id,
      amount: refunds.amount,
      idempotencyKey: refunds.idempotencyKey,
    });
  await enqueueRefundSend(tx, refund!.id, refund!.idempotencyKey, now);
  return { id: refund!.id, amount: refund!.amount, left: left - amount };
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
    const idempotencyKey = randomUUID();
    await tx
      .update(refunds)
      .set({
        status: "pending",
        idempotencyKey,
        providerRefundId: null,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id));
    await enqueueRefundSend(tx, refund.id, idempotencyKey);
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

export type LockedRefund = {
  id: string;
  orderId: string;
  paymentId: string;
  amount: number;
  status: RefundStatus;
};

/**
 * The one place a refund's own row moves on, whoever learnt its status (the gateway's answer, its
 * webhook, the periodic check). Returns whether its status changed. What follows for the order (its
 * payment marked refunded, the customer told) is the caller's: see SettleRefund.
 */
export async function settleRefund(
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
        .set({ providerRefundId: detail.providerRefundId, updatedAt: now })
        .where(eq(refunds.id, refund.id));
    }
    return false;
  }
  await tx
    .update(refunds)
    .set({
      status,
      ...(detail.providerRefundId ? { providerRefundId: detail.providerRefundId } : {}),
      lastError: status === "failed" ? (detail.error ?? "The gateway refused the refund") : null,
      processedAt: status === "processed" ? now : null,
      updatedAt: now,
    })
    .where(eq(refunds.id, refund.id));
  return true;
}

/**
 * Settles a refund and does what follows from it for its order, in the caller's transaction; the
 * workflow that owns both areas provides it (app/workflows/refund-settlement.server.ts).
 */
export type SettleRefund = typeof settleRefund;

/** Whether the processed refunds of this payment add up to all of it (docs/decisions/049). */
export async function isPaymentRefundedInFull(executor: Executor, paymentId: string) {
  const [payment] = await executor
    .select({ amount: payments.amount })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const [given] = await executor
    .select({ amount: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "processed")));
  return payment !== undefined && Number(given?.amount ?? 0) >= payment.amount;
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

/** The gateway that took a payment of this provider, which is the one that must refund it. */
export type RefundGateways = (provider: string) => PaymentGateway;

/** The job that sends a refund to the gateway, and the one that asks after a pending one. */
export const REFUND_SEND_JOB = "card-refund";
export const REFUND_CHECK_JOB = "card-refund-check";

/** The order a refund job is about (its payload names the refund), for the jobs page. */
export const REFUND_JOB_ORDERS = sql`array(select r.order_id from ${refunds} r
  where r.id = ${payloadUuid("refundId")})`;

/** How long a refund the gateway has may stay pending before the shop asks about it. */
const CHECK_AFTER_MS = 5 * 60_000;

/**
 * The refund is to be sent once the caller's transaction commits (docs/decisions/055). Keyed by
 * its idempotency key, so the retry of a failed refund, which gets a new key, is a new job.
 */
function enqueueRefundSend(
  tx: Executor,
  refundId: string,
  idempotencyKey: string,
  at = new Date(),
) {
  return enqueueJob(tx, REFUND_SEND_JOB, `${refundId}:${idempotencyKey}`, { refundId }, at);
}

/** The gateway has the refund but not yet its outcome: ask it later, if no webhook told first. */
function enqueueRefundCheck(tx: Executor, refundId: string, providerRefundId: string) {
  const at = new Date(Date.now() + CHECK_AFTER_MS);
  return enqueueJob(tx, REFUND_CHECK_JOB, providerRefundId, { refundId }, at);
}

/** A refund still to be sent, with what the gateway needs; null once it was sent or settled. */
async function refundToSend(database: Database, refundId: string) {
  const [refund] = await database
    .select({
      ...lockedColumns,
      idempotencyKey: refunds.idempotencyKey,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, "pending"),
        isNull(refunds.providerRefundId),
      ),
    );
  return refund ?? null;
}

/**
 * Sends a refund to the gateway that took its payment (the send job's work). The gateway's answer
 * settles it; a refusal the gateway will repeat, or the last attempt's failure, marks it failed for
 * the owner to retry; any other failure throws, so the job runs again after its backoff. A refund
 * sent already (a second run) is left alone: the gateway's idempotency key covers a send whose
 * answer was lost.
 */
export async function sendRefund(
  database: Database,
  gateways: RefundGateways,
  settle: SettleRefund,
  refundId: string,
  attempt: { number: number; last: boolean },
) {
  const refund = await refundToSend(database, refundId);
  if (!refund) return;
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
      if (!current) return;
      await settle(tx, current, answer.status, { providerRefundId: answer.id });
      if (answer.status === "pending") await enqueueRefundCheck(tx, refund.id, answer.id);
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const retryable = !(error instanceof RefundProviderError && !error.retryable);
    const facts = { err: error, refundId: refund.id, attempt: attempt.number };
    if (retryable && !attempt.last) {
      await database
        .update(refunds)
        .set({ lastError: message, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
      logger.warn(facts, "refund not sent; it will be sent again");
      throw error;
    }
    await database.transaction(async (tx) => {
      const current = await lockRefund(tx, refund.id);
      if (current) await settle(tx, current, "failed", { error: message });
    });
    logger.error(facts, "refund refused by the gateway; it waits for the owner to retry");
  }
}

/** Still pending at the gateway: the check job throws this to ask again after its backoff. */
export class RefundStillPending extends Error {
  constructor() {
    super("The gateway still reports the refund as pending");
  }
}

/**
 * Asks the gateway how a refund it has is doing, for when its webhook was missed (the check
 * job's work). A refund settled meanwhile is left alone.
 */
export async function checkRefund(
  database: Database,
  gateways: RefundGateways,
  settle: SettleRefund,
  refundId: string,
) {
  const [refund] = await database
    .select({ providerRefundId: refunds.providerRefundId, provider: payments.provider })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
  if (!refund?.providerRefundId) return;
  const answer = await fetchGatewayRefund(gateways(refund.provider), refund.providerRefundId);
  const settled = await database.transaction(async (tx) => {
    const current = await lockRefund(tx, refundId);
    return current ? settle(tx, current, answer.status) : true;
  });
  if (!settled && answer.status === "pending") throw new RefundStillPending();
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
export async function listOrderRefunds(
  executor: Executor,
  personNaming: PersonNaming,
  orderId: string,
) {
  const requester = personNaming(refunds.requestedBy);
  return executor
    .select({
      id: refunds.id,
      amount: refunds.amount,
      reason: refunds.reason,
      status: refunds.status,
      lastError: refunds.lastError,
      createdAt: refunds.createdAt,
      processedAt: refunds.processedAt,
      requestedBy: requester.fullName,
    })
    .from(refunds)
    .leftJoinLateral(requester.lateral, sql`true`)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt));
}
