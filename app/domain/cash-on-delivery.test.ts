import { describe, expect, it } from "vitest";
import {
  CASH_ON_DELIVERY_MESSAGES,
  cashOnDeliveryAvailability,
  PIN_PREFIX,
  parsePinPrefixes,
} from "./cash-on-delivery";

const NO_LIMITS = { maxOrderValue: null, excludedPinPrefixes: [] };

describe("cash on delivery availability", () => {
  it("is offered everywhere and for any total without limits", () => {
    expect(
      cashOnDeliveryAvailability(NO_LIMITS, { total: 99_999_999, postalCode: "110001" }),
    ).toEqual({ available: true });
  });

  it("is offered up to the limit, inclusive, and refused a paisa above it", () => {
    const rules = { maxOrderValue: 500_000, excludedPinPrefixes: [] };
    expect(cashOnDeliveryAvailability(rules, { total: 500_000, postalCode: "415001" })).toEqual({
      available: true,
    });
    expect(cashOnDeliveryAvailability(rules, { total: 500_001, postalCode: "415001" })).toEqual({
      available: false,
      reason: "Cash on delivery is available for orders up to ₹5,000. Please pay by card.",
    });
  });

  it("names a limit with paise as it is", () => {
    expect(CASH_ON_DELIVERY_MESSAGES.overLimit(249_950)).toBe(
      "Cash on delivery is available for orders up to ₹2,499.50. Please pay by card.",
    );
  });

  it("is refused for a PIN code that starts with an excluded prefix, or is one", () => {
    const rules = { maxOrderValue: null, excludedPinPrefixes: ["79", "744101"] };
    for (const postalCode of ["790001", "799999", "744101", " 744101 "]) {
      expect(cashOnDeliveryAvailability(rules, { total: 1000, postalCode }), postalCode).toEqual({
        available: false,
        reason: `Cash on delivery is not available for PIN code ${postalCode.trim()}. Please pay by card.`,
      });
    }
    for (const postalCode of ["780001", "744102", "179000"]) {
      expect(cashOnDeliveryAvailability(rules, { total: 1000, postalCode }), postalCode).toEqual({
        available: true,
      });
    }
  });

  it("gives the limit's reason first when both apply", () => {
    const rules = { maxOrderValue: 1000, excludedPinPrefixes: ["4"] };
    const result = cashOnDeliveryAvailability(rules, { total: 2000, postalCode: "415001" });
    expect(result).toMatchObject({ available: false, reason: expect.stringContaining("up to") });
  });
});

describe("PIN prefixes typed in the settings", () => {
  it("are split on lines, commas and spaces, trimmed and deduplicated", () => {
    expect(parsePinPrefixes(" 79, 744101\n\n79 18 ")).toEqual(["79", "744101", "18"]);
    expect(parsePinPrefixes("  \n ")).toEqual([]);
  });

  it("are one to six digits not starting with 0", () => {
    for (const good of ["1", "79", "744101"]) expect(PIN_PREFIX.test(good), good).toBe(true);
    for (const bad of ["0", "07", "1234567", "4a", "-4", ""]) {
      expect(PIN_PREFIX.test(bad), bad).toBe(false);
    }
  });
});
