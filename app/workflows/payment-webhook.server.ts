import { webhookEvents } from "../../db/schema";
import type { Database, Transaction } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { cardPayments } from "../lib/metrics.server";
import { lockPayment } from "../modules/payments/card-payments.server";
import type { PaymentGateway } from "../modules/payments/gateway.server";
import { lockRefundByProviderId } from "../modules/payments/refunds.server";
import { verifyWebhookSignature } from "../modules/payments/signatures.server";
import { completePayment, failPayment } from "./card-payment.server";
import { settleOrderRefund } from "./refund-settlement.server";

export type WebhookResult = { outcome: WebhookOutcome; orderId: string | null };

export type WebhookOutcome =
  | "paid"
  | "failed"
  | "unchanged"
  | "duplicate"
  | "ignored"
  | "amount-mismatch"
  | "unknown-order"
  | "refund-processed"
  | "refund-failed"
  | "unknown-refund";

type RazorpayEvent = {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; currency?: string } };
    order?: { entity?: { id?: string; amount_paid?: number; amount?: number } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number } };
  };
};

/** Razorpay's refund events and the status each reports (docs/decisions/039). */
const REFUND_EVENTS = { "refund.processed": "processed", "refund.failed": "failed" } as const;

export class WebhookSignatureError extends Error {}

/** Records the event in the transaction of the change it makes; false when it came before. */
async function recordEvent(tx: Transaction, eventId: string, kind: string) {
  const recorded = await tx
    .insert(webhookEvents)
    .values({ id: eventId, provider: "razorpay", eventType: kind })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return recorded.length > 0;
}

class AmountMismatch extends Error {}

/**
 * Razorpay's webhook (docs/DESIGN.md §6.7): the signature covers the raw body; each event id is handled
 * once, recorded in the same transaction as the change it makes, so a delivery repeated (even at
 * the same moment) changes the order once. Paid only when the amount is the order's amount.
 */
export async function handleRazorpayWebhook(
  database: Database,
  gateway: PaymentGateway,
  delivery: { rawBody: string; signature: string | null; eventId: string | null },
): Promise<WebhookResult> {
  if (
    !gateway.webhookSecret ||
    !verifyWebhookSignature(delivery.rawBody, delivery.signature, gateway.webhookSecret)
  ) {
    throw new WebhookSignatureError("Invalid webhook signature");
  }
  let event: RazorpayEvent;
  try {
    event = JSON.parse(delivery.rawBody) as RazorpayEvent;
  } catch {
    return { outcome: "ignored", orderId: null };
  }
  const kind = event.event ?? "";
  if (kind === "refund.processed" || kind === "refund.failed") {
    return handleRefundEvent(database, kind, event, delivery.eventId);
  }
  if (!["payment.captured", "order.paid", "payment.failed"].includes(kind)) {
    return { outcome: "ignored", orderId: null };
  }
  const entity = event.payload?.payment?.entity;
  const providerOrderId = entity?.order_id ?? event.payload?.order?.entity?.id;
  if (!providerOrderId) return { outcome: "ignored", orderId: null };
  const eventId = delivery.eventId ?? `${kind}:${entity?.id ?? providerOrderId}`;

  let result: WebhookResult;
  try {
    result = await database.transaction(async (tx): Promise<WebhookResult> => {
      if (!(await recordEvent(tx, eventId, kind))) return { outcome: "duplicate", orderId: null };
      const payment = await lockPayment(tx, providerOrderId);
      if (!payment) return { outcome: "unknown-order", orderId: null };
      const orderId = payment.orderId;
      if (kind === "payment.failed") {
        const failed = await failPayment(tx, payment, entity?.id ?? null);
        return { outcome: failed ? "failed" : "unchanged", orderId };
      }
      const amount = entity?.amount ?? event.payload?.order?.entity?.amount_paid;
      if (amount !== payment.amount || amount !== payment.orderTotal) {
        // Thrown so the event is not recorded either: nothing at all changes.
        throw new AmountMismatch();
      }
      const paid = await completePayment(tx, payment, entity?.id ?? "");
      return { outcome: paid ? "paid" : "unchanged", orderId };
    });
  } catch (error) {
    if (error instanceof AmountMismatch) {
      logger.warn({ providerOrderId, eventId }, "webhook amount differs from the order; ignored");
      return { outcome: "amount-mismatch", orderId: null };
    }
    throw error;
  }
  if (result.outcome === "paid") {
    cardPayments.inc({ outcome: "succeeded" });
  }
  if (result.outcome === "failed") cardPayments.inc({ outcome: "failed" });
  return result;
}

/**
 * A refund the gateway finished or gave up: recorded once per event id, in the transaction that
 * moves the refund, like the payment events. A refund the shop does not know (made in Razorpay's
 * dashboard) is ignored.
 */
async function handleRefundEvent(
  database: Database,
  kind: keyof typeof REFUND_EVENTS,
  event: RazorpayEvent,
  deliveryEventId: string | null,
): Promise<WebhookResult> {
  const providerRefundId = event.payload?.refund?.entity?.id;
  if (!providerRefundId) return { outcome: "ignored", orderId: null };
  const eventId = deliveryEventId ?? `${kind}:${providerRefundId}`;
  const result = await database.transaction(async (tx): Promise<WebhookResult> => {
    const refund = await lockRefundByProviderId(tx, providerRefundId);
    if (!refund) return { outcome: "unknown-refund", orderId: null };
    if (!(await recordEvent(tx, eventId, kind))) return { outcome: "duplicate", orderId: null };
    const changed = await settleOrderRefund(tx, refund, REFUND_EVENTS[kind], {
      error: "The payment gateway reported the refund as failed",
    });
    if (!changed) return { outcome: "unchanged", orderId: refund.orderId };
    return {
      outcome: kind === "refund.processed" ? "refund-processed" : "refund-failed",
      orderId: refund.orderId,
    };
  });
  return result;
}
