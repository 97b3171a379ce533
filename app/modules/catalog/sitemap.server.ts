import { asc } from "drizzle-orm";
import { categories, products } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import { isPublished } from "./listing.server";

export const MAX_PRODUCT_URLS = 49_000;

/** Every published product and every category URL with its last change, for the sitemap (streamed in order). */
export async function sitemapEntries(executor: Executor) {
  const [productRows, categoryRows] = await Promise.all([
    executor
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(isPublished)
      .orderBy(asc(products.slug))
      // One sitemap file holds at most 50,000 URLs; past that a sitemap index is needed.
      .limit(MAX_PRODUCT_URLS),
    executor
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .orderBy(asc(categories.slug)),
  ]);
  return {
    products: productRows.map((row) => ({
      path: `/product/${row.slug}`,
      updatedAt: row.updatedAt,
    })),
    categories: categoryRows.map((row) => ({
      path: `/category/${row.slug}`,
      updatedAt: row.updatedAt,
    })),
  };
}
