/**
 * Refunds of card payments (docs/decisions/039), against a stand-in for Razorpay's API on
 * loopback: a cancellation refunds the payment in full, the owner refunds part of it, each refund
 * is sent once with its idempotency key, kept in step by the webhook and a periodic check, retried
 * after a failure, and shown to the customer.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "~/domain/money";
import { parseAdminOrderQuery } from "~/domain/validation/order-admin";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import {
  getDailySales,
  getDashboardStats,
  getRecentOrders,
} from "~/modules/admin/dashboard.server";
import { issueInvoice } from "~/modules/gst-documents/invoices.server";
import { runDueJobs } from "~/modules/jobs/run-jobs.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { addTrackingId, listAdminOrders } from "~/modules/orders/orders-admin.server";
import { ordersCsvStream } from "~/modules/orders/orders-export.server";
import {
  createGatewayRefund,
  type PaymentGateway,
  testGateway,
} from "~/modules/payments/gateway.server";
import {
  REFUND_CHECK_JOB,
  REFUND_SEND_JOB,
  RefundError,
  retryRefund,
} from "~/modules/payments/refunds.server";
import { webhookSignature } from "~/modules/payments/signatures.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { expireUnpaidCardOrders } from "~/workflows/expire-unpaid-orders.server";
import { handleRazorpayWebhook } from "~/workflows/payment-webhook.server";
import {
  refundCheckJob,
  refundSendJob,
  runRefundJobs as runRefunds,
} from "~/workflows/refund-jobs.server";
import { refundOrder } from "~/workflows/refund-order.server";
import {
  auditLog,
  backgroundJobs,
  creditNotes,
  orderItems,
  orders,
  payments,
  productVariants,
  refunds,
} from "../../db/schema";
import { type FakeRazorpay, startFakeRazorpay } from "../fakes/razorpay-api";
import { callRoute, createAdmin, insertProfile, postForm } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { rerunMigrationUpdates } from "./support/migrations";
import { payCardOrder, placeTestOrder } from "./support/orders";
import { createCustomer } from "./support/profile";
import { chooseRefundGateways, resetServices, TEST_SECRET, testServices } from "./support/services";

const KEY_ID = "rzp_test_RefundsSuite01";
const KEY_SECRET = "key_secret_for_the_refund_fake_0123";
const WEBHOOK_SECRET = "webhook_secret_for_the_refund_fake";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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
  chooseRefundGateways((provider) => (provider === "test" ? testGateway(TEST_SECRET) : razorpay));
  adminId = (await insertProfile(handle.db, { fullName: "Refund Owner" })).id;
});
afterEach(async () => {
  await settle();
  fake.refundStatus = "processed";
});
afterAll(async () => {
  resetServices();
  await fake?.close();
  await handle?.close();
});

/** Lets the refunds and mails a step kicked off finish. */
async function settle() {
  await runRefunds(handle.db, testServices());
  await drainMailOutbox(handle.db, testServices());
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
  await drainMailOutbox(handle.db, testServices());
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
    expect(done).toMatchObject({ status: "processed", lastError: null });
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
    expect(pending).toMatchObject({ status: "pending" });
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
    const checkJob = async () =>
      (
        await handle.db
          .select()
          .from(backgroundJobs)
          .where(
            and(
              eq(backgroundJobs.kind, REFUND_CHECK_JOB),
              eq(backgroundJobs.key, pending!.providerRefundId!),
            ),
          )
      )[0];
    // Not asked again at once, only after a few minutes.
    await runDueJobs(handle.db, refundCheckJob, {
      services: testServices(),
    });
    expect(await checkJob()).toMatchObject({ state: "queued", attempts: 0 });
    expect((await refundsOf(order.id))[0]!.status).toBe("pending");
    const later = new Date(Date.now() + 6 * MINUTE);
    await runDueJobs(handle.db, refundCheckJob, { services: testServices(), now: later });
    expect(await checkJob()).toMatchObject({ state: "done", attempts: 1 });
    expect((await refundsOf(order.id))[0]!.status).toBe("processed");
  });

  it("pending at the gateway and still pending when asked: asked again later, not settled", async () => {
    fake.refundStatus = "pending";
    const order = await paidCardOrder();
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    await settle();
    const [pending] = await refundsOf(order.id);
    await runDueJobs(handle.db, refundCheckJob, {
      services: testServices(),
      now: new Date(Date.now() + 6 * MINUTE),
    });
    const [job] = await handle.db
      .select()
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, REFUND_CHECK_JOB),
          eq(backgroundJobs.key, pending!.providerRefundId!),
        ),
      );
    expect(job).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: "The gateway still reports the refund as pending",
    });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 2 * MINUTE);
    expect((await refundsOf(order.id))[0]!.status).toBe("pending");
    // Its webhook settles it meanwhile: the next check finds nothing to do.
    fake.refunds.get(pending!.providerRefundId!)!.status = "processed";
    await refundWebhook("refund.processed", pending!.providerRefundId!)();
    await runDueJobs(handle.db, refundCheckJob, {
      services: testServices(),
      now: new Date(Date.now() + HOUR),
    });
    expect((await refundsOf(order.id))[0]!.status).toBe("processed");
  });

  it("a gateway error is retried later with the same key; a refusal fails until the owner retries", async () => {
    const order = await paidCardOrder();
    fake.failNext(503, "Service unavailable");
    await refundOrder(handle.db, adminId, { orderId: order.id, amount: 10_000, reason: "Part" });
    await settle();
    const [waiting] = await refundsOf(order.id);
    expect(waiting).toMatchObject({ status: "pending", lastError: "Service unavailable" });
    const [job] = await handle.db
      .select()
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, REFUND_SEND_JOB),
          eq(backgroundJobs.key, `${waiting!.id}:${waiting!.idempotencyKey}`),
        ),
      );
    expect(job).toMatchObject({ state: "queued", attempts: 1, lastError: "Service unavailable" });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await runDueJobs(handle.db, refundSendJob, {
      services: testServices(),
      now: new Date(job!.runAt.getTime() + 1),
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
    const order = await paidCardOrder(testGateway(TEST_SECRET));
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

/** docs/decisions/049: an order's payment refunded in part, in full, and what that closes. */
describe(`refunded orders on ${DATABASE_KIND}`, () => {
  let owner: { id: string; cookies: string[] };
  beforeAll(async () => {
    owner = await createAdmin(handle.db, "Closing Owner");
  });

  /** The owner's refund through the orders screen, as the detail's form sends it. */
  async function refundThroughScreen(orderId: string, amount: string, reason = "Jar cracked") {
    const answer = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "refund", orderId, amount, reason }),
    );
    expect(answer.status).toBe(200);
    return answer;
  }

  async function orderRow(orderId: string) {
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    return row!;
  }

  /** The order's row in the back office's list. */
  async function listed(orderNumber: string) {
    const page = await listAdminOrders(
      handle.db,
      parseAdminOrderQuery(new URLSearchParams({ q: orderNumber })),
    );
    return page.orders[0] as Record<string, unknown>;
  }

  /** The order's line of the CSV export, by column name. */
  async function exported(orderNumber: string) {
    const csv = await new Response(
      ordersCsvStream(handle.db, { q: orderNumber, status: undefined }),
    ).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const names = header!.split(",");
    const cells = row!.split(",");
    return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
  }

  function lastMail(subject: string) {
    return sent.filter((mail) => mail.subject === subject).at(-1)!;
  }

  it("refunded in part, then in full: partly refunded, then refunded, seen in the list, CSV and mails", async () => {
    const order = await paidCardOrder();
    await updateOrderStatus(handle.db, adminId, order.id, "shipped");

    await refundThroughScreen(order.id, "200.50");
    await settle();
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", paymentStatus: "paid" });
    expect(await listed(order.orderNumber)).toMatchObject({
      paymentStatus: "paid",
      refundedAmount: 20_050,
      refundPendingAmount: 0,
    });
    expect(await exported(order.orderNumber)).toMatchObject({
      "Payment Status": "partly refunded",
      Refunded: "200.50",
      Net: "449.50",
    });
    expect(lastMail(`Refund completed: ${order.orderNumber}`).text).toContain(
      "Payment: Card (Razorpay) (partly refunded ₹200.50)",
    );
    // The dashboard's recent orders carry it too (the newest order is this one).
    expect((await getRecentOrders(handle.db, 1))[0]).toMatchObject({
      orderNumber: order.orderNumber,
      paymentStatus: "paid",
      refundedAmount: 20_050,
    });

    // The rest: the payment is refunded in full, the order keeps its status and is closed.
    await refundThroughScreen(order.id, "449.50", "Lost in transit");
    await settle();
    expect(await orderRow(order.id)).toMatchObject({
      status: "shipped",
      paymentStatus: "refunded",
    });
    expect(await listed(order.orderNumber)).toMatchObject({
      paymentStatus: "refunded",
      refundedAmount: order.total,
    });
    expect(await exported(order.orderNumber)).toMatchObject({
      "Payment Status": "refunded",
      Refunded: "650.00",
      Net: "0.00",
    });
    expect(lastMail(`Refund completed: ${order.orderNumber}`).text).toContain(
      "Payment: Card (Razorpay) (refunded)",
    );
    expect((await getRecentOrders(handle.db, 1))[0]).toMatchObject({
      orderNumber: order.orderNumber,
      paymentStatus: "refunded",
      refundedAmount: order.total,
    });
    const { orders: mine } = await listCustomerOrders(handle.db, order.userId);
    expect(mine[0]).toMatchObject({ paymentStatus: "refunded", refundedAmount: order.total });
  });

  it("an order refunded in full can no longer be shipped, delivered, cancelled or reopened", async () => {
    const order = await paidCardOrder();
    await updateOrderStatus(handle.db, adminId, order.id, "shipped");
    await refundThroughScreen(order.id, "650");
    await settle();
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");

    const closed = `Order ${order.orderNumber} has been refunded in full, so its status can no longer be changed`;
    for (const status of ["delivered", "cancelled", "pending"] as const) {
      const answer = await callRoute(
        ordersAction,
        postForm("/admin/orders", owner.cookies, { intent: "status", orderId: order.id, status }),
      );
      expect(answer.status).toBe(409);
      expect(answer.toast?.description).toBe(closed);
    }
    await expect(addTrackingId(handle.db, adminId, order.id, "DTDC-1")).rejects.toThrow(
      `Order ${order.orderNumber} has been refunded in full and cannot be shipped`,
    );
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", trackingId: null });
    // Shipped, it was invoiced then (docs/decisions/074); its refund credited the invoice in full,
    // and a reprint keeps the number.
    const { invoiceNumber } = await orderRow(order.id);
    expect(invoiceNumber).toMatch(/^INV\//);
    expect(await issueInvoice(handle.db, adminId, order.id)).toEqual({
      invoiceNumber,
      issued: false,
    });
    const notes = await handle.db
      .select({ amount: creditNotes.amount })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id));
    expect(notes).toEqual([{ amount: order.total }]);
    // Nothing more was refunded by the refused cancellation.
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("a refund of everything left of an unshipped order cancels it at once: stock back, no customer cancel, no reopen", async () => {
    const order = await paidCardOrder();
    const [item] = await handle.db
      .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const stock = async () =>
      (
        await handle.db
          .select({ n: productVariants.stockQuantity })
          .from(productVariants)
          .where(eq(productVariants.id, item!.variantId!))
      )[0]!.n;
    const before = await stock();

    await refundThroughScreen(order.id, "150");
    const answer = await refundThroughScreen(order.id, "500", "Out of stock at the warehouse");
    expect(answer.toast?.description).toMatch(
      /Nothing is left to refund, so the order is cancelled$/,
    );
    // Cancelled in the refund's own transaction (the refunds themselves may be sent already).
    expect((await orderRow(order.id)).status).toBe("cancelled");
    expect(await stock()).toBe(before + item!.quantity);
    await settle();
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    // The cancellation refunded nothing more, and told the customer.
    expect((await refundsOf(order.id)).map((refund) => refund.amount)).toEqual([15_000, 50_000]);
    // Sent as soon as it commits, so before or after the refund completed.
    expect(lastMail(`Order cancelled: ${order.orderNumber}`).text).toMatch(
      new RegExp(
        `The ${formatRupees(order.total)} you paid (is being|has been) refunded to your card`,
      ),
    );

    await expect(
      cancelOrderByCustomer(handle.db, { userId: order.userId, orderId: order.id }),
    ).rejects.toThrow(`Order ${order.orderNumber} is already cancelled`);
    await expect(updateOrderStatus(handle.db, adminId, order.id, "processing")).rejects.toThrow(
      `Order ${order.orderNumber} cannot be reopened: its card payment has been refunded. Please ask the customer to place a new order.`,
    );
    await expect(addTrackingId(handle.db, adminId, order.id, "DTDC-2")).rejects.toThrow(
      `Order ${order.orderNumber} is cancelled and cannot be shipped`,
    );
    expect(await stock()).toBe(before + item!.quantity);
  });

  it("a customer cannot cancel an order refunded in full before this rule, and the expiry leaves it", async () => {
    // An order refunded in full earlier, still pending (the shop cancelled nothing then).
    const order = await paidCardOrder();
    await refundThroughScreen(order.id, "100");
    await settle();
    await handle.db
      .update(orders)
      .set({ paymentStatus: "refunded", createdAt: new Date(Date.now() - 60 * MINUTE) })
      .where(eq(orders.id, order.id));
    await expect(
      cancelOrderByCustomer(handle.db, { userId: order.userId, orderId: order.id }),
    ).rejects.toThrow(
      `Order ${order.orderNumber} has been refunded in full and can no longer be cancelled`,
    );
    expect(await expireUnpaidCardOrders(handle.db)).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({
      status: "pending",
      paymentStatus: "refunded",
    });
  });

  it("while a refund of the whole payment is pending the order is closed; it is refunded once the gateway says so", async () => {
    fake.refundStatus = "pending";
    const order = await paidCardOrder();
    await updateOrderStatus(handle.db, adminId, order.id, "shipped");
    await refundThroughScreen(order.id, "650");
    await settle();
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", paymentStatus: "paid" });
    expect(await listed(order.orderNumber)).toMatchObject({ refundPendingAmount: order.total });
    expect((await exported(order.orderNumber))["Payment Status"]).toBe("refund pending");
    await expect(updateOrderStatus(handle.db, adminId, order.id, "delivered")).rejects.toThrow(
      "has been refunded in full",
    );
    const [pending] = await refundsOf(order.id);
    expect((await refundWebhook("refund.processed", pending!.providerRefundId!)()).outcome).toBe(
      "refund-processed",
    );
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");

    // A late "payment captured" for it changes nothing.
    const [payment] = await handle.db
      .select({ providerOrderId: payments.providerOrderId })
      .from(payments)
      .where(eq(payments.orderId, order.id));
    const rawBody = JSON.stringify({
      event: "payment.captured",
      payload: {
        payment: {
          entity: { id: order.paymentId, order_id: payment!.providerOrderId, amount: order.total },
        },
      },
    });
    const late = await handleRazorpayWebhook(handle.db, razorpay, {
      rawBody,
      signature: webhookSignature(rawBody, WEBHOOK_SECRET),
      eventId: `evt_${randomUUID().slice(0, 12)}`,
    });
    expect(late.outcome).toBe("unchanged");
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
  });

  it("two refunds that complete the payment, processed at the same moment: refunded, exactly", async () => {
    fake.refundStatus = "pending";
    const order = await paidCardOrder();
    await updateOrderStatus(handle.db, adminId, order.id, "shipped");
    await refundThroughScreen(order.id, "325");
    await refundThroughScreen(order.id, "325");
    await settle();
    const pending = await refundsOf(order.id);
    expect(pending.map((refund) => refund.status)).toEqual(["pending", "pending"]);
    const outcomes = await Promise.all(
      pending.map((refund) => refundWebhook("refund.processed", refund.providerRefundId!)()),
    );
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
      "refund-processed",
      "refund-processed",
    ]);
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
  });

  it("a refund that fails opens the order again", async () => {
    const order = await paidCardOrder();
    await updateOrderStatus(handle.db, adminId, order.id, "shipped");
    fake.failNext(400, "Refund refused");
    await refundThroughScreen(order.id, "650");
    await settle();
    expect((await refundsOf(order.id))[0]!.status).toBe("failed");
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    expect((await orderRow(order.id)).status).toBe("delivered");
  });

  it("migration 0017 marks orders refunded in full before it as refunded, and no other", async () => {
    const full = await paidCardOrder();
    await updateOrderStatus(handle.db, adminId, full.id, "shipped");
    await refundThroughScreen(full.id, "650");
    const part = await paidCardOrder();
    await refundThroughScreen(part.id, "649.99");
    await settle();
    // As the shop left them before the refund that completes a payment marked it.
    await handle.db.update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, full.id));
    expect(await rerunMigrationUpdates(handle.db, "0017")).toBe(1);
    expect((await orderRow(full.id)).paymentStatus).toBe("refunded");
    expect((await orderRow(part.id)).paymentStatus).toBe("paid");
  });

  it("test payments: the dashboard's test revenue nets out what was refunded", async () => {
    const order = await paidCardOrder(testGateway(TEST_SECRET));
    const before = (await getDashboardStats(handle.db)).testRevenue;
    await refundThroughScreen(order.id, "100");
    await settle();
    expect((await getDashboardStats(handle.db)).testRevenue).toBe(before - 10_000);
  });

  it("test payments: the refund mails say no money was taken, so none goes back to the card", async () => {
    const order = await paidCardOrder(testGateway(TEST_SECRET));
    await refundThroughScreen(order.id, "100");
    await settle();
    for (const subject of ["Refund started", "Refund completed"]) {
      const mail = lastMail(`${subject}: ${order.orderNumber}`);
      expect(mail.text).toContain("test payment gateway, which takes no real money");
      expect(mail.text).not.toContain("goes back to the card");
      expect(mail.text).not.toContain("sent to your card");
    }
  });
});
