/**
 * The promised delivery day (docs/decisions/072): placeOrder keeps the day the rule names from
 * the courier's word (standard and express, the shop's holidays, none with COURIER=off or the
 * courier down); express refused where the courier has no faster service; the day in the
 * confirmation mail, the customer's Orders tab and the admin order; the holidays saved, audited
 * and refused in the settings; late orders on the dashboard, the orders list and the CSV export.
 * PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_MESSAGES } from "~/domain/delivery-promise";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { getShipmentPanels } from "~/modules/admin/dashboard.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { ExpressUnavailableError } from "~/modules/orders/order-errors";
import { getAdminOrder, listAdminOrders } from "~/modules/orders/orders-admin.server";
import { ordersCsvStream } from "~/modules/orders/orders-export.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import { auditLog, orders, shipments } from "../../db/schema";
import { callRoute, callRouteAt, createAdmin, insertOrder, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor, SHIPPING_ADDRESS } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";
import { chooseCourier, testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: MailMessage[];
let admin: Customer;

/** Wednesday 2 December 2026, 10:00 in India: packed Thu 3 and Fri 4, leaving Friday. */
const WEDNESDAY = new Date("2026-12-02T04:30:00Z");
const DEFAULT_HOLIDAYS = ["01-26", "05-01", "08-15", "10-02"];

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  admin = await createAdmin(handle.db, "Promise Owner");
});
beforeEach(() => testServices().shipping.forget());
afterEach(async () => {
  chooseCourier(undefined);
  vi.restoreAllMocks();
  await holidays(DEFAULT_HOLIDAYS);
});
afterAll(() => handle.close());

async function holidays(days: string[]) {
  await updateSettings(handle.db, admin.id, {
    ...(await getSettings(handle.db)),
    shopHolidays: days,
  });
}

async function shopper() {
  const customer = await createCustomer("Promise Shopper");
  const [item] = await insertProducts(handle.db, [
    { name: `Promise Triphala ${randomUUID().slice(0, 6)}`, price: 40_000, stockQuantity: 20 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 1 }]);
  return customer;
}

async function promisedOf(orderId: string) {
  const [row] = await handle.db
    .select({ day: orders.promisedDeliveryOn })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.day;
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

/** The test courier quoting its cheapest (surface) service only: nothing faster. */
function surfaceOnly() {
  const real = testCourier.serviceability.bind(testCourier);
  return vi.spyOn(testCourier, "serviceability").mockImplementation(async (...args) => {
    const answer = await real(...args);
    return answer?.serviceable ? { ...answer, quotes: answer.quotes.slice(0, 1) } : answer;
  });
}

describe(`the promised day kept on the order on ${DATABASE_KIND}`, () => {
  it("is the rule's day for the courier's surface service (standard) and air service (express)", async () => {
    const cases = [
      // Satara: packed by Fri 4, surface 2 days, Sun 6, moved to Mon 7; express packed first, by
      // Thu 3, air 1 day, Fri 4.
      { pin: "415003", method: "standard", day: "2026-12-07" },
      { pin: "415003", method: "express", day: "2026-12-04" },
      // Delhi: surface 5 days, Wed 9; air 3 days from Thu 3, Sun 6, moved to Mon 7.
      { pin: "110001", method: "standard", day: "2026-12-09" },
      { pin: "110001", method: "express", day: "2026-12-07" },
    ] as const;
    for (const { pin, method, day } of cases) {
      const buyer = await shopper();
      const placed = await orderFor(handle.db, buyer.id, {
        address: { ...SHIPPING_ADDRESS, postalCode: pin },
        shippingMethod: method,
        now: WEDNESDAY,
      });
      expect(await promisedOf(placed.id), `${pin} ${method}`).toBe(day);
    }
  });

  it("skips the shop's holidays from the settings", async () => {
    // Friday 4 Dec closed: an express order packed Thu 3, air 1 day lands on the Friday and
    // moves to Sat 5; a standard one is packed Thu 3 and Sat 5, surface 2 days, Mon 7.
    await holidays([...DEFAULT_HOLIDAYS, "2026-12-04"]);
    const buyer = await shopper();
    const placed = await orderFor(handle.db, buyer.id, {
      shippingMethod: "express",
      now: WEDNESDAY,
    });
    expect(await promisedOf(placed.id)).toBe("2026-12-05");
    const other = await shopper();
    const standard = await orderFor(handle.db, other.id, { now: WEDNESDAY });
    expect(await promisedOf(standard.id)).toBe("2026-12-07");
  });

  it("is none with COURIER=off, nor when the courier cannot be reached; the order is placed", async () => {
    chooseCourier(null);
    const off = await shopper();
    const placedOff = await orderFor(handle.db, off.id, {
      shippingMethod: "express",
      now: WEDNESDAY,
    });
    expect(await promisedOf(placedOff.id)).toBeNull();

    chooseCourier(undefined);
    vi.spyOn(testCourier, "serviceability").mockRejectedValue(new Error("courier down"));
    const down = await shopper();
    const placedDown = await orderFor(handle.db, down.id, { now: WEDNESDAY });
    expect(await promisedOf(placedDown.id)).toBeNull();
  });

  it("is named in the confirmation mail, the customer's Orders tab and the admin order", async () => {
    const buyer = await shopper();
    const placed = await orderFor(handle.db, buyer.id, { now: WEDNESDAY });
    const mail = sent.find((m) => m.subject === `Order confirmed: ${placed.orderNumber}`);
    expect(mail?.text).toContain("Delivery by");
    expect(mail?.text).toContain("Mon, 7 Dec");
    const [mine] = (await listCustomerOrders(handle.db, buyer.id)).orders;
    expect(mine!.deliveryBy).toBe("Mon, 7 Dec");
    expect((await getAdminOrder(handle.db, placed.id))!.deliveryBy).toBe("Mon, 7 Dec");
    // Delivered: the customer no longer reads a promise; the owner still sees what was promised.
    await handle.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, placed.id));
    expect((await listCustomerOrders(handle.db, buyer.id)).orders[0]!.deliveryBy).toBeNull();
    expect((await getAdminOrder(handle.db, placed.id))!.deliveryBy).toBe("Mon, 7 Dec");

    chooseCourier(null);
    const off = await shopper();
    const placedOff = await orderFor(handle.db, off.id, { now: WEDNESDAY });
    const offMail = sent.find((m) => m.subject === `Order confirmed: ${placedOff.orderNumber}`);
    expect(offMail?.text).not.toContain("Delivery by");
    expect((await listCustomerOrders(handle.db, off.id)).orders[0]!.deliveryBy).toBeNull();
    expect((await getAdminOrder(handle.db, placedOff.id))!.deliveryBy).toBeNull();
  });
});

