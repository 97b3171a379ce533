import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShipmentState } from "~/domain/shipments";
import type { DatabaseHandle } from "~/lib/db.server";
import { getShipmentPanels } from "~/modules/admin/dashboard.server";
import { listAdminOrders } from "~/modules/orders/orders-admin.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { shipments } from "../../db/schema";
import { callRouteAt, createAdmin, insertOrder, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { withCourier } from "./support/services";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

async function shippedOrder(state: ShipmentState, values: { total?: number } = {}) {
  const buyer = await insertProfile(handle.db, { fullName: "Parcel Buyer" });
  const order = await insertOrder(handle.db, {
    userId: buyer.id,
    total: values.total ?? 10_000,
    status: state === "delivered" ? "delivered" : "shipped",
  });
  await handle.db.insert(shipments).values({
    orderId: order.id,
    provider: "test",
    state,
    batchId: randomUUID(),
    weightGrams: 500,
    awb: `TEST${randomUUID().slice(0, 10)}`,
  });
  return order;
}

describe(`the dashboard's shipment panels on ${DATABASE_KIND}`, () => {
  it("counts the parcels by where they stand and links each group to its orders", async () => {
    const before = await getShipmentPanels(handle.db);
    const waiting = [await shippedOrder("booked"), await shippedOrder("pickup_requested")];
    const moving = [
      await shippedOrder("picked_up"),
      await shippedOrder("in_transit"),
      await shippedOrder("out_for_delivery"),
    ];
    const failed = await shippedOrder("failed_attempt");
    const returning = await shippedOrder("rto_initiated");
    await shippedOrder("delivered", { total: 25_000 });
    await shippedOrder("rto_delivered");

    const after = await getShipmentPanels(handle.db);
    expect(after["awaiting-pickup"] - before["awaiting-pickup"]).toBe(2);
    expect(after["in-transit"] - before["in-transit"]).toBe(3);
    expect(after["failed-attempt"] - before["failed-attempt"]).toBe(1);
    expect(after.returning - before.returning).toBe(1);
    // The delivered parcel's cash is with the courier until it pays it out.
    expect(after.cashWithCourier - before.cashWithCourier).toBe(25_000);
    expect(after.ordersWithCourier - before.ordersWithCourier).toBe(1);

    const ids = async (
      shipment: "awaiting-pickup" | "in-transit" | "failed-attempt" | "returning",
    ) =>
      (
        await listAdminOrders(handle.db, { q: undefined, status: undefined, shipment, page: 1 })
      ).orders
        .map((order) => order.id)
        .sort();
    expect(await ids("awaiting-pickup")).toEqual(expect.arrayContaining(waiting.map((o) => o.id)));
    expect(await ids("in-transit")).toEqual(expect.arrayContaining(moving.map((o) => o.id)));
    expect(await ids("in-transit")).not.toContain(failed.id);
    expect(await ids("failed-attempt")).toEqual(expect.arrayContaining([failed.id]));
    expect(await ids("returning")).toEqual(expect.arrayContaining([returning.id]));
    expect(await ids("returning")).not.toContain(failed.id);

    const owner = await createAdmin(handle.db);
    const page = await callRouteAt<{ shipments: Record<string, number> }>(
      dashboardLoader,
      "/admin/dashboard",
      owner.cookies,
    );
    expect(page.body!.shipments).toMatchObject({ "failed-attempt": after["failed-attempt"] });
    const list = await callRouteAt<{ query: { shipment?: string }; orders: { id: string }[] }>(
      ordersLoader,
      "/admin/orders?shipment=returning",
      owner.cookies,
    );
    expect(list.body!.query.shipment).toBe("returning");
    expect(list.body!.orders.map((order) => order.id)).toContain(returning.id);
    expect(list.body!.orders.map((order) => order.id)).not.toContain(failed.id);
    // An unknown group is no filter at all.
    const unknown = await callRouteAt<{ query: { shipment?: string } }>(
      ordersLoader,
      "/admin/orders?shipment=lost",
      owner.cookies,
    );
    expect(unknown.body!.query.shipment).toBeUndefined();
  });

  it("shows no panel with COURIER=off", async () => {
    const owner = await createAdmin(handle.db);
    await withCourier(
      null,
      () => import("~/routes/admin/dashboard"),
      async ({ loader }) => {
        const page = await callRouteAt<{ shipments: unknown }>(
          loader,
          "/admin/dashboard",
          owner.cookies,
        );
        expect(page.body!.shipments).toBeNull();
      },
    );
  });
});
