import { describe, expect, it } from "vitest";
import {
  COUPON_STATUS_LABELS,
  type CouponState,
  checkCoupon,
  couponStatus,
  normaliseCouponCode,
} from "./coupons";

const now = new Date("2026-11-21T10:00:00Z");
const coupon = (overrides: Partial<CouponState> = {}): CouponState => ({
  code: "WELCOME10",
  discountType: "percentage",
  discountValue: 10,
  maxDiscount: 20000,
  isActive: true,
  expiresAt: null,
  minOrderValue: 49900,
  usageLimit: null,
  usedCount: 0,
  perCustomerLimit: null,
  ...overrides,
});
const check = (c: CouponState | null, subtotal = 100000, customerUses = 0) =>
  checkCoupon(c, { subtotal, now, customerUses });

describe("coupon rules (docs/SPEC.md §5, §8)", () => {
  it("applies a valid coupon with its discount", () => {
    expect(check(coupon())).toEqual({ ok: true, discount: 10000 });
  });

  it("refuses an unknown code", () => {
    expect(check(null)).toMatchObject({
      ok: false,
      message: {
        title: "Invalid coupon code!",
        description: "This coupon does not exist or has expired",
      },
    });
  });

  it("refuses an inactive coupon as invalid", () => {
    expect(check(coupon({ isActive: false }))).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("refuses an expired coupon, and accepts it until the last moment", () => {
    expect(check(coupon({ expiresAt: new Date(now.getTime() - 1) }))).toMatchObject({
      ok: false,
      message: { title: "Coupon expired!", description: "This coupon is no longer valid" },
    });
    expect(check(coupon({ expiresAt: now }))).toMatchObject({ ok: false, reason: "expired" });
    expect(check(coupon({ expiresAt: new Date(now.getTime() + 1) }))).toMatchObject({ ok: true });
  });

  it("says how much more to add below the minimum order, and accepts exactly the minimum", () => {
    expect(check(coupon(), 40000)).toMatchObject({
      ok: false,
      message: { title: "Minimum order not met!", description: "Add ₹99 more to use this coupon" },
    });
    expect(check(coupon(), 49900)).toMatchObject({ ok: true });
  });

  it("refuses a coupon whose uses are all taken", () => {
    expect(check(coupon({ usageLimit: 3, usedCount: 3 }))).toMatchObject({
      ok: false,
      message: {
        title: "Coupon limit reached!",
        description: "This coupon has been fully redeemed",
      },
    });
    expect(check(coupon({ usageLimit: 3, usedCount: 2 }))).toMatchObject({ ok: true });
  });

  it("refuses a customer who used it as often as allowed", () => {
    expect(check(coupon({ perCustomerLimit: 1 }), 100000, 1)).toMatchObject({
      ok: false,
      reason: "customer-limit",
      message: { title: "Coupon limit reached!" },
    });
    expect(check(coupon({ perCustomerLimit: 2 }), 100000, 1)).toMatchObject({ ok: true });
  });

  it("upper-cases and trims codes", () => {
    expect(normaliseCouponCode("  welcome10 ")).toBe("WELCOME10");
  });
});

describe("couponStatus", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("reads Active while switched on and not past its expiry (or with none)", () => {
    expect(couponStatus({ isActive: true, expiresAt: null }, now)).toBe("active");
    expect(couponStatus({ isActive: true, expiresAt: new Date("2026-11-23T12:00:01Z") }, now)).toBe(
      "active",
    );
  });
  it("reads Expired once switched on but at or past its expiry", () => {
    expect(couponStatus({ isActive: true, expiresAt: now }, now)).toBe("expired");
    expect(couponStatus({ isActive: true, expiresAt: new Date("2025-01-01T00:00:00Z") }, now)).toBe(
      "expired",
    );
  });
  it("reads Inactive when switched off, expired or not", () => {
    expect(couponStatus({ isActive: false, expiresAt: null }, now)).toBe("inactive");
    expect(
      couponStatus({ isActive: false, expiresAt: new Date("2025-01-01T00:00:00Z") }, now),
    ).toBe("inactive");
    expect(COUPON_STATUS_LABELS).toEqual({
      active: "Active",
      inactive: "Inactive",
      expired: "Expired",
    });
  });
});
