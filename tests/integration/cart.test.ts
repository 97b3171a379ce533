import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { signIn, signUp } from "~/modules/accounts/credentials.server";
import { applyCoupon, clearCart, removeCoupon } from "~/modules/cart/cart.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { action as cartAction } from "~/routes/store/cart";
import { cartItems, carts, couponRedemptions, coupons, orders } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, setStock } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext, TEST_SIGNER, testServices } from "./support/services";

let handle: DatabaseHandle;
let cookies: string[];
let userId: string;
let tulsi: string;
let ghee: string;
let tulsiSize: string;
let gheeSize: string;

async function post(fields: Record<string, string>) {
  const request = browserRequest("/cart", cookies, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const response = (await cartAction({
    request,
    params: {},
    context: routeContext("127.0.0.1"),
  } as never)) as Response | { data: unknown; init: ResponseInit | null };
  if (response instanceof Response)
    return { status: response.status, location: response.headers.get("Location"), toast: null };
  const headers = new Headers(response.init?.headers);
  return { status: response.init?.status ?? 200, location: null, toast: headers.get("Set-Cookie") };
}

async function linesNow() {
  return (await getCart(handle.db, userId)).lines.map((l) => [l.name, l.quantity]);
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  await signUp(
    testServices().accounts,
    { fullName: "Cart Tester", email: "cart.tester@gmail.com", password: "secret1" },
    browserRequest("/auth"),
    "10.0.0.9",
  );
  const result = await signIn(
    testServices().accounts,
    { email: "cart.tester@gmail.com", password: "secret1" },
    browserRequest("/auth"),
    "10.0.0.9",
  );
  if (!result.ok) throw new Error("sign-in failed");
  cookies = result.headers.getSetCookie();
  userId = result.userId;
  const rows = await insertProducts(handle.db, [
    { name: "Tulsi Drops", price: 30000, discountPrice: 25000, stockQuantity: 20 },
    { name: "Cow Ghee", price: 90000, stockQuantity: 2 },
  ]);
  tulsi = rows[0]!.id;
  ghee = rows[1]!.id;
  tulsiSize = rows[0]!.variantId;
  gheeSize = rows[1]!.variantId;
  await handle.db.insert(coupons).values([
    {
      code: "TENOFF",
      discountType: "percentage",
      discountValue: 10,
      maxDiscount: 5000,
      minOrderValue: 50000,
    },
    { code: "FLAT100", discountType: "fixed", discountValue: 10000 },
    { code: "GONE", discountValue: 10, expiresAt: new Date(Date.now() - 60_000) },
    { code: "FULL", discountValue: 10, usageLimit: 1, usedCount: 1 },
    { code: "ONCE", discountValue: 5, perCustomerLimit: 1 },
    { code: "PAUSED", discountValue: 5, isActive: false },
  ]);
});
afterAll(() => handle.close());

describe(`the cart endpoint on ${DATABASE_KIND}`, () => {
  it("sends a visitor to /auth with the sign-in message", async () => {
    const request = browserRequest("/cart", [], {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: tulsi }),
    });
    const response = (await cartAction({
      request,
      params: {},
      context: routeContext(),
    } as never)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(response.headers.get("Set-Cookie")).toContain("shop_toast=");
  });

  it.each(["0", "-1", "11", "1.5", "abc"])(
    "refuses to add a quantity of %s and writes nothing",
    async (quantity) => {
      const result = await post({ intent: "add", productId: tulsi, quantity });
      expect(result.status).toBe(400);
      expect(await linesNow()).toEqual([]);
    },
  );

  it("adds, raises on a second add, and ignores any price the browser sends", async () => {
    expect(
      (
        await post({
          intent: "add",
          productId: tulsi,
          quantity: "2",
          price: "1",
          unitPrice: "1",
          total: "1",
        })
      ).status,
    ).toBe(200);
    expect((await post({ intent: "add", productId: tulsi })).status).toBe(200);
    const cart = await getCart(handle.db, userId);
    expect(cart.lines.map((l) => [l.name, l.quantity, l.unitPrice])).toEqual([
      ["Tulsi Drops", 3, 25000],
    ]);
    expect(cart.totals).toEqual({ subtotal: 75000, discount: 0, shipping: 5000, total: 80000 });
    expect(cart.count).toBe(3);
  });

  it("sets a quantity directly, silently ignores one below 1, and lowers one above the limit or the stock with a message", async () => {
    expect(
      (await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "5" })).status,
    ).toBe(200);
    for (const quantity of ["0", "-1", ""]) {
      const ignored = await post({ intent: "set-quantity", variantId: tulsiSize, quantity });
      expect(ignored.status).toBe(200);
      expect(ignored.toast).toBeNull();
    }
    expect(await linesNow()).toEqual([["Tulsi Drops", 5]]);
    await post({ intent: "add", productId: ghee });

    const overStock = await post({ intent: "set-quantity", variantId: gheeSize, quantity: "3" });
    expect(overStock.status).toBe(200);
    const stockToast = await takeToast(
      TEST_SIGNER,
      browserRequest("/cart", [overStock.toast ?? ""]),
    );
    expect(stockToast.toast).toMatchObject({
      title: "Cart updated",
      description: "Only 2 of Cow Ghee left in stock",
    });

    const overLimit = await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "11" });
    expect(overLimit.status).toBe(200);
    const limitToast = await takeToast(
      TEST_SIGNER,
      browserRequest("/cart", [overLimit.toast ?? ""]),
    );
    expect(limitToast.toast).toMatchObject({
      title: "Cart updated",
      description: "You can buy at most 10 of Tulsi Drops",
    });
    expect(await linesNow()).toEqual([
      ["Tulsi Drops", 10],
      ["Cow Ghee", 2],
    ]);

    expect(
      (await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "999999999" })).status,
    ).toBe(200);
    expect(
      (await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "abc" })).status,
    ).toBe(400);
    expect(
      (await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "2.5" })).status,
    ).toBe(400);
    expect(await linesNow()).toEqual([
      ["Tulsi Drops", 10],
      ["Cow Ghee", 2],
    ]);
    await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "5" });
    await post({ intent: "set-quantity", variantId: gheeSize, quantity: "1" });
    expect(await linesNow()).toEqual([
      ["Tulsi Drops", 5],
      ["Cow Ghee", 1],
    ]);
  });

  it("refuses to set the quantity of an out-of-stock line", async () => {
    await setStock(handle.db, { productId: ghee }, 0);
    const result = await post({ intent: "set-quantity", variantId: gheeSize, quantity: "1" });
    expect(result.status).toBe(409);
    await setStock(handle.db, { productId: ghee }, 2);
    expect(await linesNow()).toEqual([
      ["Tulsi Drops", 5],
      ["Cow Ghee", 1],
    ]);
  });

  it("shows free shipping above ₹999 and the amount still missing below it", async () => {
    let cart = await getCart(handle.db, userId); // 5 x 250 + 900 = 2150
    expect(cart.totals.shipping).toBe(0);
    expect(cart.freeShippingGap).toBe(0);
    await post({ intent: "remove", variantId: gheeSize });
    await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "3" }); // 750
    cart = await getCart(handle.db, userId);
    expect(cart.totals.shipping).toBe(5000);
    expect(cart.freeShippingGap).toBe(99901 - 75000);
  });
});

