import { desc, eq, sql } from "drizzle-orm";
import { wishlistItems } from "../../../db/schema";
import { type Executor, queryRows } from "../../lib/db.server";
import { joinProductCard, productCardColumns, productIsPublished } from "../catalog/listing.server";
import { productPublishedCondition } from "../catalog/product-lookups.server";

/**
 * docs/SPEC.md §7: the customer's saved products with what a card shows (its shown pack size,
 * docs/decisions/056); hidden ones say so.
 */
export async function listWishlist(executor: Executor, userId: string) {
  const saved = executor
    .select({
      wishlistId: wishlistItems.id,
      ...productCardColumns,
      available: productIsPublished,
    })
    .from(wishlistItems)
    .$dynamic();
  return joinProductCard(saved, wishlistItems.productId)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
}

/** The header badge: how many published products the customer has saved. */
export async function countWishlist(executor: Executor, userId: string) {
  const [row] = await queryRows<{ count: number }>(
    executor,
    sql`select count(*)::int as count from ${wishlistItems}
      where ${wishlistItems.userId} = ${userId}
        and ${productPublishedCondition(wishlistItems.productId)}`,
  );
  return Number(row?.count ?? 0);
}
