/**
 * The shop's money rules (docs/SPEC.md §9), as pure functions over integer paise. The server calls these
 * to price carts and orders; the browser only shows their results.
 */
import type { Paise } from "./money";
import { DEFAULT_SHIPPING_METHOD, type ShippingMethod } from "./shipping";

/** Standard shipping is free when the subtotal is above ₹999, otherwise a flat ₹50. */
export const FREE_SHIPPING_ABOVE: Paise = 99_900;
export const FLAT_SHIPPING: Paise = 5_000;
/** Express delivery costs ₹150 whatever the subtotal (docs/decisions/022). */
export const EXPRESS_SHIPPING: Paise = 15_000;

/**
 * What each delivery method costs an order, in paise, before the free-shipping offer on standard
 * delivery: the shop's own fees, or the courier's rates for the order's address and parcel when
 * the owner chose them (docs/decisions/064).
 */
export type ShippingFees = Record<ShippingMethod, Paise>;

export const SHOP_SHIPPING_FEES: ShippingFees = {
  standard: FLAT_SHIPPING,
  express: EXPRESS_SHIPPING,
};

export type PricedLine = { unitPrice: Paise; quantity: number };

export type CouponTerms = {
  discountType: "percentage" | "fixed";
  /** Whole percent for percentage coupons, paise for fixed ones. */
  discountValue: number;
  maxDiscount: Paise | null;
};

/** docs/SPEC.md §9: the discount price when there is one, else the price. */
export function unitPriceOf(product: { price: Paise; discountPrice: Paise | null }): Paise {
  return product.discountPrice ?? product.price;
}

export function lineTotal(line: PricedLine): Paise {
  return line.unitPrice * line.quantity;
}

export function subtotalOf(lines: readonly PricedLine[]): Paise {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0);
}

/** The header badge: the sum of quantities. */
export function cartCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Percentage: subtotal x value / 100, rounded to the nearest paisa, capped at max_discount when
 * set. Fixed: the value. Never more than the subtotal, never negative.
 */
export function couponDiscount(coupon: CouponTerms, subtotal: Paise): Paise {
  if (subtotal <= 0) return 0;
  let discount =
    coupon.discountType === "percentage"
      ? Math.round((subtotal * coupon.discountValue) / 100)
      : coupon.discountValue;
  if (coupon.maxDiscount !== null) discount = Math.min(discount, coupon.maxDiscount);
  return Math.max(0, Math.min(discount, subtotal));
}

export function shippingFor(subtotal: Paise, standardFee: Paise = FLAT_SHIPPING): Paise {
  return subtotal > FREE_SHIPPING_ABOVE ? 0 : standardFee;
}

/**
 * The fee for a delivery method: standard follows the free-shipping threshold; express is a fee
 * that free shipping never waives, since the threshold is an offer on standard delivery.
 */
export function shippingFee(
  method: ShippingMethod,
  subtotal: Paise,
  fees: ShippingFees = SHOP_SHIPPING_FEES,
): Paise {
  return method === "express" ? fees.express : shippingFor(subtotal, fees.standard);
}

/** How much more to spend for free shipping (0 when it is already free). */
export function amountToFreeShipping(subtotal: Paise): Paise {
  return subtotal > FREE_SHIPPING_ABOVE ? 0 : FREE_SHIPPING_ABOVE + 1 - subtotal;
}

export type Totals = { subtotal: Paise; discount: Paise; shipping: Paise; total: Paise };

/** The cart's totals under every delivery method, for a checkout that offers the choice. */
export function priceEveryMethod(
  lines: readonly PricedLine[],
  coupon: CouponTerms | null,
  fees: ShippingFees = SHOP_SHIPPING_FEES,
): Record<ShippingMethod, Totals> {
  return {
    standard: priceCart(lines, coupon, "standard", fees),
    express: priceCart(lines, coupon, "express", fees),
  };
}

/**
 * docs/SPEC.md §9: total = subtotal - discount + shipping; the shipping fee follows the chosen method,
 * the order's fees (the shop's unless given) and the subtotal before the discount. An empty cart
 * ships nothing and costs nothing.
 */
export function priceCart(
  lines: readonly PricedLine[],
  coupon: CouponTerms | null,
  method: ShippingMethod = DEFAULT_SHIPPING_METHOD,
  fees: ShippingFees = SHOP_SHIPPING_FEES,
): Totals {
  const subtotal = subtotalOf(lines);
  const discount = coupon ? couponDiscount(coupon, subtotal) : 0;
  const shipping = lines.length === 0 ? 0 : shippingFee(method, subtotal, fees);
  return { subtotal, discount, shipping, total: subtotal - discount + shipping };
}
