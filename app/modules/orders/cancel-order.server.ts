import { and, eq, sql } from "drizzle-orm";
import { couponRedemptions, coupons, orders } from "../../../db/schema";
import { customerMayCancel } from "../../domain/orders";
import type { Database, Transaction } from "../../lib/db.server";
import { OrderNotCancellableError, OrderNotFoundError } from "./order-errors";

export { OrderNotCancellableError, OrderNotFoundError };

/**
 * Cancels a locked order and gives back what it took: each item's stock, and its coupon use
 * (the redemption row goes, so the per-customer count drops too). Call inside a transaction
 * that holds the order row `for update`.
 */
export async function releaseOrder(
  tx: Transaction,
  orderId: string,
  change: { paymentStatus?: "failed" } = {},
) {
  await tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: new Date(),
      updatedAt: new Date(),
      ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
    })
    .where(eq(orders.id, orderId));
  // Product rows are locked in id order, as placing an order does, so the two cannot deadlock.
  await tx.execute(sql`
    select p.id from products p
    join order_items oi on oi.product_id = p.id
    where oi.order_id = ${orderId}
    order by p.id
    for update of p
  `);
  // One statement for every line; items whose product was deleted have no stock to return.
  await tx.execute(sql`
    update products p
    set stock_quantity = p.stock_quantity + oi.quantity, updated_at = now()
    from order_items oi
    where oi.order_id = ${orderId} and oi.product_id = p.id
  `);
  const released = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}

/**
 * DESIGN §6.16: a customer cancels their own order while it is pending or processing; stock and
 * coupon go back in the same transaction. Another customer's order is not found.
 */
export async function cancelOrderByCustomer(
  database: Database,
  input: { userId: string; orderId: string },
): Promise<{ orderNumber: string }> {
  return database.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for("update");
    if (!order) throw new OrderNotFoundError("Order not found");
    if (!customerMayCancel(order.status)) {
      throw new OrderNotCancellableError(
        order.status === "cancelled"
          ? `Order ${order.orderNumber} is already cancelled`
          : `Order ${order.orderNumber} has already ${order.status === "shipped" ? "shipped" : "been delivered"} and can no longer be cancelled`,
      );
    }
    await releaseOrder(tx, order.id);
    return { orderNumber: order.orderNumber };
  });
}
