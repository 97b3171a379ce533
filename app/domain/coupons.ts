import { formatRupeesShort, type Paise } from "./money";
import { type CouponTerms, couponDiscount } from "./pricing";

export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;

export type CouponState = CouponTerms & {
  code: string;
  isActive: boolean;
  expiresAt: Date | null;
  minOrderValue: Paise | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
};

export type CouponMessage = { title: string; description: string };

export type CouponCheck =
  | { ok: true; discount: Paise }
  | {
      ok: false;
      reason: "invalid" | "expired" | "minimum" | "exhausted" | "customer-limit";
      message: CouponMessage;
    };

export const COUPON_MESSAGES = {
  empty: {
    title: "Enter a coupon code!",
    description: "Type the code you received, then apply it",
  },
  alreadyApplied: {
    title: "Coupon already applied!",
    description: "Remove the current coupon to apply a different one",
  },
  invalid: {
    title: "Invalid coupon code!",
    description: "This coupon does not exist or has expired",
  },
  expired: { title: "Coupon expired!", description: "This coupon is no longer valid" },
  exhausted: { title: "Coupon limit reached!", description: "This coupon has been fully redeemed" },
  customerLimit: {
    title: "Coupon limit reached!",
    description: "You have already used this coupon as many times as it allows",
  },
  removed: { title: "Coupon removed!", description: "" },
} satisfies Record<string, CouponMessage>;

export function minimumNotMet(missing: Paise): CouponMessage {
  return {
    title: "Minimum order not met!",
    description: `Add ${formatRupeesShort(missing)} more to use this coupon`,
  };
}

export function appliedMessage(discount: Paise): CouponMessage {
  return {
    title: "Coupon applied successfully!",
    description: `You saved ${formatRupeesShort(discount)} on this order!`,
  };
}

/** Codes are upper case; surrounding spaces are ignored. */
export function normaliseCouponCode(code: string) {
  return code.trim().toUpperCase();
}

/**
 * docs/SPEC.md §5: a coupon applies when it is active, not expired, the subtotal reaches its minimum and
 * it has uses left (in total, and for this customer). `coupon` null means no such code.
 */
export function checkCoupon(
  coupon: CouponState | null,
  context: { subtotal: Paise; now: Date; customerUses: number },
): CouponCheck {
  if (!coupon?.isActive) return { ok: false, reason: "invalid", message: COUPON_MESSAGES.invalid };
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= context.now.getTime()) {
    return { ok: false, reason: "expired", message: COUPON_MESSAGES.expired };
  }
  if (coupon.minOrderValue !== null && context.subtotal < coupon.minOrderValue) {
    return {
      ok: false,
      reason: "minimum",
      message: minimumNotMet(coupon.minOrderValue - context.subtotal),
    };
  }
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return { ok: false, reason: "exhausted", message: COUPON_MESSAGES.exhausted };
  }
  if (coupon.perCustomerLimit !== null && context.customerUses >= coupon.perCustomerLimit) {
    return { ok: false, reason: "customer-limit", message: COUPON_MESSAGES.customerLimit };
  }
  return { ok: true, discount: couponDiscount(coupon, context.subtotal) };
}

export type CouponStatus = "active" | "inactive" | "expired";

export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  expired: "Expired",
};

/**
 * The coupon table's Status: switched off reads Inactive; switched on but past its expiry reads
 * Expired, since shoppers can no longer use it; otherwise Active.
 */
export function couponStatus(
  coupon: { isActive: boolean; expiresAt: Date | null },
  now: Date,
): CouponStatus {
  if (!coupon.isActive) return "inactive";
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}
