/**
 * The PIN code a shopper types is priced before the order (docs/decisions/077): the checkout's
 * pricing route (the shopper's own cart only; signed out 401, a malformed PIN code 400,
 * COURIER=off 404), "Check" (priced, nothing written), a total that moved said in a notice rather
 * than an "Order failed", and the PIN code remembered into the product page, the cart and the
 * checkout. PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getSettings, updateSettings } from "~/modules/settings/settings.server";
import { loader as checkoutPriceLoader } from "~/routes/api/checkout-price";
import { loader as cartLoader } from "~/routes/store/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import { loader as productLoader } from "~/routes/store/product";
import { addresses, orders } from "../../db/schema";
import { callRoute, createAdmin, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, stockOf } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, SHIPPING_ADDRESS } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";
import { routeContext, testServices, withCourier } from "./support/services";

let handle: DatabaseHandle;
let admin: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await createAdmin(handle.db, "PIN Owner");
});
beforeEach(() => testServices().shipping.forget());
afterEach(() => feesFrom("shop"));
afterAll(() => handle?.close());

type Totals = { subtotal: number; shipping: number; total: number };
type Priced = {
  pin: string;
  quote: string;
  totalsByMethod: Record<"standard" | "express", Totals>;
  expressBy: string | null;
  delivery: { ok: boolean; pin: string; by?: string | null } | null;
};

async function feesFrom(source: "shop" | "courier") {
  const current = await getSettings(handle.db);
  await updateSettings(handle.db, admin.id, { ...current, shippingFeesFrom: source });
}

/** A shopper with one line of `price` paise (250 g) in the cart. */
async function shopper(price: number) {
  const customer = await createCustomer("PIN Shopper");
  const [item] = await insertProducts(handle.db, [
    { name: `PIN Triphala ${randomUUID().slice(0, 6)}`, price, stockQuantity: 20 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 1 }]);
  return { ...customer, item: item! };
}

function priceAt(pin: string, cookies: string[]) {
  return callRoute<Priced | { message: string }>(
    checkoutPriceLoader,
    browserRequest(`/api/checkout-price?pin=${encodeURIComponent(pin)}`, cookies),
  );
}

const address = { ...SHIPPING_ADDRESS, addressLine2: "" };

