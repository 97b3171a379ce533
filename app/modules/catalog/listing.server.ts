import { and, asc, desc, eq, sql } from "drizzle-orm";
import { categories, products } from "../../../db/schema";
import { PAGE_TAGS } from "../../domain/page-cache-rules";
import type { Executor } from "../../lib/db.server";
import { pageShows } from "../../lib/page-dependencies.server";
import { primaryPicturePath } from "./picture-path.server";

/** Shoppers see published products only; drafts and archived ones stay in the back office. */
export const isPublished = eq(products.status, "published");

/** The fields a product card shows, with its primary image (one query, no N+1). */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  price: products.price,
  discountPrice: products.discountPrice,
  rating: products.rating,
  reviewCount: products.reviewCount,
  stockQuantity: products.stockQuantity,
  isFeatured: products.isFeatured,
  imagePath: primaryPicturePath,
};

export type ProductCard = {
  id: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  discountPrice: number | null;
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
