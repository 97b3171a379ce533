/**
 * docs/decisions/059, recall of a batch: the orders list's search matches batch numbers; a
 * batch's page lists every order, customer and quantity that received it (cancelled orders left
 * out), as CSV too; its button mails each customer a recall notice once, however often pressed
 * (the other channels and the hold: batch-recall-hold.test.ts).
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthFrom, shopDate } from "~/domain/stock-lots";
import { parseAdminOrderQuery } from "~/domain/validation/order-admin";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { receiveStock } from "~/modules/inventory/lots-admin.server";
import { MAIL_JOB, sendDueMails } from "~/modules/notifications/mail-outbox.server";
import { recipientsOfBatch } from "~/modules/orders/batch-recall.server";
import { listAdminOrders } from "~/modules/orders/orders-admin.server";
import { recallBatch } from "~/modules/orders/recall-batch.server";
import { RECALL_CSV_HEADER } from "~/modules/orders/recall-csv.server";
import { action as batchAction, loader as batchLoader } from "~/routes/admin/batch";
import { loader as recallCsvLoader } from "~/routes/admin/batch-recall-export";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { auditLog, backgroundJobs, orderItemLots, profiles } from "../../db/schema";
import { callRoute, getPage, postForm, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { firstSizeId, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: MailMessage[];
let owner: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  owner = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

function month(offset: number) {
  return monthFrom(shopDate(), offset);
}

/**
 * A size with two batches received (the sooner-expiring one holding 3), and customers' orders
 * filled from them first expiry first out.
 */
async function batchedSize() {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const [product] = await insertProducts(handle.db, [
    {
      name: `Dashmool Arishta ${tag}`,
      label: "450 ml",
      sku: `DA-${tag}`,
      price: 25000,
      stockQuantity: 0,
    },
  ]);
  const variantId = await firstSizeId(handle.db, product!.id);
  const first = `R1-${tag}`;
  const second = `R2-${tag}`;
  const lot = (batchNumber: string, expires: number, quantity: number) =>
    receiveStock(handle.db, owner.id, product!.id, {
      variantId,
      batchNumber,
      manufacturedOn: `${month(-1)}-01`,
      expiresOn: `${month(expires)}-28`,
      quantity,
    });
  await lot(second, 30, 20);
  await lot(first, 12, 3);
  return { productId: product!.id, variantId, tag, first, second };
}

async function orderOf(variantId: string, quantity: number, fullName = "Order Tester") {
  const [userId] = (await insertCustomers(handle.db, 1)) as [string];
  await handle.db.update(profiles).set({ fullName }).where(eq(profiles.id, userId));
  await fillCart(handle.db, userId, [{ variantId, quantity }]);
  const order = await orderFor(handle.db, userId);
  return { ...order, userId };
}

