/**
 * Card payments end to end against a real database (docs/DESIGN.md §6.7 and §6.8): the provider order is
 * created on a fake Razorpay over real HTTP, the checkout callback and the webhook are verified by
 * signature, repeated and concurrent deliveries change an order once, and unpaid card orders expire
 * and give back their stock and coupon.
 */
import { createHmac, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { takeToast } from "~/lib/toast.server";
import { signIn, signUp } from "~/modules/accounts/credentials.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { OrderError, OrderNotFoundError } from "~/modules/orders/order-errors";
import { PaymentVerificationError } from "~/modules/payments/card-payments.server";
import {
  type PaymentGateway,
  PaymentProviderError,
  testGateway,
} from "~/modules/payments/gateway.server";
import { getSettings } from "~/modules/settings/settings.server";
import { confirmCardPayment, startCardPayment } from "~/workflows/card-payment.server";
import { expireUnpaidCardOrders } from "~/workflows/expire-unpaid-orders.server";
import { handleRazorpayWebhook, WebhookSignatureError } from "~/workflows/payment-webhook.server";
import { placeOrder } from "~/workflows/place-order.server";
import { completeTestPayment } from "~/workflows/test-payment.server";
import {
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  orders,
  payments,
  profiles,
  webhookEvents,
} from "../../db/schema";
import { type FakeRazorpay, startFakeRazorpay } from "../fakes/razorpay-api";
import { browserRequest, TEST_PUBLIC_URL, wireApp } from "./support/app";
import { firstSizeId, insertProducts, stockOf as stockOfSize } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { withEnv } from "./support/env";
import { rerunMigrationUpdates } from "./support/migrations";
import {
  chooseServices,
  routeContext,
  TEST_SECRET,
  TEST_SIGNER,
  testServices,
} from "./support/services";

const KEY_ID = "rzp_test_PaymentsSuite01";
const KEY_SECRET = "key_secret_for_the_fake_0123456789";
const WEBHOOK_SECRET = "webhook_secret_for_the_fake_abcdef";
const MINUTE = 60_000;

const ADDRESS = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  addressLine2: null,
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

let handle: DatabaseHandle;
let fake: FakeRazorpay;
let gateway: PaymentGateway;
let sent: MailMessage[];
let customer: string;
let otherCustomer: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET });
  gateway = {
    mode: "razorpay",
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.baseUrl,
  };
  customer = await newCustomer("Card Payer");
  otherCustomer = await newCustomer("Someone Else");
});

afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers. Signatures are computed here with node:crypto, independently of signatures.server.ts.

