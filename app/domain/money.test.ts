import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRupees, formatRupeesShort, rupeesToPaise } from "./money";

describe("money", () => {
  it("formats paise as Indian rupees with Indian digit grouping", () => {
    expect(formatRupees(49900)).toBe("₹499.00");
    expect(formatRupees(12345678)).toBe("₹1,23,456.78");
    expect(formatRupeesShort(99900)).toBe("₹999");
    expect(formatRupeesShort(99950)).toBe("₹999.50");
  });

  it.each([
    ["499", 49900],
    ["499.5", 49950],
    ["499.05", 49905],
    ["1,299.00", 129900],
    ["0", 0],
  ])("reads %s rupees as %i paise", (text, paise) => {
    expect(rupeesToPaise(text)).toBe(paise);
  });

  it.each(["", "abc", "-1", "1.234", "1e3", "  "])("refuses %j", (text) => {
    expect(rupeesToPaise(text)).toBeNull();
  });

  it("round-trips every amount with two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (paise) => {
        const text = (paise / 100).toFixed(2);
        expect(rupeesToPaise(text)).toBe(paise);
      }),
    );
  });
});
