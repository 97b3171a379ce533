import { and, asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { products } from "../../../db/schema";
import {
  likePattern,
  PRODUCTS_PAGE_SIZE,
  type ProductListQuery,
  type ProductSort,
} from "../../domain/catalog-query";
import { PAGE_TAGS } from "../../domain/page-cache-rules";
import type { Executor } from "../../lib/db.server";
import { pageShows } from "../../lib/page-dependencies.server";
import {
  fromUnitPrice,
  isPublished,
  type ProductCard,
  productCardColumns,
  shownSize,
} from "./listing.server";

/** Each order ends on the id, so pages never repeat or skip a product. */
const ORDER_BY: Record<ProductSort, SQL[]> = {
  featured: [desc(products.isFeatured), desc(products.createdAt), asc(products.id)],
  // The lowest a shopper pays for one of the product's sizes, the card's "from" (decision 071).
  "price-low": [asc(fromUnitPrice), asc(products.id)],
  "price-high": [desc(fromUnitPrice), asc(products.id)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.id)],
};

/**
 * Counting every match of a common word means reading most of a large catalog; past this many
 * the page says "1,000+" and offers the first pages, as large shops do.
 */
export const MAX_COUNTED_RESULTS = 1000;

export type ProductPage = {
  items: ProductCard[];
  /** Number of matches, at most MAX_COUNTED_RESULTS. */
  total: number;
  /** True when there are more matches than `total`. */
  totalIsCapped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * docs/SPEC.md §9 search (case-insensitive substring over name, description, detailed description,
 * ingredients, benefits and ayurvedic properties, answered by the trigram index on
 * products.search_text), or a size's SKU typed whole in any case (docs/decisions/056), optional
 * category, sort, and one page of results.
 */
export async function searchProducts(
  executor: Executor,
  query: ProductListQuery,
  pageSize = PRODUCTS_PAGE_SIZE,
): Promise<ProductPage> {
  pageShows(PAGE_TAGS.products, PAGE_TAGS.categories);
  const where = and(
    isPublished,
    query.search ? matchesSearch(query.search) : undefined,
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
  );
  const capped = executor
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(MAX_COUNTED_RESULTS + 1)
    .as("capped");
  const [{ counted } = { counted: 0 }] = await executor
    .select({ counted: sql<number>`count(*)::int` })
    .from(capped);
  const totalIsCapped = counted > MAX_COUNTED_RESULTS;
  const total = Math.min(counted, MAX_COUNTED_RESULTS);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const items =
    total === 0
      ? []
      : await executor
          .select(productCardColumns)
          .from(products)
          .innerJoinLateral(shownSize, sql`true`)
          .where(where)
          .orderBy(...ORDER_BY[query.sort])
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { items, total, totalIsCapped, page, pageCount, pageSize };
}

/**
 * The text inside the searchable fields, or a SKU of the product's sizes on sale. The SKU's
 * products are looked up first (an array the planner reads once), so the trigram index and the
 * key's index can answer the two halves together.
 */
function matchesSearch(search: string) {
  return or(
    sql`${products.searchText} like ${likePattern(search)}`,
    sql`${products.id} = any(array(
      select v.product_id from product_variants v
      where lower(v.sku) = lower(${search}) and v.archived_at is null
    ))`,
  );
}
