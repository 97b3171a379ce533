import { and, count, eq } from "drizzle-orm";
import { carts, couponRedemptions, coupons } from "../../../db/schema";
import type { CartLineProblem } from "../../domain/cart-line-problems";
import { type CouponMessage, type CouponState, checkCoupon } from "../../domain/coupons";
import { amountToFreeShipping, cartCount, priceCart, type Totals } from "../../domain/pricing";
import type { Executor, Transaction } from "../../lib/db.server";
import { listCartLines } from "./cart-read.server";

export type CartLineView = Awaited<ReturnType<typeof listCartLines>>[number] & {
  lineTotal: number;
  /** A line that cannot be bought as it is: flagged, and left out of the totals. */
  problem: CartLineProblem | null;
};

export type CartView = {
  lines: CartLineView[];
  coupon: {
    code: string;
    discountType: "percentage" | "fixed";
    discountValue: number;
    maxDiscount: number | null;
  } | null;
  totals: Totals;
  count: number;
  freeShippingGap: number;
  /** Set when an applied coupon stopped holding and was taken off. */
  couponDropped: CouponMessage | null;
  /**
   * Standard delivery's fee waits for the address: the courier's rates decide it
   * (docs/decisions/064) and the order is not yet above the free-shipping threshold.
   */
  shippingAtCheckout?: boolean;
};

export async function customerCouponUses(executor: Executor, couponId: string, userId: string) {
  const [row] = await executor
    .select({ uses: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.uses ?? 0;
}

export async function findCouponState(
  executor: Executor,
  where: { id: string } | { code: string },
) {
  const [coupon] = await executor
    .select()
    .from(coupons)
    .where("id" in where ? eq(coupons.id, where.id) : eq(coupons.code, where.code))
    .limit(1);
  return coupon ?? null;
}

/**
 * The cart as the server prices it now: current prices and stock, the applied coupon checked
 * again (and taken off, with the reason, when it no longer holds), totals by docs/SPEC.md §9.
 */
export async function getCart(
  executor: Executor,
  userId: string,
  now = new Date(),
): Promise<CartView> {
  const lines = (await listCartLines(executor, userId)).map((line) => ({
    ...line,
    lineTotal: line.unitPrice * line.quantity,
    problem: !line.available
      ? ("unavailable" as const)
      : line.stockQuantity <= 0
        ? ("out-of-stock" as const)
        : line.quantity > line.stockQuantity
          ? ("short" as const)
          : null,
  }));
  const payable = lines.filter((line) => line.problem === null);
  const [cart] = await executor
    .select({ id: carts.id, couponId: carts.couponId })
    .from(carts)
    .where(eq(carts.userId, userId));
  let coupon: (CouponState & { id: string }) | null = cart?.couponId
    ? await findCouponState(executor, { id: cart.couponId })
    : null;
  let couponDropped: CouponMessage | null = null;
  if (cart && coupon) {
    const subtotal = priceCart(payable, null).subtotal;
    const check = checkCoupon(coupon, {
      subtotal,
      now,
      customerUses: await customerCouponUses(executor, coupon.id, userId),
    });
    if (!check.ok || payable.length === 0) {
      await executor.update(carts).set({ couponId: null }).where(eq(carts.id, cart.id));
      couponDropped = {
        title: "Coupon removed!",
        description: check.ok
          ? "Your cart is empty"
          : `${check.message.title} ${check.message.description}`,
      };
      coupon = null;
    }
  }
  const totals = priceCart(payable, coupon);
  return {
    lines,
    coupon: coupon
      ? {
          code: coupon.code,
          discountType: coupon.discountType,
          discountValue: coupon.discountValue,
          maxDiscount: coupon.maxDiscount,
        }
      : null,
    totals,
    count: cartCount(lines),
    freeShippingGap: payable.length ? amountToFreeShipping(totals.subtotal) : 0,
    couponDropped,
  };
}

/** The customer's cart row with its coupon, locked: checkout holds it while the order is placed. */
export async function lockCartOf(tx: Transaction, userId: string) {
  const [cart] = await tx
    .select({ id: carts.id, couponId: carts.couponId })
    .from(carts)
    .where(eq(carts.userId, userId))
    .for("update");
  return cart;
}

export async function cartIdOf(executor: Executor, userId: string) {
  const [cart] = await executor
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.userId, userId));
  return cart?.id ?? null;
}

/**
 * The cart as shown before an address is known, while the courier's rates decide the fees
 * (docs/decisions/064): a fee it cannot know yet is left out of the total and named "Calculated at
 * checkout"; free shipping above the threshold stays free.
 */
export function withShippingAtCheckout(cart: CartView): CartView {
  if (cart.totals.shipping === 0) return cart;
  return {
    ...cart,
    totals: { ...cart.totals, shipping: 0, total: cart.totals.total - cart.totals.shipping },
    shippingAtCheckout: true,
  };
}
