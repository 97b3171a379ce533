import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductStatus } from "~/domain/product-status";
import type { DatabaseHandle } from "~/lib/db.server";
import { addToCart } from "~/modules/cart/cart.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { listCategoriesWithCounts, listFeaturedProducts } from "~/modules/catalog/listing.server";
import { findProduct } from "~/modules/catalog/product-detail.server";
import { listAdminProducts } from "~/modules/catalog/products-admin.server";
import { searchProducts } from "~/modules/catalog/search.server";
import { sitemapEntries } from "~/modules/catalog/sitemap.server";
import { addToWishlist } from "~/modules/wishlist/wishlist.server";
import { listWishlist } from "~/modules/wishlist/wishlist-read.server";
import {
  action as adminProductsAction,
  loader as adminProductsLoader,
} from "~/routes/admin/products";
import { loader as checkoutLoader } from "~/routes/store/checkout";
import { loader as productLoader } from "~/routes/store/product";
import { auditLog, orders, products, productVariants, wishlistItems } from "../../db/schema";
import { callRoute, postForm, signInAdministrator } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertCategory, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";

let handle: DatabaseHandle;
let admin: Awaited<ReturnType<typeof signInAdministrator>>;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

/** One product in each state, sharing a word only they use and one fresh category. */
async function trio() {
  const word = `zhid${randomUUID().slice(0, 6)}`;
  const category = await insertCategory(handle.db, `hidden-${word}`, `Hidden ${word}`);
  const rows = await insertProducts(
    handle.db,
    (["published", "draft", "archived"] as ProductStatus[]).map((status) => ({
      name: `Brahmi ${word} ${status}`,
      status,
      isFeatured: true,
      categoryId: category.id,
      price: 30_000,
    })),
  );
  const [published, draft, archived] = rows as [
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
  ];
  return { word, category, published, draft, archived };
}

const query = (search: string) => ({
  search,
  categoryId: undefined,
  sort: "featured" as const,
  page: 1,
});

describe(`hidden products never reach shoppers on ${DATABASE_KIND}`, () => {
  it("search, category listing and counts, featured and sitemap show published ones only", async () => {
    const { word, category, published } = await trio();
    const found = await searchProducts(handle.db, query(word));
    expect(found.items.map((item) => item.id)).toEqual([published.id]);
    expect(found.total).toBe(1);
    const inCategory = await searchProducts(handle.db, {
      ...query(""),
      search: undefined,
      categoryId: category.id,
    });
    expect(inCategory.items.map((item) => item.id)).toEqual([published.id]);
    const counts = await listCategoriesWithCounts(handle.db);
    expect(counts.find((row) => row.id === category.id)?.productCount).toBe(1);
    const featured = await listFeaturedProducts(handle.db, 1000);
    const names = featured.map((item) => item.name).filter((name) => name.includes(word));
    expect(names).toEqual([published.name]);
    const sitemap = await sitemapEntries(handle.db);
    const paths = sitemap.products.map((entry) => entry.path).filter((p) => p.includes(word));
    expect(paths).toEqual([`/product/${published.slug}`]);
  });

  it("the product page answers 404 for a draft or archived product, by slug and by id", async () => {
    const { published, draft, archived } = await trio();
    expect(await findProduct(handle.db, published.slug)).not.toBeNull();
    for (const hidden of [draft, archived]) {
      expect(await findProduct(handle.db, hidden.slug)).toBeNull();
      expect(await findProduct(handle.db, hidden.id)).toBeNull();
      const page = await callRoute(productLoader, browserRequest(`/product/${hidden.slug}`), {
        id: hidden.slug,
      });
      expect(page.status).toBe(404);
    }
  });

  it("refuses to add a hidden product to a cart or a wishlist", async () => {
    const { draft, archived } = await trio();
    const [userId] = await insertCustomers(handle.db, 1);
    for (const hidden of [draft, archived]) {
      await expect(
        addToCart(handle.db, { userId: userId!, productId: hidden.id, quantity: 1 }),
      ).rejects.toThrow("This product is no longer available");
      await expect(addToWishlist(handle.db, userId!, hidden.id)).rejects.toThrow(
        "This product is no longer available",
      );
    }
    expect((await getCart(handle.db, userId!)).lines).toEqual([]);
    expect(await handle.db.$count(wishlistItems, eq(wishlistItems.userId, userId!))).toBe(0);
  });

  it("flags saved lines as unavailable, leaves them out of the totals and refuses checkout", async () => {
    const { published, archived } = await trio();
    const customer = await createCustomer("Hidden Line Holder");
    await fillCart(handle.db, customer.id, [
      { productId: published.id, quantity: 1 },
      { productId: archived.id, quantity: 2 },
    ]);
    await handle.db.insert(wishlistItems).values({ userId: customer.id, productId: archived.id });

    const cart = await getCart(handle.db, customer.id);
    expect(cart.lines.map((line) => [line.productId, line.problem])).toEqual([
      [published.id, null],
      [archived.id, "unavailable"],
    ]);
    expect(cart.totals.subtotal).toBe(30_000);
    const wishlist = await listWishlist(handle.db, customer.id);
    expect(wishlist.map((item) => [item.id, item.available])).toEqual([[archived.id, false]]);

    const page = await callRoute(checkoutLoader, browserRequest("/checkout", customer.cookies));
    expect(page.location).toBe("/cart");
    expect(page.toast).toMatchObject({
      title: "Some items need your attention",
      description: `${archived.name} is no longer available. Adjust the flagged items in your cart, then check out.`,
    });

    const stockBefore = await handle.db
      .select({ id: productVariants.id, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, published.id));
    await expect(orderFor(handle.db, customer.id)).rejects.toThrow(
      `${archived.name} is no longer available. Remove it from your cart.`,
    );
    expect(await handle.db.$count(orders, eq(orders.userId, customer.id))).toBe(0);
    const stockAfter = await handle.db
      .select({ id: productVariants.id, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, published.id));
    expect(stockAfter).toEqual(stockBefore);
  });
});