function hmac(secret: string, message: string) {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

function checkoutSignature(providerOrderId: string, paymentId: string, secret = KEY_SECRET) {
  return hmac(secret, `${providerOrderId}|${paymentId}`);
}

function flipLast(signature: string) {
  return `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
}

function paymentId() {
  return `pay_${randomUUID().replaceAll("-", "").slice(0, 14)}`;
}

function eventId() {
  return `evt_${randomUUID().replaceAll("-", "").slice(0, 14)}`;
}

async function newCustomer(fullName: string) {
  const [row] = await handle.db
    .insert(profiles)
    .values({ fullName, email: `card.${randomUUID()}@gmail.com` })
    .returning({ id: profiles.id });
  return row!.id;
}

let productCounter = 0;

/** A product of its own for each order, so stock checks never see another test's orders. */
async function newProduct(overrides: { price?: number; discountPrice?: number | null } = {}) {
  productCounter += 1;
  const [row] = await insertProducts(handle.db, [
    {
      name: `Ashwagandha Churna ${productCounter}`,
      price: 30000,
      discountPrice: 25000,
      stockQuantity: 20,
      ...overrides,
    },
  ]);
  return row!.id;
}

async function fillCart(userId: string, productId: string, quantity: number, couponId?: string) {
  const [cart] = await handle.db
    .insert(carts)
    .values({ userId, couponId: couponId ?? null })
    .onConflictDoUpdate({ target: carts.userId, set: { couponId: couponId ?? null } })
    .returning({ id: carts.id });
  const variantId = await firstSizeId(handle.db, productId);
  await handle.db.insert(cartItems).values({ cartId: cart!.id, variantId, quantity });
}

/** Puts one product in the customer's cart and places the order as the checkout would. */
async function placeWith(
  userId: string,
  options: {
    productId?: string;
    quantity?: number;
    couponId?: string;
    paymentMethod?: "razorpay" | "cod";
  } = {},
) {
  const productId = options.productId ?? (await newProduct());
  await fillCart(userId, productId, options.quantity ?? 2, options.couponId);
  const order = await placeOrder(handle.db, {
    shipping: testServices().shipping,
    userId,
    address: ADDRESS,
    saveAddress: false,
    paymentMethod: options.paymentMethod ?? "razorpay",
    idempotencyKey: randomUUID(),
    quote: null,
  });
  return { order, productId };
}

/** The toast a response hands the next page. */
async function toastOf(headers: Headers) {
  const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", headers.getSetCookie()));
  return toast;
}

/** A card order with its provider order opened on the fake. */
async function startedOrder(userId = customer, payWith = gateway) {
  const { order, productId } = await placeWith(userId);
  const checkout = await startCardPayment(handle.db, payWith, { userId, orderId: order.id });
  return { order, productId, checkout };
}

async function orderState(orderId: string) {
  const [row] = await handle.db
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      cancelledAt: orders.cancelledAt,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

async function paymentRows(orderId: string) {
  return handle.db
    .select({
      provider: payments.provider,
      providerOrderId: payments.providerOrderId,
      providerPaymentId: payments.providerPaymentId,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId));
}

async function stockOf(productId: string) {
  return stockOfSize(handle.db, { productId });
}

async function eventRows(id: string) {
  return handle.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
}

/** Everything a payment can change, to show that a refused attempt changed none of it. */
async function snapshot(orderId: string) {
  return { order: await orderState(orderId), payments: await paymentRows(orderId) };
}

/** A webhook body shaped like Razorpay's (https://razorpay.com/docs/webhooks/payloads/payments). */
function webhookBody(input: {
  event?: "payment.captured" | "payment.failed" | "order.paid" | "refund.created";
  providerOrderId: string;
  paymentId: string;
  amount: number;
}) {
  const event = input.event ?? "payment.captured";
  const payment = {
    id: input.paymentId,
    entity: "payment",
    amount: input.amount,
    currency: "INR",
    status: event === "payment.failed" ? "failed" : "captured",
    order_id: input.providerOrderId,
    method: "card",
    captured: event !== "payment.failed",
    error_code: event === "payment.failed" ? "BAD_REQUEST_ERROR" : null,
    created_at: Math.floor(Date.now() / 1000),
  };
  return JSON.stringify({
    entity: "event",
    account_id: "acc_BFQ7uQEaa7j2z7",
    event,
    contains: event === "order.paid" ? ["payment", "order"] : ["payment"],
    payload: {
      payment: { entity: payment },
      ...(event === "order.paid"
        ? {
            order: {
              entity: {
                id: input.providerOrderId,
                entity: "order",
                amount: input.amount,
                amount_paid: input.amount,
                amount_due: 0,
                currency: "INR",
                status: "paid",
              },
            },
          }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

function deliver(rawBody: string, options: { id?: string | null; secret?: string } = {}) {
  return handleRazorpayWebhook(handle.db, gateway, {
    rawBody,
    signature: hmac(options.secret ?? WEBHOOK_SECRET, rawBody),
    eventId: options.id === undefined ? eventId() : options.id,
  });
}

/** Imports a route module fresh with Razorpay's variables in the environment. */
function withRazorpayEnv<T>(load: () => Promise<T>, run: (mod: T) => Promise<void>) {
  return withEnv(
    {
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAY_API_BASE: fake.baseUrl,
    },
    async () => ({
      loaded: await load(),
      services: (await import("~/services.server")).createServices(
        (await import("~/lib/env.server")).getEnv(),
        { db: testServices().db, live: testServices().live, secret: TEST_SECRET },
      ),
    }),
    async ({ loaded, services }) => {
      // The gateway a request is handed is the one these variables describe; mail still goes
      // to the file's own mailer.
      const saved = testServices();
      chooseServices({
        ...services,
        accounts: saved.accounts,
        notifications: { ...services.notifications, mail: saved.notifications.mail },
      });
      try {
        await run(loaded);
      } finally {
        chooseServices(saved);
      }
    },
  );
}

const routeArgs = (request: Request) =>
  ({
    request,
    params: {},
    context: routeContext("127.0.0.1"),
  }) as never;

// ---------------------------------------------------------------------------------------------

describe(`opening a card payment on ${DATABASE_KIND}`, () => {
  it("creates one provider order for the server's total in paise, then reuses it", async () => {
    const before = fake.requests.length;
    // 2 x ₹250 (the discount price) = ₹500, plus ₹50 shipping: 55000 paise.
    const { order } = await placeWith(customer, { quantity: 2 });
    expect(order).toMatchObject({ total: 55000, paymentMethod: "razorpay", replayed: false });
    expect(await orderState(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "pending",
    });

    const checkout = await startCardPayment(handle.db, gateway, {
      userId: customer,
      orderId: order.id,
    });
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual({
      auth: { keyId: KEY_ID, keySecret: KEY_SECRET },
      contentType: "application/json",
      body: {
        amount: 55000,
        currency: "INR",
        receipt: order.orderNumber,
        notes: { order_id: order.id },
      },
    });
    const created = fake.orders.get(checkout.providerOrderId);
    expect(created).toMatchObject({ amount: 55000, currency: "INR", receipt: order.orderNumber });
    expect(checkout).toMatchObject({
      mode: "razorpay",
      key: KEY_ID,
      orderId: order.id,
      orderNumber: order.orderNumber,
      amount: 55000,
      currency: "INR",
      prefill: { name: ADDRESS.fullName, contact: ADDRESS.phone },
    });
    expect(await paymentRows(order.id)).toEqual([
      {
        provider: "razorpay",
        providerOrderId: checkout.providerOrderId,
        providerPaymentId: null,
        amount: 55000,
        currency: "INR",
        status: "pending",
      },
    ]);

    const again = await startCardPayment(handle.db, gateway, {
      userId: customer,
      orderId: order.id,
    });
    expect(again.providerOrderId).toBe(checkout.providerOrderId);
    expect(fake.requests.length).toBe(before + 1);
    expect(await paymentRows(order.id)).toHaveLength(1);
  });

  it("turns a provider error, wrong keys or no answer into PaymentProviderError", async () => {
    const { order } = await placeWith(customer);
    const before = await snapshot(order.id);
    const start = (payWith: PaymentGateway) =>
      startCardPayment(handle.db, payWith, { userId: customer, orderId: order.id });

    fake.failNext(500, "We are facing some trouble completing your request at the moment.");
    await expect(start(gateway)).rejects.toThrow(PaymentProviderError);

    const calls = fake.requests.length;
    const wrongKeys = { ...gateway, keySecret: "not-the-key-secret" };
    const refused = await start(wrongKeys).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as Error).message).toBe("Authentication failed");
    expect(fake.requests[calls]?.auth).toEqual({ keyId: KEY_ID, keySecret: "not-the-key-secret" });

    // A closed port: the request never gets an answer.
    await expect(start({ ...gateway, apiBase: "http://127.0.0.1:9" })).rejects.toThrow(
      PaymentProviderError,
    );

    expect(await snapshot(order.id)).toEqual(before);
    expect(before.payments).toEqual([]);
    expect(before.order).toMatchObject({ paymentStatus: "pending", paidAt: null });

    // Once the provider answers again the payment opens normally.
    const checkout = await start(gateway);
    expect((await paymentRows(order.id)).map((p) => p.providerOrderId)).toEqual([
      checkout.providerOrderId,
    ]);
  });

  it("does not open another customer's order, or a paid one", async () => {
    const { order, checkout } = await startedOrder();
    const calls = fake.requests.length;
    await expect(
      startCardPayment(handle.db, gateway, { userId: otherCustomer, orderId: order.id }),
    ).rejects.toThrow(OrderNotFoundError);

    const pay = paymentId();
    await confirmCardPayment(handle.db, gateway, {
      userId: customer,
      orderId: order.id,
      providerOrderId: checkout.providerOrderId,
      paymentId: pay,
      signature: checkoutSignature(checkout.providerOrderId, pay),
    });
    await expect(
      startCardPayment(handle.db, gateway, { userId: customer, orderId: order.id }),
    ).rejects.toThrow(OrderError);
    expect(fake.requests.length).toBe(calls);
  });
});

describe(`confirming the checkout callback on ${DATABASE_KIND}`, () => {
  it("refuses bad signatures and strangers, then marks the order paid once", async () => {
    const first = await startedOrder();
    const second = await startedOrder();
    const pay = paymentId();
    const confirm = (input: {
      userId?: string;
      orderId?: string;
      providerOrderId?: string;
      signature: string;
    }) =>
      confirmCardPayment(handle.db, gateway, {
        userId: input.userId ?? customer,
        orderId: input.orderId ?? first.order.id,
        providerOrderId: input.providerOrderId ?? first.checkout.providerOrderId,
        paymentId: pay,
        signature: input.signature,
      });
    const good = checkoutSignature(first.checkout.providerOrderId, pay);
    const before = await snapshot(first.order.id);
    const secondBefore = await snapshot(second.order.id);

    // A flipped character.
    await expect(confirm({ signature: flipLast(good) })).rejects.toThrow(PaymentVerificationError);
    // The other order's signature for the same payment id.
    await expect(
      confirm({ signature: checkoutSignature(second.checkout.providerOrderId, pay) }),
    ).rejects.toThrow(PaymentVerificationError);
    // The other order's provider order and signature, claimed for this order.
    await expect(
      confirm({
        providerOrderId: second.checkout.providerOrderId,
        signature: checkoutSignature(second.checkout.providerOrderId, pay),
      }),
    ).rejects.toThrow(OrderNotFoundError);
    // Made with another secret (the webhook secret, then a made-up one).
    await expect(
      confirm({
        signature: checkoutSignature(first.checkout.providerOrderId, pay, WEBHOOK_SECRET),
      }),
    ).rejects.toThrow(PaymentVerificationError);
    await expect(
      confirm({ signature: checkoutSignature(first.checkout.providerOrderId, pay, "guessed") }),
    ).rejects.toThrow(PaymentVerificationError);
    await expect(confirm({ signature: "" })).rejects.toThrow(PaymentVerificationError);
    // A valid signature, but another customer posting it.
    await expect(confirm({ userId: otherCustomer, signature: good })).rejects.toThrow(
      OrderNotFoundError,
    );

    expect(await snapshot(first.order.id)).toEqual(before);
    expect(await snapshot(second.order.id)).toEqual(secondBefore);

    const result = await confirm({ signature: good });
    expect(result).toEqual({
      orderNumber: first.order.orderNumber,
      newlyPaid: true,
      orderCancelled: false,
    });
    const paid = await orderState(first.order.id);
    expect(paid).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(paid.paidAt).toBeInstanceOf(Date);
    expect(await paymentRows(first.order.id)).toEqual([
      expect.objectContaining({ status: "paid", providerPaymentId: pay, amount: 55000 }),
    ]);
    // The second order is untouched by all of this.
    expect(await snapshot(second.order.id)).toEqual(secondBefore);

    // The browser posting the callback again changes nothing.
    expect(await confirm({ signature: good })).toEqual({
      orderNumber: first.order.orderNumber,
      newlyPaid: false,
      orderCancelled: false,
    });
    expect((await orderState(first.order.id)).paidAt).toEqual(paid.paidAt);
  });

  it("accepts the callback and the webhook arriving together, paying the order once", async () => {
    const { order, checkout } = await startedOrder();
    const pay = paymentId();
    const [callback, webhook] = await Promise.all([
      confirmCardPayment(handle.db, gateway, {
        userId: customer,
        orderId: order.id,
        providerOrderId: checkout.providerOrderId,
        paymentId: pay,
        signature: checkoutSignature(checkout.providerOrderId, pay),
      }),
      deliver(
        webhookBody({ providerOrderId: checkout.providerOrderId, paymentId: pay, amount: 55000 }),
      ),
    ]);
    const paidOnce = [callback.newlyPaid, webhook.outcome === "paid"];
    expect(paidOnce.filter(Boolean)).toHaveLength(1);
    expect(webhook.outcome === "paid" || webhook.outcome === "unchanged").toBe(true);
    expect(await orderState(order.id)).toMatchObject({ paymentStatus: "paid" });
  });
});

describe(`the Razorpay webhook on ${DATABASE_KIND}`, () => {
  it("marks the order paid on payment.captured with a valid signature", async () => {
    const { order, checkout } = await startedOrder();
    const pay = paymentId();
    const id = eventId();
    const result = await deliver(
      webhookBody({ providerOrderId: checkout.providerOrderId, paymentId: pay, amount: 55000 }),
      { id },
    );
    expect(result).toEqual({ outcome: "paid", orderId: order.id });
    const state = await orderState(order.id);
    expect(state).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(state.paidAt).toBeInstanceOf(Date);
    expect(await paymentRows(order.id)).toEqual([
      expect.objectContaining({ status: "paid", providerPaymentId: pay }),
    ]);
    expect(await eventRows(id)).toEqual([
      expect.objectContaining({ id, provider: "razorpay", eventType: "payment.captured" }),
    ]);

    // order.paid for the same payment, a different event, finds it paid already.
    expect(
      await deliver(
        webhookBody({
          event: "order.paid",
          providerOrderId: checkout.providerOrderId,
          paymentId: pay,
          amount: 55000,
        }),
      ),
    ).toEqual({ outcome: "unchanged", orderId: order.id });
    expect((await orderState(order.id)).paidAt).toEqual(state.paidAt);
  });

  it("marks the order paid on order.paid too", async () => {
    const { order, checkout } = await startedOrder();
    const result = await deliver(
      webhookBody({
        event: "order.paid",
        providerOrderId: checkout.providerOrderId,
        paymentId: paymentId(),
        amount: 55000,
      }),
    );
    expect(result).toEqual({ outcome: "paid", orderId: order.id });
  });

  it("refuses a body whose signature does not match, changing nothing", async () => {
    const { order, checkout } = await startedOrder();
    const body = webhookBody({
      providerOrderId: checkout.providerOrderId,
      paymentId: paymentId(),
      amount: 55000,
    });
    const before = await snapshot(order.id);
    const id = eventId();
    const attempts = [
      flipLast(hmac(WEBHOOK_SECRET, body)),
      hmac(KEY_SECRET, body),
      hmac(WEBHOOK_SECRET, `${body} `),
      hmac(WEBHOOK_SECRET, body).slice(0, 32),
      "",
      null,
    ];
    for (const signature of attempts) {
      await expect(
        handleRazorpayWebhook(handle.db, gateway, { rawBody: body, signature, eventId: id }),
      ).rejects.toThrow(WebhookSignatureError);
    }
    // The right signature over a body with the amount changed after signing.
    const tampered = body.replace('"amount":55000', '"amount":100');
    await expect(
      handleRazorpayWebhook(handle.db, gateway, {
        rawBody: tampered,
        signature: hmac(WEBHOOK_SECRET, body),
        eventId: id,
      }),
    ).rejects.toThrow(WebhookSignatureError);
    // No webhook secret configured: every delivery is refused.
    await expect(
      handleRazorpayWebhook(
        handle.db,
        { ...gateway, webhookSecret: null },
        { rawBody: body, signature: hmac(WEBHOOK_SECRET, body), eventId: id },
      ),
    ).rejects.toThrow(WebhookSignatureError);

    expect(await snapshot(order.id)).toEqual(before);
    expect(await eventRows(id)).toEqual([]);
  });

  it("handles one event id once, even delivered three times, twice at the same moment", async () => {
    const { order, checkout } = await startedOrder();
    const body = webhookBody({
      providerOrderId: checkout.providerOrderId,
      paymentId: paymentId(),
      amount: 55000,
    });
    const id = eventId();
    const concurrent = await Promise.all([deliver(body, { id }), deliver(body, { id })]);
    const paid = await orderState(order.id);
    const third = await deliver(body, { id });

    const outcomes = [...concurrent, third].map((r) => r.outcome).sort();
    expect(outcomes).toEqual(["duplicate", "duplicate", "paid"]);
    expect(await eventRows(id)).toHaveLength(1);
    expect(paid).toMatchObject({ paymentStatus: "paid" });
    const after = await orderState(order.id);
    expect(after.paidAt).toEqual(paid.paidAt);
    expect(after.updatedAt).toEqual(paid.updatedAt);
  });

  it("ignores a payment for another amount without recording the event", async () => {
    const { order, checkout } = await startedOrder();
    const pay = paymentId();
    const before = await snapshot(order.id);
    for (const amount of [54999, 55001, 100]) {
      const id = eventId();
      const result = await deliver(
        webhookBody({ providerOrderId: checkout.providerOrderId, paymentId: pay, amount }),
        { id },
      );
      expect(result).toEqual({ outcome: "amount-mismatch", orderId: null });
      expect(await eventRows(id)).toEqual([]);
    }
    expect(await snapshot(order.id)).toEqual(before);
    expect(before.order.paymentStatus).toBe("pending");
  });

  it("marks payment.failed as failed, keeps the order open, and a later capture pays it", async () => {
    const { order, checkout } = await startedOrder();
    const failedPayment = paymentId();
    const result = await deliver(
      webhookBody({
        event: "payment.failed",
        providerOrderId: checkout.providerOrderId,
        paymentId: failedPayment,
        amount: 55000,
      }),
    );
    expect(result).toEqual({ outcome: "failed", orderId: order.id });
    expect(await orderState(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "failed",
      paidAt: null,
      cancelledAt: null,
    });
    expect(await paymentRows(order.id)).toEqual([
      expect.objectContaining({ status: "failed", providerPaymentId: failedPayment }),
    ]);

    // The customer tries again on the same provider order (no new call to Razorpay).
    const calls = fake.requests.length;
    const retry = await startCardPayment(handle.db, gateway, {
      userId: customer,
      orderId: order.id,
    });
    expect(retry.providerOrderId).toBe(checkout.providerOrderId);
    expect(fake.requests.length).toBe(calls);
    const captured = await deliver(
      webhookBody({
        providerOrderId: checkout.providerOrderId,
        paymentId: paymentId(),
        amount: 55000,
      }),
    );
    expect(captured.outcome).toBe("paid");

    // A late payment.failed for the earlier attempt cannot undo the payment.
    const late = await deliver(
      webhookBody({
        event: "payment.failed",
        providerOrderId: checkout.providerOrderId,
        paymentId: failedPayment,
        amount: 55000,
      }),
    );
    expect(late.outcome).toBe("unchanged");
    expect(await orderState(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("ignores other events and unknown provider orders", async () => {
    const { order, checkout } = await startedOrder();
    const before = await snapshot(order.id);
    expect(
      await deliver(
        webhookBody({
          event: "refund.created",
          providerOrderId: checkout.providerOrderId,
          paymentId: paymentId(),
          amount: 55000,
        }),
      ),
    ).toEqual({ outcome: "ignored", orderId: null });
    expect(
      await deliver(
        webhookBody({ providerOrderId: "order_NotOurs0000001", paymentId: paymentId(), amount: 1 }),
      ),
    ).toEqual({ outcome: "unknown-order", orderId: null });
    expect(await snapshot(order.id)).toEqual(before);
  });
});

describe(`expiring unpaid card orders on ${DATABASE_KIND}`, () => {
  beforeAll(async () => {
    // Cancel whatever earlier tests left pending, so the counts below are this block's own.
    await expireUnpaidCardOrders(handle.db, new Date(Date.now() + 24 * 60 * MINUTE));
  });

  it("cancels a card order unpaid after 30 minutes and gives back stock and coupon", async () => {
    const [coupon] = await handle.db
      .insert(coupons)
      .values({ code: "CARDTEN", discountType: "percentage", discountValue: 10, usageLimit: 5 })
      .returning({ id: coupons.id });
    const couponId = coupon!.id;
    const couponState = async () => {
      const [row] = await handle.db
        .select({ used: coupons.usedCount })
        .from(coupons)
        .where(eq(coupons.id, couponId));
      const redemptions = await handle.db
        .select({ orderId: couponRedemptions.orderId })
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId));
      return { used: row!.used, redemptions: redemptions.map((r) => r.orderId) };
    };

    // The unpaid card order, with the coupon: 3 x ₹250 = ₹750, 10% off, ₹50 shipping.
    const unpaidProduct = await newProduct();
    const unpaid = (await placeWith(customer, { productId: unpaidProduct, quantity: 3, couponId }))
      .order;
    expect(unpaid.total).toBe(75000 - 7500 + 5000);
    const unpaidCheckout = await startCardPayment(handle.db, gateway, {
      userId: customer,
      orderId: unpaid.id,
    });
    expect(await stockOf(unpaidProduct)).toBe(17);
    expect(await couponState()).toEqual({ used: 1, redemptions: [unpaid.id] });

    // A card order whose payment failed is still unpaid, and expires too.
    const failed = await startedOrder(otherCustomer);
    await deliver(
      webhookBody({
        event: "payment.failed",
        providerOrderId: failed.checkout.providerOrderId,
        paymentId: paymentId(),
        amount: 55000,
      }),
    );

    // A paid card order and a cash-on-delivery order are left alone.
    const paid = await startedOrder();
    await deliver(
      webhookBody({
        providerOrderId: paid.checkout.providerOrderId,
        paymentId: paymentId(),
        amount: 55000,
      }),
    );
    const cod = await placeWith(customer, { paymentMethod: "cod" });

    const ids = [unpaid.id, failed.order.id, paid.order.id, cod.order.id];
    const created = await handle.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.id, ids));
    const newest = Math.max(...created.map((row) => row.createdAt.getTime()));
    const paidBefore = await orderState(paid.order.id);
    const codBefore = await orderState(cod.order.id);

    expect(await expireUnpaidCardOrders(handle.db, new Date(newest + 31 * MINUTE))).toBe(2);

    for (const id of [unpaid.id, failed.order.id]) {
      const state = await orderState(id);
      expect(state).toMatchObject({ status: "cancelled", paymentStatus: "failed", paidAt: null });
      expect(state.cancelledAt).toBeInstanceOf(Date);
    }
    expect(await stockOf(unpaidProduct)).toBe(20);
    expect(await stockOf(failed.productId)).toBe(20);
    expect(await couponState()).toEqual({ used: 0, redemptions: [] });

    expect(await orderState(paid.order.id)).toEqual(paidBefore);
    expect(await stockOf(paid.productId)).toBe(18);
    expect(await orderState(cod.order.id)).toEqual(codBefore);
    expect(codBefore).toMatchObject({ status: "pending", paymentStatus: "pending" });
    expect(await stockOf(cod.productId)).toBe(18);

    // A webhook arriving after the expiry does not revive the cancelled order.
    const lateCapture = await deliver(
      webhookBody({
        providerOrderId: failed.checkout.providerOrderId,
        paymentId: paymentId(),
        amount: 55000,
      }),
    );
    expect(lateCapture.outcome).toBe("unchanged");
    expect(await orderState(failed.order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "failed",
    });

    // Nor does a checkout callback: the money taken is recorded on the payment row for a refund,
    // the order stays cancelled and its stock and coupon stay released.
    const latePayment = paymentId();
    expect(
      await confirmCardPayment(handle.db, gateway, {
        userId: customer,
        orderId: unpaid.id,
        providerOrderId: unpaidCheckout.providerOrderId,
        paymentId: latePayment,
        signature: checkoutSignature(unpaidCheckout.providerOrderId, latePayment),
      }),
    ).toEqual({ orderNumber: unpaid.orderNumber, newlyPaid: false, orderCancelled: true });
    expect(await orderState(unpaid.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "failed",
      paidAt: null,
    });
    expect(await paymentRows(unpaid.id)).toEqual([
      expect.objectContaining({ status: "paid", providerPaymentId: latePayment }),
    ]);
    expect(await stockOf(unpaidProduct)).toBe(20);
    expect(await couponState()).toEqual({ used: 0, redemptions: [] });
  });

  it("leaves a card order 29 minutes old alone", async () => {
    const { order, productId } = await startedOrder();
    const { createdAt } = await orderState(order.id);
    const before = await snapshot(order.id);
    expect(
      await expireUnpaidCardOrders(handle.db, new Date(createdAt.getTime() + 29 * MINUTE)),
    ).toBe(0);
    expect(await snapshot(order.id)).toEqual(before);
    expect(await stockOf(productId)).toBe(18);

    // Two minutes later it is past its window.
    expect(
      await expireUnpaidCardOrders(handle.db, new Date(createdAt.getTime() + 31 * MINUTE)),
    ).toBe(1);
    expect(await stockOf(productId)).toBe(20);
  });

  it("releases each order once when two expiry runs overlap", async () => {
    const productId = await newProduct();
    const placed = [];
    for (const userId of [customer, otherCustomer]) {
      placed.push((await placeWith(userId, { productId, quantity: 4 })).order);
    }
    expect(await stockOf(productId)).toBe(12);
    const created = await handle.db
      .select({ createdAt: orders.createdAt })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((o) => o.id),
        ),
      );
    const now = new Date(Math.max(...created.map((r) => r.createdAt.getTime())) + 31 * MINUTE);

    const counts = await Promise.all([
      expireUnpaidCardOrders(handle.db, now),
      expireUnpaidCardOrders(handle.db, now),
    ]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(await stockOf(productId)).toBe(20);
    expect(await expireUnpaidCardOrders(handle.db, now)).toBe(0);
    expect(await stockOf(productId)).toBe(20);
    for (const order of placed) {
      expect(await orderState(order.id)).toMatchObject({ status: "cancelled" });
    }
  });
});

describe(`the payment routes on ${DATABASE_KIND}`, () => {
  it("POST /api/webhooks/razorpay verifies the raw body with the secret from the environment", async () => {
    const { order, checkout } = await startedOrder();
    const [{ email }] = (await handle.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, customer))) as [{ email: string }];
    const body = webhookBody({
      providerOrderId: checkout.providerOrderId,
      paymentId: paymentId(),
      amount: 55000,
    });
    const id = eventId();
    const post = (signature: string) =>
      new Request(`${TEST_PUBLIC_URL}/api/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": id,
        },
        body,
      });

    await withRazorpayEnv(
      () => import("~/routes/api/razorpay-webhook"),
      async ({ action }) => {
        const refused = await action(routeArgs(post(flipLast(hmac(WEBHOOK_SECRET, body)))));
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ error: "invalid signature" });
        expect(await orderState(order.id)).toMatchObject({ paymentStatus: "pending" });
        expect(await eventRows(id)).toEqual([]);

        // Earlier steps' mails go first: no process sends them in the background here.
        await drainMailOutbox(handle.db, testServices());
        const mails = sent.length;
        const accepted = await action(routeArgs(post(hmac(WEBHOOK_SECRET, body))));
        expect(accepted.status).toBe(200);
        expect(await accepted.json()).toEqual({ status: "paid" });
        expect(await orderState(order.id)).toMatchObject({ paymentStatus: "paid" });
        // The customer's confirmation, and the shop's new-order alert once the order is paid.
        await drainMailOutbox(handle.db, testServices());
        const shop = await getSettings(handle.db);
        expect(
          sent
            .slice(mails)
            .map((m) => m.to)
            .sort(),
        ).toEqual([email, shop.email].sort());

        const repeated = await action(routeArgs(post(hmac(WEBHOOK_SECRET, body))));
        expect(repeated.status).toBe(200);
        expect(await repeated.json()).toEqual({ status: "duplicate" });
        await drainMailOutbox(handle.db, testServices());
        expect(sent.length).toBe(mails + 2);
      },
    );
  });

  it("POST /checkout/payment charges the server's total, whatever amount the browser posts", async () => {
    const email = `card.route.${randomUUID()}@gmail.com`;
    const signedUp = await signUp(
      testServices().accounts,
      { fullName: "Route Payer", email, password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.31",
    );
    expect(signedUp.ok).toBe(true);
    const session = await signIn(
      testServices().accounts,
      { email, password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.31",
    );
    if (!session.ok) throw new Error("sign-in failed");
    const cookies = session.headers.getSetCookie();
    const { order } = await placeWith(session.userId);
    expect(order.total).toBe(55000);

    await withRazorpayEnv(
      () => import("~/routes/store/checkout-payment"),
      async ({ action }) => {
        const post = (fields: Record<string, string>) =>
          action(
            routeArgs(
              browserRequest("/checkout/payment", cookies, {
                method: "POST",
                body: new URLSearchParams(fields),
              }),
            ),
          );
        const calls = fake.requests.length;
        const started = (await post({
          intent: "start",
          orderId: order.id,
          amount: "100",
          total: "100",
          currency: "USD",
        })) as { payment: { providerOrderId: string; amount: number; key: string } };
        expect(started.payment).toMatchObject({ amount: 55000, key: KEY_ID });
        expect(fake.requests.slice(calls).map((r) => r.body)).toEqual([
          expect.objectContaining({ amount: 55000, currency: "INR", receipt: order.orderNumber }),
        ]);

        const pay = paymentId();
        const forged = (await post({
          intent: "confirm",
          orderId: order.id,
          razorpay_order_id: started.payment.providerOrderId,
          razorpay_payment_id: pay,
          razorpay_signature: checkoutSignature(started.payment.providerOrderId, pay, "guess"),
        })) as Response;
        expect(forged.status).toBe(302);
        expect(forged.headers.get("Location")).toBe("/profile?tab=orders");
        expect(await toastOf(forged.headers)).toMatchObject({
          title: "Order Creation Failed",
          description: "The payment could not be verified",
        });
        expect(await orderState(order.id)).toMatchObject({ paymentStatus: "pending" });

        const confirmed = (await post({
          intent: "confirm",
          orderId: order.id,
          razorpay_order_id: started.payment.providerOrderId,
          razorpay_payment_id: pay,
          razorpay_signature: checkoutSignature(started.payment.providerOrderId, pay),
        })) as Response;
        expect(confirmed.status).toBe(302);
        expect(confirmed.headers.get("Location")).toBe("/profile?tab=orders");
        expect(await toastOf(confirmed.headers)).toMatchObject({ title: "Payment Successful!" });
        expect(await orderState(order.id)).toMatchObject({ paymentStatus: "paid" });

        // Opening a payment for a paid order is refused with the reason.
        const again = (await post({ intent: "start", orderId: order.id })) as {
          init: ResponseInit | null;
        };
        expect(await toastOf(new Headers(again.init?.headers))).toMatchObject({
          title: "Payment Error",
          description: `Order ${order.orderNumber} is already paid`,
        });

        // Razorpay failing to create its order is said as the specification words it.
        const { order: second } = await placeWith(session.userId);
        fake.failNext(500, "Razorpay is down");
        const failed = (await post({ intent: "start", orderId: second.id })) as {
          init: ResponseInit | null;
        };
        expect(failed.init?.status).toBe(502);
        expect(await toastOf(new Headers(failed.init?.headers))).toMatchObject({
          title: "Failed to create payment order",
          description: "Razorpay is down",
        });
        // With Razorpay keys set, the built-in gateway's endpoint does not exist.
        await expect(
          post({
            intent: "test-gateway",
            orderId: order.id,
            providerOrderId: started.payment.providerOrderId,
            outcome: "success",
          }),
        ).rejects.toMatchObject({ init: { status: 404 } });
      },
    );
  });
});

