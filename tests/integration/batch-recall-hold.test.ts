/**
 * docs/decisions/067, a batch recall reaches every customer on every channel and puts the batch
 * on hold: e-mail where there is an address, SMS always (a service message), WhatsApp with the
 * customer's opt-in; the batch stops selling in the same transaction, orders not yet shipped are
 * re-allocated first expiry first out or held ("Needs attention", not shippable); the hold can
 * be lifted, audited. Races on PostgreSQL: two owners recalling while a buyer checks out.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { monthFrom, shopDate } from "~/domain/stock-lots";
import { messageSettingsFormSchema, templateField } from "~/domain/validation/order-messages";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { findLedgerMismatches } from "~/modules/inventory/ledger-check.server";
import { receiveStock } from "~/modules/inventory/lots-admin.server";
import { sendDueMessages } from "~/modules/notifications/customer-message-job.server";
import { MAIL_JOB, sendDueMails } from "~/modules/notifications/mail-outbox.server";
import { optIn } from "~/modules/notifications/message-consents.server";
import { updateMessageSettings } from "~/modules/notifications/message-settings.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { liftBatchHold, recallBatch } from "~/modules/orders/recall-batch.server";
import { action as batchAction, loader as batchLoader } from "~/routes/admin/batch";
import { loader as recallCsvLoader } from "~/routes/admin/batch-recall-export";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import {
  auditLog,
  backgroundJobs,
  customerMessages,
  orderItemLots,
  orderItems,
  productVariants,
  profiles,
  stockLots,
} from "../../db/schema";
import { startFakeMsg91 } from "../fakes/msg91-api";
import { callRoute, getPage, postForm, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { firstSizeId, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { chooseSms, chooseWhatsApp, testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: MailMessage[];
let owner: { id: string; cookies: string[] };
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  owner = await signInAdministrator(handle.db);
});
beforeEach(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "batch-recall-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
  chooseWhatsApp({ mode: "outbox", outboxDir: outbox });
});
afterEach(async () => {
  chooseSms(undefined);
  chooseWhatsApp(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
});
afterAll(() => handle.close());

type OutboxFile = { channel: string; to: string; text: string };

async function outboxMessages(): Promise<OutboxFile[]> {
  const files = (await fs.readdir(outbox).catch(() => [])).sort();
  return Promise.all(
    files.map(async (file) => JSON.parse(await fs.readFile(path.join(outbox, file), "utf8"))),
  );
}

function month(offset: number) {
  return monthFrom(shopDate(), offset);
}

/** A size with the recalled batch (expiring first) and, unless `other` is 0, a later one. */
async function sizeWithBatches(recalled: number, other: number) {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const [product] = await insertProducts(handle.db, [
    {
      name: `Triphala Churna ${tag}`,
      label: "100 g",
      sku: `TC-${tag}`,
      price: 15000,
      stockQuantity: 0,
    },
  ]);
  const variantId = await firstSizeId(handle.db, product!.id);
  const lot = (batchNumber: string, expires: number, quantity: number) =>
    receiveStock(handle.db, owner.id, product!.id, {
      variantId,
      batchNumber,
      manufacturedOn: `${month(-1)}-01`,
      expiresOn: `${month(expires)}-28`,
      quantity,
    });
  const batch = `RC-${tag}`;
  const later = `LT-${tag}`;
  await lot(batch, 12, recalled);
  if (other > 0) await lot(later, 30, other);
  return { productId: product!.id, variantId, tag, batch, later };
}

async function customer(
  fullName: string,
  account: { mobileOnly?: boolean; whatsapp?: boolean } = {},
) {
  const [userId] = (await insertCustomers(handle.db, 1)) as [string];
  const mobile = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  await handle.db
    .update(profiles)
    .set({
      fullName,
      ...(account.mobileOnly
        ? {
            email: `mobile-${mobile.slice(1)}@no-email.invalid`,
            phoneNumber: mobile,
            phoneNumberVerified: true,
          }
        : {}),
    })
    .where(eq(profiles.id, userId));
  if (account.whatsapp) await optIn(handle.db, userId, "whatsapp", "profile");
  return { userId, mobile };
}

async function order(userId: string, variantId: string, quantity: number) {
  await fillCart(handle.db, userId, [{ variantId, quantity }]);
  return orderFor(handle.db, userId);
}

async function batchesOf(orderId: string) {
  const rows = await handle.db
    .select({ batch: orderItemLots.batchNumber, quantity: orderItemLots.quantity })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
    .where(eq(orderItems.orderId, orderId));
  return rows.sort((a, b) => String(a.batch).localeCompare(String(b.batch)));
}

