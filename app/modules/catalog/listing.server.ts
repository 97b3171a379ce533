import { type AnyColumn, and, asc, desc, eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { categories, products } from "../../../db/schema";
import { PAGE_TAGS } from "../../domain/page-cache-rules";
import type { Executor } from "../../lib/db.server";
import { pageShows } from "../../lib/page-dependencies.server";
import { primaryPicturePath } from "./picture-path.server";

/** Shoppers see published products only; drafts and archived ones stay in the back office. */
export const isPublished = eq(products.status, "published");

/**
 * The size a card shows (docs/decisions/056): of the product's sizes on sale, the first in the
 * administrator's order that is in stock, else the first; its stock is the card's and its Add to
 * Cart adds it. Beside it, what the card's price is read from (docs/decisions/071): the cheapest
 * size a shopper can buy, in stock, else the cheapest on sale, as `{unit price, price}` (a
 * discount price is always below the price, so the pair gives it back); and whether the sizes'
 * prices differ (the card then reads "from"). Aggregates over the product's sizes, in the one
 * lateral row joined to `products` on true, so a product without a size on sale has no card.
 */
export const shownSize = sql`(
  select v.id, v.sku, v.label, v.price, v.discount_price, v.stock_quantity,
    coalesce(
      min(array[coalesce(v.discount_price, v.price), v.price]) filter (where v.stock_quantity > 0) over (),
      min(array[coalesce(v.discount_price, v.price), v.price]) over ()
    ) as cheapest,
    min(coalesce(v.discount_price, v.price)) over () <> max(coalesce(v.discount_price, v.price)) over () as prices_differ
  from product_variants v
  where v.product_id = ${products}.id and v.archived_at is null
  order by v.stock_quantity > 0 desc, v.sort_order, v.id
  limit 1
) as shown`;

/** The lowest a shopper pays for one of the product's sizes: what price sorts order by. */
export const fromUnitPrice = sql`shown.cheapest[1]`;

/**
 * The fields a product card shows, with its primary image (one query, no N+1); its stock is the
 * shown size's, its price the cheapest size's (select from products joined to `shownSize`).
 */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  variantId: sql<string>`shown.id`,
  sku: sql<string>`shown.sku`,
  sizeLabel: sql<string>`shown.label`,
  /** The cheapest size's, as the card reads them (`shownSize`). */
  price: sql<number>`shown.cheapest[2]`,
  discountPrice: sql<number | null>`nullif(shown.cheapest[1], shown.cheapest[2])`,
  /** True when the product's sizes differ in price: the card's price reads "from". */
  pricesDiffer: sql<boolean>`shown.prices_differ`,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stockQuantity: sql<number>`shown.stock_quantity`,
  isFeatured: products.isFeatured,
  imagePath: primaryPicturePath,
};

/** Whether the product is published, as a column: a saved product shows "No longer available". */
export const productIsPublished = sql<boolean>`${isPublished}`;

/**
 * Joins the card of the product `productId` names to another area's select (the wishlist page),
 * so it can select productCardColumns in its one statement; a product with no size on sale drops.
 */
export function joinProductCard<T extends PgSelect>(query: T, productId: AnyColumn) {
  return query
    .innerJoin(products, eq(products.id, productId))
    .innerJoinLateral(shownSize, sql`true`);
}

export type ProductCard = {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** The shown size, whose stock the card shows and whose Add to Cart adds it. */
  variantId: string;
  sku: string;
  sizeLabel: string;
  /** The price and discount price of the cheapest size a shopper can buy ("from"). */
  price: number;
  discountPrice: number | null;
  pricesDiffer: boolean;
  rating: number;
  reviewCount: number;
  stockQuantity: number;
  isFeatured: boolean;
  imagePath: string | null;
};

/** docs/SPEC.md §7: featured products, newest first, at most `limit`. */
export async function listFeaturedProducts(executor: Executor, limit = 5): Promise<ProductCard[]> {
  pageShows(PAGE_TAGS.products);
  return executor
    .select(productCardColumns)
    .from(products)
    .innerJoinLateral(shownSize, sql`true`)
    .where(and(eq(products.isFeatured, true), isPublished))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
}

export type CategoryCard = {
  id: string;
  name: string;
  slug: string;
  description: string;
  productCount: number;
};

/**
 * All categories with their number of products (docs/SPEC.md §7), in the order administrators set
 * (sort order, then name, so categories left at the same number read alphabetically).
 */
export async function listCategoriesWithCounts(executor: Executor): Promise<CategoryCard[]> {
  pageShows(PAGE_TAGS.categories, PAGE_TAGS.products);
  return executor
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      productCount: sql<number>`(select count(*) from products p where p.category_id = ${categories}.id and p.status = 'published')::int`,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export async function findCategoryBySlug(executor: Executor, slug: string) {
  pageShows(PAGE_TAGS.categories);
  const [category] = await executor
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return category ?? null;
}
