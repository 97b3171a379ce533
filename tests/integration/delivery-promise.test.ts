import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DELIVERY_MESSAGES } from "~/domain/delivery-promise";
import type { DatabaseHandle } from "~/lib/db.server";
import { switchToCashOnDelivery } from "~/modules/orders/awaiting-payment.server";
import { CashOnDeliveryUnavailableError } from "~/modules/orders/order-errors";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { loader as deliveryEstimateLoader } from "~/routes/api/delivery-estimate";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import { loader as productLoader } from "~/routes/store/product";
import { orders } from "../../db/schema";
import { callRoute, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor, SHIPPING_ADDRESS } from "./support/orders";
import { createCustomer } from "./support/profile";
import { routeContext, testServices, withCourier } from "./support/services";

let handle: DatabaseHandle;
let slug: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const [row] = await insertProducts(handle.db, [
    { name: "Delivery Triphala", slug: "delivery-triphala", price: 30_000, stockQuantity: 50 },
  ]);
  slug = row!.slug;
});
afterAll(() => handle.close());
beforeEach(() => testServices().shipping.forget());

type Answer = {
  ok: boolean;
  pin: string;
  tone?: string;
  text?: string;
  by?: string | null;
  refusal?: string | null;
  message?: string;
};

async function productPage(query: string, cookies: string[] = []) {
  const page = await callRoute<{ deliveryCheck: { answer: Answer | null } | null }>(
    productLoader,
    browserRequest(`/product/${slug}${query}`, cookies),
    { id: slug },
  );
  return page.body!.deliveryCheck;
}

async function estimate(pin: string, cookies: string[] = []) {
  return callRoute<Answer>(
    deliveryEstimateLoader,
    browserRequest(`/api/delivery-estimate?pin=${encodeURIComponent(pin)}`, cookies),
  );
}

const DELIVERY_BY = /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}/;

