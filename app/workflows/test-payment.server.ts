import { randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../lib/db.server";
import type { PaymentGateway } from "../modules/payments/gateway.server";
import { paymentSignature, webhookSignature } from "../modules/payments/signatures.server";
import { handleRazorpayWebhook, type WebhookResult } from "./payment-webhook.server";

export type TestGatewayResult = { webhook: WebhookResult } & (
  | {
      outcome: "success";
      callback: {
        razorpay_order_id: string;
        razorpay_payment_id: string;
        razorpay_signature: string;
      };
    }
  | { outcome: "failure"; error: { description: string } }
);

/**
 * The built-in gateway's side of a payment (docs/DESIGN.md §6.8): it signs the callback the way Razorpay
 * does and delivers the matching webhook through the shop's real webhook handler, so test-mode
 * payments exercise the same verification code as live ones.
 */
export async function completeTestPayment(
  database: Database,
  gateway: PaymentGateway,
  input: { providerOrderId: string; amount: number; outcome: "success" | "failure" },
): Promise<TestGatewayResult> {
  if (gateway.mode !== "test" || !gateway.webhookSecret) {
    throw new Error("The test gateway is off while Razorpay keys are configured");
  }
  const paymentId = `pay_test${randomBytes(7).toString("hex")}`;
  const event = input.outcome === "success" ? "payment.captured" : "payment.failed";
  const rawBody = JSON.stringify({
    entity: "event",
    event,
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: "payment",
          amount: input.amount,
          currency: "INR",
          status: input.outcome === "success" ? "captured" : "failed",
          order_id: input.providerOrderId,
          method: "card",
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const webhook = await handleRazorpayWebhook(database, gateway, {
    rawBody,
    signature: webhookSignature(rawBody, gateway.webhookSecret),
    eventId: `evt_test${randomUUID().replaceAll("-", "").slice(0, 14)}`,
  });
  if (input.outcome === "failure") {
    return { webhook, outcome: "failure", error: { description: "The test card was declined" } };
  }
  return {
    webhook,
    outcome: "success",
    callback: {
      razorpay_order_id: input.providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(input.providerOrderId, paymentId, gateway.keySecret),
    },
  };
}
