import { describe, expect, it } from "vitest";
import { CHECK_PIN_INTENT, checkingPinNotice, totalChangedNotice } from "./checkout-pin";

describe("the checkout's PIN code notices", () => {
  it("names the PIN code and the new total in rupees", () => {
    expect(totalChangedNotice("415002", 34_500)).toBe(
      "The total for PIN 415002 is now ₹345.00. Please check it and place your order again.",
    );
    expect(totalChangedNotice("110001", 123_456_78)).toBe(
      "The total for PIN 110001 is now ₹1,23,456.78. Please check it and place your order again.",
    );
  });

  it("says the fees are being checked for the PIN code typed", () => {
    expect(checkingPinNotice("560001")).toBe(
      "Checking the delivery fees and dates for PIN 560001…",
    );
  });

  it("names its intent apart from placing an order and the switch to cash", () => {
    expect(CHECK_PIN_INTENT).toBe("check");
  });
});