describe(`the back office lists, filters and publishes hidden products on ${DATABASE_KIND}`, () => {
  it("lists every state and filters by one", async () => {
    const { word, published, draft, archived } = await trio();
    const all = await listAdminProducts(handle.db, { search: word, page: 1 });
    expect(all.items.map((item) => [item.id, item.status]).sort()).toEqual(
      [
        [published.id, "published"],
        [draft.id, "draft"],
        [archived.id, "archived"],
      ].sort(),
    );
    const answer = await callRoute<{ list: { items: { id: string }[] } }>(
      adminProductsLoader,
      browserRequest(`/admin/products?q=${word}&status=draft`, admin.cookies),
    );
    expect(answer.body!.list.items.map((item) => item.id)).toEqual([draft.id]);
    const ignored = await callRoute<{ list: { total: number } }>(
      adminProductsLoader,
      browserRequest(`/admin/products?q=${word}&status=secret`, admin.cookies),
    );
    expect(ignored.body!.list.total).toBe(3);
  });

  it("publishes an archived product again, recorded in the audit log", async () => {
    const { word, archived } = await trio();
    const result = await callRoute(
      adminProductsAction,
      postForm(`/admin/products?status=archived`, admin.cookies, {
        intent: "set-status",
        id: archived.id,
        status: "published",
      }),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/products?status=archived");
    expect(result.toast).toMatchObject({ title: "Product published" });
    expect(await findProduct(handle.db, archived.slug)).not.toBeNull();
    expect((await searchProducts(handle.db, query(word))).total).toBe(2);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, archived.id));
    expect(entry).toMatchObject({
      actorId: admin.id,
      changes: { before: { status: "archived" }, after: { status: "published" } },
    });
  });

  it("refuses an unknown state with a 400 and changes nothing", async () => {
    const { draft } = await trio();
    const result = await callRoute(
      adminProductsAction,
      postForm("/admin/products", admin.cookies, {
        intent: "set-status",
        id: draft.id,
        status: "deleted",
      }),
    );
    expect(result.status).toBe(400);
    expect(result.toast).toMatchObject({ description: "Choose Published, Draft or Archived" });
    const [row] = await handle.db.select().from(products).where(eq(products.id, draft.id));
    expect(row!.status).toBe("draft");
  });

  it("a customer cannot change a product's state", async () => {
    const { draft } = await trio();
    const customer = await createCustomer("Curious Shopper");
    const result = await callRoute(
      adminProductsAction,
      postForm("/admin/products", customer.cookies, {
        intent: "set-status",
        id: draft.id,
        status: "published",
      }),
    );
    expect(result.location).toMatch(/^\/admin\/login/);
    const [row] = await handle.db.select().from(products).where(eq(products.id, draft.id));
    expect(row!.status).toBe("draft");
  });

  it("tells the owner an ordered product will be archived, and archives it on delete", async () => {
    const [buyer] = await insertCustomers(handle.db, 1);
    const [sold] = await insertProducts(handle.db, [
      { name: `Triphala ${randomUUID().slice(0, 6)}`, price: 20_000 },
    ]);
    await fillCart(handle.db, buyer!, [{ productId: sold!.id, quantity: 1 }]);
    await orderFor(handle.db, buyer!);
    const dialog = await callRoute<{ deleting: { hasOrders: boolean } }>(
      adminProductsLoader,
      browserRequest(`/admin/products?delete=${sold!.id}`, admin.cookies),
    );
    expect(dialog.body!.deleting).toMatchObject({ id: sold!.id, hasOrders: true });
    const result = await callRoute(
      adminProductsAction,
      postForm("/admin/products", admin.cookies, { intent: "delete", id: sold!.id }),
    );
    expect(result.toast).toMatchObject({ title: "Product archived" });
    const [row] = await handle.db.select().from(products).where(eq(products.id, sold!.id));
    expect(row!.status).toBe("archived");
  });

  it("saves a new product as a draft from the form, hidden until published", async () => {
    const name = `Guduchi ${randomUUID().slice(0, 6)}`;
    const result = await callRoute(
      adminProductsAction,
      postForm("/admin/products?new=1", admin.cookies, {
        intent: "create",
        name,
        price: "120",
        stockQuantity: "5",
        status: "draft",
      }),
    );
    expect(result.status).toBe(302);
    const [row] = await handle.db.select().from(products).where(eq(products.name, name));
    expect(row!.status).toBe("draft");
    expect(await findProduct(handle.db, row!.slug)).toBeNull();
  });
});
