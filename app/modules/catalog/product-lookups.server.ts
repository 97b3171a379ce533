import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { products } from "../../../db/schema";
import type { Executor, Transaction } from "../../lib/db.server";
import { isPublished } from "./listing.server";

/** Whether a product is on sale: it exists and is published (docs/decisions/022). */
export async function isProductPublished(executor: Executor, productId: string) {
  const [product] = await executor
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isPublished));
  return product !== undefined;
}

/**
 * isProductPublished as a condition on a product id, for a read of another area that keeps only
 * products on sale in its one statement (the wishlist's saved products).
 */
export function productPublishedCondition(productId: SQL | AnyColumn) {
  return sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${isPublished})`;
}

/** A product's name whatever its status, or null when there is no such product. */
export async function productNameOf(executor: Executor, productId: string) {
  const [product] = await executor
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return product?.name ?? null;
}

/** Takes the product's row lock, as deleting the product does, before its ratings are recomputed. */
export async function lockProduct(tx: Transaction, productId: string) {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
}

/**
 * Joins the product `productId` names to another area's select (review moderation's list), so it
 * can select productLabelColumns in its one statement.
 */
export function joinProduct<T extends PgSelect>(query: T, productId: AnyColumn) {
  return query.innerJoin(products, eq(products.id, productId));
}

/** What a list of another area's rows shows of their product, for a select joined by joinProduct. */
export const productLabelColumns = {
  productName: products.name,
  productSlug: products.slug,
  productStatus: products.status,
};
