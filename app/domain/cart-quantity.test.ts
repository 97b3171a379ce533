import { describe, expect, it } from "vitest";
import { capQuantity } from "./cart-quantity";

describe("capQuantity", () => {
  it("keeps a quantity within the limit and the stock", () => {
    expect(capQuantity(4, 20, "Tulsi Drops")).toEqual({ quantity: 4, reason: null });
    expect(capQuantity(10, 10, "Tulsi Drops")).toEqual({ quantity: 10, reason: null });
    expect(capQuantity(3, 3, "Cow Ghee")).toEqual({ quantity: 3, reason: null });
  });

  it("lowers a quantity above 10 to 10 and says so", () => {
    expect(capQuantity(11, 20, "Tulsi Drops")).toEqual({
      quantity: 10,
      reason: "You can buy at most 10 of Tulsi Drops",
    });
    expect(capQuantity(1_000_000, 10, "Tulsi Drops").quantity).toBe(10);
  });

  it("lowers a quantity above the stock to the stock and says so", () => {
    expect(capQuantity(5, 2, "Cow Ghee")).toEqual({
      quantity: 2,
      reason: "Only 2 of Cow Ghee left in stock",
    });
    expect(capQuantity(40, 7, "Cow Ghee")).toEqual({
      quantity: 7,
      reason: "Only 7 of Cow Ghee left in stock",
    });
  });
});
