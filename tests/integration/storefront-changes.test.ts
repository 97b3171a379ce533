import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TAGS, productTag } from "~/domain/page-cache-rules";
import type { DatabaseHandle } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { STOREFRONT_CHANGED } from "~/lib/live-events.server";
import { newPageDependencies } from "~/lib/page-dependencies.server";
import { runInRequest } from "~/lib/request-store.server";
import { type StorefrontPageCache, startPageCache } from "~/lib/storefront-page-cache.server";
import { setReviewApproval } from "~/modules/reviews/reviews-admin.server";
import { loader as rootLoader } from "~/root";
import { loader as categoryLoader } from "~/routes/store/category";
import { loader as homeLoader } from "~/routes/store/home";
import { loader as productLoader } from "~/routes/store/product";
import { loader as productsLoader } from "~/routes/store/products";
import {
  categories,
  coupons,
  images,
  productImages,
  products,
  productVariants,
  profiles,
  reviews,
  settings,
  stockLots,
} from "../../db/schema";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertCategory, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useDatabase, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
const heard: string[] = [];
let pageCache: StorefrontPageCache;

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A statement on the single settings row: always announced as 'settings'. */
async function markAndWait() {
  const from = heard.length;
  await handle.db.execute(sql`update settings set updated_at = now() where id = 1`);
  await waitFor(() => heard.slice(from).includes(PAGE_TAGS.settings));
  return from;
}

/**
 * The tags a write announced: everything heard after it, up to a marker written after it. A
 * marker before it lets the announcements of earlier writes arrive first (PostgreSQL delivers
 * them on the listening connection, a moment after the commit).
 */
async function announcedBy(write: () => Promise<unknown>) {
  await markAndWait();
  const from = heard.length;
  await write();
  await markAndWait();
  const payloads = heard.slice(from, heard.lastIndexOf(PAGE_TAGS.settings));
  return new Set(payloads.flatMap((payload) => payload.split(" ")));
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  await testServices().live.subscribe(STOREFRONT_CHANGED, (payload) => heard.push(payload));
  pageCache = await startPageCache(1, testServices().live);
});

afterAll(async () => {
  pageCache.stop();
  await testServices().live.close();
  useDatabase(handle);
  await handle.close();
});

