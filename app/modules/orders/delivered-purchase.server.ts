import { and, eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** Whether the customer has a delivered order with the product: their review is a verified purchase. */
export async function hasDeliveredOrderWith(executor: Executor, userId: string, productId: string) {
  const [delivered] = await executor
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "delivered"),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return delivered !== undefined;
}
