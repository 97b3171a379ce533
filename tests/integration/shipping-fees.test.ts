/**
 * Shipping fees from the courier, where the owner chooses it (docs/decisions/064): the setting
 * saved, audited and refused; the checkout's page and the order priced with the test courier's
 * surface and air rates for the address's PIN code and the parcel's weight; free standard
 * delivery above ₹999; a PIN code changed at the checkout refused with the total it changed to,
 * then priced again; the shop's fees when the courier is down, and everything as before with
 * 'shop'; the Shiprocket stand-in's rates. PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFAULT_SHOP_HOLIDAYS,
  formatPromisedDay,
  promisedDeliveryDay,
} from "~/domain/delivery-days";
import type { DatabaseHandle } from "~/lib/db.server";
import { issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { switchToCashOnDelivery } from "~/modules/orders/awaiting-payment.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as cartLoader } from "~/routes/store/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import { auditLog, orders, settings } from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { callRoute, callRouteAt, createAdmin, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, stockOf } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, SHIPPING_ADDRESS } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";
import { chooseCourier, testServices } from "./support/services";

const EMAIL = "rates-user@shop.example";
const PASSWORD = "rates-password-0123";

let handle: DatabaseHandle;
let admin: Customer;
let fake: FakeShiprocket;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await createAdmin(handle.db, "Rates Owner");
  fake = await startFakeShiprocket({ email: EMAIL, password: PASSWORD });
  await handle.db.update(settings).set({ gstin: "27AAPFU0939F1ZV" }).where(eq(settings.id, 1));
});
beforeEach(() => testServices().shipping.forget());
afterEach(async () => {
  chooseCourier(undefined);
  vi.restoreAllMocks();
  await feesFrom("shop");
});
afterAll(async () => {
  chooseCourier(undefined);
  await fake?.close();
  await handle?.close();
});

type SettingsForm = Awaited<ReturnType<typeof settingsLoader>>;
type Totals = { subtotal: number; shipping: number; total: number };
type CheckoutPage = {
  quote: string;
  totalsByMethod: Record<"standard" | "express", Totals>;
  expressBy: string | null;
  delivery: { ok: boolean; by?: string | null } | null;
};

async function settingsForm() {
  return (await callRouteAt<SettingsForm>(settingsLoader, "/admin/settings", admin.cookies)).body!;
}

async function saveSettings(changes: Record<string, string>) {
  return callRouteAt<{ ok: boolean; result: { error?: Record<string, string[]> } }>(
    settingsAction,
    "/admin/settings",
    admin.cookies,
    { ...(await settingsForm()).settings, ...changes },
  );
}

/** Chooses where the fees come from, as the settings screen saves it, whatever COURIER is. */
async function feesFrom(source: "shop" | "courier") {
  const current = await getSettings(handle.db);
  await updateSettings(handle.db, admin.id, { ...current, shippingFeesFrom: source });
}

async function settingsAudit() {
  return handle.db.select().from(auditLog).where(eq(auditLog.entity, "settings"));
}

/** A customer with one line in the cart: `price` paise each, `weightGrams` each (250 g unset). */
async function shopper(price: number, { quantity = 1, weightGrams = null as number | null } = {}) {
  const customer = await createCustomer("Rates Shopper");
  const [item] = await insertProducts(handle.db, [
    { name: `Rates Triphala ${randomUUID().slice(0, 6)}`, price, stockQuantity: 20, weightGrams },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity }]);
  return { ...customer, item: item! };
}

async function checkoutPage(cookies: string[]) {
  const page = await callRoute<CheckoutPage>(checkoutLoader, browserRequest("/checkout", cookies));
  expect(page.status).toBe(200);
  return page.body!;
}

const address = { ...SHIPPING_ADDRESS, addressLine2: "" };