describe(`recall of a batch on ${DATABASE_KIND}`, () => {
  it("an order of more than the first lot holds is filled from both; the orders search finds it by either batch", async () => {
    const size = await batchedSize();
    const order = await orderOf(size.variantId, 5);
    const rows = await handle.db
      .select({ batch: orderItemLots.batchNumber, quantity: orderItemLots.quantity })
      .from(orderItemLots)
      .innerJoin(sql`order_items i`, sql`i.id = ${orderItemLots.orderItemId}`)
      .where(sql`i.order_id = ${order.id}`);
    expect(rows.sort((a, b) => a.quantity - b.quantity)).toEqual([
      { batch: size.second, quantity: 2 },
      { batch: size.first, quantity: 3 },
    ]);
    for (const q of [size.first.toLowerCase(), size.second, `R2-${size.tag.slice(0, 3)}`]) {
      const list = await listAdminOrders(
        handle.db,
        parseAdminOrderQuery(new URLSearchParams({ q })),
      );
      expect(list.orders.map((item) => item.id)).toContain(order.id);
    }
    const none = await listAdminOrders(
      handle.db,
      parseAdminOrderQuery(new URLSearchParams({ q: `R3-${size.tag}` })),
    );
    expect(none.orders).toEqual([]);
  });

  it("the recall list names every order, customer and quantity of the batch, cancelled orders left out", async () => {
    const size = await batchedSize();
    const asha = await orderOf(size.variantId, 2, "Asha Patil");
    const ravi = await orderOf(size.variantId, 4, "Ravi Jadhav");
    const cancelled = await orderOf(size.variantId, 1, "Meera Shinde");
    await updateOrderStatus(handle.db, owner.id, cancelled.id, "cancelled");
    const first = await recipientsOfBatch(handle.db, size.first.toLowerCase());
    expect(first.map((row) => [row.orderNumber, row.customerName, row.quantity])).toEqual([
      [ravi.orderNumber, "Ravi Jadhav", 1],
      [asha.orderNumber, "Asha Patil", 2],
    ]);
    const second = await recipientsOfBatch(handle.db, size.second);
    expect(second.map((row) => [row.customerName, row.quantity])).toEqual([["Ravi Jadhav", 3]]);

    const page = await callRoute<{ batch: string; lots: unknown[]; recipients: unknown[] }>(
      batchLoader,
      getPage(`/admin/batches/${size.first}`, owner.cookies),
      { batch: size.first.toLowerCase() },
    );
    expect(page.status).toBe(200);
    expect(page.body!.batch).toBe(size.first);
    expect(page.body!.lots).toHaveLength(1);
    expect(page.body!.recipients).toHaveLength(2);
    const missing = await callRoute(batchLoader, getPage("/admin/batches/NOPE", owner.cookies), {
      batch: "NOPE-0",
    });
    expect(missing.status).toBe(404);
    const bad = await callRoute(batchLoader, getPage("/admin/batches/x", owner.cookies), {
      batch: "has space",
    });
    expect(bad.status).toBe(404);
    const signedOut = await callRoute(batchLoader, getPage(`/admin/batches/${size.first}`), {
      batch: size.first,
    });
    expect(signedOut.status).toBe(302);
  });

  it("downloads the recall list as CSV, cells a spreadsheet would run escaped", async () => {
    const size = await batchedSize();
    const order = await orderOf(size.variantId, 1, "=HYPERLINK(1)");
    const answer = await callRoute(
      recallCsvLoader,
      getPage(`/admin/batches/${size.first}/recall.csv`, owner.cookies),
      { batch: size.first },
    );
    const response = answer.response!;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="recall-${size.first}.csv"`,
    );
    const text = await response.text();
    const [header, row, end] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(RECALL_CSV_HEADER.join(","));
    expect(row).toContain(`${size.first},${order.orderNumber},`);
    expect(row).toContain(",'=HYPERLINK(1),");
    expect(row!.endsWith(`,DA-${size.tag},1`)).toBe(true);
    expect(end).toBe("");
    const signedOut = await callRoute(
      recallCsvLoader,
      getPage(`/admin/batches/${size.first}/recall.csv`),
      { batch: size.first },
    );
    expect(signedOut.status).toBe(302);
  });

  it("mails each customer who received the batch one recall notice, however often the button is pressed", async () => {
    const size = await batchedSize();
    const asha = await orderOf(size.variantId, 1, "Asha Patil");
    // Asha's second order of the batch gets her no second notice.
    await handle.db
      .update(profiles)
      .set({ fullName: "Asha Patil" })
      .where(eq(profiles.id, asha.userId));
    await fillCart(handle.db, asha.userId, [{ variantId: size.variantId, quantity: 1 }]);
    await orderFor(handle.db, asha.userId);
    const ravi = await orderOf(size.variantId, 1, "Ravi Jadhav");
    // Only orders that left the shop received the batch (docs/decisions/067).
    for (const order of await handle.db
      .select({ id: sql<string>`o.id` })
      .from(sql`orders o`)
      .where(sql`o.user_id in (${asha.userId}, ${ravi.userId})`)) {
      await updateOrderStatus(handle.db, owner.id, order.id, "shipped");
    }
    const path = `/admin/batches/${size.first}`;
    sent.length = 0;

    const pressed = await callRoute(
      batchAction,
      postForm(path, owner.cookies, { intent: "recall" }),
      {
        batch: size.first,
      },
    );
    expect(pressed.status).toBe(200);
    expect(pressed.toast?.title).toBe("Recall notice sent to 2 customers");
    const again = await callRoute(
      batchAction,
      postForm(path, owner.cookies, { intent: "recall" }),
      {
        batch: size.first.toLowerCase(),
      },
    );
    expect(again.status).toBe(409);
    expect(again.toast?.description).toBe(
      "Every customer who received this batch has already been sent the notice",
    );
    const unknown = await callRoute(batchAction, postForm(path, owner.cookies, { intent: "x" }), {
      batch: size.first,
    });
    expect(unknown.status).toBe(400);
    const anonymous = await callRoute(batchAction, postForm(path, [], { intent: "recall" }), {
      batch: size.first,
    });
    expect(anonymous.status).toBe(302);

    const jobs = await handle.db
      .select({ key: backgroundJobs.key })
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, MAIL_JOB), sql`${backgroundJobs.key} like 'recall:%'`))
      .then((rows) => rows.filter((row) => row.key.endsWith(size.first.toLowerCase())));
    expect(jobs.map((row) => row.key).sort()).toEqual(
      [
        `recall:${asha.userId}:${size.first.toLowerCase()}`,
        `recall:${ravi.userId}:${size.first.toLowerCase()}`,
      ].sort(),
    );
    await sendDueMails(handle.db, testServices());
    const notices = sent.filter((mail) => mail.subject.includes(size.first));
    expect(notices).toHaveLength(2);
    const toAsha = notices.find((mail) => mail.text.includes("Dear Asha Patil"))!;
    expect(toAsha.subject).toBe(
      `Recall: Dashmool Arishta ${size.tag} – 450 ml, batch ${size.first}`,
    );
    expect(toAsha.text).toContain(
      `We are recalling batch ${size.first} of Dashmool Arishta ${size.tag} – 450 ml.`,
    );
    expect(toAsha.text).toContain("Please stop using it and contact us at");
    expect(toAsha.text).toContain("for a replacement or refund.");
    expect(toAsha.text).toContain(asha.orderNumber);

    // A finished job pruned after the retention period does not make the notice go again.
    await handle.db
      .delete(backgroundJobs)
      .where(sql`${backgroundJobs.key} like ${`recall:%:${size.first.toLowerCase()}`}`);
    const afterPruning = await recallBatch(
      handle.db,
      testServices().notifications,
      owner.id,
      size.first,
    );
    expect(
      afterPruning.notices.map((notice) => notice.channels.find((c) => c.channel === "email")),
    ).toEqual([
      { channel: "email", outcome: "told-before" },
      { channel: "email", outcome: "told-before" },
    ]);

    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "recall-batch"), eq(auditLog.label, size.first)));
    expect(entry).toMatchObject({
      actorId: owner.id,
      changes: { heldLots: 1, mailed: expect.arrayContaining([asha.userId, ravi.userId]) },
    });
  });

  // Concurrent on PostgreSQL; PGlite runs the two transactions one after the other.
  it("two presses at the same moment still write one notice per customer", async () => {
    const size = await batchedSize();
    for (const name of ["Asha Patil", "Ravi Jadhav"]) {
      const order = await orderOf(size.variantId, 1, name);
      await updateOrderStatus(handle.db, owner.id, order.id, "shipped");
    }
    const results = await Promise.all([
      recallBatch(handle.db, testServices().notifications, owner.id, size.first),
      recallBatch(handle.db, testServices().notifications, owner.id, size.first.toLowerCase()),
    ]);
    const jobs = await handle.db
      .select({ key: backgroundJobs.key })
      .from(backgroundJobs)
      .where(sql`${backgroundJobs.key} like ${`recall:%:${size.first.toLowerCase()}`}`);
    expect(jobs).toHaveLength(2);
    expect(results.reduce((n, r) => n + r.newlyHeld, 0)).toBe(1);
  });
});
