import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  paymentSignature,
  verifyPaymentSignature,
  verifyWebhookSignature,
  webhookSignature,
} from "./signatures.server";

const KEY_SECRET = "EnLs21M47BllR3X8PSFtjtbd";
const WEBHOOK_SECRET = "whsec-test-0123456789";
const ORDER_ID = "order_IEIaMR65cu6nz3";
const PAYMENT_ID = "pay_IH4NVgf4Dreq1l";

/** Computed here, independently of the code under test, the way Razorpay's docs describe it. */
function expectedHmac(secret: string, message: string) {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

/** Changes one hex digit to another, so the length and alphabet stay valid. */
function flip(signature: string, at: number) {
  const swapped = signature[at] === "0" ? "1" : "0";
  return `${signature.slice(0, at)}${swapped}${signature.slice(at + 1)}`;
}

const valid = expectedHmac(KEY_SECRET, `${ORDER_ID}|${PAYMENT_ID}`);
const verify = (signature: string, input = { providerOrderId: ORDER_ID, paymentId: PAYMENT_ID }) =>
  verifyPaymentSignature({ ...input, signature }, KEY_SECRET);

describe("the checkout payment signature", () => {
  it("is the lower-case hex HMAC-SHA256 of 'order_id|payment_id' keyed with the key secret", () => {
    expect(valid).toMatch(/^[0-9a-f]{64}$/);
    expect(paymentSignature(ORDER_ID, PAYMENT_ID, KEY_SECRET)).toBe(valid);
  });

  it("matches a fixed known answer", () => {
    // HMAC-SHA256(key "secret", "order_1|pay_1"), pinned (also what
    // `printf 'order_1|pay_1' | openssl dgst -sha256 -hmac secret` prints), so a change in how
    // the message is put together (separator, order, encoding) is caught.
    const known = "52115a0d3400de9e86aade1f1b6eba9e8974604f4e267a9e9a16633a4c8dd2cb";
    expect(expectedHmac("secret", "order_1|pay_1")).toBe(known);
    expect(paymentSignature("order_1", "pay_1", "secret")).toBe(known);
    expect(
      verifyPaymentSignature(
        { providerOrderId: "order_1", paymentId: "pay_1", signature: known },
        "secret",
      ),
    ).toBe(true);
    expect(paymentSignature("pay_1", "order_1", "secret")).not.toBe(known);
  });

  it("verifies the right signature", () => {
    expect(verify(valid)).toBe(true);
  });

  it.each([0, 31, 63])("refuses a signature with the character at %i changed", (at) => {
    expect(verify(flip(valid, at))).toBe(false);
  });

  it("refuses another order's signature, and the right one for another payment", () => {
    const otherOrder = expectedHmac(KEY_SECRET, `order_OtherOrder0001|${PAYMENT_ID}`);
    expect(verify(otherOrder)).toBe(false);
    expect(verify(valid, { providerOrderId: "order_OtherOrder0001", paymentId: PAYMENT_ID })).toBe(
      false,
    );
    expect(verify(valid, { providerOrderId: ORDER_ID, paymentId: "pay_Other000000001" })).toBe(
      false,
    );
  });

  it("refuses a signature made with another secret, or with the webhook secret", () => {
    expect(verify(expectedHmac("wrong-secret", `${ORDER_ID}|${PAYMENT_ID}`))).toBe(false);
    expect(verify(expectedHmac(WEBHOOK_SECRET, `${ORDER_ID}|${PAYMENT_ID}`))).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "   "],
    ["one character short", valid.slice(0, -1)],
    ["one character long", `${valid}0`],
    ["twice as long", valid + valid],
    ["base64 of the same digest", Buffer.from(valid, "hex").toString("base64")],
    ["a non-ASCII look-alike", `${valid.slice(0, -1)}ａ`],
  ])("refuses a signature that is %s, without throwing", (_, signature) => {
    expect(() => verify(signature)).not.toThrow();
    expect(verify(signature)).toBe(false);
  });

  it("accepts upper-case hex and surrounding whitespace: the same digest written differently", () => {
    // Decision: hex is case-insensitive, so "ABCD…" and "abcd…" are the same 32 bytes and prove
    // the same knowledge of the secret. Razorpay sends lower case; a client library or proxy that
    // upper-cases it is not refused. Whitespace around the value (a form field) is trimmed.
    expect(verify(valid.toUpperCase())).toBe(true);
    expect(verify(` ${valid}\n`)).toBe(true);
    expect(verify(flip(valid, 10).toUpperCase())).toBe(false);
  });
});

describe("the webhook signature", () => {
  const body = JSON.stringify({
    entity: "event",
    event: "payment.captured",
    payload: { payment: { entity: { id: PAYMENT_ID, order_id: ORDER_ID, amount: 50000 } } },
  });
  const signed = expectedHmac(WEBHOOK_SECRET, body);

  it("is the hex HMAC-SHA256 of the raw body keyed with the webhook secret", () => {
    expect(webhookSignature(body, WEBHOOK_SECRET)).toBe(signed);
    expect(webhookSignature(Buffer.from(body, "utf8"), WEBHOOK_SECRET)).toBe(signed);
    expect(verifyWebhookSignature(body, signed, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(body, signed.toUpperCase(), WEBHOOK_SECRET)).toBe(true);
  });

  it("covers the exact bytes: the same JSON re-serialised differently does not verify", () => {
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifyWebhookSignature(reformatted, signed, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(`${body} `, signed, WEBHOOK_SECRET)).toBe(false);
  });

  it("refuses a flipped character, the key secret, a missing or odd-sized header", () => {
    expect(verifyWebhookSignature(body, flip(signed, 5), WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, expectedHmac(KEY_SECRET, body), WEBHOOK_SECRET)).toBe(
      false,
    );
    expect(verifyWebhookSignature(body, signed, KEY_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, null, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, "", WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, signed.slice(0, 32), WEBHOOK_SECRET)).toBe(false);
  });
});
