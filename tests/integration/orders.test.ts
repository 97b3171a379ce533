import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { MAX_SAVED_ADDRESSES } from "~/modules/accounts/addresses.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import {
  OrderError,
  OrderNotCancellableError,
  OrderNotFoundError,
} from "~/modules/orders/order-errors";
import { signQuote } from "~/modules/orders/quote.server";
import { action as checkoutAction } from "~/routes/store/checkout";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import {
  addresses,
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  orderItems,
  orders,
  products,
  productVariants,
  settings,
} from "../../db/schema";
import { insertOrder } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, setStock, stockOf as stockOfSize } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { withEnv } from "./support/env";
import { rerunMigrationUpdates } from "./support/migrations";
import { fillCart, insertCustomers, orderFor, SHIPPING_ADDRESS } from "./support/orders";
import { createCustomer, loadProfile } from "./support/profile";
import { routeContext, TEST_SIGNER, testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: { to: string; subject: string; text: string }[];

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 20 });
  ({ sent } = await wireApp(handle.db));
});
afterAll(() => handle.close());

async function product(
  overrides: { price?: number; discountPrice?: number; stockQuantity?: number } = {},
) {
  const [row] = await insertProducts(handle.db, [
    {
      name: `Chyawanprash ${randomUUID().slice(0, 6)}`,
      price: 40000,
      stockQuantity: 10,
      ...overrides,
    },
  ]);
  return row!;
}

async function stockOf(productId: string) {
  return stockOfSize(handle.db, { productId });
}

async function couponRow(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(coupons)
    .values({ code: `C${randomUUID().slice(0, 8).toUpperCase()}`, discountValue: 10, ...values })
    .returning();
  return row!;
}

async function ordersOf(userId: string) {
  return handle.db.select().from(orders).where(eq(orders.userId, userId));
}

