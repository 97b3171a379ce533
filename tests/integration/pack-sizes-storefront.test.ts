/**
 * docs/decisions/056: what the cart, the customer's order history and the wishlist read of a
 * line's pack size. A sized line carries "Product – size" and its SKU; a product's only size
 * (empty label) reads as before sizes existed.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { addToWishlist } from "~/modules/wishlist/wishlist.server";
import { listWishlist } from "~/modules/wishlist/wishlist-read.server";
import { productVariants } from "../../db/schema";
import { wireApp } from "./support/app";
import { addSize, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

/** Arjunarishta in 450 ml (first) and 200 ml, and Triphala sold in one size. */
async function catalog(stock: { large?: number } = {}) {
  const tag = randomUUID().slice(0, 6);
  const [arjuna, triphala] = await insertProducts(handle.db, [
    {
      name: `Arjunarishta ${tag}`,
      label: "450 ml",
      sku: `ARJ-450-${tag}`,
      price: 32000,
      stockQuantity: stock.large ?? 10,
    },
    { name: `Triphala ${tag}`, price: 15000 },
  ]);
  const small = await addSize(handle.db, arjuna!.id, {
    label: "200 ml",
    sku: `ARJ-200-${tag}`,
    price: 15000,
    discountPrice: 13500,
  });
  return { arjuna: arjuna!, triphala: triphala!, large: arjuna!.variantId, small: small.id, tag };
}

describe(`a pack size in the cart and the order history on ${DATABASE_KIND}`, () => {
  it("names a sized cart line 'Product – size' with its SKU, and a one-size line by the product alone", async () => {
    const item = await catalog();
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [
      { variantId: item.small, quantity: 2 },
      { variantId: item.triphala.variantId, quantity: 1 },
    ]);

    const lines = (await getCart(handle.db, userId)).lines.map((line) => ({
      name: line.name,
      sizeLabel: line.sizeLabel,
      sku: line.sku,
    }));

    expect(lines).toEqual(
      expect.arrayContaining([
        {
          name: `Arjunarishta ${item.tag} – 200 ml`,
          sizeLabel: "200 ml",
          sku: `ARJ-200-${item.tag}`,
        },
        { name: `Triphala ${item.tag}`, sizeLabel: "", sku: item.triphala.slug },
      ]),
    );
    expect(lines).toHaveLength(2);
  });

  it("lists the order's lines with the size and SKU as sold, even after the size is renamed", async () => {
    const item = await catalog();
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await fillCart(handle.db, userId, [
      { variantId: item.small, quantity: 1 },
      { variantId: item.large, quantity: 1 },
      { variantId: item.triphala.variantId, quantity: 3 },
    ]);
    const placed = await orderFor(handle.db, userId);
    await handle.db
      .update(productVariants)
      .set({ label: "250 ml", sku: `ARJ-250-${item.tag}` })
      .where(eq(productVariants.id, item.small));

    const { orders } = await listCustomerOrders(handle.db, userId);
    const order = orders.find((row) => row.id === placed.id);
    const items = order!.items.map(({ productName, variantLabel, sku, quantity, unitPrice }) => ({
      productName,
      variantLabel,
      sku,
      quantity,
      unitPrice,
    }));
    expect(items).toEqual(
      expect.arrayContaining([
        {
          productName: `Arjunarishta ${item.tag}`,
          variantLabel: "200 ml",
          sku: `ARJ-200-${item.tag}`,
          quantity: 1,
          unitPrice: 13500,
        },
        {
          productName: `Arjunarishta ${item.tag}`,
          variantLabel: "450 ml",
          sku: `ARJ-450-${item.tag}`,
          quantity: 1,
          unitPrice: 32000,
        },
        {
          productName: `Triphala ${item.tag}`,
          variantLabel: "",
          sku: item.triphala.slug,
          quantity: 3,
          unitPrice: 15000,
        },
      ]),
    );
    expect(items).toHaveLength(3);
  });
});

describe(`a saved product's card on ${DATABASE_KIND}`, () => {
  it("keeps one entry per product, showing the size its listing card shows, 'from' when sizes cost differently", async () => {
    const item = await catalog({ large: 0 });
    const [userId] = (await insertCustomers(handle.db, 1)) as [string];
    await addToWishlist(handle.db, userId, item.arjuna.id);
    await addToWishlist(handle.db, userId, item.triphala.id);

    const saved = await listWishlist(handle.db, userId);
    const card = (id: string) => {
      const row = saved.find((entry) => entry.id === id)!;
      return [row.variantId, row.sizeLabel, row.price, row.discountPrice, row.pricesDiffer];
    };
    expect(saved).toHaveLength(2);
    // The first size is sold out: the card shows the first in stock.
    expect(card(item.arjuna.id)).toEqual([item.small, "200 ml", 15000, 13500, true]);
    expect(card(item.triphala.id)).toEqual([item.triphala.variantId, "", 15000, null, false]);

    // Back in stock, the first size in the owner's order is shown again.
    await handle.db
      .update(productVariants)
      .set({ stockQuantity: 4 })
      .where(eq(productVariants.id, item.large));
    const again = await listWishlist(handle.db, userId);
    expect(again.find((entry) => entry.id === item.arjuna.id)?.variantId).toBe(item.large);
  });
});