describe(`writes announce what they change on ${DATABASE_KIND}`, () => {
  it("a size's price: its product's page and every list", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Price Change" }]);
    const tags = await announcedBy(() =>
      handle.db
        .update(productVariants)
        .set({ price: 12_345 })
        .where(eq(productVariants.id, product!.variantId)),
    );
    expect(tags).toEqual(new Set([productTag(product!.id), PAGE_TAGS.products]));
  });

  it("a batch's expiry changed or the batch deleted: the product's page (it shows the next batch's expiry)", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Lot Change", stockQuantity: 0 }]);
    const [lot] = await handle.db
      .insert(stockLots)
      .values({
        variantId: product!.variantId,
        batchNumber: "SA-2611-901",
        quantityReceived: 0,
        quantityLeft: 0,
      })
      .returning({ id: stockLots.id });
    const where = eq(stockLots.id, lot!.id);
    expect(
      await announcedBy(() =>
        handle.db.update(stockLots).set({ expiresOn: "2028-03-31" }).where(where),
      ),
    ).toEqual(new Set([productTag(product!.id)]));
    expect(await announcedBy(() => handle.db.delete(stockLots).where(where))).toEqual(
      new Set([productTag(product!.id)]),
    );
  });

  it("a sale that leaves stock: the product's page only; the last unit: the lists too", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Stock Change", stockQuantity: 2 }]);
    const take = () =>
      handle.db
        .update(productVariants)
        .set({ stockQuantity: sql`${productVariants.stockQuantity} - 1` })
        .where(eq(productVariants.id, product!.variantId));
    expect(await announcedBy(take)).toEqual(new Set([productTag(product!.id)]));
    expect(await announcedBy(take)).toEqual(new Set([productTag(product!.id), PAGE_TAGS.products]));
  });

  it("an update that changes nothing announces nothing", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Same Values", price: 500 }]);
    const tags = await announcedBy(async () => {
      await handle.db
        .update(productVariants)
        .set({ price: 500 })
        .where(eq(productVariants.id, product!.variantId));
      await handle.db
        .update(products)
        .set({ name: "Same Values" })
        .where(eq(products.id, product!.id));
    });
    expect(tags).toEqual(new Set());
  });

  it("a write that rolls back announces nothing", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Rolled Back" }]);
    const tags = await announcedBy(() =>
      handle.db
        .transaction(async (tx) => {
          await tx
            .update(productVariants)
            .set({ price: 1 })
            .where(eq(productVariants.id, product!.variantId));
          throw new Error("roll back");
        })
        .catch(() => {}),
    );
    expect(tags).toEqual(new Set());
  });

  it("a new product, a deleted one and a picture: the product's page and the lists", async () => {
    const inserted = await announcedBy(() => insertProducts(handle.db, [{ name: "Brand New" }]));
    const [created] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, "Brand New"));
    expect(inserted).toEqual(new Set([productTag(created!.id), PAGE_TAGS.products]));

    const [image] = await handle.db
      .insert(images)
      .values({ width: 1, height: 1, contentHash: "first" })
      .returning();
    const pictured = await announcedBy(() =>
      handle.db.insert(productImages).values({
        productId: created!.id,
        imageId: image!.id,
        imageUrl: `/images/${image!.id}/original`,
      }),
    );
    expect(pictured).toEqual(new Set([productTag(created!.id), PAGE_TAGS.products]));
    // New variants of the picture give it new addresses.
    const rehashed = await announcedBy(() =>
      handle.db.update(images).set({ contentHash: "second" }).where(eq(images.id, image!.id)),
    );
    expect(rehashed).toEqual(new Set([productTag(created!.id), PAGE_TAGS.products]));

    const deleted = await announcedBy(() =>
      handle.db.delete(products).where(eq(products.id, created!.id)),
    );
    expect(deleted).toContain(productTag(created!.id));
    expect(deleted).toContain(PAGE_TAGS.products);
  });

  it("a review: nothing while it waits for approval, the product's page once approved", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Reviewed" }]);
    const admin = await createAdmin(handle.db);
    const [author] = await handle.db.select({ id: profiles.id }).from(profiles).limit(1);
    let reviewId = "";
    const submitted = await announcedBy(async () => {
      const [review] = await handle.db
        .insert(reviews)
        .values({ productId: product!.id, userId: author!.id, rating: 5, comment: "Helps" })
        .returning();
      reviewId = review!.id;
    });
    expect(submitted).toEqual(new Set());
    const approved = await announcedBy(() =>
      setReviewApproval(handle.db, admin.id, reviewId, true),
    );
    // The review itself, and the rating and review count on the product's row.
    expect(approved).toEqual(new Set([productTag(product!.id), PAGE_TAGS.products]));
  });

  it("categories, coupons and settings", async () => {
    expect(await announcedBy(() => insertCategory(handle.db, "announced"))).toEqual(
      new Set([PAGE_TAGS.categories]),
    );
    expect(
      await announcedBy(() =>
        handle.db.insert(coupons).values({ code: "TAGS10", discountValue: 10 }),
      ),
    ).toEqual(new Set([PAGE_TAGS.offers]));
    const from = heard.length;
    await handle.db.update(settings).set({ phone: "+91 98765 43210" });
    await waitFor(() => heard.slice(from).includes(PAGE_TAGS.settings));
    expect(await announcedBy(async () => {})).toEqual(new Set());
    await handle.db.delete(categories).where(eq(categories.slug, "announced"));
  });
});

