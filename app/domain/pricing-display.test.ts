import { describe, expect, it } from "vitest";
import { discountPercent, filledStars, freeShippingHint, stockText } from "./pricing-display";

describe("display rules of docs/SPEC.md §9", () => {
  it.each([
    [100000, 80000, 20],
    [29900, 24900, 17], // 16.72 rounds up
    [29900, 26900, 10], // 10.03 rounds down
    [100000, null, 0],
    [100000, 100000, 0],
  ])("price %i with discount %s is %i%% off", (price, discount, percent) => {
    expect(discountPercent(price, discount)).toBe(percent);
  });

  it.each([
    [0, 0],
    [3.99, 3],
    [4, 4],
    [4.5, 4],
    [5, 5],
    [7, 5],
  ])("rating %d fills %i stars", (rating, stars) => {
    expect(filledStars(rating)).toBe(stars);
  });
});

describe("stock text", () => {
  it.each([
    [0, "Out of Stock"],
    [-1, "Out of Stock"],
    [1, "Only 1 left in stock"],
    [10, "Only 10 left in stock"],
    [11, "In Stock"],
  ])("stock %i with threshold 10 reads %s", (stock, text) => {
    expect(stockText(stock, 10)).toBe(text);
  });

  it("follows the threshold setting", () => {
    expect(stockText(10, 5)).toBe("In Stock");
  });
});

describe("free-shipping hint", () => {
  it.each([
    [33901, "Add ₹340 more for free shipping"], // ₹339.01 rounds up, never down
    [5401, "Add ₹55 more for free shipping"],
    [34000, "Add ₹340 more for free shipping"], // whole rupees stay as they are
    [1, "Add ₹1 more for free shipping"], // one paisa short still asks for a rupee
    [99901, "Add ₹1,000 more for free shipping"],
  ])("a gap of %i paise reads %s", (gap, text) => {
    expect(freeShippingHint(gap)).toBe(text);
  });
});
