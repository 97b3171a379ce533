/**
 * docs/decisions/059: stock kept in lots with a ledger. The checkout allocates each line first
 * expiry first out across the size's sellable lots (never an expired one, nor one inside the
 * minimum shelf life), the order line remembers its lots, a cancellation gives the units back to
 * them, and after every kind of movement each size's lots add up to its ledger and its stock
 * figure is what its sellable lots hold.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sellableFrom, shopDate } from "~/domain/stock-lots";
import { productFormSchema } from "~/domain/validation/product";
import type { DatabaseHandle } from "~/lib/db.server";
import { findProduct } from "~/modules/catalog/product-detail.server";
import {
  createProduct,
  ProductAdminError,
  updateProduct,
} from "~/modules/catalog/products-admin.server";
import { dailyStockRefresh } from "~/modules/inventory/daily-refresh.server";
import { findLedgerMismatches } from "~/modules/inventory/ledger-check.server";
import {
  InventoryError,
  moveLotStock,
  openingLotOf,
  receiveLot,
  setSellableStock,
} from "~/modules/inventory/lots.server";
import { refreshSellableStock } from "~/modules/inventory/sellable.server";
import { enqueueDailyJob, startOfShopDate } from "~/modules/jobs/daily-jobs.server";
import { OrderError } from "~/modules/orders/order-errors";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import {
  backgroundJobs,
  orderItemLots,
  orderItems,
  productVariants,
  stockLots,
  stockMovements,
} from "../../db/schema";
import { createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts, setStock, stockOf } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
const today = shopDate();

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 20 });
  await wireApp(handle.db);
  await getSettings(handle.db);
});
afterAll(() => handle.close());

/** A product of one size holding `opening` units of opening stock. */
async function sized(opening = 0) {
  const [row] = await insertProducts(handle.db, [
    { name: `Triphala ${randomUUID().slice(0, 6)}`, stockQuantity: opening },
  ]);
  return row!;
}

function receive(
  variantId: string,
  batchNumber: string,
  expiresOn: string | null,
  quantity: number,
  receivedAt?: Date,
) {
  return handle.db.transaction((tx) =>
    receiveLot(tx, { variantId, batchNumber, expiresOn, quantity, receivedAt }),
  );
}

async function lotsOf(variantId: string) {
  const rows = await handle.db
    .select()
    .from(stockLots)
    .where(eq(stockLots.variantId, variantId))
    .orderBy(asc(stockLots.receivedAt));
  return new Map(rows.map((lot) => [lot.batchNumber ?? "opening", lot.quantityLeft]));
}

async function allocationsOf(orderId: string) {
  return handle.db
    .select({
      batchNumber: orderItemLots.batchNumber,
      expiresOn: orderItemLots.expiresOn,
      quantity: orderItemLots.quantity,
    })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItemLots.expiresOn));
}

async function movementsOf(variantId: string) {
  return handle.db
    .select({
      reason: stockMovements.reason,
      quantity: stockMovements.quantity,
      orderItemId: stockMovements.orderItemId,
      lotId: stockMovements.lotId,
    })
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
}

/** The identity: these sizes' lots add up to their ledger and their figure to their sellable lots. */
async function expectLedgerHolds(...variantIds: string[]) {
  const mismatches = await findLedgerMismatches(handle.db);
  expect(mismatches.filter((row) => variantIds.includes(row.variantId))).toEqual([]);
}