function post(cookies: string[], fields: Record<string, string>) {
  return callRoute<{
    result: {
      status?: string;
      initialValue?: Record<string, unknown>;
      error?: Record<string, string[]>;
    };
    repriced?: Priced;
    notice?: string;
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

/** The headers an action or loader set with `data()`, read through React Router's own shape. */
async function headersOf(handler: (args: never) => unknown, request: Request, params = {}) {
  const outcome = (await handler({ request, params, context: routeContext() } as never)) as {
    init?: ResponseInit | null;
  };
  return new Headers(outcome.init?.headers);
}

describe(`the checkout's pricing route on ${DATABASE_KIND}`, () => {
  it("prices the shopper's own cart for the PIN code typed, as the refused order's repriced, and remembers it", async () => {
    await feesFrom("courier");
    const buyer = await shopper(40_000);
    const answer = await priceAt("110001", buyer.cookies);
    expect(answer.status).toBe(200);
    const priced = answer.body as Priced;
    // Delhi (zone D): ₹55 surface, ₹95 air in 3 days; the day and fee are for the same PIN code.
    expect(priced.pin).toBe("110001");
    expect(priced.totalsByMethod.standard).toMatchObject({ shipping: 5_500, total: 45_500 });
    expect(priced.totalsByMethod.express).toMatchObject({ shipping: 9_500, total: 49_500 });
    expect(priced.delivery).toMatchObject({ ok: true, pin: "110001" });
    expect(priced.expressBy).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}$/);
    const headers = await headersOf(
      checkoutPriceLoader,
      browserRequest("/api/checkout-price?pin=110001", buyer.cookies),
    );
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(headers.getSetCookie()).toEqual([
      expect.stringMatching(/^pin=110001; Path=\/; Max-Age=31536000; SameSite=Lax/),
    ]);

    // Its quote is the one the order is placed with, the first time.
    const placed = await post(buyer.cookies, { postalCode: "110001", quote: priced.quote });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([{ shippingCost: 5_500, total: 45_500 }]);
  });

  it("reads only the signed-in shopper's own cart", async () => {
    await feesFrom("courier");
    const first = await shopper(40_000);
    const second = await shopper(70_000);
    const mine = (await priceAt("110001", first.cookies)).body as Priced;
    const theirs = (await priceAt("110001", second.cookies)).body as Priced;
    expect(mine.totalsByMethod.standard.subtotal).toBe(40_000);
    expect(theirs.totalsByMethod.standard.subtotal).toBe(70_000);
    // The other shopper's quote does not place the first's order.
    const refused = await post(first.cookies, { postalCode: "110001", quote: theirs.quote });
    expect(refused.status).toBe(409);
    expect(await ordersOf(first.id)).toEqual([]);
  });

  it("answers 401 signed out, 400 for a malformed PIN code, 409 for an empty cart, remembering nothing", async () => {
    const signedOut = await priceAt("110001", []);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ message: "Please sign in to check out." });
    const buyer = await shopper(40_000);
    for (const pin of ["", "11000", "1100011", "011000", "11000a"]) {
      const bad = await priceAt(pin, buyer.cookies);
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: "Enter a 6-digit PIN code, such as 415003" });
    }
    const badHeaders = await headersOf(
      checkoutPriceLoader,
      browserRequest("/api/checkout-price?pin=11000", buyer.cookies),
    );
    expect(badHeaders.getSetCookie()).toEqual([]);
    const empty = await createCustomer("Empty Cart");
    expect((await priceAt("110001", empty.cookies)).status).toBe(409);
  });

  it("lets one client have the courier asked about 30 new PIN codes in ten minutes, as the product page's box does", async () => {
    for (const source of ["shop", "courier"] as const) {
      testServices().shipping.forget();
      await feesFrom(source);
      const buyer = await shopper(30_000);
      const clientIp = source === "shop" ? "10.9.8.7" : "10.9.8.6";
      const from = async (ip: string, pin: string) => {
        const answer = (await checkoutPriceLoader({
          request: browserRequest(`/api/checkout-price?pin=${pin}`, buyer.cookies),
          params: {},
          context: routeContext(ip),
        } as never)) as unknown as {
          data: Priced | { message: string };
          init: ResponseInit | null;
        };
        return { status: answer.init?.status ?? 200, body: answer.data };
      };
      for (let n = 0; n < 30; n++) {
        expect((await from(clientIp, String(500_000 + n))).status, source).toBe(200);
      }
      const refused = await from(clientIp, "500100");
      expect(refused.status, source).toBe(429);
      expect(refused.body).toMatchObject({ message: expect.stringMatching(/try again/i) });
      // An answer already kept costs nothing; another client is not held back.
      expect((await from(clientIp, "500001")).status, source).toBe(200);
      expect((await from(`${clientIp}1`, "500100")).status, source).toBe(200);
      // "Check" without JavaScript counts against the same limit, and says so under the field.
      const checked = (await checkoutAction({
        request: postForm("/checkout", buyer.cookies, {
          ...address,
          postalCode: "500200",
          intent: "check",
        }),
        params: {},
        context: routeContext(clientIp),
      } as never)) as unknown as {
        data: { result: { error?: Record<string, string[]> } };
        init: ResponseInit | null;
      };
      expect(checked.init?.status, source).toBe(429);
      expect(checked.data.result.error?.postalCode?.[0]).toMatch(/try again/i);
    }
  });

  it("is not there with COURIER=off", async () => {
    const buyer = await shopper(40_000);
    await withCourier(
      null,
      () => import("~/routes/api/checkout-price"),
      async (route) => {
        const answer = await callRoute(
          route.loader,
          browserRequest("/api/checkout-price?pin=110001", buyer.cookies),
        );
        expect(answer.status).toBe(404);
      },
    );
  });
});

