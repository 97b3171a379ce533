import { type AnyColumn, and, eq, type SQL, sql } from "drizzle-orm";
import { refunds } from "../../../db/schema";
import type { RefundStatus } from "../../domain/refunds";
import type { Executor } from "../../lib/db.server";

/** One refund of the order, for the mail and messages it occasions; null when it is not the order's. */
export async function refundOfOrder(executor: Executor, orderId: string, refundId: string) {
  if (!/^[0-9a-f-]{36}$/.test(refundId)) return null;
  const [refund] = await executor
    .select({ amount: refunds.amount, status: refunds.status, reason: refunds.reason })
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
  return refund ?? null;
}

/**
 * The sum of an order's refunds in this status as a subquery on the order id given, for a read of
 * the orders area that shows it beside the order in its one statement (docs/decisions/039).
 */
export function refundSumSubquery(orderId: SQL | AnyColumn, status: RefundStatus) {
  return sql<number>`(select coalesce(sum(r.amount), 0)::int from ${refunds} r where r.order_id = ${orderId} and r.status = ${status})`;
}
