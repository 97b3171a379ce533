/**
 * docs/decisions/056: a product sold in several pack sizes. Each size has its own price and
 * stock; carts keep a line per size; checkout, cancelling and reopening take and give back the
 * stock of that size only, in the same transactions as before, also when many buy at once.
 */
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { addToCart, CartError, removeLine, setLineQuantity } from "~/modules/cart/cart.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { listFeaturedProducts } from "~/modules/catalog/listing.server";
import { findProduct } from "~/modules/catalog/product-detail.server";
import { searchProducts } from "~/modules/catalog/search.server";
import { OrderError } from "~/modules/orders/order-errors";
import { action as cartAction } from "~/routes/store/cart";
import { loader as productLoader } from "~/routes/store/product";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { cartItems, orderItems, productVariants } from "../../db/schema";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { addSize, insertProducts, setStock, stockOf } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";
import { routeContext } from "./support/services";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 20 });
  await wireApp(handle.db);
});
afterAll(() => handle.close());

/**
 * Chyawanprash in 500 g (₹450, ₹399 on offer) and 1 kg (₹850), each with its own stock, and a
 * third size, 250 g, placed first in the owner's order.
 */
async function chyawanprash(stock: { small?: number; half?: number; kilo?: number } = {}) {
  const tag = randomUUID().slice(0, 6);
  const [product] = await insertProducts(handle.db, [
    {
      name: `Chyawanprash ${tag}`,
      label: "500 g",
      sku: `CHY-500-${tag}`,
      price: 45000,
      discountPrice: 39900,
      stockQuantity: stock.half ?? 10,
    },
  ]);
  const kilo = await addSize(handle.db, product!.id, {
    label: "1 kg",
    sku: `CHY-1KG-${tag}`,
    price: 85000,
    stockQuantity: stock.kilo ?? 10,
  });
  const small = await addSize(handle.db, product!.id, {
    label: "250 g",
    sku: `CHY-250-${tag}`,
    price: 25000,
    stockQuantity: stock.small ?? 0,
    sortOrder: -1,
  });
  return { product: product!, half: product!.variantId, kilo: kilo.id, small: small.id, tag };
}

async function soldOf(variantId: string) {
  const [row] = await handle.db
    .select({ n: count() })
    .from(orderItems)
    .where(eq(orderItems.variantId, variantId));
  return row!.n;
}

