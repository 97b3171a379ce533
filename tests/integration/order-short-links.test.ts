/**
 * The order SMS and their short links (docs/decisions/070): each SMS one GSM-7 segment with its
 * variables within DLT's 30 characters, carrying the order's own `/o/<code>`, made once per order
 * in the messages' transaction; the link opens the order for its customer and the back office for
 * the owner, and asks anyone else to sign in (or says it is not theirs) in the same way whether
 * the code exists or not. On PGlite and PostgreSQL.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SHORT_LINK_CODE_LENGTH } from "~/domain/short-links";
import { SMS_VARIABLE_MAX, smsTextProblems } from "~/domain/sms-text";
import { orderMailPath } from "~/domain/validation/order-history";
import type { DatabaseHandle } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { sendDueMessages } from "~/modules/notifications/customer-message-job.server";
import { notifyOrderStep } from "~/modules/orders/order-notices.server";
import { orderShortLinkCode } from "~/modules/orders/order-short-links.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { loader as orderLinkLoader } from "~/routes/store/order-link";
import { shortLinks } from "../../db/schema";
import { callRoute, createAdmin } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";
import { chooseSms, chooseWhatsApp, testServices } from "./support/services";

let handle: DatabaseHandle;
let outbox: string;
let owner: Customer;
let stranger: Customer;
let admin: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await createCustomer("Kavita Shinde");
  stranger = await createCustomer("Sunita More");
  admin = await createAdmin(handle.db);
});
beforeEach(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "order-short-links-"));
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

type OutboxFile = {
  channel: string;
  text: string;
  variables?: Record<string, string>;
  parameters?: string[];
};

async function outboxMessages(): Promise<OutboxFile[]> {
  const files = (await fs.readdir(outbox).catch(() => [])).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8"))),
  );
}

let productCounter = 0;

/** An order of one ₹300 product by `userId`, with these order-update choices; its messages sent. */
async function place(userId: string, choices?: Partial<Record<"whatsapp" | "sms", boolean>>) {
  productCounter += 1;
  const [product] = await insertProducts(handle.db, [
    { name: `Triphala Churna ${productCounter}`, price: 30_000, stockQuantity: 20 },
  ]);
  await fillCart(handle.db, userId, [{ productId: product!.id, quantity: 1 }]);
  const order = await orderFor(handle.db, userId, { messageChoices: choices });
  await sendDueMessages(handle.db, testServices());
  return order;
}

function linksOf(orderId: string) {
  return handle.db.select().from(shortLinks).where(eq(shortLinks.targetId, orderId));
}

function openLink(code: string, cookies: string[] = []) {
  return callRoute<{ fullName: string }>(
    orderLinkLoader as never,
    browserRequest(`/o/${code}`, cookies),
    { code },
  );
}