describe(`the checkout's "Check" and its notice on ${DATABASE_KIND}`, () => {
  it("prices the page for the PIN code typed, keeps what was typed, and writes nothing", async () => {
    await feesFrom("courier");
    const buyer = await shopper(40_000);
    const checked = await post(buyer.cookies, {
      intent: "check",
      postalCode: "110001",
      fullName: "",
      saveAddress: "on",
    });
    expect(checked.status).toBe(200);
    expect(checked.toast).toBeNull();
    expect(checked.body!.repriced).toMatchObject({
      pin: "110001",
      totalsByMethod: { standard: { shipping: 5_500, total: 45_500 } },
    });
    // What was typed comes back as it was, without the errors of fields not filled in yet.
    expect(checked.body!.result.initialValue).toMatchObject({ postalCode: "110001", fullName: "" });
    expect(checked.body!.result.error).toBeUndefined();
    expect(await ordersOf(buyer.id)).toEqual([]);
    expect(await handle.db.select().from(addresses).where(eq(addresses.userId, buyer.id))).toEqual(
      [],
    );
    expect(await stockOf(handle.db, { productId: buyer.item.id })).toBe(20);
    const headers = await headersOf(
      checkoutAction,
      postForm("/checkout", buyer.cookies, { ...address, intent: "check", postalCode: "110001" }),
    );
    expect(headers.getSetCookie()[0]).toMatch(/^pin=110001;/);

    // The next "Place Order" with that quote is placed at once.
    const placed = await post(buyer.cookies, {
      postalCode: "110001",
      quote: checked.body!.repriced!.quote,
    });
    expect(placed.status).toBe(302);
  });

  it("refuses a malformed PIN code under the field with 400, writing nothing", async () => {
    const buyer = await shopper(40_000);
    const refused = await post(buyer.cookies, { intent: "check", postalCode: "41500" });
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error).toEqual({
      postalCode: ["Enter a 6-digit PIN code, such as 415003"],
    });
    expect(refused.body!.repriced).toBeUndefined();
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it("says a total that moved since the page was priced in a notice, not as 'Order failed'", async () => {
    await feesFrom("courier");
    const buyer = await shopper(29_000);
    const page = await callRoute<Priced>(
      checkoutLoader,
      browserRequest("/checkout", buyer.cookies),
    );
    // Priced for the shop's own PIN code (Satara, zone A: ₹30), placed for Bengaluru (zone D).
    expect(page.body!.totalsByMethod.standard.total).toBe(32_000);
    const raced = await post(buyer.cookies, { postalCode: "560001", quote: page.body!.quote });
    expect(raced.status).toBe(409);
    expect(raced.toast).toBeNull();
    expect(raced.body!.notice).toBe(
      "The total for PIN 560001 is now ₹345.00. Please check it and place your order again.",
    );
    expect(raced.body!.result.error?.[""]).toBeUndefined();
    expect(raced.body!.repriced).toMatchObject({ pin: "560001" });
    expect(await ordersOf(buyer.id)).toEqual([]);
    const placed = await post(buyer.cookies, {
      postalCode: "560001",
      quote: raced.body!.repriced!.quote,
    });
    expect(placed.status).toBe(302);
    expect(await ordersOf(buyer.id)).toMatchObject([{ total: 34_500 }]);
  });
});

describe(`the remembered PIN code on ${DATABASE_KIND}`, () => {
  const remembered = (pin: string) => [`pin=${pin}`];

  it("starts the checkout's new address from it, priced for it", async () => {
    await feesFrom("courier");
    const buyer = await shopper(40_000);
    const page = await callRoute<Priced & { prefill: { postalCode: string } }>(
      checkoutLoader,
      browserRequest("/checkout", [...buyer.cookies, ...remembered("110001")]),
    );
    expect(page.body!.prefill.postalCode).toBe("110001");
    expect(page.body!.pin).toBe("110001");
    expect(page.body!.totalsByMethod.standard.shipping).toBe(5_500);
    // A value that is not a PIN code is not read.
    const bad = await callRoute<{ prefill: { postalCode: string } }>(
      checkoutLoader,
      browserRequest("/checkout", [...buyer.cookies, "pin=<b>"]),
    );
    expect(bad.body!.prefill.postalCode).toBe((await getSettings(handle.db)).postalCode);
    // With COURIER=off the checkout is as before: the shop's own PIN code, no cookie read.
    await withCourier(
      null,
      () => import("~/routes/store/checkout"),
      async (checkout) => {
        const off = await callRoute<{ prefill: { postalCode: string }; delivery: unknown }>(
          checkout.loader,
          browserRequest("/checkout", [...buyer.cookies, ...remembered("110001")]),
        );
        expect(off.body!.prefill.postalCode).toBe((await getSettings(handle.db)).postalCode);
        expect(off.body!.delivery).toBeNull();
      },
    );
  });

  it("starts the product page's box from the default address when signed in; a visitor's page reads no cookie", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "PIN Box Amla", stockQuantity: 5 }]);
    const buyer = await createCustomer("PIN Default");
    await handle.db.insert(addresses).values({
      userId: buyer.id,
      ...SHIPPING_ADDRESS,
      postalCode: "560001",
      isDefault: true,
    });
    type Page = { deliveryCheck: { answer: unknown; prefill: string | null } | null };
    const signedIn = await callRoute<Page>(
      productLoader,
      browserRequest(`/product/${product!.slug}`, [...buyer.cookies, ...remembered("110001")]),
      { id: product!.slug },
    );
    expect(signedIn.body!.deliveryCheck).toEqual({ answer: null, prefill: "560001" });
    const visitor = await callRoute<Page>(
      productLoader,
      browserRequest(`/product/${product!.slug}`, remembered("110001")),
      { id: product!.slug },
    );
    expect(visitor.body!.deliveryCheck).toEqual({ answer: null, prefill: null });
    const plain = await headersOf(
      productLoader,
      browserRequest(`/product/${product!.slug}`, remembered("110001")),
      { id: product!.slug },
    );
    expect(plain.getSetCookie()).toEqual([]);
    // Checked without JavaScript: remembered.
    const asked = await headersOf(
      productLoader,
      browserRequest(`/product/${product!.slug}?pin=415003`),
      { id: product!.slug },
    );
    expect(asked.getSetCookie()[0]).toMatch(/^pin=415003; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const malformed = await headersOf(
      productLoader,
      browserRequest(`/product/${product!.slug}?pin=4150`),
      { id: product!.slug },
    );
    expect(malformed.getSetCookie()).toEqual([]);
  });

  it("gives the cart the same check, with and without JavaScript, and none with COURIER=off", async () => {
    const buyer = await shopper(40_000);
    type Cart = {
      deliveryCheck: { answer: { ok: boolean; pin: string } | null; prefill: string | null } | null;
    };
    const page = await callRoute<Cart>(
      cartLoader,
      browserRequest("/cart", [...buyer.cookies, ...remembered("110001")]),
    );
    expect(page.body!.deliveryCheck).toEqual({ answer: null, prefill: "110001" });
    const asked = await callRoute<Cart>(
      cartLoader,
      browserRequest("/cart?pin=744101", buyer.cookies),
    );
    expect(asked.body!.deliveryCheck!.answer).toMatchObject({
      ok: true,
      pin: "744101",
      tone: "prepaid",
    });
    const headers = await headersOf(cartLoader, browserRequest("/cart?pin=744101", buyer.cookies));
    expect(headers.getSetCookie()[0]).toMatch(/^pin=744101;/);
    await withCourier(
      null,
      () => import("~/routes/store/cart"),
      async (cart) => {
        const off = await callRoute<Cart>(
          cart.loader,
          browserRequest("/cart?pin=744101", [...buyer.cookies, ...remembered("110001")]),
        );
        expect(off.body!.deliveryCheck).toBeNull();
        const offHeaders = await headersOf(
          cart.loader,
          browserRequest("/cart?pin=744101", buyer.cookies),
        );
        expect(offHeaders.getSetCookie()).toEqual([]);
      },
    );
  });
});
