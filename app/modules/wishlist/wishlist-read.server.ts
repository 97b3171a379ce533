import { desc, eq, sql } from "drizzle-orm";
import { products, wishlistItems } from "../../../db/schema";
import { type Executor, queryRows } from "../../lib/db.server";
import { productCardColumns, shownSize } from "../catalog/listing.server";

/**
 * docs/SPEC.md §7: the customer's saved products with what a card shows (its shown pack size,
 * docs/decisions/056); hidden ones say so.
 */
export async function listWishlist(executor: Executor, userId: string) {
  return executor
    .select({
      wishlistId: wishlistItems.id,
      ...productCardColumns,
      available: sql<boolean>`${products.status} = 'published'`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoinLateral(shownSize, sql`true`)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
}

/** The header badge: how many published products the customer has saved. */
export async function countWishlist(executor: Executor, userId: string) {
  const [row] = await queryRows<{ count: number }>(
    executor,
    sql`select count(*)::int as count from wishlist w join products p on p.id = w.product_id
      where w.user_id = ${userId} and p.status = 'published'`,
  );
  return Number(row?.count ?? 0);
}
