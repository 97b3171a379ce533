import { describe, expect, it } from "vitest";
import { cartAddedMessage } from "./cart-added";

describe("cartAddedMessage", () => {
  it("says what docs/SPEC.md §8 says when the shopper chose what was added", () => {
    const chosen = { name: "Aloe Vera Juice – 500 ml", quantity: 1, sizeChosenByShop: false };
    expect(cartAddedMessage({ ...chosen, status: "added" })).toEqual({ title: "Added to cart" });
    expect(cartAddedMessage({ ...chosen, status: "updated" })).toEqual({ title: "Cart updated" });
  });

  it("names the size the shop chose among several (a card's Add to Cart)", () => {
    const card = { name: "Aloe Vera Juice – 1 L", sizeChosenByShop: true };
    expect(cartAddedMessage({ ...card, status: "added", quantity: 1 })).toEqual({
      title: "Added Aloe Vera Juice – 1 L",
    });
    expect(cartAddedMessage({ ...card, status: "updated", quantity: 2 })).toEqual({
      title: "Cart updated",
      description: "2 × Aloe Vera Juice – 1 L in your cart",
    });
  });
});