async function placeAt(
  cookies: string[],
  fields: {
    postalCode?: string;
    shippingMethod?: "standard" | "express";
    paymentMethod?: "cod" | "razorpay";
    quote?: string;
  },
) {
  return callRoute<{
    result: { error?: Record<string, string[]> };
    repriced?: CheckoutPage;
    notice?: string;
    payment?: { amount: number };
  }>(
    checkoutAction,
    postForm("/checkout", cookies, {
      ...address,
      paymentMethod: "cod",
      shippingMethod: "standard",
      idempotencyKey: randomUUID(),
      ...fields,
    }),
  );
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

/**
 * The day promised for the courier's `days` as the checkout names it, whichever side of midnight
 * the page was: after the two business days of packing, one for express (docs/decisions/072).
 */
function dayNames(days: number, before: Date, packingDays = 2) {
  return [before, new Date()].map((at) =>
    formatPromisedDay(
      promisedDeliveryDay({
        orderedAt: at,
        packingDays,
        courierDays: days,
        holidays: DEFAULT_SHOP_HOLIDAYS,
      })!,
    ),
  );
}

describe(`the shipping fees setting on ${DATABASE_KIND}`, () => {
  it("is on the courier's part of the settings, the shop's by default, saved and audited", async () => {
    chooseCourier(testCourier);
    const form = await settingsForm();
    expect(form.courier).toBe(true);
    expect(form.settings.shippingFeesFrom).toBe("shop");
    const entries = (await settingsAudit()).length;
    const answer = await saveSettings({ shippingFeesFrom: "courier" });
    expect(answer.status).toBe(200);
    expect(answer.toast).toMatchObject({
      type: "success",
      title: "Settings saved",
      description: "Changed: Shipping fees",
    });
    expect((await getSettings(handle.db)).shippingFeesFrom).toBe("courier");
    const audit = await settingsAudit();
    expect(audit).toHaveLength(entries + 1);
    expect(
      audit.find((entry) => JSON.stringify(entry.changes).includes("shippingFeesFrom")),
    ).toMatchObject({
      actorId: admin.id,
      changes: { before: { shippingFeesFrom: "shop" }, after: { shippingFeesFrom: "courier" } },
    });
  });

  it("refuses anything but the shop's fees or the courier's rates with 400, writing nothing", async () => {
    chooseCourier(testCourier);
    const before = await getSettings(handle.db);
    const entries = (await settingsAudit()).length;
    for (const bad of ["", "cheapest", "Courier", "shop,courier"]) {
      const refused = await saveSettings({ shippingFeesFrom: bad });
      expect(refused.status).toBe(400);
      expect(refused.toast).toMatchObject({ type: "error" });
      expect(refused.body?.result.error?.shippingFeesFrom).toEqual([
        "Choose the shop's own fees or the courier's rates",
      ]);
    }
    expect(await getSettings(handle.db)).toEqual(before);
    expect(await settingsAudit()).toHaveLength(entries);
  });

  it("is not on the form with COURIER=off: a value posted anyway is not saved, and the shop's fees apply", async () => {
    await feesFrom("courier");
    chooseCourier(null);
    expect((await settingsForm()).courier).toBe(false);
    const answer = await saveSettings({ shippingFeesFrom: "shop" });
    expect(answer.status).toBe(200);
    expect((await getSettings(handle.db)).shippingFeesFrom).toBe("courier");
    // Saved as the courier's rates, but no courier books parcels: the checkout is as before.
    const buyer = await shopper(40_000);
    const page = await checkoutPage(buyer.cookies);
    expect(page.totalsByMethod.standard).toMatchObject({ shipping: 5_000, total: 45_000 });
    expect(page.totalsByMethod.express).toMatchObject({ shipping: 15_000, total: 55_000 });
    expect(page.expressBy).toBeNull();
  });
});

describe(`the checkout with the courier's rates on ${DATABASE_KIND}`, () => {
  beforeEach(() => feesFrom("courier"));

  it("offers the test courier's surface rate for standard and its air rate and day for express", async () => {
    const buyer = await shopper(40_000);
    const opened = new Date();
    const page = await checkoutPage(buyer.cookies);
    // Satara to Satara (zone A), one 500 g slab: surface ₹30 in 2 days, air ₹60 in 1 day.
    expect(page.totalsByMethod.standard).toMatchObject({ shipping: 3_000, total: 43_000 });
    expect(page.totalsByMethod.express).toMatchObject({ shipping: 6_000, total: 46_000 });
    expect(dayNames(1, opened, 1)).toContain(page.expressBy);
    expect(dayNames(2, opened)).toContain(page.delivery!.by);

    const placed = await placeAt(buyer.cookies, { shippingMethod: "express", quote: page.quote });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([
      { shippingMethod: "express", shippingCost: 6_000, total: 46_000 },
    ]);
  });

  it("charges standard delivery at the courier's rate for the parcel's weight, as booking weighs it", async () => {
    // Two of 600 g: 1.2 kg, three started slabs of 500 g; to Delhi (zone D): 3 × ₹55.
    const buyer = await shopper(20_000, { quantity: 2, weightGrams: 600 });
    const page = await checkoutPage(buyer.cookies);
    expect(page.totalsByMethod.standard).toMatchObject({ shipping: 3 * 3_000 });
    const asked = vi.spyOn(testCourier, "serviceability");
    const refused = await placeAt(buyer.cookies, { postalCode: "110001", quote: page.quote });
    expect(refused.status).toBe(409);
    const placed = await placeAt(buyer.cookies, {
      postalCode: "110001",
      quote: refused.body!.repriced!.quote,
    });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([
      { shippingMethod: "standard", subtotal: 40_000, shippingCost: 3 * 5_500, total: 56_500 },
    ]);
    expect(asked.mock.calls.map(([query]) => query.weightGrams)).toContain(1_500);
  });

  it("keeps standard delivery free above ₹999 and charges it at ₹999.00; express is never free", async () => {
    const above = await shopper(99_901);
    const pageAbove = await checkoutPage(above.cookies);
    expect(pageAbove.totalsByMethod.standard).toMatchObject({ shipping: 0, total: 99_901 });
    expect(pageAbove.totalsByMethod.express).toMatchObject({ shipping: 6_000 });
    expect((await placeAt(above.cookies, { quote: pageAbove.quote })).status).toBe(302);
    expect(await ordersOf(above.id)).toMatchObject([{ shippingCost: 0, total: 99_901 }]);

    const at = await shopper(99_900);
    const pageAt = await checkoutPage(at.cookies);
    expect(pageAt.totalsByMethod.standard).toMatchObject({ shipping: 3_000, total: 102_900 });
    expect((await placeAt(at.cookies, { quote: pageAt.quote })).status).toBe(302);
    expect(await ordersOf(at.id)).toMatchObject([{ shippingCost: 3_000, total: 102_900 }]);
  });

  it("refuses an order to another PIN code with the total it changed to, writing nothing, then prices it again", async () => {
    const buyer = await shopper(40_000);
    const page = await checkoutPage(buyer.cookies);
    expect(page.totalsByMethod.standard.total).toBe(43_000);
    const refused = await placeAt(buyer.cookies, { postalCode: "110001", quote: page.quote });
    expect(refused.status).toBe(409);
    // A notice, not an "Order failed" (docs/decisions/077).
    expect(refused.toast).toBeNull();
    expect(refused.body!.notice).toBe(
      "The total for PIN 110001 is now ₹455.00. Please check it and place your order again.",
    );
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await stockOf(handle.db, { productId: buyer.item.id })).toBe(20);
    // The page comes back priced for Delhi (zone D): ₹55 standard, ₹95 express in 3 days.
    const repriced = refused.body!.repriced!;
    expect(repriced.totalsByMethod.standard).toMatchObject({ shipping: 5_500, total: 45_500 });
    expect(repriced.totalsByMethod.express).toMatchObject({ shipping: 9_500, total: 49_500 });
    expect(dayNames(3, new Date(Date.now() - 60_000), 1)).toContain(repriced.expressBy);

    const placed = await placeAt(buyer.cookies, {
      postalCode: "110001",
      shippingMethod: "express",
      quote: repriced.quote,
    });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([{ shippingCost: 9_500, total: 49_500 }]);
  });

  it("charges a card order the courier's fee, and the order keeps it through the switch to cash and its invoice", async () => {
    const buyer = await shopper(40_000);
    const page = await checkoutPage(buyer.cookies);
    const opened = await placeAt(buyer.cookies, {
      paymentMethod: "razorpay",
      shippingMethod: "express",
      quote: page.quote,
    });
    expect(opened.status).toBe(200);
    expect(opened.body!.payment).toMatchObject({ amount: 46_000 });
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ paymentMethod: "razorpay", shippingCost: 6_000, total: 46_000 });

    // The courier's rates change meanwhile (say, the owner goes back to the shop's fees).
    await feesFrom("shop");
    await switchToCashOnDelivery(handle.db, {
      shipping: testServices().shipping,
      userId: buyer.id,
      orderId: order!.id,
    });
    expect((await ordersOf(buyer.id))[0]).toMatchObject({
      paymentMethod: "cod",
      shippingCost: 6_000,
      total: 46_000,
    });
    await issueInvoice(handle.db, admin.id, order!.id);
    const { invoice } = (await loadInvoice(handle.db, order!.id))!;
    expect(invoice!.tax.lines.find((line) => line.isShipping)).toMatchObject({ amount: 6_000 });
  });

  it("asks the courier once per PIN code and weight slab, sharing the answer with the promise", async () => {
    const asked = vi.spyOn(testCourier, "serviceability");
    const light = await shopper(40_000);
    await checkoutPage(light.cookies);
    await checkoutPage(light.cookies);
    await placeAt(light.cookies, {});
    // The promise and a parcel of one slab are one answer.
    expect(asked).toHaveBeenCalledTimes(1);
    const heavy = await shopper(40_000, { weightGrams: 900 });
    await checkoutPage(heavy.cookies);
    expect(asked).toHaveBeenCalledTimes(2);
    expect(asked.mock.calls.map(([query]) => [query.weightGrams, query.cod])).toEqual([
      [500, false],
      [1_000, false],
    ]);
  });

  it("falls back to the shop's fees when the courier cannot be reached, and remembers the failure only a minute", async () => {
    const asked = vi
      .spyOn(testCourier, "serviceability")
      .mockRejectedValue(new Error("courier down"));
    const buyer = await shopper(40_000);
    const page = await checkoutPage(buyer.cookies);
    expect(page.totalsByMethod.standard).toMatchObject({ shipping: 5_000, total: 45_000 });
    expect(page.totalsByMethod.express).toMatchObject({ shipping: 15_000, total: 55_000 });
    expect(page.expressBy).toBeNull();
    const placed = await placeAt(buyer.cookies, { quote: page.quote });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([{ shippingCost: 5_000, total: 45_000 }]);
    asked.mockRestore();
    // Back up: the courier's rate, once the failure is a minute old (docs/decisions/069).
    const realNow = Date.now;
    const clock = vi.spyOn(Date, "now").mockImplementation(() => realNow() + 60_000);
    try {
      const again = await shopper(40_000);
      expect((await checkoutPage(again.cookies)).totalsByMethod.standard.shipping).toBe(3_000);
    } finally {
      clock.mockRestore();
    }
  });

  it("says the cart's fee is calculated at checkout below ₹999, and free above", async () => {
    const below = await shopper(40_000);
    const cart = await callRoute<{
      cart: { totals: Totals; shippingAtCheckout?: boolean; freeShippingGap: number };
    }>(cartLoader, browserRequest("/cart", below.cookies));
    expect(cart.body!.cart).toMatchObject({
      shippingAtCheckout: true,
      totals: { subtotal: 40_000, shipping: 0, total: 40_000 },
      freeShippingGap: 59_901,
    });
    const above = await shopper(100_000);
    const free = await callRoute<{ cart: { totals: Totals; shippingAtCheckout?: boolean } }>(
      cartLoader,
      browserRequest("/cart", above.cookies),
    );
    expect(free.body!.cart.shippingAtCheckout).toBeUndefined();
    expect(free.body!.cart.totals).toMatchObject({ shipping: 0, total: 100_000 });
  });
});