describe(`placing an order on ${DATABASE_KIND}`, () => {
  it("prices the cart on the server, takes the stock, writes the items and empties the cart", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const tulsi = await product({ price: 30000, discountPrice: 25000, stockQuantity: 8 });
    const ghee = await product({ price: 90000, stockQuantity: 3 });
    await fillCart(handle.db, userId!, [
      { productId: tulsi.id, quantity: 2 },
      { productId: ghee.id, quantity: 1 },
    ]);

    const placed = await orderFor(handle.db, userId!);

    expect(placed.orderNumber).toMatch(/^ORD-\d{13}(-\d+)?$/);
    const [order] = await ordersOf(userId!);
    // 2 x ₹250 (discount price) + ₹900 = ₹1,400: above ₹999, so shipping is free.
    expect(order).toMatchObject({
      subtotal: 140000,
      discountAmount: 0,
      shippingCost: 0,
      total: 140000,
      status: "pending",
      paymentStatus: "pending",
      paymentMethod: "cod",
      couponId: null,
      shippingAddress: SHIPPING_ADDRESS,
    });
    const items = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id));
    expect(items.map((i) => [i.productId, i.quantity, i.unitPrice, i.totalPrice]).sort()).toEqual(
      [
        [tulsi.id, 2, 25000, 50000],
        [ghee.id, 1, 90000, 90000],
      ].sort(),
    );
    expect(await stockOf(tulsi.id)).toBe(6);
    expect(await stockOf(ghee.id)).toBe(2);
    const [left] = await handle.db
      .select({ n: count() })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId!));
    expect(left!.n).toBe(0);
  });

  it("charges ₹50 shipping up to ₹999 and applies the cart's coupon, counting its use", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ price: 60000 });
    const coupon = await couponRow({ discountType: "fixed", discountValue: 10000, usageLimit: 5 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }], coupon.id);

    const placed = await orderFor(handle.db, userId!);

    const [order] = await ordersOf(userId!);
    expect(order).toMatchObject({
      subtotal: 60000,
      discountAmount: 10000,
      shippingCost: 5000,
      total: 55000,
      couponId: coupon.id,
      couponCode: coupon.code,
    });
    const [after] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after!.usedCount).toBe(1);
    const redemptions = await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, placed.id));
    expect(redemptions).toHaveLength(1);
    const [cart] = await handle.db.select().from(carts).where(eq(carts.userId, userId!));
    expect(cart!.couponId).toBeNull();
  });

  it("returns the first order when the same checkout is submitted again", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ stockQuantity: 4 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 2 }]);
    const key = randomUUID();

    const first = await orderFor(handle.db, userId!, { idempotencyKey: key });
    const second = await orderFor(handle.db, userId!, { idempotencyKey: key });

    expect(second).toMatchObject({ id: first.id, replayed: true });
    expect(first.replayed).toBe(false);
    expect(await ordersOf(userId!)).toHaveLength(1);
    expect(await stockOf(item.id)).toBe(2);
  });

  it("refuses a product that ran out, naming it, and writes nothing", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const fine = await product({ stockQuantity: 5 });
    const scarce = await product({ stockQuantity: 3 });
    await fillCart(handle.db, userId!, [
      { productId: fine.id, quantity: 1 },
      { productId: scarce.id, quantity: 3 },
    ]);
    await setStock(handle.db, { productId: scarce.id }, 1);

    await expect(orderFor(handle.db, userId!)).rejects.toThrow(
      `Only 1 of ${scarce.name} left in stock`,
    );

    await setStock(handle.db, { productId: scarce.id }, 0);
    await expect(orderFor(handle.db, userId!)).rejects.toThrow(`${scarce.name} is out of stock`);
    expect(await ordersOf(userId!)).toHaveLength(0);
    expect(await stockOf(fine.id)).toBe(5);
    const lines = await handle.db
      .select()
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId!));
    expect(lines).toHaveLength(2);
  });

  it("refuses a price that changed since the checkout page was shown, naming the product", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ price: 40000, stockQuantity: 5 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const quote = {
      lines: [{ productId: item.id, variantId: item.variantId, unitPrice: 40000, quantity: 1 }],
      totals: { standard: 45000 },
    };
    await handle.db
      .update(productVariants)
      .set({ price: 45000 })
      .where(eq(productVariants.id, item.variantId));

    await expect(orderFor(handle.db, userId!, { quote })).rejects.toThrow(
      `The price of ${item.name} changed from ₹400.00 to ₹450.00`,
    );
    expect(await ordersOf(userId!)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("refuses an empty cart", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    await expect(orderFor(handle.db, userId!)).rejects.toThrow(
      new OrderError("Your cart is empty"),
    );
  });

  it("refuses a coupon that stopped holding, with its message, and writes nothing", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ stockQuantity: 5 });
    const coupon = await couponRow({ expiresAt: new Date(Date.now() - 1000) });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }], coupon.id);

    await expect(orderFor(handle.db, userId!)).rejects.toThrow("Coupon expired!");
    expect(await ordersOf(userId!)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("keeps a coupon to its per-customer limit", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ stockQuantity: 5 });
    const coupon = await couponRow({ perCustomerLimit: 1 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }], coupon.id);
    await orderFor(handle.db, userId!);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }], coupon.id);

    await expect(orderFor(handle.db, userId!)).rejects.toThrow("Coupon limit reached!");
    expect(await ordersOf(userId!)).toHaveLength(1);
  });

  it("refuses another customer's saved address with not-found and writes nothing", async () => {
    const [owner, other] = await insertCustomers(handle.db, 2);
    const [theirs] = await handle.db
      .insert(addresses)
      .values({ userId: owner!, ...SHIPPING_ADDRESS, isDefault: true })
      .returning();
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, other!, [{ productId: item.id, quantity: 1 }]);

    await expect(orderFor(handle.db, other!, { addressId: theirs!.id })).rejects.toBeInstanceOf(
      OrderNotFoundError,
    );
    expect(await ordersOf(other!)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("saves a typed address when asked, as the default when it is the first", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product();
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);

    const placed = await orderFor(handle.db, userId!, { saveAddress: true });

    const saved = await handle.db.select().from(addresses).where(eq(addresses.userId, userId!));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ isDefault: true, postalCode: "415003" });
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.shippingAddressId).toBe(saved[0]!.id);
  });
  it(`places the order but saves no address past the book's ${MAX_SAVED_ADDRESSES}`, async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product();
    await handle.db.insert(addresses).values(
      Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({
        userId: userId!,
        fullName: "Asha Patil",
        phone: "9876543210",
        addressLine1: `${i + 1} Long Road`,
        city: "Satara",
        state: "Maharashtra",
        postalCode: "415003",
        isDefault: i === 0,
      })),
    );
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);

    const placed = await orderFor(handle.db, userId!, { saveAddress: true });

    const saved = await handle.db.select().from(addresses).where(eq(addresses.userId, userId!));
    expect(saved).toHaveLength(MAX_SAVED_ADDRESSES);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order!.shippingAddressId).toBeNull();
  });
});

