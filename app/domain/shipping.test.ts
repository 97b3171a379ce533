import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXPRESS_SHIPPING_RUPEES,
  FREE_SHIPPING_ABOVE_RUPEES,
  STANDARD_SHIPPING_RUPEES,
} from "../content/policy";
import {
  EXPRESS_SHIPPING,
  FLAT_SHIPPING,
  FREE_SHIPPING_ABOVE,
  priceCart,
  priceEveryMethod,
  shippingFee,
} from "./pricing";
import {
  isShippingMethod,
  SHIPPING_METHODS,
  type ShippingMethod,
  shippingMethodLabel,
} from "./shipping";

const fixedCoupon = (paise: number) => ({
  discountType: "fixed" as const,
  discountValue: paise,
  maxDiscount: null,
});

describe("shipping fee by method", () => {
  it("charges what the Shipping page advertises", () => {
    expect(FREE_SHIPPING_ABOVE).toBe(FREE_SHIPPING_ABOVE_RUPEES * 100);
    expect(FLAT_SHIPPING).toBe(STANDARD_SHIPPING_RUPEES * 100);
    expect(EXPRESS_SHIPPING).toBe(EXPRESS_SHIPPING_RUPEES * 100);
  });

  it.each<[ShippingMethod, number, number]>([
    ["standard", 0, 5_000],
    ["standard", 1, 5_000],
    ["standard", 99_899, 5_000],
    ["standard", 99_900, 5_000],
    ["standard", 99_901, 0],
    ["standard", 500_000, 0],
    ["express", 0, 15_000],
    ["express", 1, 15_000],
    ["express", 99_899, 15_000],
    ["express", 99_900, 15_000],
    ["express", 99_901, 15_000],
    ["express", 500_000, 15_000],
  ])("%s on a subtotal of %i paise costs %i", (method, subtotal, fee) => {
    expect(shippingFee(method, subtotal)).toBe(fee);
  });

  it("express never costs less than standard, and never less than ₹150", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (subtotal) => {
        expect(shippingFee("express", subtotal)).toBe(EXPRESS_SHIPPING);
        expect(shippingFee("express", subtotal)).toBeGreaterThan(shippingFee("standard", subtotal));
      }),
    );
  });
});

describe("cart totals by method", () => {
  const line = (unitPrice: number, quantity = 1) => [{ unitPrice, quantity }];

  it("adds the express fee below the free-shipping threshold", () => {
    expect(priceCart(line(39_900, 2), null, "express")).toEqual({
      subtotal: 79_800,
      discount: 0,
      shipping: 15_000,
      total: 94_800,
    });
  });

  it("adds the express fee above the threshold, where standard ships free", () => {
    expect(priceCart(line(120_000), null, "express").shipping).toBe(15_000);
    expect(priceCart(line(120_000), null, "standard").shipping).toBe(0);
  });

  it("decides on the subtotal before the coupon for both methods", () => {
    const coupon = fixedCoupon(30_000);
    expect(priceCart(line(110_000), coupon, "standard")).toEqual({
      subtotal: 110_000,
      discount: 30_000,
      shipping: 0,
      total: 80_000,
    });
    expect(priceCart(line(110_000), coupon, "express").total).toBe(95_000);
  });

  it("charges no shipping on an empty cart, whatever the method", () => {
    for (const method of SHIPPING_METHODS) {
      expect(priceCart([], null, method)).toEqual({
        subtotal: 0,
        discount: 0,
        shipping: 0,
        total: 0,
      });
    }
  });

  it("defaults to standard delivery", () => {
    expect(priceCart(line(10_000), null)).toEqual(priceCart(line(10_000), null, "standard"));
  });

  it("prices every method at once, each as priceCart would", () => {
    const lines = line(45_000, 2);
    const all = priceEveryMethod(lines, null);
    expect(Object.keys(all).sort()).toEqual([...SHIPPING_METHODS].sort());
    for (const method of SHIPPING_METHODS) {
      expect(all[method]).toEqual(priceCart(lines, null, method));
    }
  });

  it("a method changes only the shipping line, and the total adds up", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitPrice: fc.integer({ min: 1, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 10 }),
          }),
          { maxLength: 10 },
        ),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }).map(fixedCoupon), { nil: null }),
        (lines, coupon) => {
          const all = priceEveryMethod(lines, coupon);
          expect(all.express.subtotal).toBe(all.standard.subtotal);
          expect(all.express.discount).toBe(all.standard.discount);
          for (const totals of Object.values(all)) {
            expect(totals.total).toBe(totals.subtotal - totals.discount + totals.shipping);
            expect(totals.total).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe("method names", () => {
  it("knows the two methods and nothing else", () => {
    expect(isShippingMethod("standard")).toBe(true);
    expect(isShippingMethod("express")).toBe(true);
    for (const value of ["", "Express", "overnight", null, undefined, 1]) {
      expect(isShippingMethod(value)).toBe(false);
    }
  });

  it("labels stored methods and passes an unknown value through", () => {
    expect(shippingMethodLabel("standard")).toBe("Standard delivery");
    expect(shippingMethodLabel("express")).toBe("Express delivery");
    expect(shippingMethodLabel("pigeon")).toBe("pigeon");
  });
});