describe(`express only where the courier is faster on ${DATABASE_KIND}`, () => {
  it("is offered with the faster service's day, and the options' days follow the rule", async () => {
    const buyer = await shopper();
    const page = await callRoute<{
      expressBy: string | null;
      delivery: { by: string | null; expressBy?: string | null };
    }>(checkoutLoader, browserRequest("/checkout", buyer.cookies));
    expect(page.body!.delivery.expressBy).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z]/);
    expect(page.body!.expressBy).toBe(page.body!.delivery.expressBy);
    expect(page.body!.delivery.by).not.toBe(page.body!.delivery.expressBy);
  });

  it("is not offered where the courier quotes nothing faster, and an express order is refused with 400, nothing written", async () => {
    surfaceOnly();
    const buyer = await shopper();
    const page = await callRoute<{
      quote: string;
      expressBy: string | null;
      delivery: { expressBy?: string | null };
    }>(checkoutLoader, browserRequest("/checkout", buyer.cookies));
    expect(page.body!.delivery.expressBy).toBeNull();
    expect(page.body!.expressBy).toBeNull();
    const refused = await callRoute<{ result: { error?: Record<string, string[]> } }>(
      checkoutAction,
      postForm("/checkout", buyer.cookies, {
        ...SHIPPING_ADDRESS,
        addressLine2: "",
        paymentMethod: "cod",
        shippingMethod: "express",
        idempotencyKey: randomUUID(),
        quote: page.body!.quote,
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error?.shippingMethod).toEqual([
      DELIVERY_MESSAGES.expressUnavailableOrder("415003"),
    ]);
    expect(await ordersOf(buyer.id)).toEqual([]);
    await expect(
      orderFor(handle.db, buyer.id, { shippingMethod: "express" }),
    ).rejects.toBeInstanceOf(ExpressUnavailableError);
    // Standard is taken as ever.
    const placed = await orderFor(handle.db, buyer.id, { now: WEDNESDAY });
    expect(await promisedOf(placed.id)).toBe("2026-12-07");
  });

  it("stays as today with COURIER=off: offered, in 2-3 days", async () => {
    chooseCourier(null);
    const buyer = await shopper();
    const page = await callRoute<{ expressBy: string | null; delivery: unknown }>(
      checkoutLoader,
      browserRequest("/checkout", buyer.cookies),
    );
    expect(page.body!.delivery).toBeNull();
    expect(page.body!.expressBy).toBeNull();
    const placed = await orderFor(handle.db, buyer.id, { shippingMethod: "express" });
    expect((await ordersOf(buyer.id))[0]).toMatchObject({ id: placed.id, shippingCost: 15_000 });
  });
});

