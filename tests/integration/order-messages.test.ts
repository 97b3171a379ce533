/**
 * Order updates by SMS and WhatsApp (docs/decisions/063): consent per channel with its history,
 * one message per chosen channel per step, never twice and never without consent, checked again
 * when sent, the log the owner reads, and the message settings. On PGlite and PostgreSQL.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatRupees } from "~/domain/money";
import { ORDER_MESSAGE_EVENTS, type OrderMessageEvent } from "~/domain/order-messages";
import { formatSmsRupees, smsTextProblems } from "~/domain/sms-text";
import { messageSettingsFormSchema, templateField } from "~/domain/validation/order-messages";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import {
  CUSTOMER_MESSAGE_JOB,
  sendDueMessages,
} from "~/modules/notifications/customer-message-job.server";
import {
  listMessagesAbout,
  logSentNotice,
  SIGN_IN_CODE_EVENT,
} from "~/modules/notifications/customer-messages.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import {
  consentHistory,
  currentConsents,
  hasConsent,
  optIn,
  withdrawConsent,
} from "~/modules/notifications/message-consents.server";
import {
  getMessageSettings,
  updateMessageSettings,
} from "~/modules/notifications/message-settings.server";
import { notifyOrderStep } from "~/modules/orders/order-notices.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { testGateway } from "~/modules/payments/gateway.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { runRefundJobs } from "~/workflows/refund-jobs.server";
import {
  auditLog,
  backgroundJobs,
  customerMessages,
  messageConsents,
  profiles,
} from "../../db/schema";
import { type FakeMsg91, startFakeMsg91 } from "../fakes/msg91-api";
import { callRouteAt, createAdmin, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor, payCardOrder } from "./support/orders";
import { chooseSms, chooseWhatsApp, TEST_SECRET, testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: MailMessage[];
let adminId: string;
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  adminId = (await insertProfile(handle.db, { fullName: "Message Owner" })).id;
});
beforeEach(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "order-messages-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
  chooseWhatsApp({ mode: "outbox", outboxDir: outbox });
});
afterEach(async () => {
  await sendDueMessages(handle.db, testServices());
  chooseSms(undefined);
  chooseWhatsApp(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
});
afterAll(() => handle.close());

type OutboxFile = { channel: string; to: string; text: string; parameters?: string[] };

/** The messages written to this test's outbox, oldest first. */
async function outboxMessages(): Promise<OutboxFile[]> {
  const files = (await fs.readdir(outbox).catch(() => [])).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8"))),
  );
}

let productCounter = 0;

/**
 * A new customer's order of one Ashwagandha (₹300, cash on delivery unless told), placed as the checkout places
 * it with these order-update choices; its messages are sent before it returns.
 */
async function placeWith(
  choices?: Partial<Record<"whatsapp" | "sms", boolean>>,
  userId?: string,
  paymentMethod: "cod" | "razorpay" = "cod",
) {
  productCounter += 1;
  const [product] = await insertProducts(handle.db, [
    { name: `Ashwagandha ${productCounter}`, price: 30_000, stockQuantity: 20 },
  ]);
  const customer = userId ?? (await insertCustomers(handle.db, 1))[0]!;
  await fillCart(handle.db, customer, [{ productId: product!.id, quantity: 1 }]);
  const order = await orderFor(handle.db, customer, {
    messageChoices: choices,
    paymentMethod,
    cardProvider: "test",
  });
  await sendDueMessages(handle.db, testServices());
  return { ...order, userId: customer };
}

/** The order's SMS and WhatsApp messages in the log (its mails are there too). */
async function messagesOf(orderId: string) {
  return (await listMessagesAbout(handle.db, orderId)).filter((m) => m.channel !== "email");
}

/** How many SMS and WhatsApp messages a notice wrote now. */
function messagesWritten(channels: Set<string>) {
  return [...channels].filter((channel) => channel !== "email").length;
}

async function messageJobsOf(orderId: string) {
  const jobs = await handle.db
    .select({ key: backgroundJobs.key })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.kind, CUSTOMER_MESSAGE_JOB));
  return jobs.filter((job) => job.key.startsWith(orderId));
}

