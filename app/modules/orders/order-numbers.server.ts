import { inArray } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { isUuid } from "../../domain/uuid";
import type { Executor } from "../../lib/db.server";

/** The numbers of the orders among `ids`, by id; an id that is no order's is left out. */
export async function orderNumbersOf(executor: Executor, ids: readonly string[]) {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await executor
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, wanted));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}