describe(`the built-in test gateway on ${DATABASE_KIND}`, () => {
  it("a successful test payment is paid through the webhook and its callback verifies", async () => {
    const local = testGateway(TEST_SECRET);
    expect(local.mode).toBe("test");
    const calls = fake.requests.length;
    const { order, checkout } = await startedOrder(customer, local);
    expect(fake.requests.length).toBe(calls);
    expect(checkout).toMatchObject({ mode: "test", amount: 55000 });
    expect(await paymentRows(order.id)).toEqual([
      expect.objectContaining({ provider: "test", status: "pending", amount: 55000 }),
    ]);

    const result = await completeTestPayment(handle.db, local, {
      providerOrderId: checkout.providerOrderId,
      amount: checkout.amount,
      outcome: "success",
    });
    expect(result.webhook).toEqual({ outcome: "paid", orderId: order.id });
    if (result.outcome !== "success") throw new Error("expected a successful test payment");
    const { callback } = result;
    expect(callback.razorpay_order_id).toBe(checkout.providerOrderId);
    // The callback is signed exactly as Razorpay signs one, with the test key secret.
    expect(callback.razorpay_signature).toBe(
      checkoutSignature(callback.razorpay_order_id, callback.razorpay_payment_id, local.keySecret),
    );
    const state = await orderState(order.id);
    expect(state).toMatchObject({ paymentStatus: "paid" });
    expect(await paymentRows(order.id)).toEqual([
      expect.objectContaining({ status: "paid", providerPaymentId: callback.razorpay_payment_id }),
    ]);

    const confirm = (signature: string, payWith = local) =>
      confirmCardPayment(handle.db, payWith, {
        userId: customer,
        orderId: order.id,
        providerOrderId: callback.razorpay_order_id,
        paymentId: callback.razorpay_payment_id,
        signature,
      });
    expect(await confirm(callback.razorpay_signature)).toEqual({
      orderNumber: order.orderNumber,
      newlyPaid: false,
      orderCancelled: false,
    });
    await expect(confirm(flipLast(callback.razorpay_signature))).rejects.toThrow(
      PaymentVerificationError,
    );
    // Test-mode signatures mean nothing to a live Razorpay configuration.
    await expect(confirm(callback.razorpay_signature, gateway)).rejects.toThrow(
      PaymentVerificationError,
    );
    expect((await orderState(order.id)).paidAt).toEqual(state.paidAt);
  });

  it("a failed test payment marks the payment failed and keeps the order open", async () => {
    const local = testGateway(TEST_SECRET);
    const { order, checkout } = await startedOrder(customer, local);
    const result = await completeTestPayment(handle.db, local, {
      providerOrderId: checkout.providerOrderId,
      amount: checkout.amount,
      outcome: "failure",
    });
    expect(result).toMatchObject({
      outcome: "failure",
      webhook: { outcome: "failed", orderId: order.id },
    });
    expect(await orderState(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "failed",
      paidAt: null,
    });
    expect(await paymentRows(order.id)).toEqual([expect.objectContaining({ status: "failed" })]);
  });

  it("is refused while Razorpay keys are configured", async () => {
    const { checkout } = await startedOrder();
    await expect(
      completeTestPayment(handle.db, gateway, {
        providerOrderId: checkout.providerOrderId,
        amount: checkout.amount,
        outcome: "success",
      }),
    ).rejects.toThrow(/test gateway is off/);
  });
});