describe(`cancelling an order on ${DATABASE_KIND}`, () => {
  it("gives back the stock and the coupon use, once", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ price: 120000, stockQuantity: 6 });
    const coupon = await couponRow({ usageLimit: 2, perCustomerLimit: 1 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 2 }], coupon.id);
    const placed = await orderFor(handle.db, userId!);
    expect(await stockOf(item.id)).toBe(4);

    await expect(
      cancelOrderByCustomer(handle.db, { userId: userId!, orderId: placed.id }),
    ).resolves.toEqual({
      orderNumber: placed.orderNumber,
    });

    expect(await stockOf(item.id)).toBe(6);
    const [after] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after!.usedCount).toBe(0);
    const [order] = await ordersOf(userId!);
    expect(order).toMatchObject({ status: "cancelled" });
    expect(order!.cancelledAt).toBeInstanceOf(Date);
    await expect(
      cancelOrderByCustomer(handle.db, { userId: userId!, orderId: placed.id }),
    ).rejects.toBeInstanceOf(OrderNotCancellableError);
    expect(await stockOf(item.id)).toBe(6);
  });

  it("refuses once shipped, and another customer's order is not found", async () => {
    const [userId, stranger] = await insertCustomers(handle.db, 2);
    const item = await product({ stockQuantity: 6 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId!);

    await expect(
      cancelOrderByCustomer(handle.db, { userId: stranger!, orderId: placed.id }),
    ).rejects.toBeInstanceOf(OrderNotFoundError);
    await handle.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, placed.id));
    await expect(
      cancelOrderByCustomer(handle.db, { userId: userId!, orderId: placed.id }),
    ).rejects.toThrow("has already shipped");
    expect(await stockOf(item.id)).toBe(5);
  });
});

