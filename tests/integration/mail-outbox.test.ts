/**
 * The order mails' outbox (docs/decisions/024, 055): the confirmation and the new-order alert are
 * written as jobs in the transaction that makes an order new, sent once by whichever process
 * claims them, retried when the mail server fails, and still sent when the process died first.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MAIL_CLAIM_MS, MAX_MAIL_ATTEMPTS } from "~/domain/mail-outbox";
import { SHOP_JOBS } from "~/job-list.server";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { claimDueJob } from "~/modules/jobs/claim.server";
import { startJobRunner } from "~/modules/jobs/job-runner.server";
import { runDueJobs } from "~/modules/jobs/run-jobs.server";
import {
  sendDueMails as drainMailOutbox,
  MAIL_JOB,
  MAIL_JOB_RETRY,
  mailJob,
} from "~/modules/notifications/mail-outbox.server";
import { notifyNewOrder } from "~/modules/orders/order-notices.server";
import { recordCashReceived } from "~/modules/orders/orders-admin.server";
import { lockPayment } from "~/modules/payments/card-payments.server";
import { type PaymentGateway, testGateway } from "~/modules/payments/gateway.server";
import { webhookSignature } from "~/modules/payments/signatures.server";
import { completePayment, startCardPayment } from "~/workflows/card-payment.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { handleRazorpayWebhook } from "~/workflows/payment-webhook.server";
import { completeTestPayment } from "~/workflows/test-payment.server";
import { backgroundJobs, orders } from "../../db/schema";
import { insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { confirmSignedPayment, placeTestOrder } from "./support/orders";
import { chooseMailer, TEST_SECRET, testServices } from "./support/services";

const HOUR = 60 * 60_000;

let handle: DatabaseHandle;
let gateway: PaymentGateway;
let sent: MailMessage[];
let adminId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  gateway = testGateway(TEST_SECRET);
  adminId = (await insertProfile(handle.db, { fullName: "Mail Owner" })).id;
});
afterEach(async () => {
  // Mails kicked by a test are sent before the next one swaps the mailer.
  await drainMailOutbox(handle.db, testServices());
  chooseMailer({ send: async (message) => void sent.push(message) });
});
afterAll(async () => {
  // The job runner listened on this file's database: the next file listens on its own.
  await testServices().live.close();
  await handle.close();
});

/** A customer with one item of a product of its own in the cart, ordered as the checkout would. */
function placed(paymentMethod: "cod" | "razorpay" = "cod") {
  return placeTestOrder(handle.db, { paymentMethod });
}

/** A card order with its payment opened at the test gateway. */
async function cardOrder() {
  const order = await placed("razorpay");
  const checkout = await startCardPayment(handle.db, gateway, {
    userId: order.userId,
    orderId: order.id,
  });
  return { order, providerOrderId: checkout.providerOrderId, amount: checkout.amount };
}

function deliverWebhook(providerOrderId: string, amount: number, eventId = randomUUID()) {
  const rawBody = JSON.stringify({
    event: "payment.captured",
    payload: {
      payment: {
        entity: { id: `pay_${eventId.slice(0, 8)}`, order_id: providerOrderId, amount },
      },
    },
  });
  return handleRazorpayWebhook(handle.db, gateway, {
    rawBody,
    signature: webhookSignature(rawBody, gateway.webhookSecret!),
    eventId,
  });
}

async function confirm(order: { id: string; userId: string }, providerOrderId: string) {
  const owner = { userId: order.userId, orderId: order.id };
  return (await confirmSignedPayment(handle.db, gateway, owner, providerOrderId)).confirmed;
}

