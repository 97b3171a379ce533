import { describe, expect, it } from "vitest";
import { courierShippingFees, SHOP_FEES, upToWholeRupee, weightSlabs } from "./courier-fees";
import { EXPRESS_SHIPPING, FLAT_SHIPPING, priceCart, priceEveryMethod } from "./pricing";

const surface = { charge: 6250, days: 5 };
const air = { charge: 8900, days: 2 };
const economy = { charge: 5425, days: 6 };

describe("the courier's weight slabs", () => {
  it.each([
    [1, 1],
    [250, 1],
    [500, 1],
    [501, 2],
    [1000, 2],
    [1001, 3],
  ])("%i g is %i started slab(s) of 500 g", (grams, slabs) => {
    expect(weightSlabs(grams)).toBe(slabs);
  });
});

describe("a courier's charge for the customer", () => {
  it("rounds up to a whole rupee, and keeps a whole rupee as it is", () => {
    expect(upToWholeRupee(6250)).toBe(6300);
    expect(upToWholeRupee(5401)).toBe(5500);
    expect(upToWholeRupee(5500)).toBe(5500);
    expect(upToWholeRupee(0)).toBe(0);
  });
});

describe("the fees from the courier's rates", () => {
  it("charges the cheapest service for standard and the fastest faster one for express", () => {
    expect(courierShippingFees([surface, air, economy])).toEqual({
      from: "courier",
      fees: { standard: 5500, express: 8900 },
      expressDays: 2,
    });
  });

  it("takes the cheapest of equal charges by its days, and the cheapest of equally fast ones", () => {
    expect(
      courierShippingFees([
        { charge: 4000, days: 6 },
        { charge: 4000, days: 4 },
        { charge: 9900, days: 1 },
        { charge: 9100, days: 1 },
      ]),
    ).toEqual({ from: "courier", fees: { standard: 4000, express: 9100 }, expressDays: 1 });
  });

  it("keeps the shop's ₹150 and no day for express when no service is faster than the cheapest", () => {
    expect(courierShippingFees([{ charge: 3000, days: 2 }])).toEqual({
      from: "courier",
      fees: { standard: 3000, express: EXPRESS_SHIPPING },
      expressDays: null,
    });
    // As slow, or dearer and slower, is not faster.
    expect(
      courierShippingFees([
        { charge: 3000, days: 2 },
        { charge: 7000, days: 2 },
        { charge: 8000, days: 3 },
      ]).fees.express,
    ).toBe(EXPRESS_SHIPPING);
  });

  it("does not count a service without days as faster, nor guess when the cheapest has none", () => {
    expect(
      courierShippingFees([
        { charge: 3000, days: 4 },
        { charge: 6000, days: 0 },
        { charge: 6500, days: null },
      ]),
    ).toMatchObject({ fees: { standard: 3000, express: EXPRESS_SHIPPING }, expressDays: null });
    expect(
      courierShippingFees([
        { charge: 3000, days: null },
        { charge: 6000, days: 1 },
      ]),
    ).toMatchObject({ fees: { standard: 3000, express: EXPRESS_SHIPPING }, expressDays: null });
  });

  it("falls back to the shop's fees when the courier quoted nothing or could not be reached", () => {
    expect(courierShippingFees(null)).toEqual(SHOP_FEES);
    expect(courierShippingFees([])).toEqual(SHOP_FEES);
    expect(courierShippingFees([{ charge: Number.NaN, days: 3 }])).toEqual(SHOP_FEES);
    expect(SHOP_FEES).toEqual({
      from: "shop",
      fees: { standard: FLAT_SHIPPING, express: EXPRESS_SHIPPING },
      expressDays: null,
    });
  });
});

describe("an order priced with the courier's fees", () => {
  const fees = courierShippingFees([surface, air]).fees; // ₹63 standard, ₹89 express

  it("charges the rounded-up standard rate at ₹999.00 and nothing at ₹999.01", () => {
    expect(priceCart([{ unitPrice: 99_900, quantity: 1 }], null, "standard", fees)).toEqual({
      subtotal: 99_900,
      discount: 0,
      shipping: 6300,
      total: 106_200,
    });
    expect(priceCart([{ unitPrice: 99_901, quantity: 1 }], null, "standard", fees)).toEqual({
      subtotal: 99_901,
      discount: 0,
      shipping: 0,
      total: 99_901,
    });
  });

  it("charges express's rate whatever the subtotal", () => {
    const every = priceEveryMethod([{ unitPrice: 99_901, quantity: 1 }], null, fees);
    expect(every.express).toMatchObject({ shipping: 8900, total: 99_901 + 8900 });
    expect(every.standard).toMatchObject({ shipping: 0 });
  });

  it("prices with the shop's fees when the courier is down, exactly as without fees given", () => {
    const lines = [{ unitPrice: 40_000, quantity: 2 }];
    const down = courierShippingFees(null).fees;
    expect(priceEveryMethod(lines, null, down)).toEqual(priceEveryMethod(lines, null));
    expect(priceCart(lines, null, "standard", down).shipping).toBe(FLAT_SHIPPING);
    expect(priceCart(lines, null, "express", down).shipping).toBe(EXPRESS_SHIPPING);
  });
});
