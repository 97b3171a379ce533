import { eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import type { Transaction } from "../../lib/db.server";
import { returnStock } from "../inventory/stock.server";
import { releaseCoupon } from "../promotions/redemptions.server";

/**
 * Marks a locked order cancelled and gives back what it took: each item's stock, to the lots it
 * came from, and its coupon
 * use (the redemption row goes, so the per-customer count drops too). The rest of a cancellation
 * (the refund, the credit note, the mail) is the workflow's: app/workflows/cancel-order.server.ts.
 * Call inside a transaction that holds the order row `for update`.
 */
export async function releaseOrder(
  tx: Transaction,
  orderId: string,
  change: { paymentStatus?: "failed" } = {},
  now = new Date(),
) {
  await tx
    .update(orders)
    .set({
      status: "cancelled",
      cancelledAt: now,
      updatedAt: now,
      ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
    })
    .where(eq(orders.id, orderId));
  const items = await tx
    .select({ id: orderItems.id, variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  // Items whose size was deleted have no stock to return; the others go back to their lots.
  await returnStock(
    tx,
    items.flatMap(({ id, variantId, quantity }) =>
      variantId ? [{ orderItemId: id, variantId, quantity }] : [],
    ),
  );
  await releaseCoupon(tx, orderId);
}
