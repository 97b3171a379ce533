import { asc, desc, eq, inArray } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** The Orders tab shows the latest orders; older ones stay in the database. */
export const ORDER_HISTORY_LIMIT = 50;

/**
 * SPEC §7 "Read user's orders": the customer's own orders, newest first, each with its items,
 * the shipping address as it was when ordered, and the coupon code. Two queries in all.
 */
export async function listCustomerOrders(
  executor: Executor,
  userId: string,
  limit = ORDER_HISTORY_LIMIT,
) {
  const rows = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      subtotal: orders.subtotal,
      discountAmount: orders.discountAmount,
      shippingCost: orders.shippingCost,
      total: orders.total,
      couponCode: orders.couponCode,
      trackingId: orders.trackingId,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);
  if (rows.length === 0) return [];
  const items = await executor
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
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
  return rows.map((row) => ({ ...row, items: byOrder.get(row.id) ?? [] }));
}

export type CustomerOrder = Awaited<ReturnType<typeof listCustomerOrders>>[number];
export type CustomerOrderItem = CustomerOrder["items"][number];