describe(`stock lots and the ledger on ${DATABASE_KIND}`, () => {
  it("gives a new size its opening lot, recorded in the ledger as opening stock", async () => {
    const item = await sized(7);
    const opening = await openingLotOf(handle.db, item.variantId);
    expect([opening.batchNumber, opening.quantityReceived, opening.quantityLeft]).toEqual([
      null,
      7,
      7,
    ]);
    expect(await movementsOf(item.variantId)).toEqual([
      { reason: "opening", quantity: 7, orderItemId: null, lotId: opening.id },
    ]);
    const empty = await sized(0);
    expect((await openingLotOf(handle.db, empty.variantId)).quantityLeft).toBe(0);
    expect(await movementsOf(empty.variantId)).toEqual([]);
    await expectLedgerHolds(item.variantId, empty.variantId);
  });

  it("sells first expiry first, a line spanning lots, opening stock last, and records the lots", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    const item = await sized(2);
    const late = addDays(today, 500);
    const early = addDays(today, 200);
    await receive(item.variantId, `LATE-${item.sku}`, late, 3);
    await receive(item.variantId, `EARLY-${item.sku}`, early, 2);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(7);
    expect((await findProduct(handle.db, item.slug))?.bestBefore).toMatch(
      /^Best before [A-Z][a-z]{2} \d{4}$/,
    );

    await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 4 }]);
    const placed = await orderFor(handle.db, userId);
    expect(await allocationsOf(placed.id)).toEqual([
      { batchNumber: `EARLY-${item.sku}`, expiresOn: early, quantity: 2 },
      { batchNumber: `LATE-${item.sku}`, expiresOn: late, quantity: 2 },
    ]);
    expect(Object.fromEntries(await lotsOf(item.variantId))).toEqual({
      opening: 2,
      [`LATE-${item.sku}`]: 1,
      [`EARLY-${item.sku}`]: 0,
    });
    const [line] = await handle.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id));
    const sold = (await movementsOf(item.variantId)).filter((m) => m.reason === "sold");
    expect(sold.map((m) => [m.quantity, m.orderItemId])).toEqual([
      [-2, line!.id],
      [-2, line!.id],
    ]);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(3);
    await expectLedgerHolds(item.variantId);

    // The next order takes the last of the later lot, then the opening stock.
    const [next] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, next, [{ variantId: item.variantId, quantity: 2 }]);
    const second = await orderFor(handle.db, next);
    expect(await allocationsOf(second.id)).toEqual([
      { batchNumber: `LATE-${item.sku}`, expiresOn: late, quantity: 1 },
      { batchNumber: null, expiresOn: null, quantity: 1 },
    ]);
    expect((await findProduct(handle.db, item.slug))?.bestBefore).toBeNull();
    await expectLedgerHolds(item.variantId);
  });

  it("takes the earlier received of two lots with the same expiry first", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    const item = await sized(0);
    const expiry = addDays(today, 300);
    await receive(item.variantId, `B-${item.sku}`, expiry, 2, new Date(Date.now() - 1_000));
    await receive(item.variantId, `A-${item.sku}`, expiry, 2, new Date(Date.now() - 60_000));
    await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId);
    expect((await allocationsOf(placed.id)).map((a) => a.batchNumber)).toEqual([`A-${item.sku}`]);
  });

  it("never sells an expired lot or one inside the minimum shelf life: such a size is out of stock", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    const item = await sized(0);
    await receive(item.variantId, `GONE-${item.sku}`, addDays(today, -1), 5);
    await receive(item.variantId, `NEAR-${item.sku}`, addDays(sellableFrom(today, 90), -1), 4);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(0);
    const page = await findProduct(handle.db, item.slug);
    expect([page?.stockQuantity, page?.bestBefore]).toEqual([0, null]);
    await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 1 }]);
    await expect(orderFor(handle.db, userId)).rejects.toBeInstanceOf(OrderError);
    expect(Object.fromEntries(await lotsOf(item.variantId))).toMatchObject({
      [`GONE-${item.sku}`]: 5,
      [`NEAR-${item.sku}`]: 4,
    });

    // A lot expiring exactly on the shelf-life line is still sold.
    await receive(item.variantId, `EDGE-${item.sku}`, sellableFrom(today, 90), 1);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(1);
    const placed = await orderFor(handle.db, userId);
    expect((await allocationsOf(placed.id)).map((a) => a.batchNumber)).toEqual([
      `EDGE-${item.sku}`,
    ]);
    await expectLedgerHolds(item.variantId);
  });

  it("follows a change of the minimum shelf life at once", async () => {
    const admin = await createAdmin(handle.db);
    const item = await sized(0);
    await receive(item.variantId, `SHORT-${item.sku}`, addDays(today, 30), 6);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(0);
    const settings = await getSettings(handle.db);
    const { id: _id, updatedAt: _updatedAt, ...editable } = settings;
    try {
      expect(
        await updateSettings(handle.db, admin.id, { ...editable, minShelfLifeDays: 20 }),
      ).toEqual(["minShelfLifeDays"]);
      expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(6);
      await expectLedgerHolds(item.variantId);
    } finally {
      await updateSettings(handle.db, admin.id, { ...editable, minShelfLifeDays: 90 });
    }
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(0);
  });

  it("gives a cancelled order's units back to the lots they came from, and a reopen allocates again", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    const admin = await createAdmin(handle.db);
    const item = await sized(5);
    await receive(item.variantId, `ONE-${item.sku}`, addDays(today, 200), 2);
    await receive(item.variantId, `TWO-${item.sku}`, addDays(today, 400), 2);
    await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 5 }]);
    const placed = await orderFor(handle.db, userId);
    expect(Object.fromEntries(await lotsOf(item.variantId))).toEqual({
      opening: 4,
      [`ONE-${item.sku}`]: 0,
      [`TWO-${item.sku}`]: 0,
    });

    // Meanwhile an owner writes off the opening stock: the return still goes to the batches.
    const opening = await openingLotOf(handle.db, item.variantId);
    await handle.db.transaction((tx) =>
      moveLotStock(tx, { lotId: opening.id, quantity: -4, reason: "written_off", note: "Damaged" }),
    );
    await cancelOrderByCustomer(handle.db, { userId, orderId: placed.id });
    expect(Object.fromEntries(await lotsOf(item.variantId))).toEqual({
      opening: 1,
      [`ONE-${item.sku}`]: 2,
      [`TWO-${item.sku}`]: 2,
    });
    const restocked = (await movementsOf(item.variantId)).filter((m) => m.reason === "restocked");
    expect(restocked.map((m) => m.quantity).sort()).toEqual([1, 2, 2]);
    // The allocations stay, so the cancelled order's invoice and credit note still name them.
    expect((await allocationsOf(placed.id)).map((a) => [a.batchNumber, a.quantity])).toEqual([
      [`ONE-${item.sku}`, 2],
      [`TWO-${item.sku}`, 2],
      [null, 1],
    ]);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(5);
    await expectLedgerHolds(item.variantId);

    await updateOrderStatus(handle.db, admin.id, placed.id, "pending");
    expect((await allocationsOf(placed.id)).map((a) => [a.batchNumber, a.quantity])).toEqual([
      [`ONE-${item.sku}`, 2],
      [`TWO-${item.sku}`, 2],
      [null, 1],
    ]);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(0);
    await expectLedgerHolds(item.variantId);
  });

  it("returns the units of an order placed before lots were kept to the opening lot", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    const item = await sized(0);
    await receive(item.variantId, `NEW-${item.sku}`, addDays(today, 300), 3);
    await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 3 }]);
    const placed = await orderFor(handle.db, userId);
    const itemIds = (
      await handle.db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, placed.id))
    ).map((row) => row.id);
    // As migration 0021 leaves an order placed before it: no allocations recorded.
    await handle.db.delete(orderItemLots).where(inArray(orderItemLots.orderItemId, itemIds));
    await cancelOrderByCustomer(handle.db, { userId, orderId: placed.id });
    expect(Object.fromEntries(await lotsOf(item.variantId))).toEqual({
      opening: 3,
      [`NEW-${item.sku}`]: 0,
    });
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(3);
  });

  it("keeps the identity through every kind of movement, and refuses moves that break it", async () => {
    const item = await sized(10);
    const lot = await receive(item.variantId, `MOVE-${item.sku}`, addDays(today, 365), 8);
    const move = (quantity: number, reason: Parameters<typeof moveLotStock>[1]["reason"]) =>
      handle.db.transaction((tx) =>
        moveLotStock(tx, { lotId: lot.id, quantity, reason, note: `${reason} in a test` }),
      );
    await expectLedgerHolds(item.variantId);
    await move(-2, "written_off");
    await expectLedgerHolds(item.variantId);
    await move(-1, "adjusted");
    await expectLedgerHolds(item.variantId);
    await move(3, "adjusted");
    await expectLedgerHolds(item.variantId);
    await move(-1, "sold");
    await move(1, "restocked");
    await expectLedgerHolds(item.variantId);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(18);

    await expect(move(-9, "written_off")).rejects.toThrow("Only 8 units are left in this lot.");
    await expect(move(2, "written_off")).rejects.toBeInstanceOf(InventoryError);
    await expect(move(0, "adjusted")).rejects.toThrow(
      "Enter a whole number of units other than zero.",
    );
    await expect(
      handle.db.transaction((tx) =>
        receiveLot(tx, {
          variantId: item.variantId,
          batchNumber: `move-${item.sku}`.toLowerCase(),
          quantity: 1,
        }),
      ),
    ).rejects.toThrow(`is already recorded for this size.`);
    await expect(receive(item.variantId, `ZERO-${item.sku}`, null, 0)).rejects.toThrow(
      "Enter the number of units received, at least 1.",
    );
    expect((await lotsOf(item.variantId)).get(`MOVE-${item.sku}`)).toBe(8);
    await expectLedgerHolds(item.variantId);
  });

  it("adjusts the opening lot for the product form's stock, refusing to take more than it holds", async () => {
    const item = await sized(4);
    await receive(item.variantId, `FORM-${item.sku}`, addDays(today, 365), 6);
    await setStock(handle.db, { variantId: item.variantId }, 12);
    expect(Object.fromEntries(await lotsOf(item.variantId))).toEqual({
      opening: 6,
      [`FORM-${item.sku}`]: 6,
    });
    const adjusted = (await movementsOf(item.variantId)).filter((m) => m.reason === "adjusted");
    expect(adjusted.map((m) => m.quantity)).toEqual([2]);
    await expect(
      handle.db.transaction((tx) =>
        setSellableStock(tx, { variantId: item.variantId, stockQuantity: 5 }),
      ),
    ).rejects.toThrow("Stock can be lowered here by at most 6, the opening stock");
    await setStock(handle.db, { variantId: item.variantId }, 6);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(6);
    await expectLedgerHolds(item.variantId);
  });

  it("records the product form's stock changes as adjustments of the opening lot, refused beside the field past it", async () => {
    const admin = await createAdmin(handle.db);
    const tag = randomUUID().slice(0, 6);
    const form = (stockQuantity: string) =>
      productFormSchema.parse({ name: `Brahmi Vati ${tag}`, price: "249.50", stockQuantity });
    const created = await createProduct(handle.db, admin.id, form("30"));
    const [size] = await handle.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, created!.id));
    const variantId = size!.id;
    await receive(variantId, `FORM2-${tag}`, addDays(today, 300), 10);
    expect(await stockOf(handle.db, { variantId })).toBe(40);

    await updateProduct(handle.db, admin.id, created!.id, form("45"));
    expect(Object.fromEntries(await lotsOf(variantId))).toEqual({
      opening: 35,
      [`FORM2-${tag}`]: 10,
    });
    const [adjusted] = await handle.db
      .select({ quantity: stockMovements.quantity, actorId: stockMovements.actorId })
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, variantId), eq(stockMovements.reason, "adjusted")));
    expect(adjusted).toEqual({ quantity: 5, actorId: admin.id });

    const refused = await updateProduct(handle.db, admin.id, created!.id, form("5")).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ProductAdminError);
    expect((refused as ProductAdminError).field).toBe("stockQuantity");
    expect((refused as Error).message).toBe(
      "Stock can be lowered here by at most 35, the opening stock; the rest is in batches. Adjust or write off batches on the size's stock lots page.",
    );
    expect(await stockOf(handle.db, { variantId })).toBe(45);
    await expectLedgerHolds(variantId);
  });

  it("names the sizes whose lots, ledger or stock figure disagree", async () => {
    const item = await sized(5);
    const other = await sized(5);
    await expectLedgerHolds(item.variantId, other.variantId);
    await handle.db
      .update(stockLots)
      .set({ quantityLeft: 4 })
      .where(eq(stockLots.variantId, item.variantId));
    await handle.db
      .update(productVariants)
      .set({ stockQuantity: 9 })
      .where(eq(productVariants.id, other.variantId));
    const found = (await findLedgerMismatches(handle.db)).filter((row) =>
      [item.variantId, other.variantId].includes(row.variantId),
    );
    expect(
      found.map((row) => ({
        id: row.variantId,
        onHand: row.onHand,
        ledger: row.ledger,
        lotsOff: row.lotsOff,
        figure: row.stockQuantity,
        sellable: row.sellable,
      })),
    ).toEqual(
      expect.arrayContaining([
        { id: item.variantId, onHand: 4, ledger: 5, lotsOff: 1, figure: 5, sellable: 4 },
        { id: other.variantId, onHand: 5, ledger: 5, lotsOff: 0, figure: 9, sellable: 5 },
      ]),
    );
    expect(found).toHaveLength(2);
    // Put right for the other tests' checks.
    await handle.db
      .update(stockLots)
      .set({ quantityLeft: 5 })
      .where(eq(stockLots.variantId, item.variantId));
    await refreshSellableStock(handle.db, { variantIds: [other.variantId] });
    await expectLedgerHolds(item.variantId, other.variantId);
  });

  it("sets the stock figures again once a day, as lots cross the shelf-life line", async () => {
    const item = await sized(1);
    await receive(item.variantId, `EDGE-${item.sku}`, sellableFrom(today, 90), 4);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(5);
    const tomorrow = addDays(today, 1);
    await dailyStockRefresh.run(
      { date: tomorrow },
      {
        database: handle.db,
        services: testServices(),
        jobId: randomUUID(),
        attempt: 1,
        stopping: () => false,
      },
    );
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(1);
    // Back to today, as the rest of the file reads it.
    await refreshSellableStock(handle.db);

    await enqueueDailyJob(handle.db, dailyStockRefresh);
    await enqueueDailyJob(handle.db, dailyStockRefresh);
    const jobs = await handle.db
      .select({ key: backgroundJobs.key, runAt: backgroundJobs.runAt })
      .from(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, "stock-refresh"),
          inArray(backgroundJobs.key, [today, tomorrow]),
        ),
      )
      .orderBy(asc(backgroundJobs.key));
    expect(jobs.map((job) => job.key)).toEqual([today, tomorrow]);
    expect(jobs[1]!.runAt.toISOString()).toBe(startOfShopDate(tomorrow).toISOString());
  });

  it("sets a figure the daily refresh has not yet lowered on the next sale, and refuses past the sellable lots", async () => {
    const [userId, other] = (await insertCustomers(handle.db, 2)) as [string, string];
    const item = await sized(2);
    await receive(item.variantId, `STALE-${item.sku}`, addDays(today, 200), 3);
    // As if the lot had crossed the shelf-life line since the last refresh.
    await handle.db
      .update(stockLots)
      .set({ expiresOn: addDays(today, 10) })
      .where(eq(stockLots.batchNumber, `STALE-${item.sku}`));
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(5);

    await fillCart(handle.db, other, [{ variantId: item.variantId, quantity: 3 }]);
    await expect(orderFor(handle.db, other)).rejects.toThrow(
      `Only 2 of ${item.name} left in stock`,
    );
    await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId);
    expect((await allocationsOf(placed.id)).map((a) => a.batchNumber)).toEqual([null]);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(1);
    await expectLedgerHolds(item.variantId);
  });

  it("sells the last 5 units across two lots to exactly 5 of 40 customers ordering at once", async () => {
    const customers = await insertCustomers(handle.db, 40);
    const item = await sized(0);
    await receive(item.variantId, `RACE-A-${item.sku}`, addDays(today, 200), 2);
    await receive(item.variantId, `RACE-B-${item.sku}`, addDays(today, 300), 3);
    for (const userId of customers) {
      await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 1 }]);
    }
    const results = await Promise.allSettled(
      customers.map((userId) => orderFor(handle.db, userId)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(OrderError);
    }
    expect(Object.fromEntries(await lotsOf(item.variantId))).toEqual({
      opening: 0,
      [`RACE-A-${item.sku}`]: 0,
      [`RACE-B-${item.sku}`]: 0,
    });
    const allocated = await handle.db
      .select({ quantity: orderItemLots.quantity })
      .from(orderItemLots)
      .innerJoin(stockLots, eq(stockLots.id, orderItemLots.lotId))
      .where(eq(stockLots.variantId, item.variantId));
    expect(allocated.reduce((sum, row) => sum + row.quantity, 0)).toBe(5);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(0);
    await expectLedgerHolds(item.variantId);
  });

  it("cancels and places orders across two lots at once without a deadlock or a lost unit", async () => {
    const item = await sized(0);
    await receive(item.variantId, `MIX-A-${item.sku}`, addDays(today, 200), 20);
    await receive(item.variantId, `MIX-B-${item.sku}`, addDays(today, 300), 20);
    const first = await insertCustomers(handle.db, 6);
    const placed = [];
    for (const userId of first) {
      await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 3 }]);
      placed.push({ userId, orderId: (await orderFor(handle.db, userId)).id });
    }
    const later = await insertCustomers(handle.db, 6);
    for (const userId of later) {
      await fillCart(handle.db, userId, [{ variantId: item.variantId, quantity: 3 }]);
    }
    const results = await Promise.allSettled([
      ...placed.map((order) => cancelOrderByCustomer(handle.db, order)),
      ...later.map((userId) => orderFor(handle.db, userId)),
    ]);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await stockOf(handle.db, { variantId: item.variantId })).toBe(22);
    await expectLedgerHolds(item.variantId);
  });
});