/** The order's mail jobs, by kind: what each is, whether it went out, and its attempts. */
async function outboxOf(orderId: string) {
  const rows = await handle.db
    .select()
    .from(backgroundJobs)
    .where(
      and(eq(backgroundJobs.kind, MAIL_JOB), sql`${backgroundJobs.payload}->>'about' = ${orderId}`),
    );
  return rows
    .map((row) => ({ ...row, kind: String(row.payload.kind), sent: row.state === "done" }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

/** Runs the mail jobs due at `now`, as a process's pass would. */
async function sendDueMails(_database: unknown, options: { now?: Date } = {}) {
  const { done, failed } = await runDueJobs(handle.db, mailJob, {
    ...options,
    services: testServices(),
  });
  return { sent: done, failed };
}

/** Sets an order's mails as a step of a test needs them: due now, or out already. */
function setOutbox(orderId: string, values: Partial<typeof backgroundJobs.$inferInsert>) {
  return handle.db
    .update(backgroundJobs)
    .set(values)
    .where(
      and(eq(backgroundJobs.kind, MAIL_JOB), sql`${backgroundJobs.payload}->>'about' = ${orderId}`),
    );
}

async function kindsOf(orderId: string) {
  return (await outboxOf(orderId)).map((row) => row.kind);
}

const BOTH = ["new-order-alert", "order-placed"];

/** The mails that went out about this order, by subject. */
function mailsAbout(orderNumber: string) {
  return sent
    .filter((mail) => mail.subject.endsWith(orderNumber))
    .map((mail) => mail.subject)
    .sort();
}

const BOTH_SENT = (orderNumber: string) => [
  `New order ${orderNumber}`,
  `Order confirmed: ${orderNumber}`,
];

/** Pays a card order in a transaction of its own, committed, as if the process died right after. */
async function payWithoutKick(providerOrderId: string) {
  await handle.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, providerOrderId);
    await completePayment(tx, payment!, `pay_${randomUUID().slice(0, 8)}`);
  });
}

describe(`enqueueing order mails on ${DATABASE_KIND}`, () => {
  it("writes them in the paying transaction: one rolled back enqueues nothing", async () => {
    const { order, providerOrderId } = await cardOrder();
    await handle.db
      .transaction(async (tx) => {
        const payment = await lockPayment(tx, providerOrderId);
        expect(await completePayment(tx, payment!, "pay_rolledback")).toBe(true);
        tx.rollback();
      })
      .catch(() => {});
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentStatus).toBe("pending");
    expect(await outboxOf(order.id)).toEqual([]);

    await handle.db
      .transaction(async (tx) => {
        await notifyNewOrder(tx, order.id);
        throw new Error("the order failed after all");
      })
      .catch(() => {});
    expect(await outboxOf(order.id)).toEqual([]);
  });

  it("a cash-on-delivery order gets one confirmation and one alert; a card order none until paid", async () => {
    const cod = await placed("cod");
    expect(await kindsOf(cod.id)).toEqual(BOTH);
    const { order } = await cardOrder();
    expect(await kindsOf(order.id)).toEqual([]);
    await drainMailOutbox(handle.db, testServices());
    expect(mailsAbout(cod.orderNumber)).toEqual(BOTH_SENT(cod.orderNumber));
    expect(mailsAbout(order.orderNumber)).toEqual([]);
  });

  it("each way a card order is paid enqueues one confirmation and one alert", async () => {
    const byCallback = await cardOrder();
    expect((await confirm(byCallback.order, byCallback.providerOrderId)).newlyPaid).toBe(true);
    const byWebhook = await cardOrder();
    expect((await deliverWebhook(byWebhook.providerOrderId, byWebhook.amount)).outcome).toBe(
      "paid",
    );
    const byTestGateway = await cardOrder();
    const completed = await completeTestPayment(handle.db, gateway, {
      providerOrderId: byTestGateway.providerOrderId,
      amount: byTestGateway.amount,
      outcome: "success",
    });
    expect(completed.webhook.outcome).toBe("paid");

    await drainMailOutbox(handle.db, testServices());
    for (const { order } of [byCallback, byWebhook, byTestGateway]) {
      expect(await kindsOf(order.id)).toEqual(BOTH);
      expect(mailsAbout(order.orderNumber)).toEqual(BOTH_SENT(order.orderNumber));
    }
  });

  it("paying twice (callback and webhook, a repeated webhook) still sends each mail once", async () => {
    const { order, providerOrderId, amount } = await cardOrder();
    const eventId = randomUUID();
    const outcomes = await Promise.all([
      confirm(order, providerOrderId).then((r) => r.newlyPaid),
      deliverWebhook(providerOrderId, amount, eventId).then((r) => r.outcome === "paid"),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await deliverWebhook(providerOrderId, amount, eventId)).outcome).toBe("duplicate");
    expect((await deliverWebhook(providerOrderId, amount)).outcome).toBe("unchanged");
    expect((await confirm(order, providerOrderId)).newlyPaid).toBe(false);
    // Enqueueing again, as a bug might, adds nothing either.
    await handle.db.transaction((tx) => notifyNewOrder(tx, order.id));

    await drainMailOutbox(handle.db, testServices());
    expect(await kindsOf(order.id)).toEqual(BOTH);
    expect(mailsAbout(order.orderNumber)).toEqual(BOTH_SENT(order.orderNumber));
  });

  it("cancelling and recording cash send their own mails (decision 038); reopening sends none", async () => {
    const cod = await placed("cod");
    await drainMailOutbox(handle.db, testServices());
    await updateOrderStatus(handle.db, adminId, cod.id, "cancelled");
    await drainMailOutbox(handle.db, testServices());
    await updateOrderStatus(handle.db, adminId, cod.id, "pending");
    await recordCashReceived(handle.db, adminId, cod.id);
    await drainMailOutbox(handle.db, testServices());
    expect(await kindsOf(cod.id)).toEqual([...BOTH, "order-cancelled", "payment-received"].sort());
    expect(mailsAbout(cod.orderNumber)).toEqual(
      [
        ...BOTH_SENT(cod.orderNumber),
        `Order cancelled: ${cod.orderNumber}`,
        `Payment received: ${cod.orderNumber}`,
      ].sort(),
    );
  });
});

