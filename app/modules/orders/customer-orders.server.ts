import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { orderItems, orders } from "../../../db/schema";
import { customerDeliveryBy } from "../../domain/delivery-days";
import { ORDER_HISTORY_PAGE_SIZE } from "../../domain/validation/order-history";
import type { Executor } from "../../lib/db.server";
import {
  creditNoteLinks,
  orderLineColumns,
  orderSummaryColumns,
  refundSum,
} from "./order-columns.server";

/**
 * docs/SPEC.md §7 "Read user's orders": one page of the customer's own orders, newest first, each with its
 * items, the shipping address as it was when ordered, and the coupon code. A page past the end
 * shows the last page. Three queries in all.
 */
export async function listCustomerOrders(
  executor: Executor,
  userId: string,
  requestedPage = 1,
  pageSize = ORDER_HISTORY_PAGE_SIZE,
) {
  const [counted] = await executor
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.userId, userId));
  const totalCount = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const pages = { page, pageCount, totalCount, pageSize };
  if (totalCount === 0) return { orders: [], pages };
  const rows = await executor
    .select({
      ...orderSummaryColumns,
      trackingId: orders.trackingId,
      promisedDeliveryOn: orders.promisedDeliveryOn,
      invoiceNumber: orders.invoiceNumber,
      // docs/decisions/039: money given back and on its way, within the page's one query.
      refundedAmount: refundSum("processed"),
      refundPendingAmount: refundSum("pending"),
      creditNotes: creditNoteLinks(),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  if (rows.length === 0) return { orders: [], pages };
  const items = await executor
    .select({
      ...orderLineColumns,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const byOrder = new Map<string, Omit<(typeof items)[number], "orderId">[]>();
  for (const { orderId, ...item } of items) {
    const list = byOrder.get(orderId);
    if (list) list.push(item);
    else byOrder.set(orderId, [item]);
  }
  return {
    orders: rows.map(({ promisedDeliveryOn, ...row }) => ({
      ...row,
      // The day promised, until the order arrives (docs/decisions/072).
      deliveryBy: customerDeliveryBy({ promisedDeliveryOn, status: row.status }),
      items: byOrder.get(row.id) ?? [],
    })),
    pages,
  };
}

/**
 * The page of the customer's Orders tab that holds one of their orders, in the list's order
 * (newest first): what an order mail's link opens. Null when the order is not theirs.
 */
export async function orderHistoryPageOf(
  executor: Executor,
  userId: string,
  orderId: string,
  pageSize = ORDER_HISTORY_PAGE_SIZE,
): Promise<number | null> {
  // Ahead of it in the list: newer, or as new with a later number (the list's tie-break). Read
  // in one statement, so its timestamp keeps the database's microseconds.
  const target = alias(orders, "target");
  const [order] = await executor
    .select({
      ahead: sql<number>`(select count(*)::int from ${orders} as newer
        where newer.user_id = target.user_id
        and (newer.created_at, newer.order_number) > (target.created_at, target.order_number))`,
    })
    .from(target)
    .where(and(eq(target.id, orderId), eq(target.userId, userId)));
  if (!order) return null;
  return Math.floor(Number(order.ahead) / pageSize) + 1;
}

export type CustomerOrder = Awaited<ReturnType<typeof listCustomerOrders>>["orders"][number];