async function stockOf(variantId: string) {
  const [row] = await handle.db
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

describe(`a batch recall on ${DATABASE_KIND}`, () => {
  it("tells every customer who received it on every channel they can receive, holds the batch and re-allocates the order not yet shipped", async () => {
    const size = await sizeWithBatches(10, 10);
    const asha = await customer("Asha Patil", { whatsapp: true });
    const ravi = await customer("Ravi Jadhav", { mobileOnly: true });
    const meera = await customer("Meera Shinde");
    const ashaOrder = await order(asha.userId, size.variantId, 2);
    const raviOrder = await order(ravi.userId, size.variantId, 1);
    const pending = await order(meera.userId, size.variantId, 3);
    await updateOrderStatus(handle.db, owner.id, ashaOrder.id, "shipped");
    await updateOrderStatus(handle.db, owner.id, raviOrder.id, "delivered");
    expect(await batchesOf(pending.id)).toEqual([{ batch: size.batch, quantity: 3 }]);
    expect(await stockOf(size.variantId)).toBe(14);
    sent.length = 0;

    const pressed = await callRoute(
      batchAction,
      postForm(`/admin/batches/${size.batch}`, owner.cookies, { intent: "recall" }),
      { batch: size.batch },
    );
    expect(pressed.status).toBe(200);
    expect(pressed.toast?.title).toBe("Recall notice sent to 2 customers");
    expect(pressed.toast?.description).toBe(
      `The batch is on hold. Re-allocated from other stock: ${pending.orderNumber}.`,
    );

    // The hold: the batch no longer sells; the pending order now ships the later batch.
    expect(await batchesOf(pending.id)).toEqual([{ batch: size.later, quantity: 3 }]);
    expect(await stockOf(size.variantId)).toBe(7);
    expect(await findLedgerMismatches(handle.db)).toEqual([]);

    // E-mail only to the customer with an address; SMS to both, though neither opted in to SMS;
    // WhatsApp to the one who opted in. Nothing to the customer whose order had not shipped.
    const mails = await handle.db
      .select({ key: backgroundJobs.key })
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, MAIL_JOB), sql`${backgroundJobs.key} like 'recall:%'`))
      .then((rows) => rows.filter((row) => row.key.endsWith(size.batch.toLowerCase())));
    expect(mails.map((row) => row.key)).toEqual([
      `recall:${asha.userId}:${size.batch.toLowerCase()}`,
    ]);
    // A mail's row in the log is written when it is first tried.
    await sendDueMails(handle.db, testServices());
    const messages = await handle.db
      .select({ about: customerMessages.about, channel: customerMessages.channel })
      .from(customerMessages)
      .where(eq(customerMessages.occasion, size.batch.toLowerCase()));
    expect(messages.map((m) => `${m.about}:${m.channel}`).sort()).toEqual(
      [
        `${asha.userId}:email`,
        `${asha.userId}:sms`,
        `${asha.userId}:whatsapp`,
        `${ravi.userId}:sms`,
      ].sort(),
    );

    await sendDueMails(handle.db, testServices());
    await sendDueMessages(handle.db, testServices());
    expect(sent.filter((mail) => mail.subject.includes(size.batch)).map((m) => m.to)).toHaveLength(
      1,
    );
    const texts = (await outboxMessages()).filter((m) => m.text.startsWith("Recall:"));
    expect(texts.map((m) => `${m.channel}:${m.to}`).sort()).toEqual(
      [`sms:+919876543210`, `whatsapp:+919876543210`, `sms:${ravi.mobile}`].sort(),
    );
    const sms = texts.find((m) => m.to === ravi.mobile)!;
    expect(sms.text).toBe(
      `Recall: stop using Triphala Churna ${size.tag} - 100 g batch ${size.batch}. Call ${sms.text.split("Call ")[1]!.split(" for")[0]} for refund or replacement. -${sms.text.split(" -").at(-1)}`,
    );
    expect(sms.text.length).toBeLessThanOrEqual(160);

    // The page: each customer's channels with their state; no placeholder address anywhere.
    const page = await callRoute<{
      held: boolean;
      channels: {
        customerName: string;
        channels: { channel: string; state: string; reason: string | null }[];
      }[];
      effects: { orderNumber: string; outcome: string }[];
    }>(batchLoader, getPage(`/admin/batches/${size.batch}`, owner.cookies), { batch: size.batch });
    expect(page.body!.held).toBe(true);
    const byName = Object.fromEntries(
      page.body!.channels.map((c) => [
        c.customerName,
        c.channels.map((ch) => `${ch.channel}:${ch.state}:${ch.reason ?? ""}`),
      ]),
    );
    expect(byName).toEqual({
      "Asha Patil": ["email:sent:", "sms:sent:", "whatsapp:sent:"],
      "Ravi Jadhav": [
        "email:skipped:no e-mail address",
        "sms:sent:",
        "whatsapp:skipped:not opted in to WhatsApp",
      ],
    });
    expect(page.body!.effects).toEqual([
      expect.objectContaining({ orderNumber: pending.orderNumber, outcome: "reallocated" }),
    ]);
    expect(JSON.stringify(page.body)).not.toContain("no-email.invalid");
    const csv = await callRoute(
      recallCsvLoader,
      getPage(`/admin/batches/${size.batch}/recall.csv`, owner.cookies),
      { batch: size.batch },
    );
    const text = await csv.response!.text();
    expect(text).toContain(raviOrder.orderNumber);
    expect(text).not.toContain("no-email.invalid");

    // Pressed again (or in a second tab): nothing is sent twice.
    const again = await callRoute(
      batchAction,
      postForm(`/admin/batches/${size.batch}`, owner.cookies, { intent: "recall" }),
      { batch: size.batch },
    );
    expect(again.status).toBe(409);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "recall-batch"), eq(auditLog.label, size.batch)));
    expect(audit).toMatchObject({
      actorId: owner.id,
      changes: { heldLots: 1, reallocated: [pending.orderNumber], mailed: [asha.userId] },
    });
  });

  it("holds an order no other lot can fill: 'Needs attention', not shippable, until the hold is lifted", async () => {
    const size = await sizeWithBatches(5, 0);
    const meera = await customer("Meera Shinde");
    const pending = await order(meera.userId, size.variantId, 2);
    const outcome = await recallBatch(
      handle.db,
      testServices().notifications,
      owner.id,
      size.batch,
    );
    expect(outcome).toMatchObject({
      newlyHeld: 1,
      reallocated: [],
      needsAttention: [pending.orderNumber],
    });
    expect(outcome.notices).toEqual([]);
    expect(await stockOf(size.variantId)).toBe(0);
    expect(await batchesOf(pending.id)).toEqual([{ batch: size.batch, quantity: 2 }]);

    await expect(addTrackingId(handle.db, owner.id, pending.id, "AWB123")).rejects.toThrow(
      `Order ${pending.orderNumber} is held: batch ${size.batch} is recalled`,
    );
    await expect(updateOrderStatus(handle.db, owner.id, pending.id, "shipped")).rejects.toThrow(
      "is held",
    );
    // The checkout cannot buy from the held lot.
    const buyer = await customer("Buyer");
    await expect(order(buyer.userId, size.variantId, 1)).rejects.toThrow();

    // A mistaken recall: lifted, audited; the order ships and the batch sells again.
    const lift = await callRoute(
      batchAction,
      postForm(`/admin/batches/${size.batch}`, owner.cookies, { intent: "lift-hold" }),
      { batch: size.batch },
    );
    expect(lift.status).toBe(200);
    expect(lift.toast?.title).toBe("Hold lifted");
    expect(await stockOf(size.variantId)).toBe(3);
    await addTrackingId(handle.db, owner.id, pending.id, "AWB123");
    expect(await liftBatchHold(handle.db, owner.id, size.batch)).toBe(false);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "lift-batch-hold"), eq(auditLog.label, size.batch)));
    expect(audit).toMatchObject({ actorId: owner.id, changes: { lots: 1 } });
    const [lot] = await handle.db
      .select()
      .from(stockLots)
      .where(eq(stockLots.batchNumber, size.batch));
    expect(lot).toMatchObject({ heldAt: null, holdLiftedBy: owner.id });
    expect(await findLedgerMismatches(handle.db)).toEqual([]);
  });

  it("cancelling a held order releases it; a customer no channel can reach is named", async () => {
    const size = await sizeWithBatches(5, 0);
    const ravi = await customer("Ravi Jadhav", { mobileOnly: true });
    const received = await order(ravi.userId, size.variantId, 1);
    await updateOrderStatus(handle.db, owner.id, received.id, "shipped");
    const pending = await order((await customer("Meera Shinde")).userId, size.variantId, 1);
    chooseSms({ mode: "off" });
    const pressed = await callRoute(
      batchAction,
      postForm(`/admin/batches/${size.batch}`, owner.cookies, { intent: "recall" }),
      { batch: size.batch },
    );
    expect(pressed.toast?.title).toBe(
      `Batch ${size.batch} put on hold; 1 customer could not be reached: no e-mail, SMS or WhatsApp`,
    );
    expect(pressed.toast?.description).toBe(
      `Needs attention, no other stock: ${pending.orderNumber}. Not reached: Ravi Jadhav.`,
    );
    await updateOrderStatus(handle.db, owner.id, pending.id, "cancelled");
    const page = await callRoute<{ effects: { outcome: string }[] }>(
      batchLoader,
      getPage(`/admin/batches/${size.batch}`, owner.cookies),
      { batch: size.batch },
    );
    expect(page.body!.effects).toEqual([expect.objectContaining({ outcome: "released" })]);
    expect(await findLedgerMismatches(handle.db)).toEqual([]);
  });

  it("through MSG91, the recall SMS uses the batch recall template of the message settings, its variables short", async () => {
    const msg91 = await startFakeMsg91({ authKey: "msg91-recall-key" });
    try {
      chooseSms({
        mode: "msg91",
        authKey: "msg91-recall-key",
        senderId: "SHOPAA",
        apiBase: msg91.baseUrl,
      });
      await updateMessageSettings(
        handle.db,
        owner.id,
        messageSettingsFormSchema.parse({
          whatsappLanguage: "en",
          orderMessagesPerHour: "500",
          smsCodesPerHour: "300",
          [templateField("sms", "recall")]: "1207160000000000099",
        }),
      );
      const size = await sizeWithBatches(5, 0);
      const ravi = await customer("Ravi Jadhav", { mobileOnly: true });
      const received = await order(ravi.userId, size.variantId, 1);
      await updateOrderStatus(handle.db, owner.id, received.id, "shipped");
      await recallBatch(handle.db, testServices().notifications, owner.id, size.batch);
      await sendDueMessages(handle.db, testServices());
      const recall = msg91.sent.filter((sms) => sms.templateId === "1207160000000000099");
      expect(recall).toHaveLength(1);
      expect(recall[0]!.mobiles).toBe(ravi.mobile.slice(1));
      expect(recall[0]!.variables.batch).toBe(size.batch);
      for (const value of Object.values(recall[0]!.variables)) {
        expect(value.length).toBeLessThanOrEqual(30);
      }
    } finally {
      await msg91.close();
      await updateMessageSettings(
        handle.db,
        owner.id,
        messageSettingsFormSchema.parse({
          whatsappLanguage: "en",
          orderMessagesPerHour: "500",
          smsCodesPerHour: "300",
        }),
      );
    }
  });

  it.runIf(DATABASE_KIND === "PostgreSQL")(
    "two owners recalling while a buyer checks out: one hold, one set of notices, nothing sold from the held lot",
    async () => {
      for (let round = 0; round < 3; round++) {
        const size = await sizeWithBatches(6, 6);
        const asha = await customer("Asha Patil");
        const shipped = await order(asha.userId, size.variantId, 1);
        await updateOrderStatus(handle.db, owner.id, shipped.id, "shipped");
        const pending = await order((await customer("Meera Shinde")).userId, size.variantId, 2);
        const buyer = await customer("Buyer");
        await fillCart(handle.db, buyer.userId, [{ variantId: size.variantId, quantity: 2 }]);
        const [first, second, bought] = await Promise.allSettled([
          recallBatch(handle.db, testServices().notifications, owner.id, size.batch),
          recallBatch(handle.db, testServices().notifications, owner.id, size.batch.toLowerCase()),
          orderFor(handle.db, buyer.userId),
        ]);
        expect(first.status).toBe("fulfilled");
        expect(second.status).toBe("fulfilled");
        expect(bought.status).toBe("fulfilled");
        const outcomes = [first, second].map(
          (r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof recallBatch>>>).value,
        );
        expect(outcomes.reduce((n, o) => n + o.newlyHeld, 0)).toBe(1);
        const audits = await handle.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "recall-batch"), eq(auditLog.label, size.batch)));
        expect(audits).toHaveLength(1);
        const jobs = await handle.db
          .select({ key: backgroundJobs.key })
          .from(backgroundJobs)
          .where(eq(backgroundJobs.key, `recall:${asha.userId}:${size.batch.toLowerCase()}`));
        expect(jobs).toHaveLength(1);
        const boughtOrder = (bought as PromiseFulfilledResult<{ id: string }>).value;
        // Whether the buyer came before or after the hold, no unshipped order ships the batch.
        for (const id of [pending.id, boughtOrder.id]) {
          expect(await batchesOf(id)).toEqual([expect.objectContaining({ batch: size.later })]);
        }
        const [lot] = await handle.db
          .select({ left: stockLots.quantityLeft })
          .from(stockLots)
          .where(inArray(stockLots.batchNumber, [size.batch]));
        expect(lot!.left).toBe(5);
        expect(await stockOf(size.variantId)).toBe(2);
        expect(await findLedgerMismatches(handle.db)).toEqual([]);
      }
    },
  );
});
