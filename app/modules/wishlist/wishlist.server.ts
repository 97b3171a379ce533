import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { wishlistItems } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Executor } from "../../lib/db.server";
import { isProductPublished, productPublishedCondition } from "../catalog/product-lookups.server";

export class WishlistError extends AppError {
  constructor(message: string) {
    super(message, { status: 404, title: "Failed to add to wishlist" });
  }
}

/** docs/SPEC.md §4: adding a product already saved only reports it. */
export async function addToWishlist(executor: Executor, userId: string, productId: string) {
  if (!(await isProductPublished(executor, productId)))
    throw new WishlistError("This product is no longer available");
  const inserted = await executor
    .insert(wishlistItems)
    .values({ userId, productId })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id });
  return inserted.length > 0 ? ("added" as const) : ("already-saved" as const);
}

export async function removeFromWishlist(executor: Executor, userId: string, productId: string) {
  const removed = await executor
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  return removed.length > 0;
}

/**
 * The published products the customer has saved: the header's wishlist badge counts them and
 * product cards fill their hearts. A saved product that is hidden (docs/decisions/022) stays on the
 * wishlist page under "No longer available" but is not counted (docs/decisions/053).
 */
export async function savedProductIds(executor: Executor, userId: string | undefined) {
  if (!userId) return new Set<string>();
  const rows = await executor
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(
      and(eq(wishlistItems.userId, userId), productPublishedCondition(wishlistItems.productId)),
    );
  return new Set(rows.map((row) => row.productId));
}

/** savedProductIds as a subquery (a JSON array), for a read that shows it beside other things. */
export function savedProductIdsSubquery(userId: SQL | AnyColumn) {
  return sql<string[]>`coalesce((select json_agg(${wishlistItems.productId})
    from ${wishlistItems}
    where ${wishlistItems.userId} = ${userId}
      and ${productPublishedCondition(wishlistItems.productId)}), '[]'::json)`;
}
