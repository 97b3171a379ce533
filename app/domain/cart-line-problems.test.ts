import { describe, expect, it } from "vitest";
import { cartLineProblemMessage, cartProblemsDescription } from "./cart-line-problems";

describe("cartLineProblemMessage", () => {
  it("names the product and what is wrong with it", () => {
    expect(cartLineProblemMessage({ name: "Brahmi Vati", problem: "unavailable", stock: 4 })).toBe(
      "Brahmi Vati is no longer available",
    );
    expect(cartLineProblemMessage({ name: "Brahmi Vati", problem: "out-of-stock", stock: 0 })).toBe(
      "Brahmi Vati is out of stock",
    );
    expect(cartLineProblemMessage({ name: "Brahmi Vati", problem: "short", stock: 2 })).toBe(
      "Only 2 of Brahmi Vati left in stock",
    );
  });

  it("calls a shortfall with nothing left out of stock", () => {
    expect(cartLineProblemMessage({ name: "Brahmi Vati", problem: "short", stock: 0 })).toBe(
      "Brahmi Vati is out of stock",
    );
    expect(cartLineProblemMessage({ name: "Brahmi Vati", problem: "short", stock: -1 })).toBe(
      "Brahmi Vati is out of stock",
    );
  });
});

describe("cartProblemsDescription", () => {
  const line = (name: string) => ({ name, problem: "out-of-stock" as const, stock: 0 });

  it("names one flagged line, then says what to do", () => {
    expect(cartProblemsDescription([line("Kumkumadi Cream")])).toBe(
      "Kumkumadi Cream is out of stock. Adjust the flagged items in your cart, then check out.",
    );
  });

  it("names up to three lines", () => {
    expect(
      cartProblemsDescription([
        line("A"),
        { name: "B", problem: "short", stock: 1 },
        { name: "C", problem: "unavailable", stock: 9 },
      ]),
    ).toBe(
      "A is out of stock. Only 1 of B left in stock. C is no longer available. Adjust the flagged items in your cart, then check out.",
    );
  });

  it("counts the lines past the third", () => {
    const four = ["A", "B", "C", "D"].map(line);
    expect(cartProblemsDescription(four)).toBe(
      "A is out of stock. B is out of stock. C is out of stock. 1 more item too. Adjust the flagged items in your cart, then check out.",
    );
    expect(cartProblemsDescription([...four, line("E")])).toContain("2 more items too.");
  });
});