describe(`the checkout action on ${DATABASE_KIND}`, () => {
  const context = routeContext("127.0.0.1");

  async function postCheckout(cookies: string[], fields: Record<string, string>) {
    const request = browserRequest("/checkout", cookies, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    let response: unknown;
    try {
      response = await checkoutAction({ request, params: {}, context } as never);
    } catch (thrown) {
      response = thrown;
    }
    if (response instanceof Response) {
      const { toast } = await takeToast(
        TEST_SIGNER,
        browserRequest("/", response.headers.getSetCookie()),
      );
      return { status: response.status, location: response.headers.get("Location"), toast };
    }
    const { init } = response as { init: ResponseInit | null };
    const cookie = new Headers(init?.headers).get("Set-Cookie");
    const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", cookie ? [cookie] : []));
    return { status: init?.status ?? 200, location: null, toast };
  }

  const addressFields = {
    fullName: "Asha Patil",
    phone: "9876543210",
    addressLine1: "12 Shivaji Nagar",
    addressLine2: "",
    city: "Satara",
    state: "Maharashtra",
    postalCode: "415003",
  };

  it("sends a visitor to /auth with 'Please sign in'", async () => {
    const result = await postCheckout([], { ...addressFields, idempotencyKey: randomUUID() });
    expect(result.location).toBe("/auth?redirectTo=/checkout");
    expect(result.toast).toMatchObject({ title: "Please sign in" });
  });

  it("ignores prices, totals, discount and shipping sent by the browser", async () => {
    const customer = await createCustomer("Tamper Tester");
    const item = await product({ price: 70000, stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);

    const result = await postCheckout(customer.cookies, {
      ...addressFields,
      idempotencyKey: randomUUID(),
      paymentMethod: "cod",
      price: "1",
      unitPrice: "1",
      subtotal: "1",
      total: "1",
      discount: "69999",
      discountAmount: "69999",
      shipping: "0",
      shippingCost: "0",
    });

    expect(result).toMatchObject({ status: 302, location: "/profile?tab=orders" });
    expect(result.toast).toMatchObject({ title: "Order placed successfully!" });
    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({
      subtotal: 70000,
      discountAmount: 0,
      shippingCost: 5000,
      total: 75000,
    });
    await drainMailOutbox(handle.db, testServices());
    const confirmation = sent.findLast((mail) => mail.to === customer.email);
    expect(confirmation).toMatchObject({
      to: customer.email,
      subject: `Order confirmed: ${order!.orderNumber}`,
    });
    expect(confirmation!.text).toContain("Total: ₹750.00");
  });

  it("names a product whose price changed since the page was signed", async () => {
    const customer = await createCustomer("Quote Tester");
    const item = await product({ price: 50000, stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    const quote = signQuote(TEST_SIGNER, {
      lines: [{ productId: item.id, variantId: item.variantId, unitPrice: 50000, quantity: 1 }],
      totals: { standard: 55000 },
    });
    await handle.db
      .update(productVariants)
      .set({ discountPrice: 45000 })
      .where(eq(productVariants.id, item.variantId));

    const result = await postCheckout(customer.cookies, {
      ...addressFields,
      idempotencyKey: randomUUID(),
      quote,
    });

    expect(result.status).toBe(409);
    expect(result.toast).toMatchObject({ title: "Order failed" });
    expect(result.toast?.description).toContain(`The price of ${item.name} changed`);
    expect(await ordersOf(customer.id)).toHaveLength(0);
  });

  it("sends an order whose last unit sold meanwhile to the cart, naming the product under 'Order failed'", async () => {
    const customer = await createCustomer("Stock Tester");
    const item = await product({ stockQuantity: 1 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await setStock(handle.db, { productId: item.id }, 0);

    const result = await postCheckout(customer.cookies, {
      ...addressFields,
      idempotencyKey: randomUUID(),
    });

    // The same answer with and without JavaScript: the cart, where the line is flagged.
    expect(result).toMatchObject({ status: 302, location: "/cart" });
    expect(result.toast).toEqual({
      type: "error",
      title: "Order failed",
      description: `${item.name} is out of stock`,
    });
    expect(await ordersOf(customer.id)).toHaveLength(0);
  });

  it("joins every address problem under 'Invalid Address' and writes nothing", async () => {
    const customer = await createCustomer("Address Tester");
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);

    const result = await postCheckout(customer.cookies, {
      fullName: "A",
      phone: "98765",
      addressLine1: "abc",
      city: "S1",
      state: "M",
      postalCode: "4150",
      idempotencyKey: randomUUID(),
    });

    expect(result.status).toBe(400);
    expect(result.toast).toMatchObject({
      title: "Invalid Address",
      description:
        "Name must be at least 2 characters, Phone must be exactly 10 digits, Address must be at least 5 characters, City can only contain letters and spaces, State must be at least 2 characters, Postal code must be exactly 6 digits",
    });
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("refuses a postal code starting with 0 under 'Invalid Address', as the courier would, and writes nothing", async () => {
    const customer = await createCustomer("Zero PIN Tester");
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);

    const result = await postCheckout(customer.cookies, {
      ...addressFields,
      postalCode: "015003",
      idempotencyKey: randomUUID(),
    });

    expect(result.status).toBe(400);
    expect(result.toast).toMatchObject({
      title: "Invalid Address",
      description: "Postal code must be exactly 6 digits",
    });
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("answers 404 for another customer's address id and writes nothing", async () => {
    const customer = await createCustomer("Other Tester");
    const [owner] = await insertCustomers(handle.db, 1);
    const [theirs] = await handle.db
      .insert(addresses)
      .values({ userId: owner!, ...SHIPPING_ADDRESS })
      .returning();
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);

    const result = await postCheckout(customer.cookies, {
      ...addressFields,
      addressId: theirs!.id,
      idempotencyKey: randomUUID(),
    });

    expect(result.status).toBe(404);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("refuses a crafted cash-on-delivery post above the limit with 400 under the payment method, writing nothing", async () => {
    const customer = await createCustomer("Limit Tester");
    const item = await product({ price: 600_000, stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await withCashOnDeliveryLimits({ codMaxOrderValue: 500_000 }, async () => {
      const result = await postCheckout(customer.cookies, {
        ...addressFields,
        paymentMethod: "cod",
        idempotencyKey: randomUUID(),
      });
      expect(result.status).toBe(400);
      expect(result.toast).toMatchObject({
        title: "Cash on delivery unavailable",
        description: "Cash on delivery is available for orders up to ₹5,000. Please pay by card.",
      });
    });
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });
});

/** Sets the settings' cash-on-delivery limits for `work`, and lifts them after. */
async function withCashOnDeliveryLimits(
  limits: { codMaxOrderValue?: number | null; codExcludedPinPrefixes?: string[] },
  work: () => Promise<void>,
) {
  await handle.db.update(settings).set(limits);
  try {
    await work();
  } finally {
    await handle.db.update(settings).set({ codMaxOrderValue: null, codExcludedPinPrefixes: [] });
  }
}

describe(`cash on delivery limits on ${DATABASE_KIND}`, () => {
  it("refuses cash on delivery above the limit, shipping included, and takes a card order instead", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    // ₹950 plus ₹50 shipping makes ₹1,000: at the limit; one more rupee is above it.
    const item = await product({ price: 95_000, stockQuantity: 5 });
    await fillCart(handle.db, userId, [{ productId: item.id, quantity: 1 }]);
    await withCashOnDeliveryLimits({ codMaxOrderValue: 99_999 }, async () => {
      await expect(orderFor(handle.db, userId)).rejects.toThrow(
        "Cash on delivery is available for orders up to ₹999.99. Please pay by card.",
      );
      expect(await ordersOf(userId)).toHaveLength(0);
      expect(await stockOf(item.id)).toBe(5);
      const card = await orderFor(handle.db, userId, {
        paymentMethod: "razorpay",
        cardProvider: "test",
      });
      expect(card.total).toBe(100_000);
    });
  });

  it("takes cash on delivery at exactly the limit", async () => {
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    const item = await product({ price: 95_000, stockQuantity: 5 });
    await fillCart(handle.db, userId, [{ productId: item.id, quantity: 1 }]);
    await withCashOnDeliveryLimits({ codMaxOrderValue: 100_000 }, async () => {
      expect(await orderFor(handle.db, userId)).toMatchObject({ paymentMethod: "cod" });
    });
  });

  it("refuses cash on delivery to a PIN code an excluded prefix covers, and takes it elsewhere", async () => {
    const [islands, satara] = (await insertCustomers(handle.db, 2)) as [string, string];
    const item = await product({ stockQuantity: 5 });
    for (const userId of [islands, satara]) {
      await fillCart(handle.db, userId, [{ productId: item.id, quantity: 1 }]);
    }
    await withCashOnDeliveryLimits({ codExcludedPinPrefixes: ["744", "79"] }, async () => {
      await expect(
        orderFor(handle.db, islands, {
          address: { ...SHIPPING_ADDRESS, postalCode: "744101" },
        }),
      ).rejects.toThrow(
        "Cash on delivery is not available for PIN code 744101. Please pay by card.",
      );
      expect(await ordersOf(islands)).toHaveLength(0);
      expect(
        await orderFor(handle.db, satara, {
          address: { ...SHIPPING_ADDRESS, postalCode: "415001" },
        }),
      ).toMatchObject({ paymentMethod: "cod" });
    });
  });
});

describe(`orders under concurrency on ${DATABASE_KIND}`, () => {
  it("sells the last 5 units to exactly 5 of 50 customers ordering at once", async () => {
    const customers = await insertCustomers(handle.db, 50);
    const item = await product({ stockQuantity: 5 });
    for (const userId of customers)
      await fillCart(handle.db, userId, [{ productId: item.id, quantity: 1 }]);

    const results = await Promise.allSettled(
      customers.map((userId) => orderFor(handle.db, userId)),
    );

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refusals = results
      .filter((r) => r.status === "rejected")
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(refusals).toHaveLength(45);
    for (const reason of refusals) expect(reason).toBeInstanceOf(OrderError);
    expect(await stockOf(item.id)).toBe(0);
    const sold = await handle.db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.productId, item.id));
    expect(sold[0]!.n).toBe(5);
  });

  it("redeems a coupon limited to 3 exactly 3 times among 50 customers at once", async () => {
    const customers = await insertCustomers(handle.db, 50);
    const item = await product({ stockQuantity: 500 });
    const coupon = await couponRow({ usageLimit: 3 });
    for (const userId of customers) {
      await fillCart(handle.db, userId, [{ productId: item.id, quantity: 1 }], coupon.id);
    }

    const results = await Promise.allSettled(
      customers.map((userId) => orderFor(handle.db, userId)),
    );

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const [after] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after!.usedCount).toBe(3);
    const redeemed = await handle.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, coupon.id));
    expect(redeemed[0]!.n).toBe(3);
    const withCoupon = await handle.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.couponId, coupon.id));
    expect(withCoupon[0]!.n).toBe(3);
    expect(await stockOf(item.id)).toBe(497);
  });

  it("cancels and places orders of the same products at once without a deadlock or a lost unit", async () => {
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await product({ stockQuantity: 100 }));
    const earlier = await insertCustomers(handle.db, 10);
    const later = await insertCustomers(handle.db, 10);
    const placed = [];
    for (const [index, userId] of earlier.entries()) {
      const lines = items.map((item) => ({ productId: item.id, quantity: 1 }));
      await fillCart(handle.db, userId, index % 2 ? lines.reverse() : lines);
      placed.push({ userId, orderId: (await orderFor(handle.db, userId)).id });
    }
    for (const [index, userId] of later.entries()) {
      const lines = items.map((item) => ({ productId: item.id, quantity: 2 }));
      await fillCart(handle.db, userId, index % 2 ? lines.reverse() : lines);
    }

    const results = await Promise.allSettled([
      ...placed.map((order) => cancelOrderByCustomer(handle.db, order)),
      ...later.map((userId) => orderFor(handle.db, userId)),
    ]);

    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    for (const item of items) expect(await stockOf(item.id)).toBe(100 - 10 * 2);
  });

  if (DATABASE_KIND === "PostgreSQL") {
    /**
     * The stock is taken last, from rows another writer may hold: an administrator's change made
     * while the checkout waits for the row is seen, and the order written before it is undone.
     */
    async function orderWhileProductIsEdited(change: {
      size?: Partial<typeof productVariants.$inferInsert>;
      product?: Partial<typeof products.$inferInsert>;
    }) {
      const [userId] = (await insertCustomers(handle.db, 1)) as [string];
      const item = await product({ price: 40000, stockQuantity: 10 });
      await fillCart(handle.db, userId, [{ productId: item.id, quantity: 2 }]);
      let placing: Promise<unknown> = Promise.resolve();
      await handle.db.transaction(async (tx) => {
        // The lock the product form's save takes on the size it edits; the order's items may
        // still reference the row.
        await tx
          .select()
          .from(productVariants)
          .where(eq(productVariants.id, item.variantId))
          .for("no key update");
        placing = orderFor(handle.db, userId);
        placing.catch(() => {});
        // Until the checkout waits on the size row this transaction holds.
        await expect
          .poll(async () => {
            const [waiting] = await queryRows<{ n: number }>(
              handle.db,
              sql`select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock' and query like 'update "product_variants"%'`,
            );
            return Number(waiting?.n);
          })
          .toBe(1);
        if (change.size) {
          await tx
            .update(productVariants)
            .set(change.size)
            .where(eq(productVariants.id, item.variantId));
        }
        if (change.product) {
          await tx.update(products).set(change.product).where(eq(products.id, item.id));
        }
      });
      return { item, userId, placing };
    }

    it("refuses a price changed while the checkout waited for the product, writing nothing", async () => {
      const { item, userId, placing } = await orderWhileProductIsEdited({ size: { price: 45000 } });
      await expect(placing).rejects.toThrow(
        `The price of ${item.name} changed to ₹450.00. Please review your order and place it again.`,
      );
      expect(await ordersOf(userId)).toHaveLength(0);
      expect(await stockOf(item.id)).toBe(10);
    });

    it("refuses GST details changed while the checkout waited for the product, writing nothing", async () => {
      const { item, userId, placing } = await orderWhileProductIsEdited({
        product: { gstRate: 12 },
      });
      await expect(placing).rejects.toThrow(
        `The tax details of ${item.name} changed. Please review your order and place it again.`,
      );
      expect(await ordersOf(userId)).toHaveLength(0);
      expect(await stockOf(item.id)).toBe(10);
    });
  }

  it("makes one order when the same checkout is submitted twice at once", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ stockQuantity: 9 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 3 }]);
    const key = randomUUID();

    const [a, b] = await Promise.all([
      orderFor(handle.db, userId!, { idempotencyKey: key }),
      orderFor(handle.db, userId!, { idempotencyKey: key }),
    ]);

    expect(a.id).toBe(b.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await ordersOf(userId!)).toHaveLength(1);
    expect(await stockOf(item.id)).toBe(6);
    const keyed = await handle.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId!), eq(orders.idempotencyKey, key)));
    expect(keyed).toHaveLength(1);
  });
});