describe(`test-mode payments on ${DATABASE_KIND}`, () => {
  async function providerOf(orderId: string) {
    const [row] = await handle.db
      .select({ provider: orders.paymentProvider })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row!.provider;
  }

  async function signedInCustomer(name: string) {
    const email = `card.mode.${randomUUID()}@gmail.com`;
    await signUp(
      testServices().accounts,
      { fullName: name, email, password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.41",
    );
    const session = await signIn(
      testServices().accounts,
      { email, password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.41",
    );
    if (!session.ok) throw new Error("sign-in failed");
    return { id: session.userId, cookies: session.headers.getSetCookie() };
  }

  /** A route's answer, returned or thrown, as its status. */
  async function statusOf(result: Promise<unknown>) {
    let answer: unknown;
    try {
      answer = await result;
    } catch (thrown) {
      answer = thrown;
    }
    if (answer instanceof Response) return answer.status;
    const init = (answer as { init?: ResponseInit | null }).init;
    return init?.status ?? 200;
  }

  it("records on the order that the test gateway took its payment, and Razorpay a live one", async () => {
    const local = testGateway(TEST_SECRET);
    const { order, checkout } = await startedOrder(customer, local);
    expect(await providerOf(order.id)).toBe("test");
    await completeTestPayment(handle.db, local, {
      providerOrderId: checkout.providerOrderId,
      amount: checkout.amount,
      outcome: "success",
    });
    expect(await orderState(order.id)).toMatchObject({ paymentStatus: "paid" });
    expect(await providerOf(order.id)).toBe("test");

    const live = await startedOrder(customer, gateway);
    expect(await providerOf(live.order.id)).toBe("razorpay");

    const { order: cash } = await placeWith(customer, { paymentMethod: "cod" });
    expect(await providerOf(cash.id)).toBeNull();
  });

  it("a customer's own 'test-gateway success' post without keys is recorded as a test payment", async () => {
    const payer = await signedInCustomer("Test Mode Payer");
    const { order } = await placeWith(payer.id);
    const { action } = await import("~/routes/store/checkout-payment");
    const post = (fields: Record<string, string>) =>
      action(
        routeArgs(
          browserRequest("/checkout/payment", payer.cookies, {
            method: "POST",
            body: new URLSearchParams(fields),
          }),
        ),
      );
    const started = (await post({ intent: "start", orderId: order.id })) as {
      payment: { providerOrderId: string; mode: string };
    };
    expect(started.payment.mode).toBe("test");
    await post({
      intent: "test-gateway",
      orderId: order.id,
      providerOrderId: started.payment.providerOrderId,
      outcome: "success",
    });
    expect(await orderState(order.id)).toMatchObject({ paymentStatus: "paid" });
    expect(await providerOf(order.id)).toBe("test");
  });

  it("CARD_PAYMENTS=off refuses every card step at /checkout/payment with 403 and changes nothing", async () => {
    const payer = await signedInCustomer("Switched Off Payer");
    const local = testGateway(TEST_SECRET);
    const { order, checkout } = await startedOrder(payer.id, local);
    const before = await snapshot(order.id);
    const pay = paymentId();

    await withEnv(
      { CARD_PAYMENTS: "off" },
      () => import("~/routes/store/checkout-payment"),
      async ({ action }) => {
        const post = (fields: Record<string, string>) =>
          action(
            routeArgs(
              browserRequest("/checkout/payment", payer.cookies, {
                method: "POST",
                body: new URLSearchParams(fields),
              }),
            ),
          );
        const { order: fresh } = await placeWith(payer.id);
        expect(await statusOf(post({ intent: "start", orderId: fresh.id }))).toBe(403);
        expect(await paymentRows(fresh.id)).toEqual([]);
        expect(
          await statusOf(
            post({
              intent: "test-gateway",
              orderId: order.id,
              providerOrderId: checkout.providerOrderId,
              outcome: "success",
            }),
          ),
        ).toBe(403);
        expect(
          await statusOf(
            post({
              intent: "confirm",
              orderId: order.id,
              razorpay_order_id: checkout.providerOrderId,
              razorpay_payment_id: pay,
              razorpay_signature: checkoutSignature(checkout.providerOrderId, pay, local.keySecret),
            }),
          ),
        ).toBe(403);
      },
    );
    expect(await snapshot(order.id)).toEqual(before);
  });
});

describe(`card orders from before payment providers were recorded on ${DATABASE_KIND}`, () => {
  it("migration 0006 marks those paid through the test gateway, and leaves undeterminable ones", async () => {
    const { order: testPaid } = await placeWith(customer);
    const { order: livePaid } = await placeWith(customer);
    const { order: neverStarted } = await placeWith(customer);
    await handle.db.insert(payments).values([
      {
        orderId: testPaid.id,
        provider: "test",
        providerOrderId: `order_test${randomUUID().slice(0, 8)}`,
        amount: testPaid.total,
        status: "paid",
      },
      {
        orderId: livePaid.id,
        provider: "razorpay",
        providerOrderId: `order_${randomUUID().slice(0, 8)}`,
        amount: livePaid.total,
        status: "paid",
      },
    ]);
    await handle.db
      .update(orders)
      .set({ paymentProvider: null })
      .where(inArray(orders.id, [testPaid.id, livePaid.id, neverStarted.id]));

    expect(await rerunMigrationUpdates(handle.db, "0006")).toBeGreaterThan(0);
    const rows = await handle.db
      .select({ id: orders.id, provider: orders.paymentProvider })
      .from(orders)
      .where(inArray(orders.id, [testPaid.id, livePaid.id, neverStarted.id]));
    const providerOf = (id: string) => rows.find((row) => row.id === id)?.provider;
    expect(providerOf(testPaid.id)).toBe("test");
    expect(providerOf(livePaid.id)).toBe("razorpay");
    expect(providerOf(neverStarted.id)).toBeNull();
  });
});
