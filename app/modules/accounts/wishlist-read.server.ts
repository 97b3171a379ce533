import { desc, eq, sql } from "drizzle-orm";
import { products, wishlistItems } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import { productCardColumns } from "../catalog/listing.server";

/** SPEC §7: the customer's saved products with what a card shows; hidden ones say so. */
export async function listWishlist(executor: Executor, userId: string) {
  return executor
    .select({
      wishlistId: wishlistItems.id,
      ...productCardColumns,
      available: sql<boolean>`${products.status} = 'published'`,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
}