describe(`the shop's own fees, the default, on ${DATABASE_KIND}`, () => {
  it("price the checkout, the cart and the order exactly as before", async () => {
    const asked = vi.spyOn(testCourier, "serviceability");
    const buyer = await shopper(40_000, { weightGrams: 2_000 });
    const opened = new Date();
    const page = await checkoutPage(buyer.cookies);
    expect(page.totalsByMethod.standard).toMatchObject({ shipping: 5_000, total: 45_000 });
    expect(page.totalsByMethod.express).toMatchObject({ shipping: 15_000, total: 55_000 });
    // Express names the day of the courier's faster service, air in 1 day (decision 072).
    expect(dayNames(1, opened, 1)).toContain(page.expressBy);
    const cart = await callRoute<{ cart: { totals: Totals; shippingAtCheckout?: boolean } }>(
      cartLoader,
      browserRequest("/cart", buyer.cookies),
    );
    expect(cart.body!.cart.shippingAtCheckout).toBeUndefined();
    expect(cart.body!.cart.totals).toMatchObject({ shipping: 5_000, total: 45_000 });
    // A refusal is answered as before, with nothing priced again.
    const other = await shopper(40_000);
    const refused = await placeAt(other.cookies, { quote: page.quote });
    expect(refused.status).toBe(409);
    expect(refused.body!.result.error?.[""]).toEqual([
      "Your cart changed. Please review your order and place it again.",
    ]);
    expect(refused.body).not.toHaveProperty("repriced");
    expect(
      (await placeAt(buyer.cookies, { shippingMethod: "express", quote: page.quote })).status,
    ).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([{ shippingCost: 15_000, total: 55_000 }]);
    // The courier was asked for the promise only: a parcel of 500 g, whatever the cart weighs.
    expect(asked.mock.calls.map(([query]) => query.weightGrams)).toEqual([500]);
  });
});