describe(`order SMS and their short links on ${DATABASE_KIND}`, () => {
  it("each SMS is one GSM-7 segment in Rs. with the order's short link; one link for all its messages", async () => {
    const order = await place(owner.id, { sms: true, whatsapp: true });
    const [link, ...more] = await linksOf(order.id);
    expect(more).toEqual([]);
    expect(link).toMatchObject({ kind: "order", targetId: order.id });
    expect(link!.code).toMatch(new RegExp(`^[0-9A-Za-z]{${SHORT_LINK_CODE_LENGTH}}$`));
    // Random, not made from the order.
    expect(order.id.replace(/-/g, "")).not.toContain(link!.code.toLowerCase());
    expect(order.orderNumber).not.toContain(link!.code);

    await addTrackingId(handle.db, admin.id, order.id, "DTDC7788990011");
    await sendDueMessages(handle.db, testServices());
    expect(await linksOf(order.id)).toHaveLength(1);

    const shop = getEnv().PUBLIC_URL;
    const messages = await outboxMessages();
    const texts = messages.filter((m) => m.channel === "sms");
    expect(texts.map((m) => m.text)).toEqual([
      `Satara Ayurveda: Your order ${order.orderNumber} of Rs.${(order.total / 100).toFixed(2)} is confirmed. See it at ${shop}/o/${link!.code}`,
      `Satara Ayurveda: Your order ${order.orderNumber} has shipped, tracking ID DTDC7788990011. Track: ${shop}/o/${link!.code}`,
    ]);
    for (const message of texts) {
      expect(smsTextProblems(message.text, message.variables)).toEqual([]);
      expect(Object.values(message.variables!).every((v) => v.length <= SMS_VARIABLE_MAX)).toBe(
        true,
      );
      expect(message.variables).toMatchObject({ order: order.orderNumber, code: link!.code });
    }
    // WhatsApp keeps its ₹ and its four parameters, the link the same short one.
    const whatsapp = messages.filter((m) => m.channel === "whatsapp");
    expect(whatsapp).toHaveLength(2);
    for (const message of whatsapp) {
      expect(message.parameters![3]).toBe(`${shop}/o/${link!.code}`);
      expect(message.text).toContain(`/o/${link!.code}`);
      expect(message.text).not.toContain("/profile?tab=orders");
    }
    expect(whatsapp[0]!.text).toContain("₹");
  });

  it("an order without messages gets no link; enqueuing again reuses the one link", async () => {
    const [newcomer] = await insertCustomers(handle.db, 1);
    const quiet = await place(newcomer!);
    expect(await linksOf(quiet.id)).toEqual([]);
    const order = await place(newcomer!, { sms: true });
    const [link] = await linksOf(order.id);
    await handle.db.transaction(async (tx) => {
      expect((await notifyOrderStep(tx, "out-for-delivery", order.id)).size).toBe(1);
    });
    expect((await linksOf(order.id)).map((row) => row.code)).toEqual([link!.code]);
  });

  it("two transactions linking one order at once agree on one code", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const order = await place(userId!);
    const codes = await Promise.all(
      [1, 2, 3].map(() => handle.db.transaction((tx) => orderShortLinkCode(tx, order.id))),
    );
    expect(new Set(codes).size).toBe(1);
    expect(await linksOf(order.id)).toHaveLength(1);
  });

  it("opens the order for its customer and the back office for the owner", async () => {
    const order = await place(owner.id, { sms: true });
    const [link] = await linksOf(order.id);
    const mine = await openLink(link!.code, owner.cookies);
    expect(mine.status).toBe(303);
    expect(mine.location).toBe(orderMailPath(order.id));
    expect(mine.response!.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.response!.headers.get("x-robots-tag")).toBe("noindex");

    const back = await openLink(link!.code, admin.cookies);
    expect(back).toMatchObject({ status: 303, location: `/admin/orders?view=${order.id}` });
  });

  it("a visitor is asked to sign in and brought back, the same for a code that does not exist", async () => {
    const order = await place(owner.id, { sms: true });
    const [link] = await linksOf(order.id);
    const known = await openLink(link!.code);
    expect(known.status).toBe(303);
    expect(known.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/o/${link!.code}`)}`);
    const unknown = await openLink("Zz00Zz00");
    expect(unknown.status).toBe(303);
    expect(unknown.location).toBe(`/auth?redirectTo=${encodeURIComponent("/o/Zz00Zz00")}`);
    expect(known.response!.headers.get("cache-control")).toBe("private, no-store");
    expect(unknown.response!.headers.get("cache-control")).toBe("private, no-store");
    // Nothing of the order on the way.
    expect(known.location).not.toContain(order.id);
  });

  it("another customer is told it is not theirs, in the same words whether the code exists or not", async () => {
    const order = await place(owner.id, { sms: true });
    const [link] = await linksOf(order.id);
    const foreign = await openLink(link!.code, stranger.cookies);
    const unknown = await openLink("Zz00Zz00", stranger.cookies);
    const malformed = await openLink("not-a-code", stranger.cookies);
    for (const answer of [foreign, unknown, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ fullName: "Sunita More" });
    }
    expect(JSON.stringify(foreign.body)).not.toContain(order.orderNumber);
  });
});