async function ship(orderId: string, trackingId = "DTDC-7788") {
  await addTrackingId(handle.db, adminId, orderId, trackingId);
  await sendDueMessages(handle.db, testServices());
}

describe(`order messages on ${DATABASE_KIND}`, () => {
  it("a customer who never opts in: no message, no job, and exactly the mails of before", async () => {
    const order = await placeWith();
    await ship(order.id);
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    await sendDueMessages(handle.db, testServices());
    await drainMailOutbox(handle.db, testServices());
    expect(await messagesOf(order.id)).toEqual([]);
    expect(await messageJobsOf(order.id)).toEqual([]);
    expect(await outboxMessages()).toEqual([]);
    expect(await currentConsents(handle.db, order.userId)).toEqual([]);
    expect(
      sent
        .filter((mail) => mail.text.includes(order.orderNumber))
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(
      [
        `Order confirmed: ${order.orderNumber}`,
        `New order ${order.orderNumber}`,
        `Your order ${order.orderNumber} has shipped`,
        `Delivered: ${order.orderNumber}`,
      ].sort(),
    );
  });

  it("opting in to WhatsApp at the checkout: the order placed is told there once, with its number and link, and not by SMS", async () => {
    const order = await placeWith({ whatsapp: true, sms: false });
    const log = await messagesOf(order.id);
    expect(log).toMatchObject([
      {
        event: "order-placed",
        channel: "whatsapp",
        state: "sent",
        recipient: "+919876543210",
        error: null,
      },
    ]);
    expect(log[0]!.providerId).toMatch(/-whatsapp-919876543210-/);
    const [message, ...rest] = await outboxMessages();
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ channel: "whatsapp", to: "+919876543210" });
    expect(message!.text).toContain(
      `your order ${order.orderNumber} of ${formatRupees(order.total)} is confirmed`,
    );
    // The order's short link (docs/decisions/070).
    expect(message!.text).toMatch(/ See it here: http:\/\/\S+\/o\/[0-9A-Za-z]{8}$/);
    expect(message!.parameters).toEqual([
      "Order Tester",
      order.orderNumber,
      formatRupees(order.total),
      expect.stringMatching(/\/o\/[0-9A-Za-z]{8}$/),
    ]);
    const [consent] = await consentHistory(handle.db, order.userId);
    expect(consent).toMatchObject({
      channel: "whatsapp",
      optedInVia: "checkout",
      withdrawnAt: null,
    });
    expect(consent!.optedInAt).toBeInstanceOf(Date);
  });

  it("a customer who signs in with a verified mobile is told there; an unverified one is not used", async () => {
    const [verified, unverified] = await insertCustomers(handle.db, 2);
    await handle.db
      .update(profiles)
      .set({ phoneNumber: "+919822012345", phoneNumberVerified: true })
      .where(eq(profiles.id, verified!));
    await handle.db
      .update(profiles)
      .set({ phoneNumber: "+919822054321", phoneNumberVerified: false })
      .where(eq(profiles.id, unverified!));
    const toVerified = await placeWith({ sms: true }, verified);
    const toDelivery = await placeWith({ sms: true }, unverified);
    expect((await messagesOf(toVerified.id))[0]).toMatchObject({ recipient: "+919822012345" });
    expect((await messagesOf(toDelivery.id))[0]).toMatchObject({ recipient: "+919876543210" });
    expect((await outboxMessages()).map((m) => m.to).sort()).toEqual([
      "+919822012345",
      "+919876543210",
    ]);
  });

  it("both channels chosen: one message per channel per step, shipped with its tracking ID and link", async () => {
    const order = await placeWith({ whatsapp: true, sms: true });
    await ship(order.id, "BD-42");
    const log = await messagesOf(order.id);
    expect(log.map((m) => `${m.event}:${m.channel}:${m.state}`).sort()).toEqual([
      "order-placed:sms:sent",
      "order-placed:whatsapp:sent",
      "order-shipped:sms:sent",
      "order-shipped:whatsapp:sent",
    ]);
    const shipped = (await outboxMessages()).filter((m) => m.text.includes("has shipped"));
    expect(shipped.map((m) => m.channel).sort()).toEqual(["sms", "whatsapp"]);
    const sms = shipped.find((m) => m.channel === "sms")!;
    const whatsapp = shipped.find((m) => m.channel === "whatsapp")!;
    expect(sms.text).toContain(`Your order ${order.orderNumber} has shipped, tracking ID BD-42.`);
    expect(whatsapp.text).toContain(
      `your order ${order.orderNumber} has shipped. Tracking ID BD-42.`,
    );
    // Both carry the order's one short link.
    const link = /\/o\/[0-9A-Za-z]{8}$/;
    expect(sms.text.match(link)?.[0]).toBe(whatsapp.text.match(link)?.[0]);
    expect(sms.text.match(link)).not.toBeNull();
  });

  it("enqueuing the same step again, or paying twice, writes and sends one message", async () => {
    const order = await placeWith({ whatsapp: true });
    await handle.db.transaction(async (tx) => {
      expect(
        messagesWritten(await notifyOrderStep(tx, "order-placed", order.id, new Date(), "")),
      ).toBe(0);
      expect(messagesWritten(await notifyOrderStep(tx, "out-for-delivery", order.id))).toBe(1);
      expect(messagesWritten(await notifyOrderStep(tx, "out-for-delivery", order.id))).toBe(0);
    });
    await ship(order.id);
    await expect(addTrackingId(handle.db, adminId, order.id, "AGAIN-1")).rejects.toThrow();
    await sendDueMessages(handle.db, testServices());
    expect((await messagesOf(order.id)).map((m) => m.event)).toEqual([
      "order-placed",
      "out-for-delivery",
      "order-shipped",
    ]);
    expect(await messageJobsOf(order.id)).toHaveLength(3);
    expect(await outboxMessages()).toHaveLength(3);
  });

  it("out for delivery, as the courier tracking reports it: once a day in India, again on a new attempt", async () => {
    const order = await placeWith({ whatsapp: true });
    await ship(order.id, "OFD-DAYS");
    const firstTry = new Date("2026-11-27T04:00:00.000Z");
    const sameDayLater = new Date("2026-11-27T12:00:00.000Z");
    const nextDay = new Date("2026-11-28T04:00:00.000Z");
    const report = (at: Date) =>
      handle.db.transaction((tx) =>
        notifyOrderStep(tx, "out-for-delivery", order.id, at).then(messagesWritten),
      );
    expect(await report(firstTry)).toBe(1);
    expect(await report(sameDayLater)).toBe(0);
    expect(await report(nextDay)).toBe(1);
    await sendDueMessages(handle.db, testServices());
    const told = (await messagesOf(order.id)).filter((m) => m.event === "out-for-delivery");
    expect(told.map((m) => m.state)).toEqual(["sent", "sent"]);
    expect(
      (await outboxMessages()).filter((m) => m.text.includes("is out for delivery today")),
    ).toHaveLength(2);
  });

  it("a card order is told when it is paid, once, even if paid twice", async () => {
    const order = await placeWith({ sms: true }, undefined, "razorpay");
    // Placed but not paid: nothing yet.
    expect(await messagesOf(order.id)).toEqual([]);
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: order.userId,
      orderId: order.id,
    });
    await handle.db.transaction((tx) => markOrderPaid(tx, order.id, "test"));
    await sendDueMessages(handle.db, testServices());
    expect(await messagesOf(order.id)).toMatchObject([
      { event: "order-placed", channel: "sms", state: "sent" },
    ]);
  });

  it("consent withdrawn after the step but before the send: skipped, recorded, not sent", async () => {
    const order = await placeWith({ whatsapp: true });
    await addTrackingId(handle.db, adminId, order.id, "SKIP-1");
    expect(await withdrawConsent(handle.db, order.userId, "whatsapp", "profile")).toBe(true);
    await sendDueMessages(handle.db, testServices());
    const shipped = (await messagesOf(order.id)).find((m) => m.event === "order-shipped");
    expect(shipped).toMatchObject({ state: "skipped", providerId: null });
    expect(shipped!.error).toContain("withdrew before it was sent");
    expect((await outboxMessages()).map((m) => m.text)).toEqual([
      expect.stringContaining("is confirmed"),
    ]);
    // The next step is not even enqueued.
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    await sendDueMessages(handle.db, testServices());
    expect((await messagesOf(order.id)).map((m) => m.event)).toEqual([
      "order-placed",
      "order-shipped",
    ]);
  });

  it("each step fires once: placed, shipped, out for delivery, a failed attempt, delivered, cancelled and refund processed", async () => {
    const delivered = await placeWith({ sms: true });
    await ship(delivered.id, "OFD-1");
    await handle.db.transaction((tx) => notifyOrderStep(tx, "out-for-delivery", delivered.id));
    await handle.db.transaction((tx) => notifyOrderStep(tx, "delivery-failed", delivered.id));
    await sendDueMessages(handle.db, testServices());
    await updateOrderStatus(handle.db, adminId, delivered.id, "delivered");
    // Saving the same status again is no step.
    await updateOrderStatus(handle.db, adminId, delivered.id, "delivered");
    await sendDueMessages(handle.db, testServices());

    const cancelled = await placeWith({ sms: true }, undefined, "razorpay");
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: cancelled.userId,
      orderId: cancelled.id,
    });
    await sendDueMessages(handle.db, testServices());
    await cancelOrderByCustomer(handle.db, { userId: cancelled.userId, orderId: cancelled.id });
    await runRefundJobs(handle.db, testServices());
    await sendDueMessages(handle.db, testServices());

    const events = [...(await messagesOf(delivered.id)), ...(await messagesOf(cancelled.id))].map(
      (m) => `${m.event}:${m.state}`,
    );
    expect(events.sort()).toEqual(
      [
        "order-placed:sent",
        "order-shipped:sent",
        "out-for-delivery:sent",
        "delivery-failed:sent",
        "order-delivered:sent",
        "order-placed:sent",
        "order-cancelled:sent",
        "refund-processed:sent",
      ].sort(),
    );
    const texts = (await outboxMessages()).map((m) => m.text);
    expect(texts).toContainEqual(
      expect.stringContaining(
        `Your order ${delivered.orderNumber} is out for delivery today. To pay: ${formatSmsRupees(delivered.total)} in cash.`,
      ),
    );
    expect(texts).toContainEqual(
      expect.stringContaining(
        `Order ${delivered.orderNumber} could not be delivered today. To pay: ${formatSmsRupees(delivered.total)} in cash.`,
      ),
    );
    expect(texts).toContainEqual(
      expect.stringContaining(
        `Your order ${delivered.orderNumber} (${formatSmsRupees(delivered.total)}) has been delivered`,
      ),
    );
    expect(texts).toContainEqual(
      expect.stringContaining(`Your order ${cancelled.orderNumber} (Rs.`),
    );
    // Every one a single GSM-7 segment (docs/decisions/070).
    for (const text of texts) expect(smsTextProblems(text)).toEqual([]);
    expect(texts).toContainEqual(
      expect.stringContaining(`for your order ${cancelled.orderNumber} has been processed`),
    );
    expect(
      ORDER_MESSAGE_EVENTS.every((event) => events.some((e) => e.startsWith(`${event}:`))),
    ).toBe(true);
  });

  it("a step undone before the send is skipped as no longer true", async () => {
    const order = await placeWith({ whatsapp: true });
    await ship(order.id);
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    await updateOrderStatus(handle.db, adminId, order.id, "shipped");
    await sendDueMessages(handle.db, testServices());
    const delivered = (await messagesOf(order.id)).find((m) => m.event === "order-delivered");
    expect(delivered).toMatchObject({ state: "skipped" });
    expect(delivered!.error).toContain("moved on");
  });

  describe("through MSG91", () => {
    let msg91: FakeMsg91;
    beforeAll(async () => {
      msg91 = await startFakeMsg91({ authKey: "msg91-test-key" });
    });
    afterAll(() => msg91.close());
    beforeEach(() => {
      chooseSms({
        mode: "msg91",
        authKey: "msg91-test-key",
        senderId: "SHOPAA",
        apiBase: msg91.baseUrl,
      });
    });
    afterEach(() => saveSettings({}));

    it("a step without its DLT template id: failed with the reason, nothing sent to MSG91", async () => {
      const before = msg91.requests.length;
      const order = await placeWith({ sms: true });
      const [message] = await messagesOf(order.id);
      expect(message).toMatchObject({ event: "order-placed", channel: "sms", state: "failed" });
      expect(message!.error).toBe(
        'No DLT template id is set for the "Order placed" SMS in Message settings, so it was not sent: MSG91 refuses text that is not a registered template',
      );
      expect(msg91.requests.length).toBe(before);
      expect(await messageJobsOf(order.id)).toHaveLength(1);
    });

    it("with its template id: sent once with the settings' sender, template and variables", async () => {
      await saveSettings({
        [templateField("sms", "order-placed")]: "1207161234567890123",
        smsSenderId: "SATAYU",
      });
      const order = await placeWith({ sms: true });
      const [message] = await messagesOf(order.id);
      expect(message).toMatchObject({ state: "sent", recipient: "+919876543210" });
      const accepted = msg91.sent.filter((sms) => sms.variables.order === order.orderNumber);
      expect(accepted).toEqual([
        expect.objectContaining({
          templateId: "1207161234567890123",
          sender: "SATAYU",
          mobiles: "919876543210",
          variables: {
            order: order.orderNumber,
            detail: formatSmsRupees(order.total),
            code: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
          },
        }),
      ]);
      expect(message!.providerId).toBe(accepted[0]!.requestId);
    });

    it("a refusal MSG91 may lift later stays queued with its reason; a final refusal fails", async () => {
      await saveSettings({ [templateField("sms", "order-placed")]: "1207161234567890123" });
      msg91.failNext(503, "Service unavailable");
      const order = await placeWith({ sms: true });
      const [waiting] = await messagesOf(order.id);
      expect(waiting).toMatchObject({ state: "queued" });
      expect(waiting!.error).toContain("Service unavailable");

      msg91.failNext(401, "Invalid authkey");
      const refused = await placeWith({ sms: true });
      const [failed] = await messagesOf(refused.id);
      expect(failed).toMatchObject({ state: "failed" });
      expect(failed!.error).toContain("Invalid authkey");
    });
  });

  it("the WhatsApp Cloud API without the step's template name: failed with the reason, nothing sent", async () => {
    // An address nothing listens on: a call would fail as unreachable, not with this reason.
    chooseWhatsApp({
      mode: "cloud",
      token: "cloud-test-token",
      phoneNumberId: "1234567890",
      apiBase: "http://127.0.0.1:9",
    });
    const order = await placeWith({ whatsapp: true });
    const [message] = await messagesOf(order.id);
    expect(message).toMatchObject({ channel: "whatsapp", state: "failed", providerId: null });
    expect(message!.error).toBe(
      'No WhatsApp template is set for "Order placed" in Message settings, so it was not sent: WhatsApp sends only approved templates',
    );
  });

  it("Send again on a failed message: queued again with its job from the first try, sent, audited; refused for any other", async () => {
    const owner = await createAdmin(handle.db);
    chooseWhatsApp({
      mode: "cloud",
      token: "cloud-test-token",
      phoneNumberId: "1234567890",
      apiBase: "http://127.0.0.1:9",
    });
    const order = await placeWith({ whatsapp: true });
    const [failed] = await messagesOf(order.id);
    expect(failed).toMatchObject({ state: "failed" });
    // The owner fixes the cause (here: messages go to the outbox), then sends it again.
    chooseWhatsApp({ mode: "outbox", outboxDir: outbox });
    const post = (fields: Record<string, string>) =>
      callRouteAt(ordersAction, `/admin/orders?view=${order.id}`, owner.cookies, {
        intent: "send-message-again",
        ...fields,
      });
    expect((await post({ messageId: "not-a-uuid" })).status).toBe(400);
    const again = await post({ messageId: failed!.id });
    expect(again.status).toBe(200);
    expect(again.toast).toMatchObject({ type: "success", title: "Message queued" });
    expect((await messagesOf(order.id))[0]).toMatchObject({ state: "queued", error: null });
    await sendDueMessages(handle.db, testServices());
    const [sent] = await messagesOf(order.id);
    expect(sent).toMatchObject({ id: failed!.id, state: "sent" });
    expect(await outboxMessages()).toHaveLength(1);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, failed!.id), eq(auditLog.action, "send-again")));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: owner.id, entity: "customer_message" });

    // A sent message is not sent again: 409, nothing written.
    const refused = await post({ messageId: failed!.id });
    expect(refused.status).toBe(409);
    expect((await messagesOf(order.id))[0]).toMatchObject({ state: "sent" });
    await sendDueMessages(handle.db, testServices());
    expect(await outboxMessages()).toHaveLength(1);
    // Only the owner may.
    const customer = await callRouteAt(ordersAction, "/admin/orders", [], {
      intent: "send-message-again",
      messageId: failed!.id,
    });
    expect(customer.status).toBe(302);
  });

  it("the shop-wide hourly cap: a message past it waits, queued with the reason", async () => {
    const first = await placeWith({ whatsapp: true });
    await saveSettings({ orderMessagesPerHour: "1" });
    try {
      // The cap counts every order message sent in the last hour; this suite has sent several.
      const second = await placeWith({ whatsapp: true });
      const [waiting] = await messagesOf(second.id);
      expect(waiting).toMatchObject({ state: "queued" });
      expect(waiting!.error).toBe(
        "The shop-wide cap of 1 order messages an hour was reached; it will be sent later",
      );
      expect((await messagesOf(first.id))[0]).toMatchObject({ state: "sent" });
      const [job] = await handle.db
        .select({ state: backgroundJobs.state, runAt: backgroundJobs.runAt })
        .from(backgroundJobs)
        .where(
          and(
            eq(backgroundJobs.kind, CUSTOMER_MESSAGE_JOB),
            eq(backgroundJobs.key, `${second.id}:order-placed::whatsapp`),
          ),
        );
      expect(job!.state).toBe("queued");
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await saveSettings({});
    }
  });

  it("sign-in codes and mails sent this hour leave the order messages' cap alone", async () => {
    await sendDueMessages(handle.db, testServices());
    const sent = await handle.db
      .select({
        channel: customerMessages.channel,
        event: customerMessages.event,
        sentAt: customerMessages.sentAt,
      })
      .from(customerMessages)
      .where(eq(customerMessages.state, "sent"));
    const orderMessagesThisHour = sent.filter(
      (row) =>
        row.channel !== "email" &&
        row.event !== SIGN_IN_CODE_EVENT &&
        row.sentAt!.getTime() > Date.now() - 60 * 60_000,
    ).length;
    // Room for one more order message, and more codes and mails than that sent meanwhile.
    await saveSettings({ orderMessagesPerHour: String(orderMessagesThisHour + 1) });
    try {
      for (let i = 0; i < 3; i += 1) {
        const number = `+9198765${String(Date.now() + i).slice(-5)}`;
        await logSentNotice(handle.db, {
          event: SIGN_IN_CODE_EVENT,
          about: number,
          occasion: `code-${i}`,
          channel: "sms",
          userId: null,
          recipient: number,
          outcome: { state: "sent", providerId: `outbox.code-${i}` },
        });
        await logSentNotice(handle.db, {
          event: "order-placed",
          about: `mail-${Date.now()}-${i}`,
          occasion: "",
          channel: "email",
          userId: null,
          recipient: `buyer${i}@gmail.com`,
          outcome: { state: "sent", providerId: `mail-job.${i}` },
        });
      }
      const order = await placeWith({ whatsapp: true });
      expect((await messagesOf(order.id))[0]).toMatchObject({ state: "sent", error: null });
    } finally {
      await saveSettings({});
    }
  });
});