describe(`draining order mails on ${DATABASE_KIND}`, () => {
  it("does not confirm an order cancelled before its mails could go out, only its cancellation", async () => {
    chooseMailer({
      send: async () => {
        throw new Error("421 try again later");
      },
    });
    const cod = await placed("cod");
    await drainMailOutbox(handle.db, testServices());
    await updateOrderStatus(handle.db, adminId, cod.id, "cancelled");
    chooseMailer({ send: async (message) => void sent.push(message) });
    const later = new Date(Date.now() + 2 * HOUR);
    await sendDueMails(handle.db, { now: later });
    expect(mailsAbout(cod.orderNumber)).toEqual([`Order cancelled: ${cod.orderNumber}`]);
    for (const row of await outboxOf(cod.id)) expect(row.sent).toBe(true);
  });

  it("counts a failed mail's wait from when the send failed, however long it took", async () => {
    const cod = await placed("cod");
    await setOutbox(cod.id, { state: "queued", attempts: 0, runAt: new Date() });
    const claimedAt = new Date();
    let failedAt = 0;
    chooseMailer({
      send: async () => {
        // The mail server answers only after ten minutes, with a refusal.
        vi.setSystemTime(claimedAt.getTime() + 10 * 60_000);
        failedAt = Date.now();
        throw new Error("451 timeout");
      },
    });
    try {
      await sendDueMails(handle.db, { now: claimedAt });
    } finally {
      vi.useRealTimers();
    }
    for (const row of await outboxOf(cod.id)) {
      expect(row.sent).toBe(false);
      expect(row.runAt.getTime()).toBeGreaterThan(failedAt);
    }
    // Settled, so the later tests' drains do not pick these up.
    await setOutbox(cod.id, { state: "done", finishedAt: new Date() });
  });

  it("retries a mail the mail server refused, later, and then sends it", async () => {
    chooseMailer({
      send: async () => {
        throw new Error("421 try again later");
      },
    });
    const cod = await placed("cod");
    await drainMailOutbox(handle.db, testServices());
    const failed = await outboxOf(cod.id);
    for (const row of failed) {
      expect(row).toMatchObject({ sent: false, attempts: 1, lastError: "421 try again later" });
      expect(row.runAt.getTime()).toBeGreaterThan(Date.now());
    }
    expect(mailsAbout(cod.orderNumber)).toEqual([]);

    chooseMailer({ send: async (message) => void sent.push(message) });
    // Not due yet: nothing is sent.
    await sendDueMails(handle.db);
    expect(mailsAbout(cod.orderNumber)).toEqual([]);
    const later = new Date(Math.max(...failed.map((row) => row.runAt.getTime())) + 1);
    expect(await sendDueMails(handle.db, { now: later })).toEqual({ sent: 2, failed: 0 });
    expect(mailsAbout(cod.orderNumber)).toEqual(BOTH_SENT(cod.orderNumber));
    for (const row of await outboxOf(cod.id)) {
      expect(row).toMatchObject({ attempts: 2, lastError: null, sent: true });
      expect(row.finishedAt).toBeInstanceOf(Date);
    }
    expect(await sendDueMails(handle.db, { now: new Date(later.getTime() + HOUR) })).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it(`gives a mail up after ${MAX_MAIL_ATTEMPTS} failed attempts`, async () => {
    chooseMailer({
      send: async () => {
        throw new Error("550 mailbox unavailable");
      },
    });
    const cod = await placed("cod");
    await drainMailOutbox(handle.db, testServices());
    let now = new Date();
    for (let attempt = 2; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      now = new Date(now.getTime() + 2 * HOUR);
      expect(await sendDueMails(handle.db, { now })).toEqual({ sent: 0, failed: 2 });
    }
    for (const row of await outboxOf(cod.id)) {
      expect(row).toMatchObject({
        state: "failed",
        attempts: MAX_MAIL_ATTEMPTS,
        lastError: "550 mailbox unavailable",
      });
    }
    chooseMailer({ send: async (message) => void sent.push(message) });
    expect(await sendDueMails(handle.db, { now: new Date(now.getTime() + 24 * HOUR) })).toEqual({
      sent: 0,
      failed: 0,
    });
  });

  it("sends the mails of a payment whose process died before sending them", async () => {
    const { order, providerOrderId } = await cardOrder();
    await payWithoutKick(providerOrderId);
    expect((await outboxOf(order.id)).map((row) => row.sent)).toEqual([false, false]);
    expect(mailsAbout(order.orderNumber)).toEqual([]);
    // The process restarting (or another one's timer) finds them.
    expect(await sendDueMails(handle.db)).toEqual({ sent: 2, failed: 0 });
    expect(mailsAbout(order.orderNumber)).toEqual(BOTH_SENT(order.orderNumber));
  });

  it("sends a mail again once the claim of a process that died while sending it ran out", async () => {
    const { order, providerOrderId } = await cardOrder();
    await payWithoutKick(providerOrderId);
    const claimedAt = new Date();
    const claimed = await claimDueJob(handle.db, MAIL_JOB, MAIL_JOB_RETRY, claimedAt);
    expect(claimed).toMatchObject({ payload: { about: order.id }, attempts: 1 });
    // The process died here. The other mail goes; the claimed one waits for its claim to end.
    expect(await sendDueMails(handle.db, { now: claimedAt })).toEqual({ sent: 1, failed: 0 });
    expect(mailsAbout(order.orderNumber)).toHaveLength(1);
    const expired = new Date(claimedAt.getTime() + MAIL_CLAIM_MS + 1);
    expect(await sendDueMails(handle.db, { now: expired })).toEqual({ sent: 1, failed: 0 });
    expect(mailsAbout(order.orderNumber)).toEqual(BOTH_SENT(order.orderNumber));
  });

  it("drainers racing each other send every mail once", async () => {
    const opened = [];
    for (let i = 0; i < 8; i += 1) opened.push(await cardOrder());
    for (const { providerOrderId } of opened) await payWithoutKick(providerOrderId);
    const orderIds = opened.map(({ order }) => order.id);
    const numbers = (
      await handle.db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    ).map((row) => row.orderNumber);
    chooseMailer({
      send: async (message) => {
        // A slow mail server keeps each drainer busy while the others claim.
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(message);
      },
    });
    const results = await Promise.all([
      sendDueMails(handle.db),
      sendDueMails(handle.db),
      sendDueMails(handle.db),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(16);
    for (const orderNumber of numbers) {
      expect(mailsAbout(orderNumber)).toEqual(BOTH_SENT(orderNumber));
    }
  });
});

describe(`stopping the job runner on ${DATABASE_KIND}`, () => {
  it("lets the mail being sent finish, then sends nothing more until the next start", async () => {
    const { order, providerOrderId } = await cardOrder();
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const sending = new Promise<void>((resolve) => {
      started = resolve;
    });
    chooseMailer({
      send: async (message) => {
        started();
        await hung;
        sent.push(message);
      },
    });
    await payWithoutKick(providerOrderId);
    const stop = await startJobRunner(() => handle.db, {
      live: testServices().live,
      services: testServices(),
      jobs: SHOP_JOBS,
      sweepMs: 60_000,
      retentionDays: 30,
    });
    await sending;
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(mailsAbout(order.orderNumber)).toHaveLength(1);
    expect((await outboxOf(order.id)).filter((row) => row.sent)).toHaveLength(1);

    // Stopped, it sends nothing more; the next start sends the mail left behind.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsAbout(order.orderNumber)).toHaveLength(1);
    const stopAgain = await startJobRunner(() => handle.db, {
      live: testServices().live,
      services: testServices(),
      jobs: SHOP_JOBS,
      sweepMs: 60_000,
      retentionDays: 30,
    });
    await eventually(async () => mailsAbout(order.orderNumber).length === 2);
    await stopAgain();
    expect(mailsAbout(order.orderNumber)).toEqual(BOTH_SENT(order.orderNumber));
  });
});

async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out");
}