describe(`a product's pack sizes in the cart on ${DATABASE_KIND}`, () => {
  it("keeps a line per size, adding the default size (first in stock) when none is named", async () => {
    const item = await chyawanprash();
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];

    // 250 g comes first but is out of stock: the default is 500 g.
    const added = await addToCart(handle.db, { userId, productId: item.product.id, quantity: 2 });
    expect(added).toMatchObject({ status: "added", name: `${item.product.name} – 500 g` });
    await addToCart(handle.db, {
      userId,
      productId: item.product.id,
      variantId: item.kilo,
      quantity: 1,
    });
    await addToCart(handle.db, {
      userId,
      productId: item.product.id,
      variantId: item.half,
      quantity: 1,
    });

    const cart = await getCart(handle.db, userId);
    expect(cart.lines.map((line) => [line.name, line.sku, line.quantity, line.unitPrice])).toEqual([
      [`${item.product.name} – 500 g`, `CHY-500-${item.tag}`, 3, 39900],
      [`${item.product.name} – 1 kg`, `CHY-1KG-${item.tag}`, 1, 85000],
    ]);
    expect(cart.totals.subtotal).toBe(3 * 39900 + 85000);
    expect(cart.count).toBe(4);
  });

  it("limits each line by its own size's stock, and names the size", async () => {
    const item = await chyawanprash({ half: 2, kilo: 9 });
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];

    await expect(
      addToCart(handle.db, {
        userId,
        productId: item.product.id,
        variantId: item.half,
        quantity: 3,
      }),
    ).rejects.toThrow(new CartError(`Only 2 of ${item.product.name} – 500 g left in stock`));
    await addToCart(handle.db, {
      userId,
      productId: item.product.id,
      variantId: item.kilo,
      quantity: 5,
    });
    await addToCart(handle.db, {
      userId,
      productId: item.product.id,
      variantId: item.half,
      quantity: 2,
    });

    expect(await setLineQuantity(handle.db, { userId, variantId: item.half, quantity: 5 })).toEqual(
      {
        status: "capped",
        quantity: 2,
        reason: `Only 2 of ${item.product.name} – 500 g left in stock`,
      },
    );
    expect(await setLineQuantity(handle.db, { userId, variantId: item.kilo, quantity: 9 })).toEqual(
      { status: "updated", quantity: 9 },
    );
    expect(await removeLine(handle.db, userId, item.half)).toBe(true);
    expect((await getCart(handle.db, userId)).lines.map((line) => line.variantId)).toEqual([
      item.kilo,
    ]);
  });

  it("refuses a size out of stock, archived, or of another product, whoever posts it", async () => {
    const item = await chyawanprash();
    const other = await chyawanprash();
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await handle.db
      .update(productVariants)
      .set({ archivedAt: new Date() })
      .where(eq(productVariants.id, item.kilo));

    await expect(
      addToCart(handle.db, {
        userId,
        productId: item.product.id,
        variantId: item.small,
        quantity: 1,
      }),
    ).rejects.toThrow(`${item.product.name} – 250 g is out of stock`);
    await expect(
      addToCart(handle.db, {
        userId,
        productId: item.product.id,
        variantId: item.kilo,
        quantity: 1,
      }),
    ).rejects.toThrow(`${item.product.name} – 1 kg is no longer available`);
    await expect(
      addToCart(handle.db, {
        userId,
        productId: item.product.id,
        variantId: other.half,
        quantity: 1,
      }),
    ).rejects.toThrow("This product is no longer available");

    // The same through the cart's form, as a crafted post would send it.
    const customer = await createCustomer("Crafted Poster");
    for (const variantId of [item.small, item.kilo, other.half]) {
      const request = browserRequest("/cart", customer.cookies, {
        method: "POST",
        body: new URLSearchParams({ intent: "add", productId: item.product.id, variantId }),
      });
      const answer = (await cartAction({
        request,
        params: {},
        context: routeContext("127.0.0.1"),
      } as never)) as { init: ResponseInit | null };
      expect(answer.init?.status).toBe(409);
    }
    const malformed = browserRequest("/cart", customer.cookies, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", productId: item.product.id, variantId: "1 kg" }),
    });
    const refused = (await cartAction({
      request: malformed,
      params: {},
      context: routeContext("127.0.0.1"),
    } as never)) as { init: ResponseInit | null };
    expect(refused.init?.status).toBe(400);
    expect(await handle.db.$count(cartItems, eq(cartItems.variantId, item.kilo))).toBe(0);
    expect((await getCart(handle.db, customer.id)).lines).toEqual([]);
  });
});

describe(`what an add to the cart of a pack size says on ${DATABASE_KIND}`, () => {
  it("names the size the shop chose when none was posted (a card's Add to Cart); the spec's toasts otherwise", async () => {
    const item = await chyawanprash({ small: 0 });
    const [single] = await insertProducts(handle.db, [
      { name: `Brahmi Vati ${item.tag}`, price: 18000 },
    ]);
    const customer = await createCustomer("Card Adder");
    const add = async (fields: Record<string, string>) => {
      const request = browserRequest("/cart", customer.cookies, {
        method: "POST",
        body: new URLSearchParams({ intent: "add", ...fields }),
      });
      const { status, toast } = await callRoute(cartAction, request);
      expect(status).toBe(200);
      return { title: toast?.title, description: toast?.description };
    };

    expect(await add({ productId: item.product.id })).toEqual({
      title: `Added ${item.product.name} – 500 g`,
    });
    expect(await add({ productId: item.product.id, quantity: "2" })).toEqual({
      title: "Cart updated",
      description: `3 × ${item.product.name} – 500 g in your cart`,
    });
    // Chosen on the product page: the spec's words.
    expect(await add({ productId: item.product.id, variantId: item.kilo })).toEqual({
      title: "Added to cart",
    });
    expect(await add({ productId: item.product.id, variantId: item.kilo })).toEqual({
      title: "Cart updated",
    });
    // A product of one size reads as the spec has it, from its card too.
    expect(await add({ productId: single!.id })).toEqual({ title: "Added to cart" });
    expect(await add({ productId: single!.id })).toEqual({ title: "Cart updated" });
  });
});