describe(`coupons on ${DATABASE_KIND}`, () => {
  it.each([
    ["", "Enter a coupon code!"],
    ["NOPE", "Invalid coupon code!"],
    ["paused", "Invalid coupon code!"],
    ["gone", "Coupon expired!"],
    ["full", "Coupon limit reached!"],
  ])("refuses %j with %s", async (code, title) => {
    const result = await applyCoupon(handle.db, userId, code);
    expect(result).toMatchObject({ ok: false, message: { title } });
    expect((await getCart(handle.db, userId)).coupon).toBeNull();
  });

  it("tells how much more to add under the minimum order", async () => {
    await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "1" }); // 250
    expect(await applyCoupon(handle.db, userId, "tenoff")).toMatchObject({
      ok: false,
      message: { title: "Minimum order not met!", description: "Add ₹250 more to use this coupon" },
    });
  });

  it("applies an upper-cased code with the server's discount, one coupon at a time", async () => {
    await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "4" }); // 1000
    expect(await applyCoupon(handle.db, userId, " tenoff ")).toEqual({
      ok: true,
      discount: 5000,
      code: "TENOFF",
    });
    expect(await applyCoupon(handle.db, userId, "FLAT100")).toMatchObject({
      ok: false,
      message: {
        title: "Coupon already applied!",
        description: "Remove the current coupon to apply a different one",
      },
    });
    const cart = await getCart(handle.db, userId);
    expect(cart.totals).toEqual({ subtotal: 100000, discount: 5000, shipping: 0, total: 95000 });
  });

  it("drops the coupon, and says why, when a change leaves the cart short of it", async () => {
    const result = await post({ intent: "set-quantity", variantId: tulsiSize, quantity: "1" });
    const { toast } = await takeToast(TEST_SIGNER, browserRequest("/cart", [result.toast ?? ""]));
    expect(toast?.title).toBe("Coupon removed!");
    expect(toast?.description).toContain("Minimum order not met!");
    const cart = await getCart(handle.db, userId);
    expect(cart.coupon).toBeNull();
    const [row] = await handle.db.select().from(carts).where(eq(carts.userId, userId));
    expect(row?.couponId).toBeNull();
  });

  it("removes an applied coupon", async () => {
    expect(await applyCoupon(handle.db, userId, "FLAT100")).toMatchObject({
      ok: true,
      discount: 10000,
    });
    await removeCoupon(handle.db, userId);
    expect((await getCart(handle.db, userId)).coupon).toBeNull();
  });

  it("respects the per-customer limit", async () => {
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.code, "ONCE"));
    const [order] = await handle.db
      .insert(orders)
      .values({
        userId,
        orderNumber: `ORD-T-${Date.now()}`,
        subtotal: 100,
        total: 100,
        shippingAddress: {
          fullName: "A",
          phone: "9999999999",
          addressLine1: "Somewhere 1",
          addressLine2: null,
          city: "Satara",
          state: "Maharashtra",
          postalCode: "415003",
        },
      })
      .returning();
    await handle.db
      .insert(couponRedemptions)
      .values({ couponId: coupon!.id, userId, orderId: order!.id });
    expect(await applyCoupon(handle.db, userId, "ONCE")).toMatchObject({
      ok: false,
      message: { title: "Coupon limit reached!" },
    });
  });

  it("clearing the cart also drops the coupon", async () => {
    await applyCoupon(handle.db, userId, "FLAT100");
    await clearCart(handle.db, userId);
    const cart = await getCart(handle.db, userId);
    expect(cart.lines).toEqual([]);
    expect(cart.coupon).toBeNull();
    expect(await handle.db.select().from(cartItems)).toEqual([]);
  });
});