describe(`the order's address snapshot on ${DATABASE_KIND}`, () => {
  const ADDRESS_KEYS = [
    "addressLine1",
    "addressLine2",
    "city",
    "fullName",
    "phone",
    "postalCode",
    "state",
  ];
  const context = routeContext("127.0.0.1");

  async function checkout(cookies: string[], fields: Record<string, string>) {
    const request = browserRequest("/checkout", cookies, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    try {
      return await checkoutAction({ request, params: {}, context } as never);
    } catch (thrown) {
      return thrown;
    }
  }

  it("keeps exactly the address fields, whatever else the checkout form carried", async () => {
    const customer = await createCustomer("Snapshot Tester");
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await checkout(customer.cookies, {
      fullName: "Asha Patil",
      phone: "9876543210",
      addressLine1: "12 Shivaji Nagar",
      addressLine2: "Near the temple",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415003",
      saveAddress: "on",
      paymentMethod: "cod",
      idempotencyKey: randomUUID(),
    });
    const [order] = await ordersOf(customer.id);
    expect(Object.keys(order!.shippingAddress).sort()).toEqual(ADDRESS_KEYS);
    expect(order!.shippingAddress).toEqual({
      fullName: "Asha Patil",
      phone: "9876543210",
      addressLine1: "12 Shivaji Nagar",
      addressLine2: "Near the temple",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415003",
    });

    // Shipped to a saved address, the address id stays out of the snapshot too.
    const [saved] = await handle.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, customer.id));
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await checkout(customer.cookies, {
      ...SHIPPING_ADDRESS,
      addressLine2: "",
      addressId: saved!.id,
      paymentMethod: "cod",
      idempotencyKey: randomUUID(),
    });
    const placed = await ordersOf(customer.id);
    expect(placed).toHaveLength(2);
    for (const row of placed) {
      expect(Object.keys(row.shippingAddress).sort()).toEqual(ADDRESS_KEYS);
    }
  });

  it("is kept to the address by the service too, whatever object it is handed", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId!, {
      address: {
        ...SHIPPING_ADDRESS,
        idempotencyKey: randomUUID(),
        paymentMethod: "cod",
        saveAddress: false,
      } as typeof SHIPPING_ADDRESS,
    });
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(Object.keys(row!.shippingAddress).sort()).toEqual(ADDRESS_KEYS);
  });

  it("migration 0006 strips the checkout fields from snapshots stored before it", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const polluted = {
      ...SHIPPING_ADDRESS,
      addressId: randomUUID(),
      idempotencyKey: randomUUID(),
      paymentMethod: "cod",
      saveAddress: true,
    };
    const [old] = await handle.db
      .insert(orders)
      .values({
        userId,
        orderNumber: `ORD-LEGACY-${randomUUID().slice(0, 8)}`,
        subtotal: 1000,
        total: 1000,
        shippingAddress: polluted,
      })
      .returning({ id: orders.id });
    expect(await rerunMigrationUpdates(handle.db, "0006")).toBeGreaterThan(0);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, old!.id));
    expect(row!.shippingAddress).toEqual(SHIPPING_ADDRESS);
  });
});