describe(`the product page's "Check delivery" on ${DATABASE_KIND}`, () => {
  it("answers served, prepaid only and not served by the test courier, without JavaScript", async () => {
    expect(await productPage("")).toEqual({ answer: null, prefill: null });
    const served = (await productPage("?pin=415003"))!.answer!;
    expect(served).toMatchObject({ ok: true, pin: "415003", tone: "served" });
    expect(served.text).toMatch(DELIVERY_BY);
    expect(served.text).toMatch(/ · Cash on delivery available$/);

    const prepaid = (await productPage("?pin=744101"))!.answer!;
    expect(prepaid).toMatchObject({ ok: true, tone: "prepaid" });
    expect(prepaid.text).toMatch(/ · Prepaid only: cash on delivery is not available here$/);

    expect((await productPage("?pin=682555"))!.answer).toMatchObject({
      ok: true,
      tone: "unserved",
      text: "We don't deliver to 682555 yet",
    });
  });

  it("tells the checkout what it refuses for each PIN code", async () => {
    expect((await estimate("415003")).body).toMatchObject({ refusal: null });
    expect((await estimate("744101")).body).toMatchObject({
      refusal: DELIVERY_MESSAGES.prepaidOnlyOrder("744101"),
    });
    expect((await estimate("682555")).body).toMatchObject({
      refusal: DELIVERY_MESSAGES.notServedOrder("682555"),
    });
  });

  it("promises a later day the farther the PIN code is from Satara", async () => {
    const near = (await estimate("415003")).body!.text!;
    const far = (await estimate("110001")).body!.text!;
    expect(near).not.toBe(far);
  });

  it("explains a malformed PIN code, on the page and with a 400 from the route", async () => {
    for (const pin of ["41500", "015003", "41500a", ""]) {
      expect((await productPage(`?pin=${pin}`))!.answer).toMatchObject({
        ok: false,
        message: DELIVERY_MESSAGES.malformedPin,
      });
      const answer = await estimate(pin);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, message: DELIVERY_MESSAGES.malformedPin });
    }
  });

  it("asks the courier once per PIN code, whoever asks, and keeps the answer shareable", async () => {
    const asked = vi.spyOn(testCourier, "serviceability");
    try {
      const customer = await createCustomer("Delivery Asker");
      const first = await estimate("744101");
      const again = await estimate("744101", customer.cookies);
      await productPage("?pin=744101", customer.cookies);
      await productPage("?pin=744101");
      expect(first.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(asked).toHaveBeenCalledTimes(1);
      await estimate("415003");
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      asked.mockRestore();
    }
  });

  it("lets one client have the courier asked about 30 new PIN codes in ten minutes", async () => {
    const from = async (clientIp: string, pin: string) => {
      const answer = (await deliveryEstimateLoader({
        request: browserRequest(`/api/delivery-estimate?pin=${pin}`),
        params: {},
        context: routeContext(clientIp),
      } as never)) as unknown as { data: Answer; init: ResponseInit | null };
      return { status: answer.init?.status ?? 200, body: answer.data };
    };
    await from("10.20.30.40", "411001");
    for (let n = 1; n < 30; n++) {
      expect((await from("10.20.30.40", String(400_000 + n))).status).toBe(200);
    }
    const refused = await from("10.20.30.40", "400100");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ ok: false, message: expect.stringMatching(/try again/i) });
    // An answer already kept costs nothing; another client is not held back.
    expect((await from("10.20.30.40", "411001")).status).toBe(200);
    expect((await from("10.20.30.41", "400100")).status).toBe(200);
  });

  it("says it could not check when the courier cannot be reached, and asks again a minute later", async () => {
    const asked = vi
      .spyOn(testCourier, "serviceability")
      .mockRejectedValueOnce(new Error("courier down"));
    const realNow = Date.now;
    const clock = vi.spyOn(Date, "now");
    try {
      const failed = await estimate("560001");
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ ok: false, pin: "560001" });
      // The failure is remembered for a minute (docs/decisions/069), and only that long.
      expect((await estimate("560001")).status).toBe(503);
      expect(asked).toHaveBeenCalledTimes(1);
      clock.mockImplementation(() => realNow() + 60_000);
      expect((await estimate("560001")).status).toBe(200);
      expect(asked).toHaveBeenCalledTimes(2);
    } finally {
      asked.mockRestore();
      clock.mockRestore();
    }
  });

  it("shows no box, reads no PIN code and has no route with COURIER=off", async () => {
    await withCourier(
      null,
      async () => ({
        product: await import("~/routes/store/product"),
        estimateRoute: await import("~/routes/api/delivery-estimate"),
      }),
      async ({ product, estimateRoute }) => {
        const page = await callRoute<{ deliveryCheck: unknown }>(
          product.loader,
          browserRequest(`/product/${slug}?pin=744101`),
          { id: slug },
        );
        expect(page.body!.deliveryCheck).toBeNull();
        const route = await callRoute(
          estimateRoute.loader,
          browserRequest("/api/delivery-estimate?pin=744101"),
        );
        expect(route.status).toBe(404);
      },
    );
  });
});

const address = { ...SHIPPING_ADDRESS, addressLine2: "" };

async function customerWithCart(name: string) {
  const customer = await createCustomer(name);
  const [item] = await insertProducts(handle.db, [
    { name: `Chyawanprash ${randomUUID().slice(0, 6)}`, price: 40_000, stockQuantity: 5 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 1 }]);
  return customer;
}