describe(`the hourly cap with several senders on ${DATABASE_KIND}`, () => {
  it("three senders at once send exactly up to the cap; the rest wait with the reason", async () => {
    await sendDueMessages(handle.db, testServices());
    const sentThisHour = async () => {
      const rows = await handle.db
        .select({ state: customerMessages.state, sentAt: customerMessages.sentAt })
        .from(customerMessages)
        .where(
          and(
            eq(customerMessages.state, "sent"),
            ne(customerMessages.channel, "email"),
            ne(customerMessages.event, SIGN_IN_CODE_EVENT),
          ),
        );
      return rows.filter((row) => row.sentAt!.getTime() > Date.now() - 60 * 60_000).length;
    };
    const before = await sentThisHour();
    await saveSettings({ orderMessagesPerHour: String(before + 3) });
    try {
      // Four orders, each told on both channels: eight messages queued, none sent yet.
      const orders = [];
      for (let i = 0; i < 4; i += 1) {
        productCounter += 1;
        const [product] = await insertProducts(handle.db, [
          { name: `Shatavari ${productCounter}`, price: 30_000, stockQuantity: 20 },
        ]);
        const [customer] = await insertCustomers(handle.db, 1);
        await fillCart(handle.db, customer!, [{ productId: product!.id, quantity: 1 }]);
        orders.push(
          await orderFor(handle.db, customer!, {
            messageChoices: { sms: true, whatsapp: true },
            paymentMethod: "cod",
          }),
        );
      }
      await Promise.all([
        sendDueMessages(handle.db, testServices()),
        sendDueMessages(handle.db, testServices()),
        sendDueMessages(handle.db, testServices()),
      ]);
      expect(await sentThisHour()).toBe(before + 3);
      const messages = (await Promise.all(orders.map((order) => messagesOf(order.id)))).flat();
      expect(messages).toHaveLength(8);
      expect(messages.filter((message) => message.state === "sent")).toHaveLength(3);
      const waiting = messages.filter((message) => message.state === "queued");
      expect(waiting).toHaveLength(5);
      for (const message of waiting) {
        expect(message.error).toBe(
          `The shop-wide cap of ${before + 3} order messages an hour was reached; it will be sent later`,
        );
      }
      expect((await outboxMessages()).length).toBe(3);
    } finally {
      await saveSettings({});
    }
  });
});

