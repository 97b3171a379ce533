/**
 * Refunds of card payments (docs/decisions/039), against a stand-in for Razorpay's API on
 * loopback: a cancellation refunds the payment in full, the owner refunds part of it, each refund
 * is sent once with its idempotency key, kept in step by the webhook and a periodic check, retried
 * after a failure, and shown to the customer.
 */
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { getDailySales, getDashboardStats } from "~/modules/admin/dashboard.server";
import { cancelOrderByCustomer } from "~/modules/orders/cancel-order.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { drainMailOutbox } from "~/modules/orders/mail-drainer.server";
import { updateOrderStatus } from "~/modules/orders/orders-admin.server";
import { ordersCsvStream } from "~/modules/orders/orders-export.server";
import {
  createGatewayRefund,
  type PaymentGateway,
  testGateway,
} from "~/modules/payments/gateway.server";
import { runRefunds, setRefundGateways } from "~/modules/payments/refund-job.server";
import {
  processRefunds,
  RefundError,
  refundOrder,
  retryRefund,
} from "~/modules/payments/refunds.server";
import { webhookSignature } from "~/modules/payments/signatures.server";
import { handleRazorpayWebhook } from "~/modules/payments/webhook.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { auditLog, refunds } from "../../db/schema";
import { type FakeRazorpay, startFakeRazorpay } from "../fakes/razorpay-api";
import { callRoute, createAdmin, insertProfile, postForm } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { payCardOrder, placeTestOrder } from "./support/orders";
import { createCustomer } from "./support/profile";

const KEY_ID = "rzp_test_RefundsSuite01";
const KEY_SECRET = "key_secret_for_the_refund_fake_0123";
const WEBHOOK_SECRET = "webhook_secret_for_the_refund_fake";
const MINUTE = 60_000;

let handle: DatabaseHandle;
let fake: FakeRazorpay;
let razorpay: PaymentGateway;
let sent: MailMessage[];
let adminId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET });
  razorpay = {
    mode: "razorpay",
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: fake.baseUrl,
  };
  setRefundGateways((provider) => (provider === "test" ? testGateway() : razorpay));
  adminId = (await insertProfile(handle.db, { fullName: "Refund Owner" })).id;
});
afterEach(async () => {
  await settle();
  fake.refundStatus = "processed";
});
afterAll(async () => {
  setRefundGateways(undefined);
  await fake?.close();
  await handle?.close();
});

/** Lets the refunds and mails a step kicked off finish. */
async function settle() {
  await runRefunds(handle.db);
  await drainMailOutbox(handle.db);
}

/**
 * A customer's card order of two items (₹600 with ₹50 shipping), paid through the fake Razorpay
 * or the gateway given.
 */
async function paidCardOrder(gateway: PaymentGateway = razorpay) {
  const order = await placeTestOrder(handle.db, { paymentMethod: "razorpay", quantity: 2 });
  const paymentId = await payCardOrder(handle.db, gateway, {
    userId: order.userId,
    orderId: order.id,
  });
  await drainMailOutbox(handle.db);
  return { ...order, paymentId };
}

function refundsOf(orderId: string) {
  return handle.db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
}

function requestsFor(paymentId: string) {
  return fake.refundRequests.filter((request) => request.paymentId === paymentId);
}

function subjectsAbout(orderNumber: string) {
  return sent
    .map((mail) => mail.subject)
    .filter((subject) => subject.endsWith(orderNumber))
    .sort();
}

function refundWebhook(kind: "refund.processed" | "refund.failed", providerRefundId: string) {
  const rawBody = JSON.stringify({
    event: kind,
    payload: { refund: { entity: { id: providerRefundId, amount: 100 } } },
  });
  return (eventId: string | null = `evt_${randomUUID().slice(0, 12)}`) =>
    handleRazorpayWebhook(handle.db, razorpay, {
      rawBody,
      signature: webhookSignature(rawBody, WEBHOOK_SECRET),
      eventId,
    });
}