describe(`ordering, cancelling and reopening pack sizes on ${DATABASE_KIND}`, () => {
  it("prices each size, records its label and SKU, and takes only its stock", async () => {
    const item = await chyawanprash({ half: 5, kilo: 4, small: 3 });
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [
      { variantId: item.half, quantity: 2 },
      { variantId: item.kilo, quantity: 1 },
    ]);

    const placed = await orderFor(handle.db, userId);

    expect(placed.total).toBe(2 * 39900 + 85000);
    const lines = await handle.db
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        productName: orderItems.productName,
        variantLabel: orderItems.variantLabel,
        sku: orderItems.sku,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.id))
      .orderBy(orderItems.unitPrice);
    expect(lines).toEqual([
      {
        productId: item.product.id,
        variantId: item.half,
        productName: item.product.name,
        variantLabel: "500 g",
        sku: `CHY-500-${item.tag}`,
        quantity: 2,
        unitPrice: 39900,
      },
      {
        productId: item.product.id,
        variantId: item.kilo,
        productName: item.product.name,
        variantLabel: "1 kg",
        sku: `CHY-1KG-${item.tag}`,
        quantity: 1,
        unitPrice: 85000,
      },
    ]);
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(3);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(3);
    expect(await stockOf(handle.db, { variantId: item.small })).toBe(3);

    // The label and SKU are the order's: renaming the size later does not rewrite it.
    await handle.db
      .update(productVariants)
      .set({ label: "1000 g", sku: `CHY-1000-${item.tag}` })
      .where(eq(productVariants.id, item.kilo));
    const [kept] = await handle.db
      .select({ label: orderItems.variantLabel, sku: orderItems.sku })
      .from(orderItems)
      .where(eq(orderItems.variantId, item.kilo));
    expect(kept).toEqual({ label: "1 kg", sku: `CHY-1KG-${item.tag}` });
  });

  it("refuses a size archived or sold out since it was put in the cart, naming it, writing nothing", async () => {
    const item = await chyawanprash({ half: 5, kilo: 5 });
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [
      { variantId: item.half, quantity: 1 },
      { variantId: item.kilo, quantity: 2 },
    ]);

    await setStock(handle.db, { variantId: item.kilo }, 1);
    await expect(orderFor(handle.db, userId)).rejects.toThrow(
      `Only 1 of ${item.product.name} – 1 kg left in stock`,
    );
    await handle.db
      .update(productVariants)
      .set({ archivedAt: new Date(), stockQuantity: 5 })
      .where(eq(productVariants.id, item.kilo));
    const cart = await getCart(handle.db, userId);
    expect(cart.lines.map((line) => [line.variantId, line.problem])).toEqual([
      [item.half, null],
      [item.kilo, "unavailable"],
    ]);
    await expect(orderFor(handle.db, userId)).rejects.toThrow(
      `${item.product.name} – 1 kg is no longer available. Remove it from your cart.`,
    );
    expect(await soldOf(item.half)).toBe(0);
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(5);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(5);
  });

  it("gives each size's stock back on cancelling, takes it again on reopening, and names the size it cannot", async () => {
    const admin = await createAdmin(handle.db);
    const item = await chyawanprash({ half: 6, kilo: 4 });
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [
      { variantId: item.half, quantity: 2 },
      { variantId: item.kilo, quantity: 3 },
    ]);
    const placed = await orderFor(handle.db, userId);
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(4);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(1);

    await cancelOrderByCustomer(handle.db, { userId, orderId: placed.id });
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(6);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(4);

    await setStock(handle.db, { variantId: item.kilo }, 2);
    await expect(updateOrderStatus(handle.db, admin.id, placed.id, "pending")).rejects.toThrow(
      `Order ${placed.orderNumber} cannot be reopened: only 2 of ${item.product.name} – 1 kg are left in stock, and it needs 3.`,
    );
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(6);

    await setStock(handle.db, { variantId: item.kilo }, 3);
    await updateOrderStatus(handle.db, admin.id, placed.id, "pending");
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(4);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(0);
  });
});

