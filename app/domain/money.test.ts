import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount, formatRupees, formatRupeesShort, rupeesToPaise } from "./money";

describe("money", () => {
  it("formats paise as Indian rupees with Indian digit grouping", () => {
    expect(formatRupees(49900)).toBe("₹499.00");
    expect(formatRupees(12345678)).toBe("₹1,23,456.78");
    expect(formatRupeesShort(99900)).toBe("₹999");
    expect(formatRupeesShort(99950)).toBe("₹999.50");
  });

  const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
  const intlWhole = new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: 0,
  });

  it("writes every amount exactly as Intl's en-IN currency format does", () => {
    for (const paise of [0, -0, 1, 5, 99, 100, 101, 99999, 100000, 12345678, -4999, -100000]) {
      expect(formatRupees(paise), String(paise)).toBe(intl.format(paise / 100));
    }
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), (paise) => {
        expect(formatRupees(paise)).toBe(intl.format(paise / 100));
        expect(formatRupeesShort(paise)).toBe(
          paise % 100 === 0 ? intlWhole.format(paise / 100) : intl.format(paise / 100),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("rounds a fraction of a paisa as Intl does", () => {
    for (const paise of [1234.5, 1234.4999, 0.5, -0.4, 99.999]) {
      expect(formatRupees(paise), String(paise)).toBe(intl.format(paise / 100));
    }
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

describe("formatCount", () => {
  it("groups a whole count as toLocaleString('en-IN') does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(100_000)).toBe("1,00,000");
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString("en-IN"));
      }),
    );
  });
});
