import { sql } from "drizzle-orm";
import {
  categories,
  coupons,
  productImages,
  products,
  productVariants,
  profiles,
  reviews,
} from "../../../db/schema";
import {
  seedCategories,
  seedCoupons,
  seedNetQuantities,
  seedPackSizes,
  seedProducts,
  seedReviews,
} from "../../../db/seed/catalog-data";
import { demoLots } from "../../../db/seed/demo-lots";
import { skuFromSlug } from "../../domain/pack-sizes";
import { slugify } from "../../domain/slug";
import { DEFAULT_MIN_SHELF_LIFE_DAYS, shopDate } from "../../domain/stock-lots";
import type { Database, Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { receiveLots } from "../inventory/lots.server";
import { imageUrl, savePreparedImage } from "../media/images.server";
import { demoPictures, readDemoManifest } from "./demo-pictures.server";
import { refreshProductRatings } from "./ratings.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK_ID = 724_511_004;

function daysAgo(days: number, now: number) {
  return new Date(now - days * DAY_MS);
}

/**
 * Loads the demo catalog into an empty database (SEED=demo). Safe to call on every start and
 * from several processes at once: it takes a lock and does nothing when a catalog exists.
 */
async function hasCatalog(executor: Executor) {
  const [row] = await executor
    .select({
      count: sql<number>`((select count(*) from products) + (select count(*) from categories))::int`,
    })
    .from(sql`(select 1) as one`);
  return (row?.count ?? 0) > 0;
}

export async function seedDemoCatalog(database: Database, now = Date.now()) {
  // Reading the pictures (or rendering an out-of-date one) is skipped when a catalog exists
  // (checked again under the lock).
  if (await hasCatalog(database)) return false;
  const manifest = await readDemoManifest();
  const pictures = await Promise.all(
    seedProducts.map((product) => demoPictures(product, manifest)),
  );
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasCatalog(tx)) return false;

    const insertedCategories = await tx
      .insert(categories)
      .values(seedCategories)
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(insertedCategories.map((c) => [c.slug, c.id]));

    const insertedProducts = await tx
      .insert(products)
      .values(
        seedProducts.map(
          ({
            categorySlug,
            form: _form,
            createdDaysAgo,
            price: _price,
            discountPrice: _discountPrice,
            stockQuantity: _stockQuantity,
            ...product
          }) => ({
            ...product,
            categoryId: categoryIds.get(categorySlug) ?? null,
            createdAt: daysAgo(createdDaysAgo, now),
          }),
        ),
      )
      .returning({ id: products.id, slug: products.slug, name: products.name });
    // A demo product's first size carries its price, its SKU the slug; some are sold in more
    // sizes, each SKU the slug and the size (docs/decisions/056). Each size is made empty (its
    // opening lot holds nothing) and its stock is received as dated batches (decision 059).
    const idsBySlug = new Map(insertedProducts.map((p) => [p.slug, p.id]));
    const sizeRows = await tx
      .insert(productVariants)
      .values(
        seedProducts.flatMap((product) => {
          const sized = seedPackSizes[product.slug];
          const productId = idsBySlug.get(product.slug)!;
          const first = {
            productId,
            label: sized?.first ?? "",
            sku: skuFromSlug(product.slug),
            price: product.price,
            discountPrice: product.discountPrice,
            stockQuantity: 0,
            weightGrams: sized?.weightGrams ?? null,
            // A size with no label states its net quantity apart (docs/decisions/073).
            netQuantity: sized ? null : (seedNetQuantities[product.slug] ?? null),
            sortOrder: 0,
          };
          const more = (sized?.more ?? []).map((size, index) => ({
            productId,
            ...size,
            stockQuantity: 0,
            sku: skuFromSlug(`${product.slug}-${slugify(size.label)}`),
            sortOrder: index + 1,
          }));
          return [first, ...more];
        }),
      )
      .returning({ id: productVariants.id, productId: productVariants.productId });
    const slugById = new Map(insertedProducts.map((p) => [p.id, p.slug]));
    const stocks = seedProducts.flatMap((product) => {
      const sized = seedPackSizes[product.slug];
      return [
        { label: sized?.first ?? "", stock: product.stockQuantity },
        ...(sized?.more ?? []).map((size) => ({ label: size.label, stock: size.stockQuantity })),
      ].map((size) => ({ ...size, productSlug: product.slug }));
    });
    // The sizes come back in the order they were inserted, the order `stocks` lists them in.
    const sizeStocks = sizeRows.map((row, index) => {
      const stock = stocks[index]!;
      if (slugById.get(row.productId) !== stock.productSlug)
        throw new Error("demo sizes out of order");
      return { ...stock, variantId: row.id };
    });
    const today = shopDate(new Date(now));
    await receiveLots(tx, demoLots(sizeStocks, today, DEFAULT_MIN_SHELF_LIFE_DAYS, now));

    for (const [index, product] of insertedProducts.entries()) {
      const rendered = pictures[index] ?? [];
      for (const [order, picture] of rendered.entries()) {
        const image = await savePreparedImage(tx, picture);
        await tx.insert(productImages).values({
          productId: product.id,
          imageId: image.id,
          imageUrl: imageUrl(image.id),
          alt: order === 0 ? product.name : `${product.name}, label close-up`,
          isPrimary: order === 0,
          sortOrder: order,
        });
      }
    }

    await tx.insert(coupons).values(
      seedCoupons.map(({ expiresInDays, createdDaysAgo, ...coupon }) => ({
        ...coupon,
        expiresAt: expiresInDays === null ? null : new Date(now + expiresInDays * DAY_MS),
        createdAt: daysAgo(createdDaysAgo, now),
      })),
    );

    // Sample customers exist only as review authors; they have no password and cannot sign in.
    const authors = [
      ...new Map(seedReviews.map((r) => [r.authorEmailLocalPart, r.authorName])).entries(),
    ];
    const insertedAuthors = await tx
      .insert(profiles)
      .values(
        authors.map(([local, fullName]) => ({ fullName, email: `${local}@customers.example` })),
      )
      .returning({ id: profiles.id, email: profiles.email });
    const authorIds = new Map(insertedAuthors.map((a) => [a.email.split("@")[0], a.id]));
    const productIds = new Map(insertedProducts.map((p) => [p.slug, p.id]));
    await tx.insert(reviews).values(
      seedReviews.map((review) => ({
        productId: productIds.get(review.productSlug)!,
        userId: authorIds.get(review.authorEmailLocalPart) ?? null,
        rating: review.rating,
        title: review.title,
        comment: review.comment,
        isApproved: true,
        isVerifiedPurchase: true,
        createdAt: daysAgo(review.daysAgo, now),
      })),
    );
    await refreshProductRatings(tx);
    logger.info(
      { categories: insertedCategories.length, products: insertedProducts.length },
      "demo catalog loaded",
    );
    return true;
  });
}
