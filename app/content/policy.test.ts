import { describe, expect, it } from "vitest";
import {
  EXPRESS_SHIPPING_RUPEES,
  FREE_SHIPPING_ABOVE_RUPEES,
  formatLongDate,
  rupees,
  STANDARD_SHIPPING_RUPEES,
} from "./policy";

describe("the policy pages' figures", () => {
  it("states the shipping charges the checkout applies, in rupees", () => {
    expect([FREE_SHIPPING_ABOVE_RUPEES, STANDARD_SHIPPING_RUPEES, EXPRESS_SHIPPING_RUPEES]).toEqual(
      [999, 50, 150],
    );
    expect(rupees(FREE_SHIPPING_ABOVE_RUPEES)).toBe("₹999");
    expect(rupees(123_456)).toBe("₹1,23,456");
    expect(rupees(1_234.5)).toBe("₹1,234.50");
  });

  it("writes a calendar date as Intl's en-IN long date does, for every day of four years", () => {
    const intl = new Intl.DateTimeFormat("en-IN", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatLongDate(iso)).toBe(intl.format(new Date(day)));
    }
    expect(formatLongDate("2026-11-01")).toBe("1 November 2026");
  });
});
