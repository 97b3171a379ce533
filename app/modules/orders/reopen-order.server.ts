import { eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import { sizedName } from "../../domain/pack-sizes";
import type { Executor } from "../../lib/db.server";

/**
 * A cancelled order's lines (one per pack size) to take again when it is reopened, named as the
 * order names them, in size id order as placing an order takes them; a size deleted since has a
 * null id.
 */
export async function linesToTakeAgain(tx: Executor, orderId: string) {
  const lines = await tx
    .select({
      id: orderItems.id,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      label: orderItems.variantLabel,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.variantId, orderItems.id);
  return lines.map((line) => ({ ...line, name: sizedName(line.productName, line.label) }));
}

/** The coupon the order used, with its buyer; none when it had none or the coupon was deleted. */
export async function couponOfOrder(tx: Executor, orderId: string) {
  const [order] = await tx
    .select({ couponId: orders.couponId, couponCode: orders.couponCode, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.couponId ? { ...order, couponId: order.couponId } : null;
}
