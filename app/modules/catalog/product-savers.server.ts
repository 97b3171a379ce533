import { sql } from "drizzle-orm";
import { wishlistItems } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import { SHOPPER_CHANGED } from "../../lib/live-events.server";

/**
 * Announces every customer who saved the product as changed, for a change of its visibility: it
 * decides whether the product counts among their saved products, which the signed-in shopper kept
 * in memory holds (docs/decisions/046 and 053). The wishlist's own trigger announces lines saved
 * and let go; this is the one change to another area's table that moves what it holds. The notification
 * is heard when the caller's transaction commits.
 */
export async function announceSaversOf(executor: Executor, productId: string) {
  await executor.execute(
    sql`select pg_notify(${SHOPPER_CHANGED}, ${wishlistItems.userId}::text)
      from ${wishlistItems} where ${wishlistItems.productId} = ${productId}`,
  );
}
