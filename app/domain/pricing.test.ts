import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  amountToFreeShipping,
  type CouponTerms,
  cartCount,
  couponDiscount,
  FLAT_SHIPPING,
  lineTotal,
  priceCart,
  SHOP_SHIPPING_FEES,
  shippingFee,
  shippingFor,
  subtotalOf,
  unitPriceOf,
} from "./pricing";

const percent = (value: number, maxDiscount: number | null = null): CouponTerms => ({
  discountType: "percentage",
  discountValue: value,
  maxDiscount,
});
const fixed = (value: number): CouponTerms => ({
  discountType: "fixed",
  discountValue: value,
  maxDiscount: null,
});

describe("unit price, lines, subtotal and count", () => {
  it("uses the discount price when present", () => {
    expect(unitPriceOf({ price: 44900, discountPrice: 39900 })).toBe(39900);
    expect(unitPriceOf({ price: 44900, discountPrice: null })).toBe(44900);
  });

  it("adds unit price x quantity over the lines", () => {
    const lines = [
      { unitPrice: 39900, quantity: 2 },
      { unitPrice: 16500, quantity: 3 },
    ];
    expect(lines.map(lineTotal)).toEqual([79800, 49500]);
    expect(subtotalOf(lines)).toBe(129300);
    expect(cartCount(lines)).toBe(5);
    expect(subtotalOf([])).toBe(0);
  });
});

describe("coupon discount", () => {
  it("takes a percentage of the subtotal, rounded to the paisa", () => {
    expect(couponDiscount(percent(10), 49900)).toBe(4990);
    expect(couponDiscount(percent(15), 33333)).toBe(5000); // 4999.95 rounds to 5000
    expect(couponDiscount(percent(15), 33329)).toBe(4999); // 4999.35 rounds to 4999
  });

  it("caps a percentage at max_discount", () => {
    expect(couponDiscount(percent(10, 20000), 500000)).toBe(20000);
    expect(couponDiscount(percent(10, 20000), 150000)).toBe(15000);
  });

  it("takes a fixed amount, but never more than the subtotal", () => {
    expect(couponDiscount(fixed(25000), 149900)).toBe(25000);
    expect(couponDiscount(fixed(25000), 19900)).toBe(19900);
  });

  it("gives nothing on an empty cart", () => {
    expect(couponDiscount(percent(50), 0)).toBe(0);
    expect(couponDiscount(fixed(5000), 0)).toBe(0);
  });

  it("100% takes the whole subtotal", () => {
    expect(couponDiscount(percent(100), 12345)).toBe(12345);
  });
});

describe("shipping", () => {
  it.each([
    [0, FLAT_SHIPPING],
    [99899, FLAT_SHIPPING],
    [99900, FLAT_SHIPPING], // exactly ₹999 is not above ₹999
    [99901, 0],
    [150000, 0],
  ])("subtotal %i paise ships for %i", (subtotal, shipping) => {
    expect(shippingFor(subtotal)).toBe(shipping);
  });

  it("says how much more is needed for free shipping", () => {
    expect(amountToFreeShipping(90000)).toBe(9901);
    expect(amountToFreeShipping(99900)).toBe(1);
    expect(amountToFreeShipping(99901)).toBe(0);
  });
});

describe("cart totals", () => {
  it("is subtotal - discount + shipping", () => {
    expect(priceCart([{ unitPrice: 39900, quantity: 2 }], percent(10, 20000))).toEqual({
      subtotal: 79800,
      discount: 7980,
      shipping: FLAT_SHIPPING,
      total: 79800 - 7980 + FLAT_SHIPPING,
    });
  });

  it("decides free shipping on the subtotal before the discount", () => {
    expect(priceCart([{ unitPrice: 104900, quantity: 1 }], fixed(25000))).toEqual({
      subtotal: 104900,
      discount: 25000,
      shipping: 0,
      total: 79900,
    });
  });

  it("charges nothing for an empty cart", () => {
    expect(priceCart([], null)).toEqual({ subtotal: 0, discount: 0, shipping: 0, total: 0 });
  });
});

const lineArb = fc.record({
  unitPrice: fc.integer({ min: 1, max: 5_000_00 }),
  quantity: fc.integer({ min: 1, max: 10 }),
});
const couponArb = fc.oneof(
  fc.record({
    discountType: fc.constant("percentage" as const),
    discountValue: fc.integer({ min: 1, max: 100 }),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 10_000_00 }), { nil: null }),
  }),
  fc.record({
    discountType: fc.constant("fixed" as const),
    discountValue: fc.integer({ min: 1, max: 100_000_00 }),
    maxDiscount: fc.option(fc.integer({ min: 1, max: 10_000_00 }), { nil: null }),
  }),
);

describe("properties", () => {
  it("the total is never negative and adds up", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 20 }),
        fc.option(couponArb, { nil: null }),
        (lines, coupon) => {
          const totals = priceCart(lines, coupon);
          expect(totals.total).toBeGreaterThanOrEqual(0);
          expect(totals.total).toBe(totals.subtotal - totals.discount + totals.shipping);
        },
      ),
    );
  });

  it("the discount never exceeds the subtotal or the cap, and is a whole number of paise", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 20 }),
        couponArb,
        (lines, coupon) => {
          const subtotal = subtotalOf(lines);
          const discount = couponDiscount(coupon, subtotal);
          expect(Number.isInteger(discount)).toBe(true);
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(subtotal);
          if (coupon.maxDiscount !== null) expect(discount).toBeLessThanOrEqual(coupon.maxDiscount);
        },
      ),
    );
  });

  it("a percentage discount is within half a paisa of the exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 100 }),
        (subtotal, value) => {
          const discount = couponDiscount(percent(value), subtotal);
          expect(Math.abs(discount - (subtotal * value) / 100)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it("shipping is free exactly when the subtotal is above ₹999", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_00 }), (subtotal) => {
        expect(shippingFor(subtotal) === 0).toBe(subtotal > 99900);
        expect(amountToFreeShipping(subtotal) === 0).toBe(subtotal > 99900);
        expect(shippingFor(subtotal + amountToFreeShipping(subtotal))).toBe(0);
      }),
    );
  });

  it("whatever the order's fees, standard is free exactly above ₹999 and express is never waived", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.record({
          standard: fc.integer({ min: 0, max: 5_000_00 }),
          express: fc.integer({ min: 0, max: 5_000_00 }),
        }),
        (subtotal, fees) => {
          const standard = shippingFee("standard", subtotal, fees);
          expect(standard).toBe(subtotal > 99900 ? 0 : fees.standard);
          expect(shippingFee("express", subtotal, fees)).toBe(fees.express);
        },
      ),
    );
  });
});

describe("the shop's own fees", () => {
  it("are the fees used when none are given", () => {
    expect(SHOP_SHIPPING_FEES).toEqual({ standard: 5000, express: 15000 });
    const lines = [{ unitPrice: 30_000, quantity: 1 }];
    expect(priceCart(lines, null, "express")).toEqual(
      priceCart(lines, null, "express", SHOP_SHIPPING_FEES),
    );
    expect(priceCart(lines, null, "express").shipping).toBe(15000);
  });
});