describe(`the Orders tab on ${DATABASE_KIND}`, () => {
  it("pages 65 orders newest first, so the oldest is reachable", async () => {
    const customer = await createCustomer("Frequent Buyer");
    const start = Date.parse("2026-01-01T00:00:00Z");
    const numbers: string[] = [];
    for (let i = 0; i < 65; i++) {
      const row = await insertOrder(handle.db, {
        userId: customer.id,
        total: 1000 + i,
        createdAt: new Date(start + i * 60_000),
      });
      numbers.push(row.orderNumber);
    }
    const newestFirst = [...numbers].reverse();
    const pageOf = async (query: string) =>
      loadProfile(customer.cookies, `/profile?tab=orders${query}`);

    const first = await pageOf("");
    expect(first.orderPages).toEqual({ page: 1, pageCount: 5, totalCount: 65, pageSize: 15 });
    expect(first.orders.map((o) => o.orderNumber)).toEqual(newestFirst.slice(0, 15));

    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const view = await pageOf(`&page=${page}`);
      expect(view.orderPages.page).toBe(page);
      seen.push(...view.orders.map((o) => o.orderNumber));
    }
    expect(seen).toEqual(newestFirst);
    const last = await pageOf("&page=5");
    expect(last.orders.at(-1)?.orderNumber).toBe(numbers[0]);
    expect(last.orders).toHaveLength(5);
  });

  it.each([
    ["abc", 1],
    ["0", 1],
    ["-2", 1],
    ["1.5", 1],
    ["", 1],
    ["99999999999999999999", 2],
    ["7", 2],
  ])("reads ?page=%s as page %i of 2", async (page, expected) => {
    const customer = await createCustomer("Odd Pager");
    for (let i = 0; i < 20; i++) {
      await insertOrder(handle.db, {
        userId: customer.id,
        total: 500,
        createdAt: new Date(Date.parse("2026-02-01T00:00:00Z") + i * 1000),
      });
    }
    const view = await loadProfile(customer.cookies, `/profile?tab=orders&page=${page}`);
    expect(view.orderPages).toMatchObject({ page: expected, pageCount: 2, totalCount: 20 });
    expect(view.orders).toHaveLength(expected === 1 ? 15 : 5);
  });

  it("shows no pages for a customer without orders", async () => {
    const customer = await createCustomer("New Buyer");
    const view = await loadProfile(customer.cookies, "/profile?tab=orders&page=3");
    expect(view.orders).toEqual([]);
    expect(view.orderPages).toMatchObject({ page: 1, pageCount: 1, totalCount: 0 });
  });
});

