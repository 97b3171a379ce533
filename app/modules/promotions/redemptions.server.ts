import { and, eq, sql } from "drizzle-orm";
import { couponRedemptions, coupons } from "../../../db/schema";
import type { Transaction } from "../../lib/db.server";

/**
 * Counts one use of the coupon inside the caller's transaction. `used_count < usage_limit` is
 * tested in the update itself, so concurrent orders cannot redeem past the limit. False when the
 * coupon is used up or gone; the caller then refuses, which rolls the transaction back.
 */
export async function redeemCoupon(tx: Transaction, couponId: string) {
  const [counted] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  return Boolean(counted);
}

/** Who used the coupon on which order: the per-customer limits count these rows. */
export async function recordRedemption(
  tx: Transaction,
  redemption: { couponId: string; userId: string | null; orderId: string },
) {
  await tx
    .insert(couponRedemptions)
    .values(redemption)
    .onConflictDoNothing({ target: couponRedemptions.orderId });
}

/**
 * Gives back an order's coupon use inside the caller's transaction: the redemption row goes, so
 * the customer's count drops too, and the coupon's count with it.
 */
export async function releaseCoupon(tx: Transaction, orderId: string) {
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