describe(`many shoppers buying two sizes of one product at once on ${DATABASE_KIND}`, () => {
  it("sells the last 3 of one size to exactly 3 of 30 customers, while the other size sells to all who ask", async () => {
    const item = await chyawanprash({ half: 3, kilo: 100 });
    const lastUnits = await insertCustomers(handle.db, 30);
    const otherSize = await insertCustomers(handle.db, 10);
    for (const userId of lastUnits)
      await fillCart(handle.db, userId, [{ variantId: item.half, quantity: 1 }]);
    for (const userId of otherSize)
      await fillCart(handle.db, userId, [{ variantId: item.kilo, quantity: 2 }]);

    const results = await Promise.allSettled([
      ...lastUnits.map((userId) => orderFor(handle.db, userId)),
      ...otherSize.map((userId) => orderFor(handle.db, userId)),
    ]);

    const lastResults = results.slice(0, lastUnits.length);
    expect(lastResults.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const refused of lastResults.filter((r) => r.status === "rejected")) {
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(OrderError);
      expect((refused as PromiseRejectedResult).reason.message).toBe(
        `${item.product.name} – 500 g is out of stock`,
      );
    }
    expect(results.slice(lastUnits.length).every((r) => r.status === "fulfilled")).toBe(true);
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(0);
    expect(await soldOf(item.half)).toBe(3);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(100 - 10 * 2);
    expect(await soldOf(item.kilo)).toBe(10);
  });

  it("cancels and places orders of both sizes at once, in either order, without a deadlock or a lost unit", async () => {
    const item = await chyawanprash({ half: 100, kilo: 100 });
    const earlier = await insertCustomers(handle.db, 8);
    const later = await insertCustomers(handle.db, 8);
    const placed = [];
    for (const [index, userId] of earlier.entries()) {
      const lines = [
        { variantId: item.half, quantity: 1 },
        { variantId: item.kilo, quantity: 1 },
      ];
      await fillCart(handle.db, userId, index % 2 ? lines.reverse() : lines);
      placed.push({ userId, orderId: (await orderFor(handle.db, userId)).id });
    }
    for (const [index, userId] of later.entries()) {
      const lines = [
        { variantId: item.half, quantity: 2 },
        { variantId: item.kilo, quantity: 3 },
      ];
      await fillCart(handle.db, userId, index % 2 ? lines.reverse() : lines);
    }

    const results = await Promise.allSettled([
      ...placed.map((order) => cancelOrderByCustomer(handle.db, order)),
      ...later.map((userId) => orderFor(handle.db, userId)),
    ]);

    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(100 - 8 * 2);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(100 - 8 * 3);
  });

  it("makes one order of two sizes when the same checkout is submitted twice at once", async () => {
    const item = await chyawanprash({ half: 9, kilo: 9 });
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [
      { variantId: item.half, quantity: 3 },
      { variantId: item.kilo, quantity: 2 },
    ]);
    const key = randomUUID();

    const [a, b] = await Promise.all([
      orderFor(handle.db, userId, { idempotencyKey: key }),
      orderFor(handle.db, userId, { idempotencyKey: key }),
    ]);

    expect(a.id).toBe(b.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await stockOf(handle.db, { variantId: item.half })).toBe(6);
    expect(await stockOf(handle.db, { variantId: item.kilo })).toBe(7);
  });
});

