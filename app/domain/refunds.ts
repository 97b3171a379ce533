/**
 * Refunds of card payments (docs/decisions/039). Pure: amounts are integer paise.
 */
import type { Backoff } from "./backoff";
import { retryDelay } from "./backoff";
import { formatRupees } from "./money";
import { statusLabel } from "./orders";

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "Refund pending",
  processed: "Refunded",
  failed: "Refund failed",
};

/** What a cancellation's refund says as its reason. */
export const CANCELLATION_REFUND_REASON = "Order cancelled";

/**
 * What is still refundable of a payment: its amount less every refund that has not failed (a
 * pending one will go through, a failed one gave nothing back). Never below zero.
 */
export function refundableAmount(
  paid: number,
  refunds: readonly { amount: number; status: RefundStatus }[],
) {
  const committed = refunds
    .filter((refund) => refund.status !== "failed")
    .reduce((sum, refund) => sum + refund.amount, 0);
  return Math.max(0, paid - committed);
}

/** A card order that has been paid can be refunded through the gateway. */
export function isRefundableByCard(order: { paymentMethod: string; paymentStatus: string }) {
  return order.paymentMethod !== "cod" && order.paymentStatus === "paid";
}

/**
 * What cancelling an order gives back to the customer's card (its confirmation says so): a paid
 * card order's total less what was refunded or is on its way; nothing for cash on delivery or an
 * unpaid order.
 */
export function cardRefundOnCancel(
  order: { paymentMethod: string; paymentStatus: string; total: number } & RefundedSoFar,
) {
  if (!isRefundableByCard(order)) return 0;
  return Math.max(0, order.total - order.refundedAmount - order.refundPendingAmount);
}

/**
 * Whether an order's detail has a Refunds part: one that can be refunded, or one that has been
 * (its payment may have been marked otherwise since).
 */
export function showsRefunds(
  order: { paymentMethod: string; paymentStatus: string },
  refundCount: number,
) {
  return isRefundableByCard(order) || (order.paymentMethod !== "cod" && refundCount > 0);
}

/** The money that has come back to the customer, and what is on its way. */
export function refundTotals(refunds: readonly { amount: number; status: RefundStatus }[]) {
  let processed = 0;
  let pending = 0;
  for (const refund of refunds) {
    if (refund.status === "processed") processed += refund.amount;
    else if (refund.status === "pending") pending += refund.amount;
  }
  return { processed, pending };
}

/** What has come back to the customer of an order's card payment, and what is on its way. */
export type RefundedSoFar = { refundedAmount: number; refundPendingAmount: number };

type PaidOrder = { paymentMethod: string; paymentStatus: string; total: number };

/**
 * docs/decisions/049: a card payment refunded in full, or on its way back in full, closes its
 * order: it is not shipped, cancelled, reopened or moved to another status any more.
 */
export function isRefundedInFull(order: PaidOrder & RefundedSoFar) {
  if (order.paymentMethod === "cod") return false;
  if (order.paymentStatus === "refunded") return true;
  return (
    order.paymentStatus === "paid" &&
    order.refundedAmount + order.refundPendingAmount >= order.total
  );
}

/**
 * An order's payment as the shop shows and exports it: its status ("refunded" once the last
 * refund completes), or for a paid one "partly refunded" or "refund pending".
 */
export function paymentStanding(order: { paymentStatus: string } & RefundedSoFar): string {
  if (order.paymentStatus !== "paid") return order.paymentStatus;
  if (order.refundedAmount > 0) return "partly refunded";
  if (order.refundPendingAmount > 0) return "refund pending";
  return "paid";
}

/** "Paid", "Refunded", "Partly refunded ₹200.50" (what has come back so far), "Refund pending". */
export function paymentStandingLabel(order: { paymentStatus: string } & RefundedSoFar) {
  const standing = paymentStanding(order);
  if (standing === "partly refunded") {
    return `Partly refunded ${formatRupees(order.refundedAmount)}`;
  }
  if (standing === "refund pending") return REFUND_STATUS_LABELS.pending;
  return statusLabel(standing);
}

/** A minute, doubling to an hour: a gateway down for an afternoon still gets the refund. */
export const REFUND_RETRY: Backoff = { baseMs: 60_000, capMs: 60 * 60_000 };

/** After this many failed sends (about a day) the refund is marked failed for the owner to retry. */
export const MAX_REFUND_ATTEMPTS = 30;

/** How long a claimed refund belongs to the process sending it (the gateway call times out first). */
export const REFUND_CLAIM_MS = 2 * 60_000;

/** After send number `attempts` failed: when to try again, or null when it is given up. */
export function nextRefundAttempt(attempts: number, now: Date, random = Math.random): Date | null {
  if (attempts >= MAX_REFUND_ATTEMPTS) return null;
  return new Date(now.getTime() + retryDelay(attempts - 1, REFUND_RETRY, random));
}
