// docs/decisions/081: every notice, on every channel, is one row in one log.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_MAIL_ATTEMPTS } from "~/domain/mail-outbox";
import { placeholderEmail } from "~/domain/mobile-number";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { sendPhoneCode } from "~/modules/accounts/phone-sign-in.server";
import { runDueJobs } from "~/modules/jobs/run-jobs.server";
import { sendDueMessages } from "~/modules/notifications/customer-message-job.server";
import {
  listMessagesAbout,
  SIGN_IN_CODE_EVENT,
} from "~/modules/notifications/customer-messages.server";
import { mailJob, sendDueMails } from "~/modules/notifications/mail-outbox.server";
import { optIn } from "~/modules/notifications/message-consents.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { customerMessages, profiles } from "../../db/schema";
import { callRouteAt, createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import {
  chooseMailer,
  chooseSms,
  chooseWhatsApp,
  TEST_SECRET,
  testServices,
} from "./support/services";

const HOUR = 60 * 60_000;

let handle: DatabaseHandle;
let sent: MailMessage[];
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
});
beforeEach(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "notifications-log-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
  chooseWhatsApp({ mode: "outbox", outboxDir: outbox });
  chooseMailer({ send: async (message) => void sent.push(message) });
});
afterEach(async () => {
  await sendDueMessages(handle.db, testServices());
  chooseSms(undefined);
  chooseWhatsApp(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
});
afterAll(() => handle.close());

let counter = 0;

/** A cash-on-delivery order of one Brahmi Vati by `userId`, who chose these order updates. */
async function orderBy(userId: string, choices: Partial<Record<"whatsapp" | "sms", boolean>> = {}) {
  counter += 1;
  const [product] = await insertProducts(handle.db, [
    { name: `Brahmi Vati ${counter}`, price: 25_000, stockQuantity: 10 },
  ]);
  await fillCart(handle.db, userId, [{ productId: product!.id, quantity: 1 }]);
  return orderFor(handle.db, userId, { messageChoices: choices });
}

async function newCustomer() {
  return (await insertCustomers(handle.db, 1))[0]!;
}

function logOf(orderId: string) {
  return listMessagesAbout(handle.db, orderId);
}

describe(`the notifications log on ${DATABASE_KIND}`, () => {
  it("logs an order's mails beside its messages, each settled by its send", async () => {
    const customer = await newCustomer();
    const order = await orderBy(customer, { sms: true });
    await sendDueMails(handle.db, testServices());
    await sendDueMessages(handle.db, testServices());
    const [profile] = await handle.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, customer));
    const rows = await logOf(order.id);
    expect(rows.map((row) => `${row.event} ${row.channel} ${row.state}`).sort()).toEqual([
      "new-order-alert email sent",
      "order-placed email sent",
      "order-placed sms sent",
    ]);
    const mail = rows.find((row) => row.event === "order-placed" && row.channel === "email")!;
    expect(mail.recipient).toBe(profile!.email);
    expect(mail.providerId).toMatch(/^mail-job\.[0-9a-f-]{36}$/);
    // The order's later steps are told the same way, once each.
    await addTrackingId(
      handle.db,
      (await createAdmin(handle.db, "Log Shipper")).id,
      order.id,
      "LOG-1",
    );
    await sendDueMails(handle.db, testServices());
    const shipped = (await logOf(order.id)).filter((row) => row.event === "order-shipped");
    expect(shipped.map((row) => row.channel).sort()).toEqual(["email", "sms"]);
  });

  it("skips the mail of a customer who has no e-mail address, and says why", async () => {
    const [phoneOnly] = await handle.db
      .insert(profiles)
      .values({ fullName: "Phone Only", email: placeholderEmail(`+9198220${counter + 10000}`) })
      .returning({ id: profiles.id });
    const before = sent.length;
    const order = await orderBy(phoneOnly!.id);
    await sendDueMails(handle.db, testServices());
    const mail = (await logOf(order.id)).find(
      (row) => row.event === "order-placed" && row.channel === "email",
    );
    expect(mail).toMatchObject({ state: "skipped", error: "The customer has no e-mail address" });
    // Only the shop's alert went.
    const aboutOrder = sent.slice(before).filter((m) => m.subject.includes(order.orderNumber));
    expect(aboutOrder.map((m) => m.subject)).toEqual([`New order ${order.orderNumber}`]);
  });

  it("a mail that failed its last attempt is failed in the log, and Send again sends it", async () => {
    const owner = await createAdmin(handle.db, "Log Owner");
    chooseMailer({
      send: async () => {
        throw new Error("550 mailbox unavailable");
      },
    });
    const order = await orderBy(await newCustomer());
    let now = new Date();
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      await runDueJobs(handle.db, mailJob, { services: testServices(), now });
      now = new Date(now.getTime() + 2 * HOUR);
    }
    const failed = (await logOf(order.id)).find(
      (row) => row.event === "order-placed" && row.channel === "email",
    )!;
    expect(failed).toMatchObject({ state: "failed", error: "550 mailbox unavailable" });

    chooseMailer({ send: async (message) => void sent.push(message) });
    const again = await callRouteAt(ordersAction, `/admin/orders?view=${order.id}`, owner.cookies, {
      intent: "send-message-again",
      messageId: failed.id,
    });
    expect(again.status).toBe(200);
    expect((await logOf(order.id)).find((row) => row.id === failed.id)).toMatchObject({
      state: "queued",
      error: null,
    });
    const before = sent.length;
    await sendDueMails(handle.db, testServices());
    expect(sent.slice(before).map((m) => m.subject)).toEqual([
      expect.stringContaining(order.orderNumber),
    ]);
    expect((await logOf(order.id)).find((row) => row.id === failed.id)).toMatchObject({
      state: "sent",
    });
  });

  it("a channel switched off after the customer opted in is skipped in the log, with why", async () => {
    const customer = await newCustomer();
    await optIn(handle.db, customer, "whatsapp", "profile");
    chooseWhatsApp({ mode: "off" });
    const order = await orderBy(customer, { whatsapp: true });
    await sendDueMessages(handle.db, testServices());
    const whatsapp = (await logOf(order.id)).find((row) => row.channel === "whatsapp");
    expect(whatsapp).toMatchObject({
      state: "skipped",
      error: "WhatsApp messages are switched off",
    });
    expect((await fs.readdir(outbox)).filter((file) => file.includes("-whatsapp-"))).toEqual([]);
  });

  it("logs a sign-in code as sent, without its text, and a code that could not go as failed", async () => {
    const phoneNumber = "+919850011223";
    const outcome = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber,
        purpose: "sign-in",
        clientIp: "203.0.113.41",
      },
    );
    expect(outcome).toEqual({ ok: true });
    const codes = () =>
      handle.db
        .select()
        .from(customerMessages)
        .where(
          and(
            eq(customerMessages.event, SIGN_IN_CODE_EVENT),
            eq(customerMessages.recipient, phoneNumber),
          ),
        );
    const [logged] = await codes();
    expect(logged).toMatchObject({ channel: "sms", state: "sent", body: null });
    expect(logged!.providerId).toMatch(/-sms-919850011223-/);

    chooseSms({ mode: "msg91", authKey: "k", senderId: "SHOPAA", apiBase: "http://127.0.0.1:9" });
    const refused = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber: "+919850011224",
        purpose: "sign-in",
        clientIp: "203.0.113.42",
      },
    );
    expect(refused).toMatchObject({ ok: false, reason: "failed" });
    const [failed] = await handle.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.recipient, "+919850011224"));
    expect(failed).toMatchObject({ event: SIGN_IN_CODE_EVENT, state: "failed", body: null });
    expect(failed!.error).toBeTruthy();
  });
});
