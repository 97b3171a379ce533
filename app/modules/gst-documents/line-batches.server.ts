import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { orderItemLots, orderItems } from "../../../db/schema";
import type { LineBatch } from "../../domain/batch-labels";
import type { Executor } from "../../lib/db.server";

/**
 * The batches each line of an order was filled from (docs/decisions/059), by order item id,
 * earliest expiry first; the same batch twice on a line (sold, given back, sold again) is added
 * up. Units from opening stock carry no batch and are left out, so a shop that enters no batches
 * prints its documents as before.
 */
export async function batchesOfOrder(
  executor: Executor,
  orderId: string,
): Promise<Map<string, LineBatch[]>> {
  const itemIds = executor
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const rows = await executor
    .select({
      orderItemId: orderItemLots.orderItemId,
      batchNumber: sql<string>`${orderItemLots.batchNumber}`,
      expiresOn: orderItemLots.expiresOn,
      quantity: sql<number>`sum(${orderItemLots.quantity})::int`.mapWith(Number),
    })
    .from(orderItemLots)
    .where(and(inArray(orderItemLots.orderItemId, itemIds), isNotNull(orderItemLots.batchNumber)))
    .groupBy(orderItemLots.orderItemId, orderItemLots.batchNumber, orderItemLots.expiresOn)
    .orderBy(asc(orderItemLots.expiresOn), asc(orderItemLots.batchNumber));
  const byItem = new Map<string, LineBatch[]>();
  for (const { orderItemId, ...batch } of rows) {
    const list = byItem.get(orderItemId) ?? [];
    list.push(batch);
    byItem.set(orderItemId, list);
  }
  return byItem;
}