describe(`the courier's rates through Shiprocket on ${DATABASE_KIND}`, () => {
  it("charges the stand-in's cheapest rate rounded up, and its fastest for express, while the promise keeps the cheapest's day", async () => {
    await feesFrom("courier");
    const shiprocket = createShiprocketCourier({
      apiBase: fake.baseUrl,
      email: EMAIL,
      password: PASSWORD,
      pickupLocation: "Primary",
    });
    chooseCourier(shiprocket);
    const callsBefore = fake.calls.length;
    const buyer = await shopper(40_000);
    const opened = new Date();
    const page = await checkoutPage(buyer.cookies);
    // Ecom Express ₹54.25 (cheapest, 6 days) → ₹55; Xpressbees Air ₹89 in 2 days.
    expect(page.totalsByMethod.standard).toMatchObject({ shipping: 5_500, total: 45_500 });
    expect(page.totalsByMethod.express).toMatchObject({ shipping: 8_900, total: 48_900 });
    expect(dayNames(2, opened, 1)).toContain(page.expressBy);
    expect(dayNames(6, opened)).toContain(page.delivery!.by);
    const asked = fake.calls
      .slice(callsBefore)
      .filter((call) => call.path.startsWith("/courier/serviceability/"));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.path).toContain("weight=0.500");
    expect(asked[0]!.path).toContain("cod=0");

    const placed = await placeAt(buyer.cookies, {
      shippingMethod: "express",
      quote: page.quote,
    });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([
      { shippingMethod: "express", shippingCost: 8_900, total: 48_900 },
    ]);

    // Two slabs (Ecom ₹108.50 → ₹109).
    const heavier = await shopper(40_000, { quantity: 2, weightGrams: 400 });
    const heavierPage = await checkoutPage(heavier.cookies);
    expect(heavierPage.totalsByMethod.standard).toMatchObject({ shipping: 10_900 });
    expect(heavierPage.totalsByMethod.express).toMatchObject({ shipping: 17_800 });
  });
});
