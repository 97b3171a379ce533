/**
 * docs/decisions/059, the back office of stock lots: receiving a batch (every bad input refused
 * with its message, a 4xx and nothing written), adjusting and writing off a lot with a reason,
 * audited, the ledger holding throughout; the dashboard's expiry panels.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, monthFrom, shopDate } from "~/domain/stock-lots";
import type { DatabaseHandle } from "~/lib/db.server";
import { sizeNaming } from "~/modules/catalog/size-naming.server";
import { getExpiryAlerts } from "~/modules/inventory/expiry-alerts.server";
import { findLedgerMismatches } from "~/modules/inventory/ledger-check.server";
import { dailyStockCheck, describeMismatch } from "~/modules/inventory/stock-check.server";
import { enqueueDailyJob } from "~/modules/jobs/daily-jobs.server";
import { runJobs } from "~/modules/jobs/run-jobs.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as lotsAction, loader as lotsLoader } from "~/routes/admin/product-lots";
import {
  auditLog,
  backgroundJobs,
  productVariants,
  stockLots,
  stockMovements,
} from "../../db/schema";
import { callRoute, getPage, postForm, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { addSize, firstSizeId, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
let owner: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

function monthFromNow(offset: number) {
  return monthFrom(shopDate(), offset);
}

async function newProduct(stockQuantity = 0) {
  const tag = randomUUID().slice(0, 6);
  const [product] = await insertProducts(handle.db, [
    { name: `Ashwagandha ${tag}`, sku: `ASH-${tag}`, price: 20000, stockQuantity },
  ]);
  return { productId: product!.id, variantId: await firstSizeId(handle.db, product!.id), tag };
}

function post(productId: string, fields: Record<string, string>, cookies = owner.cookies) {
  return callRoute<{ ok: boolean; errors?: Record<string, string[]> }>(
    lotsAction,
    postForm(`/admin/products/${productId}/lots`, cookies, fields),
    { productId },
  );
}

function receive(productId: string, variantId: string, overrides: Record<string, string> = {}) {
  return post(productId, {
    intent: "receive",
    variantId,
    batchNumber: `B-${randomUUID().slice(0, 6)}`,
    manufacturedOn: monthFromNow(-2),
    expiresOn: monthFromNow(24),
    quantity: "10",
    ...overrides,
  });
}

async function writes() {
  const [[lots], [moves], [audits]] = await Promise.all([
    handle.db.select({ n: count() }).from(stockLots),
    handle.db.select({ n: count() }).from(stockMovements),
    handle.db.select({ n: count() }).from(auditLog),
  ]);
  return { lots: lots!.n, moves: moves!.n, audits: audits!.n };
}

async function lotsOf(variantId: string) {
  return handle.db
    .select()
    .from(stockLots)
    .where(and(eq(stockLots.variantId, variantId), sql`${stockLots.batchNumber} is not null`))
    .orderBy(stockLots.expiresOn);
}

async function stockOf(variantId: string) {
  const [row] = await handle.db
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

async function mismatchesOf(variantId: string) {
  return (await findLedgerMismatches(handle.db)).filter((row) => row.variantId === variantId);
}

describe(`stock lots in the back office on ${DATABASE_KIND}`, () => {
  it("a shop that has entered no batch sees no expiry panels", async () => {
    const today = shopDate();
    const alerts = await getExpiryAlerts(
      handle.db,
      { today, until: addDays(today, 150) },
      sizeNaming,
    );
    expect(alerts).toEqual({ tracksBatches: false, expiringSoon: [], expired: [] });
  });

  it.each([
    [{ batchNumber: "" }, "batchNumber", "Batch number is required"],
    [{ batchNumber: "B".repeat(41) }, "batchNumber", "Batch number must be at most 40 characters"],
    [{ batchNumber: "B 12" }, "batchNumber", "Use letters, digits, -, / and . only"],
    [{ batchNumber: "=1+2" }, "batchNumber", "Use letters, digits, -, / and . only"],
    [{ batchNumber: "B\u000012" }, "batchNumber", "Please remove invisible control characters"],
    [{ manufacturedOn: "" }, "manufacturedOn", "Manufacturing month is required"],
    [{ manufacturedOn: "2026-13" }, "manufacturedOn", "Enter the manufacturing month as MM/YYYY"],
    [
      { manufacturedOn: "2026-03-01" },
      "manufacturedOn",
      "Enter the manufacturing month as MM/YYYY",
    ],
    [
      { manufacturedOn: monthFromNow(1) },
      "manufacturedOn",
      "The manufacturing month cannot be in the future",
    ],
    [{ expiresOn: "" }, "expiresOn", "Expiry month is required"],
    [
      { manufacturedOn: monthFromNow(-30), expiresOn: monthFromNow(-30) },
      "expiresOn",
      "The expiry month must be after the manufacturing month",
    ],
    [
      { manufacturedOn: monthFromNow(-30), expiresOn: monthFromNow(-1) },
      "expiresOn",
      "This expiry month has passed",
    ],
    [{ quantity: "" }, "quantity", "Quantity is required"],
    [{ quantity: "0" }, "quantity", "Quantity must be at least 1"],
    [{ quantity: "-3" }, "quantity", "Quantity must be a whole number"],
    [{ quantity: "1.5" }, "quantity", "Quantity must be a whole number"],
    [{ quantity: "1e3" }, "quantity", "Quantity must be a whole number"],
    [{ quantity: "100001" }, "quantity", "Quantity must be at most 100000"],
    [{ variantId: "not-a-size" }, "variantId", "Choose the size you received"],
  ])(
    "receiving %j is refused: %s says so, 400, nothing written",
    async (fields, field, message) => {
      const { productId, variantId } = await newProduct();
      const before = await writes();
      const answer = await receive(productId, variantId, fields);
      expect(answer.status).toBe(400);
      expect(answer.body?.ok).toBe(false);
      expect(answer.body?.errors?.[field]?.[0]).toContain(message);
      expect(answer.toast?.description).toContain(message);
      expect(await writes()).toEqual(before);
    },
  );

  it("refuses a size of another product and a batch the size already has, in any case (409)", async () => {
    const { productId, variantId } = await newProduct();
    const other = await newProduct();
    const before = await writes();
    const foreign = await receive(productId, other.variantId);
    expect(foreign.status).toBe(409);
    expect(await writes()).toEqual(before);

    expect((await receive(productId, variantId, { batchNumber: "SA/24/101" })).status).toBe(200);
    const again = await writes();
    const twice = await receive(productId, variantId, { batchNumber: "sa/24/101" });
    expect(twice.status).toBe(409);
    expect(twice.body?.errors?.form?.[0]).toBe(
      "Batch sa/24/101 is already recorded for this size.",
    );
    expect(await writes()).toEqual(again);
  });

  it("a signed-out visitor can neither read nor write the lots page", async () => {
    const { productId, variantId } = await newProduct();
    const read = await callRoute(lotsLoader, getPage(`/admin/products/${productId}/lots`), {
      productId,
    });
    expect(read.status).toBe(302);
    const before = await writes();
    const write = await receive(productId, variantId, {});
    expect(write.status).toBe(200);
    const anonymous = await post(
      productId,
      {
        intent: "receive",
        variantId,
        batchNumber: "X1",
        manufacturedOn: monthFromNow(-1),
        expiresOn: monthFromNow(12),
        quantity: "5",
      },
      [],
    );
    expect(anonymous.status).toBe(302);
    expect((await writes()).lots).toBe(before.lots + 1);
  });

  it("receives a batch: month-end expiry, first-of-month manufacture, typed MM/YYYY too, ledger and audit", async () => {
    const { productId, variantId } = await newProduct();
    const expiry = monthFromNow(14);
    const typed = `${expiry.slice(5)}/${expiry.slice(0, 4)}`;
    const answer = await receive(productId, variantId, {
      batchNumber: "AV-2411",
      manufacturedOn: monthFromNow(-1),
      expiresOn: typed,
      quantity: "24",
    });
    expect(answer.status).toBe(200);
    expect(answer.toast?.title).toBe("Received 24 of batch AV-2411");
    const [lot] = await lotsOf(variantId);
    expect(lot!.manufacturedOn).toBe(`${monthFromNow(-1)}-01`);
    expect(lot!.expiresOn!.slice(0, 7)).toBe(expiry);
    expect(lot!.expiresOn! > `${expiry}-27`).toBe(true);
    expect(lot!.quantityLeft).toBe(24);
    expect(await stockOf(variantId)).toBe(24);
    expect(await mismatchesOf(variantId)).toEqual([]);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "receive-stock"), eq(auditLog.entityId, productId)));
    expect(entry!.actorId).toBe(owner.id);
    expect(entry!.changes).toMatchObject({ batchNumber: "AV-2411", quantity: 24 });

    const page = await callRoute<{
      sizes: { lots: { batchNumber: string | null; status: string }[] }[];
    }>(lotsLoader, getPage(`/admin/products/${productId}/lots`, owner.cookies), { productId });
    const lots = page.body!.sizes[0]!.lots;
    expect(lots.map((row) => [row.batchNumber, row.status])).toEqual([
      [null, "sellable"],
      ["AV-2411", "sellable"],
    ]);
  });

  it("receives a batch inside the minimum shelf life, saying its units will not be sold", async () => {
    const { productId, variantId } = await newProduct();
    const expiry = monthFromNow(1);
    const answer = await receive(productId, variantId, {
      batchNumber: "SHORT-1",
      manufacturedOn: monthFromNow(-20),
      expiresOn: expiry,
      quantity: "8",
    });
    expect(answer.status).toBe(200);
    expect(answer.toast).toMatchObject({
      type: "info",
      title: "Received 8 of batch SHORT-1",
      description: `Expiring ${expiry.slice(5)}/${expiry.slice(0, 4)}, inside the minimum shelf life of 90 days: its units will not be sold.`,
    });
    const [lot] = await lotsOf(variantId);
    expect(lot!.quantityLeft).toBe(8);
    expect(await stockOf(variantId)).toBe(0);
    // A batch that will be sold says nothing more.
    const sold = await receive(productId, variantId, { batchNumber: "LONG-1", quantity: "3" });
    expect(sold.toast).toEqual({ type: "success", title: "Received 3 of batch LONG-1" });
  });

  it("adjusts a lot to the count with a reason, audited; the ledger holds", async () => {
    const { productId, variantId } = await newProduct();
    await receive(productId, variantId, { batchNumber: "ADJ-1", quantity: "10" });
    const [lot] = await lotsOf(variantId);
    const other = await newProduct();
    const before = await writes();
    const noReason = await post(productId, {
      intent: "adjust",
      lotId: lot!.id,
      counted: "7",
      reason: "",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body?.errors?.reason?.[0]).toBe("Reason is required");
    const negative = await post(productId, {
      intent: "adjust",
      lotId: lot!.id,
      counted: "-1",
      reason: "Count",
    });
    expect(negative.status).toBe(400);
    const same = await post(productId, {
      intent: "adjust",
      lotId: lot!.id,
      counted: "10",
      reason: "Count",
    });
    expect(same.status).toBe(409);
    const foreign = await post(other.productId, {
      intent: "adjust",
      lotId: lot!.id,
      counted: "3",
      reason: "Count",
    });
    expect(foreign.status).toBe(409);
    expect(await writes()).toEqual(before);

    const done = await post(productId, {
      intent: "adjust",
      lotId: lot!.id,
      counted: "7",
      reason: "Shelf count, 3 missing",
    });
    expect(done.status).toBe(200);
    const [after] = await lotsOf(variantId);
    expect(after!.quantityLeft).toBe(7);
    expect(await stockOf(variantId)).toBe(7);
    const [move] = await handle.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.lotId, lot!.id), eq(stockMovements.reason, "adjusted")));
    expect(move).toMatchObject({ quantity: -3, note: "Shelf count, 3 missing", actorId: owner.id });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "adjust-stock"), eq(auditLog.entityId, productId)));
    expect(entry!.changes).toMatchObject({ batchNumber: "ADJ-1", from: 10, to: 7 });
    expect(await mismatchesOf(variantId)).toEqual([]);
  });

  it("writes off units of a lot, never more than it holds; the ledger holds", async () => {
    const { productId, variantId } = await newProduct();
    await receive(productId, variantId, { batchNumber: "WO-1", quantity: "5" });
    const [lot] = await lotsOf(variantId);
    const before = await writes();
    // Not yet answered "yes": the question comes back with the values sent, and nothing is written.
    const unasked = await post(productId, {
      intent: "write-off",
      lotId: lot!.id,
      quantity: "2",
      reason: "Damaged in storage",
    });
    expect(unasked.status).toBe(200);
    expect(unasked.body).toMatchObject({
      ok: false,
      confirm: true,
      values: { quantity: "2", reason: "Damaged in storage" },
    });
    expect(unasked.toast).toBeNull();
    const tooMany = await post(productId, {
      intent: "write-off",
      lotId: lot!.id,
      quantity: "6",
      reason: "Damaged in storage",
      confirmed: "yes",
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body?.errors?.form?.[0]).toBe("Only 5 units are left in this lot.");
    const zero = await post(productId, {
      intent: "write-off",
      lotId: lot!.id,
      quantity: "0",
      reason: "Damaged",
    });
    expect(zero.status).toBe(400);
    const badLot = await post(productId, {
      intent: "write-off",
      lotId: "x",
      quantity: "1",
      reason: "Damaged",
    });
    expect(badLot.status).toBe(400);
    const unknown = await post(productId, { intent: "delete", lotId: lot!.id });
    expect(unknown.status).toBe(400);
    expect(await writes()).toEqual(before);

    const done = await post(productId, {
      intent: "write-off",
      lotId: lot!.id,
      quantity: "2",
      reason: "Damaged in storage",
      confirmed: "yes",
    });
    expect(done.status).toBe(200);
    expect(done.toast?.title).toBe("Wrote off 2 units");
    expect((await lotsOf(variantId))[0]!.quantityLeft).toBe(3);
    expect(await stockOf(variantId)).toBe(3);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "write-off-stock"), eq(auditLog.entityId, productId)));
    expect(entry!.changes).toMatchObject({ batchNumber: "WO-1", quantity: 2, left: 3 });
    expect(await mismatchesOf(variantId)).toEqual([]);
  });

  it("the dashboard lists lots expiring within the shelf-life window and 60 days, and expired stock on hand", async () => {
    const { productId, variantId, tag } = await newProduct();
    await receive(productId, variantId, {
      batchNumber: `SOON-${tag}`,
      manufacturedOn: monthFromNow(-20),
      expiresOn: monthFromNow(4),
    });
    await receive(productId, variantId, {
      batchNumber: `LATE-${tag}`,
      expiresOn: monthFromNow(30),
    });
    // A lot past its expiry cannot be received; one left on the shelf gets there by time.
    const sized = await addSize(handle.db, productId, { label: "60 tabs", sku: `ASH-60-${tag}` });
    await handle.db.insert(stockLots).values({
      variantId: sized.id,
      batchNumber: `OLD-${tag}`,
      manufacturedOn: "2023-01-01",
      expiresOn: addDays(shopDate(), -10),
      quantityReceived: 4,
      quantityLeft: 4,
    });
    const today = shopDate();
    const alerts = await getExpiryAlerts(
      handle.db,
      { today, until: addDays(today, 90 + 60), limit: 50 },
      sizeNaming,
    );
    expect(alerts.tracksBatches).toBe(true);
    const soon = alerts.expiringSoon.map((row) => row.batchNumber);
    expect(soon).toContain(`SOON-${tag}`);
    expect(soon).not.toContain(`LATE-${tag}`);
    expect(
      alerts.expired.map((row) => [row.batchNumber, row.name, row.quantityLeft]),
    ).toContainEqual([`OLD-${tag}`, `Ashwagandha ${tag} – 60 tabs`, 4]);
  });

  it("the daily stock check and the dashboard name a size whose lot disagrees with its ledger", async () => {
    const { productId, variantId, tag } = await newProduct();
    await receive(productId, variantId, { batchNumber: `LED-${tag}`, quantity: "6" });
    const [lot] = await lotsOf(variantId);
    // A change made behind the ledger's back (a hand edit of the database).
    await handle.db.update(stockLots).set({ quantityLeft: 9 }).where(eq(stockLots.id, lot!.id));
    try {
      const [found] = await mismatchesOf(variantId);
      expect(describeMismatch(found!)).toBe(
        `Ashwagandha ${tag} (SKU ASH-${tag}): lots 9, ledger 6, shown 6, sellable 9`,
      );
      const page = await callRoute<{ mismatches: { variantId: string }[] }>(
        dashboardLoader,
        getPage("/admin/dashboard", owner.cookies),
      );
      expect(page.body!.mismatches.map((row) => row.variantId)).toContain(variantId);

      await enqueueDailyJob(handle.db, dailyStockCheck);
      await enqueueDailyJob(handle.db, dailyStockCheck);
      await runJobs(handle.db, testServices(), dailyStockCheck);
      const jobs = await handle.db
        .select({ key: backgroundJobs.key, state: backgroundJobs.state })
        .from(backgroundJobs)
        .where(eq(backgroundJobs.kind, "stock-check"));
      const today = shopDate();
      expect(jobs.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: today, state: "done" },
        { key: addDays(today, 1), state: "queued" },
      ]);
    } finally {
      await handle.db.update(stockLots).set({ quantityLeft: 6 }).where(eq(stockLots.id, lot!.id));
    }
    expect(await mismatchesOf(variantId)).toEqual([]);
  });
});