describe(`message consent on ${DATABASE_KIND}`, () => {
  it("opting in, withdrawing and opting in again keeps every choice with its time", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const t0 = new Date("2026-11-01T10:00:00Z");
    const t1 = new Date("2026-11-02T10:00:00Z");
    const t2 = new Date("2026-11-03T10:00:00Z");
    expect(await optIn(handle.db, userId!, "sms", "checkout", t0)).toBe(true);
    expect(await optIn(handle.db, userId!, "sms", "profile", t1)).toBe(false);
    expect(await withdrawConsent(handle.db, userId!, "sms", "profile", t1)).toBe(true);
    expect(await withdrawConsent(handle.db, userId!, "sms", "profile", t1)).toBe(false);
    expect(await hasConsent(handle.db, userId!, "sms")).toBe(false);
    expect(await optIn(handle.db, userId!, "sms", "profile", t2)).toBe(true);
    expect(await hasConsent(handle.db, userId!, "sms")).toBe(true);
    expect(await hasConsent(handle.db, userId!, "whatsapp")).toBe(false);
    expect(await consentHistory(handle.db, userId!)).toEqual([
      {
        channel: "sms",
        optedInAt: t2,
        optedInVia: "profile",
        withdrawnAt: null,
        withdrawnVia: null,
      },
      {
        channel: "sms",
        optedInAt: t0,
        optedInVia: "checkout",
        withdrawnAt: t1,
        withdrawnVia: "profile",
      },
    ]);
  });

  it("many opt-ins at once leave one open consent", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const opened = await Promise.all(
      Array.from({ length: 6 }, () => optIn(handle.db, userId!, "whatsapp", "profile")),
    );
    expect(opened.filter(Boolean)).toHaveLength(1);
    const rows = await handle.db
      .select()
      .from(messageConsents)
      .where(eq(messageConsents.userId, userId!));
    expect(rows).toHaveLength(1);
  });

  it("the checkout's unticked box withdraws a consent given before; a box not shown leaves it", async () => {
    const order = await placeWith({ whatsapp: true, sms: true });
    await placeWith({ whatsapp: false }, order.userId);
    expect((await currentConsents(handle.db, order.userId)).map((c) => c.channel)).toEqual(["sms"]);
    const history = await consentHistory(handle.db, order.userId);
    expect(history.find((c) => c.channel === "whatsapp")).toMatchObject({
      withdrawnVia: "checkout",
    });
  });

  it("the database refuses a consent of an unknown channel or source", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    await expect(
      handle.db.insert(messageConsents).values({
        userId: userId!,
        channel: "pigeon" as never,
        optedInAt: new Date(),
        optedInVia: "checkout",
      }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(customerMessages)
        .values({ about: userId!, event: "order-placed", channel: "sms", state: "lost" as never }),
    ).rejects.toThrow();
  });
});