describe(`card payments at checkout on ${DATABASE_KIND}`, () => {
  const context = routeContext("127.0.0.1");
  const fields = () => ({
    ...SHIPPING_ADDRESS,
    addressLine2: "",
    paymentMethod: "razorpay",
    idempotencyKey: randomUUID(),
  });
  const post = (action: typeof checkoutAction, cookies: string[], body: Record<string, string>) =>
    action({
      request: browserRequest("/checkout", cookies, {
        method: "POST",
        body: new URLSearchParams(body),
      }),
      params: {},
      context,
    } as never).catch((thrown: unknown) => thrown);

  it("without Razorpay keys records a card order as a test payment", async () => {
    const customer = await createCustomer("Test Card Buyer");
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await post(checkoutAction, customer.cookies, fields());
    const [order] = await ordersOf(customer.id);
    expect(order).toMatchObject({ paymentMethod: "razorpay", paymentProvider: "test" });
  });

  it("CARD_PAYMENTS=off: placing an order refuses a card order whoever calls it, writing nothing", async () => {
    const customer = await createCustomer("Direct Card Buyer");
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await withEnv(
      { CARD_PAYMENTS: "off" },
      () => import("~/workflows/place-order.server"),
      async ({ placeOrder }) => {
        const attempt = placeOrder(handle.db, {
          shipping: testServices().shipping,
          userId: customer.id,
          address: SHIPPING_ADDRESS,
          saveAddress: false,
          paymentMethod: "razorpay",
          cardProvider: "test",
          idempotencyKey: randomUUID(),
          quote: null,
        });
        await expect(attempt).rejects.toMatchObject({
          status: 400,
          message: "Card payments are switched off. Please choose Cash on Delivery.",
        });
      },
    );
    expect(await ordersOf(customer.id)).toHaveLength(0);
    expect(await stockOf(item.id)).toBe(5);
  });

  it("CARD_PAYMENTS=off offers only cash on delivery and refuses a card order with 400, writing nothing", async () => {
    const customer = await createCustomer("Switched Off Buyer");
    const item = await product({ stockQuantity: 5 });
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    await withEnv(
      { CARD_PAYMENTS: "off" },
      () => import("~/routes/store/checkout"),
      async ({ action, loader }) => {
        const page = await loader({
          request: browserRequest("/checkout", customer.cookies),
          params: {},
          context,
        } as never);
        expect(page.cardPayments).toBe("off");

        const refused = (await post(action, customer.cookies, fields())) as {
          data: { result: { error: Record<string, string[]> } };
          init: ResponseInit | null;
        };
        expect(refused.init?.status).toBe(400);
        expect(refused.data.result.error.paymentMethod).toEqual([
          "Card payments are switched off. Please choose Cash on Delivery.",
        ]);
        const { toast } = await takeToast(
          TEST_SIGNER,
          browserRequest("/", [new Headers(refused.init?.headers).get("Set-Cookie") ?? ""]),
        );
        expect(toast).toMatchObject({
          title: "Card payments are off",
          description: "Card payments are switched off. Please choose Cash on Delivery.",
        });
        expect(await ordersOf(customer.id)).toHaveLength(0);
        expect(await stockOf(item.id)).toBe(5);

        // Cash on delivery still works.
        const placed = (await post(action, customer.cookies, {
          ...fields(),
          paymentMethod: "cod",
        })) as Response;
        expect(placed.status).toBe(302);
        expect(await ordersOf(customer.id)).toHaveLength(1);
      },
    );
  });
});