describe(`refunds on ${DATABASE_KIND}`, () => {
  it("a customer cancelling a paid card order: its payment is refunded in full, once, and told", async () => {
    const order = await paidCardOrder();
    await cancelOrderByCustomer(handle.db, { userId: order.userId, orderId: order.id });
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({
      amount: order.total,
      status: "pending",
      reason: "Order cancelled",
    });
    await settle();

    const calls = requestsFor(order.paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ amount: order.total, receipt: pending!.id });
    expect(calls[0]!.idempotencyKey).toBe(pending!.idempotencyKey);
    const [done] = await refundsOf(order.id);
    expect(done).toMatchObject({ status: "processed", nextAttemptAt: null, lastError: null });
    expect(done!.providerRefundId).toMatch(/^rfnd_/);
    expect(done!.processedAt).toBeInstanceOf(Date);
    expect(subjectsAbout(order.orderNumber)).toEqual(
      [
        `Order cancelled: ${order.orderNumber}`,
        `Order confirmed: ${order.orderNumber}`,
        `New order ${order.orderNumber}`,
        `Refund completed: ${order.orderNumber}`,
        `Refund started: ${order.orderNumber}`,
      ].sort(),
    );
    const started = sent.find((mail) => mail.subject === `Refund started: ${order.orderNumber}`)!;
    expect(started.text).toContain("We have started a refund of ₹650.00");

    // The customer's Orders tab shows it.
    const { orders } = await listCustomerOrders(handle.db, order.userId);
    expect(orders[0]).toMatchObject({ refundedAmount: order.total, refundPendingAmount: 0 });
  });

  it("the same cancellation twice at once gives one refund", async () => {
    const order = await paidCardOrder();
    const outcomes = await Promise.allSettled([
      cancelOrderByCustomer(handle.db, { userId: order.userId, orderId: order.id }),
      updateOrderStatus(handle.db, adminId, order.id, "cancelled"),
      updateOrderStatus(handle.db, adminId, order.id, "cancelled"),
    ]);
    expect(outcomes.some((outcome) => outcome.status === "fulfilled")).toBe(true);
    await settle();
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(requestsFor(order.paymentId)).toHaveLength(1);
  });

  it("the owner refunds part, then more, never above what was paid; each audited", async () => {
    const order = await paidCardOrder();
    await refundOrder(handle.db, adminId, {
      orderId: order.id,
      amount: 20_000,
      reason: "Damaged jar",
    });
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 40_000, reason: "Late" });
    // ₹650 paid, ₹600 refunded: ₹50.01 is too much and writes nothing.
    await expect(
      refundOrder(handle.db, adminId, { orderId: order.id, amount: 5_001, reason: "Too much" }),
    ).rejects.toThrow(new RefundError("At most ₹50.00 of this payment is left to refund"));
    expect(await refundsOf(order.id)).toHaveLength(2);
    await settle();
    expect(requestsFor(order.paymentId).map((call) => call.body?.amount)).toEqual([20_000, 40_000]);

    // Cancelling now refunds only the rest.
    await updateOrderStatus(handle.db, adminId, order.id, "cancelled");
    await settle();
    expect((await refundsOf(order.id)).map((refund) => refund.amount)).toEqual([
      20_000, 40_000, 5_000,
    ]);
    await expect(
      refundOrder(handle.db, adminId, { orderId: order.id, amount: 100, reason: "Again" }),
    ).rejects.toThrow("This payment has already been refunded in full");
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, order.id));
    expect(audit.filter((entry) => entry.action === "refund")).toHaveLength(2);
  });

  it("an order without a card payment cannot be refunded", async () => {
    const cod = await placeTestOrder(handle.db, { paymentMethod: "cod" });
    await expect(
      refundOrder(handle.db, adminId, { orderId: cod.id, amount: 100, reason: "Goodwill" }),
    ).rejects.toThrow("This order has no card payment to refund");
    expect(await refundsOf(cod.id)).toHaveLength(0);
  });

  it("pending at the gateway: the webhook settles it, and a replay changes nothing", async () => {
    fake.refundStatus = "pending";
    const order = await paidCardOrder();
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    await settle();
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ status: "pending", nextAttemptAt: null });
    const deliver = refundWebhook("refund.processed", pending!.providerRefundId!);
    const eventId = `evt_${randomUUID().slice(0, 12)}`;
    expect((await deliver(eventId)).outcome).toBe("refund-processed");
    expect((await deliver(eventId)).outcome).toBe("duplicate");
    expect((await deliver()).outcome).toBe("unchanged");
    await settle();
    const [done] = await refundsOf(order.id);
    expect(done!.status).toBe("processed");
    expect(
      subjectsAbout(order.orderNumber).filter((s) => s.startsWith("Refund completed")),
    ).toHaveLength(1);
    expect((await refundWebhook("refund.processed", "rfnd_notours")()).outcome).toBe(
      "unknown-refund",
    );
  });

  it("pending at the gateway with the webhook lost: the periodic check settles it", async () => {
    fake.refundStatus = "pending";
    const order = await paidCardOrder();
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    await settle();
    const [pending] = await refundsOf(order.id);
    fake.refunds.get(pending!.providerRefundId!)!.status = "processed";
    // Not asked again at once, only after a few minutes.
    expect((await processRefunds(handle.db, () => razorpay)).checked).toBe(0);
    const later = new Date(Date.now() + 6 * MINUTE);
    expect((await processRefunds(handle.db, () => razorpay, { now: later })).checked).toBe(1);
    expect((await refundsOf(order.id))[0]!.status).toBe("processed");
  });

  it("a gateway error is retried later with the same key; a refusal fails until the owner retries", async () => {
    const order = await paidCardOrder();
    fake.failNext(503, "Service unavailable");
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    await settle();
    const [waiting] = await refundsOf(order.id);
    expect(waiting).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Service unavailable",
    });
    expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    await processRefunds(handle.db, () => razorpay, {
      now: new Date(waiting!.nextAttemptAt!.getTime() + 1),
    });
    const calls = requestsFor(order.paymentId);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.idempotencyKey).toBe(calls[0]!.idempotencyKey);
    expect((await refundsOf(order.id))[0]!.status).toBe("processed");

    fake.failNext(400, "The refund amount provided is greater than amount captured");
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 5_000, reason: "More" });
    await settle();
    const failed = (await refundsOf(order.id))[1]!;
    expect(failed).toMatchObject({
      status: "failed",
      nextAttemptAt: null,
      lastError: "The refund amount provided is greater than amount captured",
    });
    await expect(
      retryRefund(handle.db, adminId, (await refundsOf(order.id))[0]!.id),
    ).rejects.toThrow("only a failed refund can be retried");
    await retryRefund(handle.db, adminId, failed.id);
    await settle();
    const retried = (await refundsOf(order.id))[1]!;
    expect(retried.status).toBe("processed");
    expect(retried.idempotencyKey).not.toBe(failed.idempotencyKey);
  });

  it("a failed refund is not sent again once the rest of the payment was refunded meanwhile", async () => {
    // ₹650 paid: ₹400 refused by the gateway, then ₹600 refunded; ₹400 more no longer fits.
    const order = await paidCardOrder();
    fake.failNext(400, "Refund refused");
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 40_000, reason: "Jar" });
    await settle();
    const failed = (await refundsOf(order.id))[0]!;
    expect(failed.status).toBe("failed");
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 60_000, reason: "Most" });
    await settle();
    await expect(retryRefund(handle.db, adminId, failed.id)).rejects.toThrow(
      new RefundError("This refund no longer fits what is left of the payment"),
    );
    const after = (await refundsOf(order.id))[0]!;
    expect(after).toMatchObject({ status: "failed", idempotencyKey: failed.idempotencyKey });
    expect(requestsFor(order.paymentId)).toHaveLength(2);
  });

  it("sent again after a crash that lost the gateway's answer: the same refund, not a second", async () => {
    const order = await paidCardOrder();
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    const [refund] = await refundsOf(order.id);
    // The gateway took it, and the process died before recording the answer.
    await createGatewayRefund(razorpay, {
      paymentId: order.paymentId,
      amount: refund!.amount,
      idempotencyKey: refund!.idempotencyKey,
      receipt: refund!.id,
    });
    const before = fake.refunds.size;
    await settle();
    expect(fake.refunds.size).toBe(before);
    expect((await refundsOf(order.id))[0]!.status).toBe("processed");
  });

  it("a test-gateway payment is refunded by the test gateway, never by Razorpay", async () => {
    const order = await paidCardOrder(testGateway());
    await cancelOrderByCustomer(handle.db, { userId: order.userId, orderId: order.id });
    await settle();
    expect(requestsFor(order.paymentId)).toHaveLength(0);
    const [refund] = await refundsOf(order.id);
    expect(refund!.status).toBe("processed");
    expect(refund!.providerRefundId).toMatch(/^rfnd_test/);
  });

  it("the dashboard's revenue, its sales chart and the CSV export net out what was refunded", async () => {
    const order = await paidCardOrder();
    const before = (await getDashboardStats(handle.db)).totalRevenue;
    const today = async () => (await getDailySales(handle.db, { days: 1 }))[0]!.revenue;
    const todayBefore = await today();
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 12_345, reason: "Part" });
    await settle();
    expect((await getDashboardStats(handle.db)).totalRevenue).toBe(before - 12_345);
    expect(await today()).toBe(todayBefore - 12_345);
    const csv = await new Response(
      ordersCsvStream(handle.db, { q: order.orderNumber, status: undefined }),
    ).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const cells = row!.split(",");
    const column = (name: string) => cells[header!.split(",").indexOf(name)];
    expect(column("Total")).toBe("650.00");
    expect(column("Refunded")).toBe("123.45");
    expect(column("Net")).toBe("526.55");
  });

  it("a refund the gateway reports failed shows as failed with its reason, once", async () => {
    fake.refundStatus = "pending";
    const order = await paidCardOrder();
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    await settle();
    const [pending] = await refundsOf(order.id);
    const deliver = refundWebhook("refund.failed", pending!.providerRefundId!);
    const eventId = `evt_${randomUUID().slice(0, 12)}`;
    expect((await deliver(eventId)).outcome).toBe("refund-failed");
    expect((await deliver(eventId)).outcome).toBe("duplicate");
    // A late "processed" for a refund already failed changes nothing.
    expect((await refundWebhook("refund.processed", pending!.providerRefundId!)()).outcome).toBe(
      "unchanged",
    );
    const [failed] = await refundsOf(order.id);
    expect(failed).toMatchObject({
      status: "failed",
      lastError: "The payment gateway reported the refund as failed",
    });
    await settle();
    expect(subjectsAbout(order.orderNumber)).not.toContain(
      `Refund completed: ${order.orderNumber}`,
    );
  });

  it("the orders screen's refund form: only administrators, bad input and too much refused, nothing written", async () => {
    const order = await paidCardOrder();
    const admin = await createAdmin(handle.db, "Refund Admin");
    const customer = await createCustomer("Refund Customer");
    const post = (cookies: string[], fields: Record<string, string>) =>
      callRoute(ordersAction, postForm("/admin/orders", cookies, fields));
    const refund = (fields: Record<string, string>) => ({
      intent: "refund",
      orderId: order.id,
      ...fields,
    });
    for (const cookies of [[], customer.cookies]) {
      const refused = await post(cookies, refund({ amount: "10", reason: "Goodwill" }));
      expect(refused).toMatchObject({ status: 302, location: "/admin/login" });
    }
    const bad = [
      [
        { amount: "0", reason: "Goodwill" },
        "The refund must be an amount above ₹0 with at most 2 decimals",
      ],
      [{ amount: "10", reason: " " }, "Please give a reason for the refund"],
      [{ amount: "10", reason: "Goodwill", orderId: "not-an-id" }, "That order could not be found"],
      [
        { amount: "99999", reason: "Goodwill" },
        "At most ₹650.00 of this payment is left to refund",
      ],
    ] as const;
    for (const [fields, message] of bad) {
      const answer = await post(admin.cookies, refund(fields));
      expect(answer.status).toBe(400);
      expect(answer.toast?.description).toBe(message);
    }
    expect(await refundsOf(order.id)).toHaveLength(0);

    const done = await post(admin.cookies, refund({ amount: "10.50", reason: "Goodwill" }));
    expect(done.status).toBe(200);
    expect(done.toast?.title).toBe("Refund started");
    const [made] = await refundsOf(order.id);
    expect(made).toMatchObject({ amount: 1_050, reason: "Goodwill", requestedBy: admin.id });
    const notFailed = await post(admin.cookies, { intent: "retry-refund", refundId: made!.id });
    expect(notFailed.status).toBe(400);
    expect(notFailed.toast?.description).toMatch(/only a failed refund can be retried/);
  });
});
