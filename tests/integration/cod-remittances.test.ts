import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getDashboardStats } from "~/modules/admin/dashboard.server";
import { listRemittances } from "~/modules/payments/cod-remittances.server";
import { action, loader } from "~/routes/admin/remittances";
import {
  NOTHING_TO_REMIT_MESSAGE,
  recordTestCourierRemittance,
} from "~/workflows/cod-remittance.server";
import { auditLog, codRemittanceOrders, codRemittances, orders } from "../../db/schema";
import { callRouteAt, createAdmin, insertOrder, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { withCourier } from "./support/services";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
  await wireApp(handle.db);
});
afterAll(() => handle.close());

async function rowsOf(ids: string[]) {
  return handle.db.select().from(orders).where(inArray(orders.id, ids));
}

/** Settles every order an earlier test left owed, so each test counts only its own. */
async function settleEarlier() {
  await handle.db
    .update(orders)
    .set({ paymentStatus: "paid" })
    .where(eq(orders.paymentMethod, "cod"));
}

const RECORD = { intent: "record-test-remittance" };

describe(`cash on delivery paid out by the courier on ${DATABASE_KIND}`, () => {
  it("records the test courier's payout of every delivered COD order, as their cash received", async () => {
    await settleEarlier();
    const owner = await createAdmin(handle.db);
    const buyer = await insertProfile(handle.db, { fullName: "Remitted Buyer" });
    const order = (total: number, values: Partial<Parameters<typeof insertOrder>[1]> = {}) =>
      insertOrder(handle.db, { userId: buyer.id, total, status: "delivered", ...values });
    const first = await order(45_000);
    const second = await order(12_500);
    const onTheWay = await order(30_000, { status: "shipped" });
    const card = await order(20_000, {
      paymentMethod: "razorpay",
      paymentProvider: "test",
    });
    const before = await getDashboardStats(handle.db);
    expect(before.cashToCollect).toBe(45_000 + 12_500 + 30_000);

    const page = await callRouteAt<{ awaiting: { orders: number; amount: number } }>(
      loader,
      "/admin/remittances",
      owner.cookies,
    );
    expect(page.body!.awaiting).toEqual({ orders: 2, amount: 57_500 });

    const recorded = await callRouteAt(action, "/admin/remittances", owner.cookies, RECORD);
    expect(recorded.status).toBe(200);
    expect(recorded.toast).toMatchObject({ type: "success", title: "Remittance recorded" });
    expect(recorded.toast!.description).toMatch(/^TEST-\d{8}-[0-9A-F]{6}: ₹575\.00 for 2 orders$/);

    const rows = await rowsOf([first.id, second.id, onTheWay.id, card.id]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first.id)).toMatchObject({ paymentStatus: "paid" });
    expect(byId.get(first.id)!.paidAt).toBeInstanceOf(Date);
    expect(byId.get(second.id)).toMatchObject({ paymentStatus: "paid" });
    expect(byId.get(onTheWay.id)).toMatchObject({ paymentStatus: "pending" });
    expect(byId.get(card.id)).toMatchObject({ paymentStatus: "pending" });

    // "COD to collect" follows: what is still on its way to the door.
    expect((await getDashboardStats(handle.db)).cashToCollect).toBe(30_000);

    const [report] = await listRemittances(handle.db);
    expect(report).toMatchObject({ courier: "test", amount: 57_500 });
    expect(report!.orders.map((line) => [line.orderNumber, line.amount]).sort()).toEqual(
      [
        [first.orderNumber, 45_000],
        [second.orderNumber, 12_500],
      ].sort(),
    );
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [first.id, second.id]));
    expect(audit.map((entry) => entry.action)).toEqual(["record-remittance", "record-remittance"]);
    expect(audit[0]!.actorId).toBe(owner.id);
  });

  it("refuses a payout with nothing owed, 409 and nothing written", async () => {
    await settleEarlier();
    const owner = await createAdmin(handle.db);
    const before = await handle.db.select().from(codRemittances);
    const refused = await callRouteAt(action, "/admin/remittances", owner.cookies, RECORD);
    expect(refused.status).toBe(409);
    expect(refused.toast).toMatchObject({ description: NOTHING_TO_REMIT_MESSAGE });
    expect(await handle.db.select().from(codRemittances)).toEqual(before);
  });

  it("refuses an unknown intent and a customer, and the button with another courier", async () => {
    const owner = await createAdmin(handle.db);
    const unknown = await callRouteAt(action, "/admin/remittances", owner.cookies, {
      intent: "remit-everything",
    });
    expect(unknown.status).toBe(400);
    const customer = await createCustomer("Curious Customer");
    const denied = await callRouteAt(action, "/admin/remittances", customer.cookies, RECORD);
    expect(denied.status).toBe(302);
    expect(denied.location).toMatch(/^\/admin\/login/);

    await settleEarlier();
    const buyer = await insertProfile(handle.db, { fullName: "Courierless Buyer" });
    const owed = await insertOrder(handle.db, {
      userId: buyer.id,
      total: 9_900,
      status: "delivered",
    });
    await withCourier(
      null,
      () => import("~/routes/admin/remittances"),
      async (fresh) => {
        const refused = await callRouteAt(
          fresh.action,
          "/admin/remittances",
          owner.cookies,
          RECORD,
        );
        expect(refused.status).toBe(409);
        const page = await callRouteAt<{ testCourier: boolean }>(
          fresh.loader,
          "/admin/remittances",
          owner.cookies,
        );
        expect(page.body!.testCourier).toBe(false);
      },
    );
    expect((await rowsOf([owed.id]))[0]).toMatchObject({ paymentStatus: "pending" });
  });

  it("covers each order once when two payouts are recorded at the same moment", async () => {
    await settleEarlier();
    const owner = await createAdmin(handle.db);
    const buyer = await insertProfile(handle.db, { fullName: "Raced Buyer" });
    const owed = await Promise.all(
      [10_000, 20_000, 30_000].map((total) =>
        insertOrder(handle.db, { userId: buyer.id, total, status: "delivered" }),
      ),
    );
    const outcomes = await Promise.allSettled([
      recordTestCourierRemittance(handle.db, owner.id),
      recordTestCourierRemittance(handle.db, owner.id),
    ]);
    const done = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain(
      NOTHING_TO_REMIT_MESSAGE,
    );
    const covered = await handle.db
      .select()
      .from(codRemittanceOrders)
      .where(
        inArray(
          codRemittanceOrders.orderId,
          owed.map((order) => order.id),
        ),
      );
    expect(covered).toHaveLength(3);
    expect(new Set(covered.map((line) => line.remittanceId)).size).toBe(1);
  });

  it("keeps an order to one payout and a payout's reference to one per courier", async () => {
    const buyer = await insertProfile(handle.db, { fullName: "Constraint Buyer" });
    const order = await insertOrder(handle.db, { userId: buyer.id, total: 5_000 });
    const [payout] = await handle.db
      .insert(codRemittances)
      .values({ courier: "test", reference: "TEST-DUP", remittedAt: new Date(), amount: 5_000 })
      .returning();
    await handle.db
      .insert(codRemittanceOrders)
      .values({ remittanceId: payout!.id, orderId: order.id, amount: 5_000 });
    await expect(
      handle.db
        .insert(codRemittances)
        .values({ courier: "test", reference: "TEST-DUP", remittedAt: new Date(), amount: 0 }),
    ).rejects.toThrow();
    const [other] = await handle.db
      .insert(codRemittances)
      .values({ courier: "test", reference: "TEST-OTHER", remittedAt: new Date(), amount: 0 })
      .returning();
    await expect(
      handle.db
        .insert(codRemittanceOrders)
        .values({ remittanceId: other!.id, orderId: order.id, amount: 5_000 }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(codRemittances)
        .values({ courier: "dhl", reference: "X", remittedAt: new Date(), amount: 0 }),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(codRemittances)
        .values({ courier: "test", reference: "NEG", remittedAt: new Date(), amount: -1 }),
    ).rejects.toThrow();
  });
});
