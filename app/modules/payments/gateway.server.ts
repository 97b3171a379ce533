import { createHmac, randomBytes } from "node:crypto";
import type { CardPaymentMode } from "../../domain/orders";
import { AppError } from "../../lib/app-error";
import { getEnv } from "../../lib/env.server";

/**
 * Where card payments go: Razorpay when its keys are set, otherwise the built-in test gateway
 * (docs/DESIGN.md §6.8), which speaks the same protocol with secrets derived from the shop's own secret.
 */
export type PaymentGateway = {
  mode: "razorpay" | "test";
  keyId: string;
  keySecret: string;
  /** Null when Razorpay is live but no webhook secret is configured: webhooks are refused. */
  webhookSecret: string | null;
  apiBase: string;
};

export type ProviderOrder = { id: string; amount: number; currency: "INR" };

/** The payment provider could not be reached or refused the request. */
export class PaymentProviderError extends AppError {
  constructor(message: string) {
    super(message, { status: 502, title: "Failed to create payment order" });
  }
}

function derived(secret: string, label: string) {
  return createHmac("sha256", secret).update(`test-gateway:${label}`).digest("hex");
}

/** CARD_PAYMENTS: "off", "test" (the built-in gateway) or "razorpay". */
export function cardPaymentMode(): CardPaymentMode {
  return getEnv().CARD_PAYMENTS;
}

/**
 * The gateway whose secrets verify callbacks and webhooks. With CARD_PAYMENTS=off it is still
 * returned, so payments of orders placed before the switch are recorded; no new payment starts.
 */
export function paymentGateway(secret: string): PaymentGateway {
  const env = getEnv();
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) {
    return {
      mode: "razorpay",
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? null,
      apiBase: env.RAZORPAY_API_BASE.replace(/\/+$/, ""),
    };
  }
  return testGateway(secret);
}

/**
 * The card gateway and where refunds go, chosen once at start (docs/decisions/079): new payments
 * and webhooks use `card()`; a refund goes back the way its payment came.
 */
export type Payments = {
  /** Razorpay when its keys are set, else the built-in test gateway (read when asked). */
  card(): PaymentGateway;
  /** A test payment is refunded by the test gateway; a Razorpay payment only by Razorpay. */
  refundGateways: (provider: string) => PaymentGateway;
};

export function paymentsFromEnv(secret: string): Payments {
  return {
    card: () => paymentGateway(secret),
    refundGateways: (provider) =>
      provider === "test" ? testGateway(secret) : paymentGateway(secret),
  };
}

/** The built-in gateway, its keys derived from the shop's secret. */
export function testGateway(secret: string): PaymentGateway {
  return {
    mode: "test",
    keyId: "rzp_test_builtin",
    keySecret: derived(secret, "key-secret"),
    webhookSecret: derived(secret, "webhook-secret"),
    apiBase: "",
  };
}

/**
 * Razorpay's Orders API: POST /v1/orders with basic auth, the amount in paise, INR and the shop's
 * order number as the receipt. The test gateway makes up an id of the same shape.
 */
export async function createProviderOrder(
  gateway: PaymentGateway,
  input: { amount: number; receipt: string; notes?: Record<string, string> },
): Promise<ProviderOrder> {
  if (gateway.mode === "test") {
    return {
      id: `order_test${randomBytes(8).toString("hex")}`,
      amount: input.amount,
      currency: "INR",
    };
  }
  let response: Response;
  try {
    response = await fetch(`${gateway.apiBase}/v1/orders`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${gateway.keyId}:${gateway.keySecret}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        amount: input.amount,
        currency: "INR",
        receipt: input.receipt,
        notes: input.notes ?? {},
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new PaymentProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    amount?: number;
    currency?: string;
    error?: { description?: string };
  } | null;
  if (!response.ok || !body?.id) {
    throw new PaymentProviderError(
      body?.error?.description ?? `Razorpay answered ${response.status}`,
    );
  }
  if (body.amount !== input.amount || body.currency !== "INR") {
    throw new PaymentProviderError("Razorpay created an order for a different amount");
  }
  return { id: body.id, amount: body.amount, currency: "INR" };
}

/** A refund as the gateway reports it. */
export type ProviderRefund = {
  id: string;
  amount: number;
  status: "pending" | "processed" | "failed";
};

/**
 * The gateway refused or could not take a refund call. `retryable` when it may go through later
 * (no answer, a 5xx, a 409 for a request still being processed); a 4xx otherwise is final.
 */
export class RefundProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

function basicAuth(gateway: PaymentGateway) {
  return `Basic ${Buffer.from(`${gateway.keyId}:${gateway.keySecret}`).toString("base64")}`;
}

async function refundCall(gateway: PaymentGateway, path: string, init: RequestInit) {
  let response: Response;
  try {
    response = await fetch(`${gateway.apiBase}${path}`, {
      ...init,
      headers: { authorization: basicAuth(gateway), ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new RefundProviderError(
      `Razorpay could not be reached: ${(error as Error).message}`,
      true,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    amount?: number;
    status?: string;
    error?: { description?: string };
  } | null;
  if (!response.ok || !body?.id) {
    const retryable = response.status >= 500 || response.status === 409 || response.status === 429;
    throw new RefundProviderError(
      body?.error?.description ?? `Razorpay answered ${response.status}`,
      retryable,
    );
  }
  const status = body.status === "processed" || body.status === "failed" ? body.status : "pending";
  return { id: body.id, amount: body.amount ?? 0, status } satisfies ProviderRefund;
}

/**
 * Razorpay's Refunds API: POST /v1/payments/:id/refund with the amount in paise, the shop's refund
 * id as the receipt, and X-Refund-Idempotency so a repeated call (a crash after the gateway took it,
 * a timeout) gives back the same refund instead of a second one. The test gateway refunds at once.
 */
export async function createGatewayRefund(
  gateway: PaymentGateway,
  input: { paymentId: string; amount: number; idempotencyKey: string; receipt: string },
): Promise<ProviderRefund> {
  if (gateway.mode === "test") {
    return {
      id: `rfnd_test${createHmac("sha256", gateway.keySecret).update(input.idempotencyKey).digest("hex").slice(0, 14)}`,
      amount: input.amount,
      status: "processed",
    };
  }
  const refund = await refundCall(
    gateway,
    `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
    {
      method: "POST",
      headers: { "content-type": "application/json", "x-refund-idempotency": input.idempotencyKey },
      body: JSON.stringify({ amount: input.amount, speed: "normal", receipt: input.receipt }),
    },
  );
  if (refund.amount !== input.amount) {
    throw new RefundProviderError("Razorpay created a refund for a different amount", false);
  }
  return refund;
}

/** Razorpay's GET /v1/refunds/:id, for the periodic check of refunds still pending. */
export async function fetchGatewayRefund(
  gateway: PaymentGateway,
  providerRefundId: string,
): Promise<ProviderRefund> {
  if (gateway.mode === "test") return { id: providerRefundId, amount: 0, status: "processed" };
  return refundCall(gateway, `/v1/refunds/${encodeURIComponent(providerRefundId)}`, {
    method: "GET",
  });
}