describe(`what shoppers are shown of a product's sizes on ${DATABASE_KIND}`, () => {
  it("shows the first size in stock, 'from' when the sizes' prices differ, and sorts by the price shown", async () => {
    const item = await chyawanprash({ small: 0, half: 4, kilo: 2 });
    await handle.db
      .update(productVariants)
      .set({ price: 1 })
      .where(eq(productVariants.id, item.small));
    const [single] = await insertProducts(handle.db, [
      { name: `Triphala Churna ${item.tag}`, price: 39950 },
    ]);

    const page = await findProduct(handle.db, item.product.slug);
    expect(page).toMatchObject({
      variantId: item.half,
      sizeLabel: "500 g",
      price: 45000,
      discountPrice: 39900,
      stockQuantity: 4,
    });
    expect(page!.sizes.map((size) => size.label)).toEqual(["250 g", "500 g", "1 kg"]);

    const results = await searchProducts(handle.db, {
      search: item.tag.toLowerCase(),
      categoryId: undefined,
      sort: "price-low",
      page: 1,
    });
    expect(
      results.items.map((card) => [card.name, card.sizeLabel, card.price, card.pricesDiffer]),
    ).toEqual([
      // The shown size pays ₹399 against Triphala's ₹399.50; the ₹0.01 size is out of stock.
      [item.product.name, "500 g", 45000, true],
      [single!.name, "", 39950, false],
    ]);

    // Once 500 g sells out, the card shows 1 kg, and sorts at its price.
    await setStock(handle.db, { variantId: item.half }, 0);
    const after = await searchProducts(handle.db, {
      search: item.tag.toLowerCase(),
      categoryId: undefined,
      sort: "price-low",
      page: 1,
    });
    expect(after.items.map((card) => [card.name, card.sizeLabel, card.price])).toEqual([
      [single!.name, "", 39950],
      [item.product.name, "1 kg", 85000],
    ]);

    // With every size sold out, the first in the owner's order is shown, out of stock.
    await setStock(handle.db, { variantId: item.kilo }, 0);
    const soldOut = (await findProduct(handle.db, item.product.id))!;
    expect([soldOut.sizeLabel, soldOut.stockQuantity]).toEqual(["250 g", 0]);
  });

  it("reads 'from' the lowest price of a size in stock, and sorts by it, while the card adds the default size", async () => {
    // 1 kg costs less than 500 g, the size shown first; the ₹0.01 250 g is out of stock.
    const item = await chyawanprash({ small: 0, half: 4, kilo: 2 });
    await handle.db
      .update(productVariants)
      .set({ price: 1 })
      .where(eq(productVariants.id, item.small));
    await handle.db
      .update(productVariants)
      .set({ price: 32000, discountPrice: 30000 })
      .where(eq(productVariants.id, item.kilo));
    const [single] = await insertProducts(handle.db, [
      { name: `Triphala Churna ${item.tag}`, price: 35000 },
    ]);
    const cards = async (sort: "price-low" | "price-high") =>
      (
        await searchProducts(handle.db, {
          search: item.tag.toLowerCase(),
          categoryId: undefined,
          sort,
          page: 1,
        })
      ).items.map((card) => [
        card.name,
        card.variantId,
        card.price,
        card.discountPrice,
        card.pricesDiffer,
      ]);

    expect(await cards("price-low")).toEqual([
      [item.product.name, item.half, 32000, 30000, true],
      [single!.name, single!.variantId, 35000, null, false],
    ]);
    expect((await cards("price-high")).map(([name]) => name)).toEqual([
      single!.name,
      item.product.name,
    ]);

    // Once 1 kg sells out, the lowest price of a size in stock is 500 g's ₹399.
    await setStock(handle.db, { variantId: item.kilo }, 0);
    expect(await cards("price-low")).toEqual([
      [single!.name, single!.variantId, 35000, null, false],
      [item.product.name, item.half, 45000, 39900, true],
    ]);

    // With every size sold out, the lowest price of a size on sale, beside the first size's stock.
    await setStock(handle.db, { variantId: item.half }, 0);
    expect(await cards("price-low")).toEqual([
      [item.product.name, item.small, 1, null, true],
      [single!.name, single!.variantId, 35000, null, false],
    ]);
  });

  it("finds a product by a size's SKU in any case, but not by an archived size's", async () => {
    const item = await chyawanprash();
    await handle.db
      .update(productVariants)
      .set({ archivedAt: new Date() })
      .where(eq(productVariants.id, item.small));
    const find = async (search: string) =>
      (
        await searchProducts(handle.db, {
          search,
          categoryId: undefined,
          sort: "featured",
          page: 1,
        })
      ).items.map((card) => card.id);

    expect(await find(`chy-1kg-${item.tag}`.toLowerCase())).toEqual([item.product.id]);
    expect(await find(`CHY-500-${item.tag}`.toUpperCase())).toEqual([item.product.id]);
    expect(await find(`CHY-250-${item.tag}`)).toEqual([]);
    // A part of a SKU is not a SKU.
    expect(await find(`CHY-1KG-${item.tag}`.slice(0, -1))).toEqual([]);
  });

  it("shows a product with one size as before: its price, no 'from', no label", async () => {
    const [single] = await insertProducts(handle.db, [
      {
        name: `Brahmi Vati ${randomUUID().slice(0, 6)}`,
        price: 18000,
        discountPrice: 15000,
        stockQuantity: 7,
        isFeatured: true,
      },
    ]);
    const featured = await listFeaturedProducts(handle.db, 50);
    expect(featured.find((card) => card.id === single!.id)).toMatchObject({
      price: 18000,
      discountPrice: 15000,
      stockQuantity: 7,
      pricesDiffer: false,
      sizeLabel: "",
      sku: single!.slug,
    });
    const page = await findProduct(handle.db, single!.slug);
    expect(page!.sizes).toHaveLength(1);
  });
});