/** Saves the message settings through the form's schema: these fields, the rest as defaults. */
async function saveSettings(fields: Record<string, string>) {
  const input = messageSettingsFormSchema.parse({
    whatsappLanguage: "en",
    orderMessagesPerHour: "500",
    smsCodesPerHour: "300",
    ...fields,
  });
  return updateMessageSettings(handle.db, adminId, input);
}

describe(`message settings on ${DATABASE_KIND}`, () => {
  it("bad input is refused with a clear message per field", () => {
    const result = messageSettingsFormSchema.safeParse({
      [templateField("sms", "order-shipped")]: "12-ab",
      [templateField("whatsapp", "order-shipped")]: "Order Shipped!",
      smsSenderId: "SAT",
      whatsappLanguage: "english",
      orderMessagesPerHour: "0",
      smsCodesPerHour: "300",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual({
      "sms_order-shipped": "An SMS template ID is 1 to 40 letters and digits, as MSG91 shows it",
      "whatsapp_order-shipped":
        "A WhatsApp template name is up to 512 lower-case letters, digits and underscores",
      smsSenderId:
        "The SMS sender id is the 6 letters of the header registered on DLT, such as SATAYU",
      whatsappLanguage: "Enter the template language as WhatsApp names it, such as en, en_US or hi",
      orderMessagesPerHour: "The hourly cap is a whole number from 1 to 100000",
    });
    expect(
      messageSettingsFormSchema.safeParse({
        whatsappLanguage: "en",
        orderMessagesPerHour: "100001",
        smsCodesPerHour: "300",
      }).success,
    ).toBe(false);
  });

  it("a save is audited with what changed; saving the same again writes nothing", async () => {
    const changed = await saveSettings({
      [templateField("whatsapp", "order-shipped")]: "order_shipped_v2",
      smsSenderId: "satayu",
      orderMessagesPerHour: "250",
    });
    expect(changed.sort()).toEqual(["orderMessagesPerHour", "smsSenderId", "templates"]);
    const settings = await getMessageSettings(handle.db);
    expect(settings).toMatchObject({ smsSenderId: "SATAYU", orderMessagesPerHour: 250 });
    expect(settings.templates["order-shipped" as OrderMessageEvent]).toEqual({
      whatsapp: "order_shipped_v2",
      sms: "",
    });
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "message-settings"));
    const last = audits.at(-1)!;
    expect(last).toMatchObject({ actorId: adminId, action: "update", label: "Message settings" });
    expect(last.changes).toMatchObject({
      before: { smsSenderId: "", orderMessagesPerHour: 500 },
      after: { smsSenderId: "SATAYU", orderMessagesPerHour: 250 },
    });
    expect(
      await saveSettings({
        [templateField("whatsapp", "order-shipped")]: "order_shipped_v2",
        smsSenderId: "SATAYU",
        orderMessagesPerHour: "250",
      }),
    ).toEqual([]);
    await saveSettings({});
  });
});