describe(`pages say what they show on ${DATABASE_KIND}`, () => {
  async function tagsOf(render: () => Promise<unknown>) {
    const page = newPageDependencies();
    await runInRequest({ requestId: "test", navigation: true, toasts: [], page }, render);
    return page;
  }

  it("a product page: the product, the categories and the settings, with the root's", async () => {
    const category = await insertCategory(handle.db, "page-tags");
    const [product] = await insertProducts(handle.db, [
      { name: "Tagged Product", categoryId: category.id },
    ]);
    const page = await tagsOf(async () => {
      await callRoute(rootLoader, getPage(`/product/${product!.slug}`));
      await callRoute(productLoader, getPage(`/product/${product!.slug}`), {
        id: product!.slug,
      });
    });
    expect(page.tags).toEqual(
      new Set([productTag(product!.id), PAGE_TAGS.categories, PAGE_TAGS.settings]),
    );
    expect(page.freshUntil).toBe(Number.POSITIVE_INFINITY);
  });

  it("lists: products and categories; the home page: its offers too, fresh until the first expires", async () => {
    const category = await insertCategory(handle.db, "list-tags");
    const listing = await tagsOf(() => callRoute(productsLoader, getPage("/products")));
    expect(listing.tags).toEqual(new Set([PAGE_TAGS.products, PAGE_TAGS.categories]));
    const categoryPage = await tagsOf(() =>
      callRoute(categoryLoader, getPage(`/category/${category.slug}`), { slug: category.slug }),
    );
    expect(categoryPage.tags).toEqual(new Set([PAGE_TAGS.products, PAGE_TAGS.categories]));

    const expiresAt = new Date(Date.now() + 3_600_000);
    await handle.db.insert(coupons).values({ code: "SOON10", discountValue: 10, expiresAt });
    const home = await tagsOf(() => callRoute(homeLoader, getPage("/")));
    expect(home.tags).toEqual(
      new Set([PAGE_TAGS.products, PAGE_TAGS.categories, PAGE_TAGS.offers]),
    );
    expect(home.freshUntil).toBe(expiresAt.getTime());
  });
});

describe(`kept pages name the shop's own address on ${DATABASE_KIND}`, () => {
  it("a request with a forged Host cannot put its origin into a canonical link", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Canonical Product" }]);
    const forged = (path: string) => new Request(`http://evil.example${path}`);
    const shop = getEnv().PUBLIC_URL;
    const listing = await callRoute<{ origin: string }>(productsLoader, forged("/products"));
    const page = await callRoute<{ origin: string }>(
      productLoader,
      forged(`/product/${product!.slug}`),
      { id: product!.slug },
    );
    expect(listing.body?.origin).toBe(shop);
    expect(page.body?.origin).toBe(shop);
    expect(shop).not.toContain("evil.example");
  });
});

describe(`the page cache hears the writes on ${DATABASE_KIND}`, () => {
  it("a price change drops the product's page and the lists, and no other product's page", async () => {
    const [changed, other] = await insertProducts(handle.db, [
      { name: "Cached Price" },
      { name: "Cached Other" },
    ]);
    await markAndWait();
    const cache = pageCache.answering();
    expect(cache).not.toBeNull();
    const admit = (key: string, tags: string[]) =>
      cache!.admit(
        key,
        { status: 200, contentType: "text/html", body: Buffer.from(key), tags },
        cache!.generation(),
      );
    await admit(`/product/${changed!.slug}`, [productTag(changed!.id), PAGE_TAGS.settings]);
    await admit(`/product/${other!.slug}`, [productTag(other!.id), PAGE_TAGS.settings]);
    await admit("/products", [PAGE_TAGS.products, PAGE_TAGS.categories]);
    await admit("/about", [PAGE_TAGS.settings]);
    expect(cache!.stats().entries).toBe(4);

    await handle.db
      .update(productVariants)
      .set({ price: 99_00 })
      .where(eq(productVariants.productId, changed!.id));
    // The embedded database runs in this process: the announcement is heard before the write returns.
    if (DATABASE_KIND === "PGlite")
      expect(cache!.lookup(`/product/${changed!.slug}`)).toBeUndefined();
    await waitFor(() => cache!.lookup(`/product/${changed!.slug}`) === undefined);
    expect(cache!.lookup("/products")).toBeUndefined();
    expect(cache!.lookup(`/product/${other!.slug}`)).toBeDefined();
    expect(cache!.lookup("/about")).toBeDefined();
  });
});
