import { createHmac, timingSafeEqual } from "node:crypto";

function hmacHex(secret: string, message: string | Buffer) {
  return createHmac("sha256", secret).update(message).digest("hex");
}

/** Compares in constant time; a different length is simply not equal. */
function sameHex(expected: string, given: string) {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.trim().toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's checkout signature: HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export function paymentSignature(providerOrderId: string, paymentId: string, keySecret: string) {
  return hmacHex(keySecret, `${providerOrderId}|${paymentId}`);
}

export function verifyPaymentSignature(
  input: { providerOrderId: string; paymentId: string; signature: string },
  keySecret: string,
) {
  return sameHex(
    paymentSignature(input.providerOrderId, input.paymentId, keySecret),
    input.signature,
  );
}

/** Razorpay's webhook signature: HMAC-SHA256 of the raw request body with the webhook secret. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string) {
  return hmacHex(webhookSecret, rawBody);
}

export function verifyWebhookSignature(
  rawBody: string | Buffer,
  signature: string | null,
  webhookSecret: string,
) {
  return Boolean(signature) && sameHex(webhookSignature(rawBody, webhookSecret), signature ?? "");
}