describe(`a product page for each pack size on ${DATABASE_KIND}`, () => {
  type Page = {
    product: Awaited<ReturnType<typeof findProduct>> & object;
    structuredData: unknown;
  };
  async function load(path: string) {
    const id = path.split("?")[0]!.split("/").pop()!;
    const { status, body } = await callRoute<Page>(productLoader, getPage(path), { id });
    expect(status).toBe(200);
    return body!;
  }
  const open = async (path: string) => (await load(path)).product;
  const structuredDataOf = async (path: string) =>
    (await load(path)).structuredData as Record<string, unknown>;

  it("shows the size ?size= names, in any case, with its price and stock; the default size otherwise", async () => {
    const item = await chyawanprash({ small: 0, half: 4, kilo: 2 });
    const slug = item.product.slug;

    const plain = await open(`/product/${slug}`);
    expect([plain.sizeLabel, plain.price, plain.discountPrice, plain.stockQuantity]).toEqual([
      "500 g",
      45000,
      39900,
      4,
    ]);
    const kilo = await open(`/product/${slug}?size=${`CHY-1KG-${item.tag}`.toLowerCase()}`);
    expect([
      kilo.variantId,
      kilo.sizeLabel,
      kilo.price,
      kilo.discountPrice,
      kilo.stockQuantity,
    ]).toEqual([item.kilo, "1 kg", 85000, null, 2]);
    const soldOut = await open(`/product/${item.product.id}?size=CHY-250-${item.tag}`);
    expect([soldOut.sizeLabel, soldOut.stockQuantity]).toEqual(["250 g", 0]);
    expect(soldOut.sizes.map((size) => size.label)).toEqual(["250 g", "500 g", "1 kg"]);

    // An unknown SKU, or another product's, shows the default size.
    const other = await chyawanprash();
    for (const size of ["NOPE", `CHY-1KG-${other.tag}`, ""]) {
      expect((await open(`/product/${slug}?size=${size}`)).variantId).toBe(item.half);
    }
  });

  it("sends 'Choose size' without JavaScript, which submits the buy form, to the size's own page", async () => {
    const item = await chyawanprash({ small: 0, half: 4, kilo: 2 });
    const slug = item.product.slug;
    const query = (variantId: string, extra: Record<string, string> = {}) =>
      new URLSearchParams({
        intent: "add",
        productId: item.product.id,
        variantId,
        quantity: "1",
        redirectTo: `/product/${slug}`,
        ...extra,
      });
    const chosen = await callRoute(productLoader, getPage(`/product/${slug}?${query(item.kilo)}`), {
      id: slug,
    });
    expect([chosen.status, chosen.location]).toEqual([
      302,
      `/product/${slug}?size=CHY-1KG-${item.tag}`,
    ]);
    const onTab = await callRoute(
      productLoader,
      getPage(`/product/${item.product.id}?${query(item.half, { tab: "dosage" })}`),
      { id: item.product.id },
    );
    expect(onTab.location).toBe(`/product/${item.product.id}?tab=dosage&size=CHY-500-${item.tag}`);
    // Another product's size, or none known: the product's page.
    const other = await chyawanprash();
    const unknown = await callRoute(
      productLoader,
      getPage(`/product/${slug}?${query(other.kilo)}`),
      { id: slug },
    );
    expect(unknown.location).toBe(`/product/${slug}`);
  });

  it("describes a product of several sizes to search engines as a group with an offer per size", async () => {
    const item = await chyawanprash({ small: 0, half: 4, kilo: 2 });
    const data = await structuredDataOf(`/product/${item.product.slug}`);
    expect(data).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: item.product.slug,
      variesBy: "https://schema.org/size",
    });
    expect(data.hasVariant).toEqual([
      expect.objectContaining({
        name: `${item.product.name} – 250 g`,
        sku: `CHY-250-${item.tag}`,
        url: `${getEnv().PUBLIC_URL}/product/${item.product.slug}?size=CHY-250-${item.tag}`,
        offers: expect.objectContaining({
          price: "250.00",
          availability: "https://schema.org/OutOfStock",
        }),
      }),
      expect.objectContaining({
        name: `${item.product.name} – 500 g`,
        offers: expect.objectContaining({
          price: "399.00",
          availability: "https://schema.org/InStock",
        }),
      }),
      expect.objectContaining({
        name: `${item.product.name} – 1 kg`,
        offers: expect.objectContaining({ price: "850.00" }),
      }),
    ]);

    const [single] = await insertProducts(handle.db, [
      { name: `Brahmi Vati ${item.tag}`, price: 18000 },
    ]);
    const one = await structuredDataOf(`/product/${single!.slug}`);
    expect(one).toMatchObject({
      "@type": "Product",
      sku: single!.slug,
      offers: { price: "180.00", availability: "https://schema.org/InStock" },
    });
    expect(one).not.toHaveProperty("hasVariant");
  });
});
