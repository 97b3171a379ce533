import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  getDailySales,
  getDashboardStats,
  getRecentOrders,
} from "~/modules/admin/dashboard.server";
import { getLowStockProducts } from "~/modules/catalog/low-stock.server";
import { recordCashReceived } from "~/modules/orders/orders-admin.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { settings } from "../../db/schema";
import { callRouteAt, createAdmin, insertOrder, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

describe(`dashboard on ${DATABASE_KIND}`, () => {
  it("buckets revenue and orders by Indian calendar day, with zero days and no cancelled orders", async () => {
    const customer = await insertProfile(handle.db, { fullName: "Chart Buyer" });
    const order = (iso: string, total: number, status: "pending" | "cancelled" = "pending") =>
      insertOrder(handle.db, { userId: customer.id, total, status, createdAt: new Date(iso) });
    // 18:29:59 UTC is 23:59:59 in India on 1 March; 18:30 UTC is already 2 March there.
    await order("2025-03-01T18:29:59Z", 10000);
    await order("2025-03-01T18:30:00Z", 20000);
    await order("2025-03-02T05:00:00Z", 30000);
    await order("2025-03-02T06:00:00Z", 99900, "cancelled");
    // 31 March, 00:10 in India: just inside the window's last day (today).
    await order("2025-03-30T18:40:00Z", 5000);
    // 29 January in India: before a 30-day window ending on 31 March (which starts 2 March).
    await order("2025-01-29T10:00:00Z", 77700);

    const now = new Date("2025-03-31T12:00:00Z"); // 17:30 on 31 March in India
    const days = await getDailySales(handle.db, { days: 30, now });
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe("2025-03-02");
    expect(days.at(-1)?.day).toBe("2025-03-31");
    expect(days[0]).toEqual({ day: "2025-03-02", revenue: 50000, orders: 2 });
    expect(days.at(-1)).toEqual({ day: "2025-03-31", revenue: 5000, orders: 1 });
    expect(days.filter((d) => d.orders === 0)).toHaveLength(28);
    expect(days.find((d) => d.day === "2025-03-15")).toEqual({
      day: "2025-03-15",
      revenue: 0,
      orders: 0,
    });

    // A window one day earlier shows 1 March on its own.
    const earlier = await getDailySales(handle.db, {
      days: 31,
      now: new Date("2025-03-30T12:00:00Z"),
    });
    expect(earlier[0]).toEqual({ day: "2025-02-28", revenue: 0, orders: 0 });
    expect(earlier[1]).toEqual({ day: "2025-03-01", revenue: 10000, orders: 1 });
    expect(earlier[2]).toEqual({ day: "2025-03-02", revenue: 50000, orders: 2 });
  });

  it("lists stock at or below the threshold of the settings, lowest first, five at most", async () => {
    const tag = Date.now();
    await insertProducts(
      handle.db,
      [0, 3, 7, 10, 11, 25, 2, 9].map((stock) => ({
        name: `Stock ${stock} ${tag}`,
        stockQuantity: stock,
      })),
    );
    const low = await getLowStockProducts(handle.db, 10);
    expect(low.map((p) => p.stockQuantity)).toEqual([0, 2, 3, 7, 9]);
    const all = await getLowStockProducts(handle.db, 10, 50);
    expect(all.map((p) => p.stockQuantity)).toEqual([0, 2, 3, 7, 9, 10]);

    // The dashboard follows the threshold in the settings.
    await handle.db.update(settings).set({ lowStockThreshold: 2 }).where(eq(settings.id, 1));
    const admin = await createAdmin(handle.db);
    const answer = await callRouteAt<Awaited<ReturnType<typeof dashboardLoader>>>(
      dashboardLoader,
      "/admin/dashboard",
      admin.cookies,
    );
    expect(answer.body?.lowStockThreshold).toBe(2);
    expect(answer.body?.lowStock.map((p) => p.stockQuantity)).toEqual([0, 2]);
    expect(answer.body?.sales).toHaveLength(30);
    await handle.db.update(settings).set({ lowStockThreshold: 10 }).where(eq(settings.id, 1));
  });

  it("shows the latest five orders with the customer and the shipping city and state", async () => {
    const asha = await insertProfile(handle.db, { fullName: "Asha Recent" });
    const base = Date.parse("2030-01-01T00:00:00Z");
    for (let i = 0; i < 6; i += 1) {
      await insertOrder(handle.db, {
        userId: asha.id,
        total: 1000 * (i + 1),
        createdAt: new Date(base + i * 60_000),
        city: `Town ${i}`,
        state: "Goa",
      });
    }
    const recent = await getRecentOrders(handle.db, 5);
    expect(recent.map((o) => o.total)).toEqual([6000, 5000, 4000, 3000, 2000]);
    expect(recent[0]).toMatchObject({
      customerName: "Asha Recent",
      city: "Town 5",
      state: "Goa",
      status: "pending",
    });
  });

  it("counts customers without administrators, and cash still to collect apart from revenue", async () => {
    const stats = await getDashboardStats(handle.db);
    // Every customer above, not the administrator created by the previous test.
    expect(stats.totalCustomers).toBe(2);
    // Every order so far is cash on delivery with its cash not yet received: no revenue yet.
    // 10000+20000+30000+5000+77700 (chart test) + 21000 (recent orders); 99900 was cancelled.
    expect(stats.totalRevenue).toBe(0);
    expect(stats.cashToCollect).toBe(163700);
    expect(stats.totalOrders).toBe(12);
  });

  it("moves a cash-on-delivery order into revenue once its cash is recorded, never a cancelled one", async () => {
    const customer = await insertProfile(handle.db, { fullName: "Cash Buyer" });
    const admin = await createAdmin(handle.db);
    const before = await getDashboardStats(handle.db);
    const cod = await insertOrder(handle.db, { userId: customer.id, total: 64000 });
    const delivered = await insertOrder(handle.db, { userId: customer.id, total: 1000 });
    const middle = await getDashboardStats(handle.db);
    expect(middle.totalRevenue).toBe(before.totalRevenue);
    expect(middle.cashToCollect - before.cashToCollect).toBe(65000);

    await recordCashReceived(handle.db, admin.id, cod.id);
    // Delivered is not paid: the courier pays the cash in later (docs/decisions/049).
    await updateOrderStatus(handle.db, admin.id, delivered.id, "delivered");
    const afterDelivery = await getDashboardStats(handle.db);
    expect(afterDelivery.totalRevenue - before.totalRevenue).toBe(64000);
    expect(afterDelivery.cashToCollect - before.cashToCollect).toBe(1000);
    await recordCashReceived(handle.db, admin.id, delivered.id);
    const after = await getDashboardStats(handle.db);
    expect(after.totalRevenue - before.totalRevenue).toBe(65000);
    expect(after.cashToCollect).toBe(before.cashToCollect);

    // Cancelled after its cash came in: no longer revenue (the refund is due), still paid.
    await updateOrderStatus(handle.db, admin.id, cod.id, "cancelled");
    const cancelled = await getDashboardStats(handle.db);
    expect(cancelled.totalRevenue - before.totalRevenue).toBe(1000);
    expect(cancelled.cashToCollect).toBe(before.cashToCollect);
  });
});

describe(`the dashboard's product count on ${DATABASE_KIND}`, () => {
  it("counts the published products, and says how many drafts and archived ones it leaves out", async () => {
    const before = await getDashboardStats(handle.db);
    await insertProducts(handle.db, [
      { name: "Counted Published" },
      { name: "Counted Draft", status: "draft" },
      { name: "Counted Archived", status: "archived" },
      { name: "Counted Archived Too", status: "archived" },
    ]);
    const after = await getDashboardStats(handle.db);
    expect(after.totalProducts - before.totalProducts).toBe(1);
    expect(after.draftProducts - before.draftProducts).toBe(1);
    expect(after.archivedProducts - before.archivedProducts).toBe(2);
  });
});

describe(`test-gateway payments on the dashboard on ${DATABASE_KIND}`, () => {
  it("leave the revenue and the sales chart, and are shown apart", async () => {
    const customer = await insertProfile(handle.db, { fullName: "Test Mode Buyer" });
    const now = new Date();
    const before = await getDashboardStats(handle.db);
    const salesBefore = await getDailySales(handle.db, { days: 1, now });
    await insertOrder(handle.db, {
      userId: customer.id,
      total: 123400,
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      paymentProvider: "test",
      createdAt: now,
    });
    await insertOrder(handle.db, {
      userId: customer.id,
      total: 4500,
      paymentMethod: "razorpay",
      paymentStatus: "paid",
      paymentProvider: "razorpay",
      createdAt: now,
    });

    const after = await getDashboardStats(handle.db);
    expect(after.totalRevenue - before.totalRevenue).toBe(4500);
    expect(after.testRevenue - before.testRevenue).toBe(123400);
    expect(after.totalOrders - before.totalOrders).toBe(2);
    const salesAfter = await getDailySales(handle.db, { days: 1, now });
    expect(salesAfter[0]!.revenue - salesBefore[0]!.revenue).toBe(4500);
    expect(salesAfter[0]!.orders - salesBefore[0]!.orders).toBe(1);
  });
});