describe(`the shop's holidays in the settings on ${DATABASE_KIND}`, () => {
  async function settingsForm() {
    return (
      await callRouteAt<Awaited<ReturnType<typeof settingsLoader>>>(
        settingsLoader,
        "/admin/settings",
        admin.cookies,
      )
    ).body!;
  }

  it("start with India's national holidays and Maharashtra Day, are saved one a line and audited", async () => {
    const form = await settingsForm();
    expect(form.settings.shopHolidays).toBe("01-26\n05-01\n08-15\n10-02");
    const before = (await handle.db.select().from(auditLog).where(eq(auditLog.entity, "settings")))
      .length;
    const saved = await callRouteAt(settingsAction, "/admin/settings", admin.cookies, {
      ...form.settings,
      shopHolidays: "01-26\n05-01\n08-15\n10-02\n2026-11-09",
    });
    expect(saved.status).toBe(200);
    expect((await getSettings(handle.db)).shopHolidays).toEqual([
      "01-26",
      "05-01",
      "08-15",
      "10-02",
      "2026-11-09",
    ]);
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
    expect(audit.length).toBe(before + 1);
    expect(audit.at(-1)?.changes).toMatchObject({ after: { shopHolidays: expect.any(Array) } });
  });

  it("refuses a day that is not one, with 400 and nothing written", async () => {
    const form = await settingsForm();
    const refused = await callRouteAt<{ result: { error?: Record<string, string[]> } }>(
      settingsAction,
      "/admin/settings",
      admin.cookies,
      { ...form.settings, shopHolidays: "01-26\n26 Jan\n2027-02-29" },
    );
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error?.shopHolidays).toEqual([
      "'26 Jan' is not a day like 2026-11-09 (that day only) or 01-26 (every year)",
      "'2027-02-29' is not a day like 2026-11-09 (that day only) or 01-26 (every year)",
    ]);
    expect((await getSettings(handle.db)).shopHolidays).toEqual(DEFAULT_HOLIDAYS);
  });
});

describe(`late orders on ${DATABASE_KIND}`, () => {
  async function promisedOrder(
    day: string | null,
    status: "pending" | "shipped" | "delivered" | "cancelled",
    shipmentState?: "in_transit" | "delivered" | "rto_delivered",
  ) {
    const buyer = await createCustomer("Late Buyer");
    const order = await insertOrder(handle.db, { userId: buyer.id, total: 10_000, status });
    await handle.db.update(orders).set({ promisedDeliveryOn: day }).where(eq(orders.id, order.id));
    if (shipmentState) {
      await handle.db.insert(shipments).values({
        orderId: order.id,
        provider: "test",
        state: shipmentState,
        batchId: randomUUID(),
        weightGrams: 500,
        awb: `TEST${randomUUID().slice(0, 10)}`,
      });
    }
    return order;
  }

  it("are those past the promised day in India and not delivered, cancelled or returned; the dashboard counts them and links the filter, which the CSV follows", async () => {
    const now = new Date();
    const india = new Date(now.getTime() + 330 * 60_000);
    const dayOf = (offset: number) =>
      new Date(india.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const before = await getShipmentPanels(handle.db, now);
    const late = [
      await promisedOrder(dayOf(-1), "pending"),
      await promisedOrder(dayOf(-3), "shipped", "in_transit"),
    ];
    const notLate = [
      await promisedOrder(dayOf(0), "shipped"),
      await promisedOrder(dayOf(2), "pending"),
      await promisedOrder(dayOf(-1), "delivered"),
      await promisedOrder(dayOf(-1), "cancelled"),
      await promisedOrder(dayOf(-1), "shipped", "delivered"),
      await promisedOrder(dayOf(-1), "shipped", "rto_delivered"),
      await promisedOrder(null, "pending"),
    ];
    const after = await getShipmentPanels(handle.db, now);
    expect(after.late - before.late).toBe(2);

    const listed = (
      await listAdminOrders(handle.db, {
        q: undefined,
        status: undefined,
        shipment: "late",
        page: 1,
      })
    ).orders.map((order) => order.id);
    expect(listed).toEqual(expect.arrayContaining(late.map((order) => order.id)));
    for (const order of notLate) expect(listed).not.toContain(order.id);

    const page = await callRouteAt<{ shipments: Record<string, number> }>(
      dashboardLoader,
      "/admin/dashboard",
      admin.cookies,
    );
    expect(page.body!.shipments.late).toBe(after.late);
    const list = await callRouteAt<{ query: { shipment?: string }; orders: { id: string }[] }>(
      ordersLoader,
      "/admin/orders?shipment=late",
      admin.cookies,
    );
    expect(list.body!.query.shipment).toBe("late");
    expect(list.body!.orders.map((order) => order.id).sort()).toEqual([...listed].sort());

    const csv = await new Response(
      ordersCsvStream(handle.db, { q: undefined, status: undefined, shipment: "late" }),
    ).text();
    const numbers = csv.trim().split("\r\n").slice(1);
    expect(numbers).toHaveLength(listed.length);
    for (const order of late) expect(csv).toContain(order.orderNumber);
    for (const order of notLate) expect(csv).not.toContain(order.orderNumber);

    // The admin order says it is late.
    const detail = await callRouteAt<{ detail: { deliveryLate?: boolean } }>(
      ordersLoader,
      `/admin/orders?view=${late[0]!.id}`,
      admin.cookies,
    );
    expect(detail.body!.detail.deliveryLate).toBe(true);
  });
});