async function checkout(
  cookies: string[],
  fields: { postalCode: string; paymentMethod: "cod" | "razorpay" },
) {
  return callRoute<{ result: { error: Record<string, string[]> } }>(
    checkoutAction,
    postForm("/checkout", cookies, { ...address, ...fields, idempotencyKey: randomUUID() }),
  );
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

describe(`the checkout by the courier's word on ${DATABASE_KIND}`, () => {
  it("refuses a crafted cash-on-delivery order to a prepaid-only PIN code with 400, writing nothing", async () => {
    const customer = await customerWithCart("Port Blair Buyer");
    const refused = await checkout(customer.cookies, {
      postalCode: "744101",
      paymentMethod: "cod",
    });
    expect(refused.status).toBe(400);
    expect(refused.body!.result.error.paymentMethod).toEqual([
      DELIVERY_MESSAGES.prepaidOnlyOrder("744101"),
    ]);
    expect(refused.toast).toMatchObject({ title: "Cash on delivery unavailable" });
    expect(await ordersOf(customer.id)).toEqual([]);

    const paid = await checkout(customer.cookies, {
      postalCode: "744101",
      paymentMethod: "razorpay",
    });
    // A card order opens its payment: the courier takes prepaid parcels there.
    expect(paid.status).toBe(200);
    expect(await ordersOf(customer.id)).toMatchObject([{ paymentMethod: "razorpay" }]);
  });

  it("refuses any order to a PIN code the courier does not serve, under the PIN code", async () => {
    const customer = await customerWithCart("Kavaratti Buyer");
    for (const paymentMethod of ["cod", "razorpay"] as const) {
      const refused = await checkout(customer.cookies, { postalCode: "682555", paymentMethod });
      expect(refused.status).toBe(400);
      expect(refused.body!.result.error.postalCode).toEqual([
        DELIVERY_MESSAGES.notServedOrder("682555"),
      ]);
    }
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it("names the shop's own limit first where both refuse cash on delivery", async () => {
    const customer = await customerWithCart("Both Limits Buyer");
    const { settings } = await import("../../db/schema");
    await handle.db
      .update(settings)
      .set({ codExcludedPinPrefixes: ["744"] })
      .where(eq(settings.id, 1));
    try {
      const refused = await checkout(customer.cookies, {
        postalCode: "744101",
        paymentMethod: "cod",
      });
      expect(refused.body!.result.error.paymentMethod).toEqual([
        "Cash on delivery is not available for PIN code 744101. Please pay by card.",
      ]);
    } finally {
      await handle.db
        .update(settings)
        .set({ codExcludedPinPrefixes: [] })
        .where(eq(settings.id, 1));
    }
  });

  it("refuses to switch a card order to a prepaid-only PIN code to cash on delivery", async () => {
    const customer = await customerWithCart("Switch Islander");
    const placed = await orderFor(handle.db, customer.id, {
      address: { ...SHIPPING_ADDRESS, postalCode: "744101" },
      paymentMethod: "razorpay",
      cardProvider: "test",
    });
    await expect(
      switchToCashOnDelivery(handle.db, {
        shipping: testServices().shipping,
        userId: customer.id,
        orderId: placed.id,
      }),
    ).rejects.toThrow(
      new CashOnDeliveryUnavailableError(DELIVERY_MESSAGES.prepaidOnlyOrder("744101")),
    );
    const [row] = await ordersOf(customer.id);
    expect(row).toMatchObject({ paymentMethod: "razorpay", paymentStatus: "pending" });
  });

  it("gives the page the courier's word on the address it shows", async () => {
    const customer = await customerWithCart("Page Reader");
    const page = await callRoute<{ delivery: Answer }>(
      checkoutLoader,
      browserRequest("/checkout", customer.cookies),
    );
    expect(page.body!.delivery).toMatchObject({ ok: true, pin: "415003", tone: "served" });
    // The shipping options name the courier's day for standard delivery.
    expect(page.body!.delivery.by).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}$/,
    );
  });

  it("places orders as before with COURIER=off, wherever they go", async () => {
    const customer = await customerWithCart("Courierless Buyer");
    await withCourier(
      null,
      () => import("~/routes/store/checkout"),
      async ({ action, loader }) => {
        const page = await callRoute<{ delivery: unknown }>(
          loader,
          browserRequest("/checkout", customer.cookies),
        );
        expect(page.body!.delivery).toBeNull();
        const placed = await callRoute(
          action,
          postForm("/checkout", customer.cookies, {
            ...address,
            postalCode: "744101",
            paymentMethod: "cod",
            idempotencyKey: randomUUID(),
          }),
        );
        expect(placed.status).toBe(302);
      },
    );
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });
});
