import { describe, expect, it } from "vitest";
import { indianMobile, maskPhone, messageOccasion } from "./order-messages";

describe("order messages' numbers", () => {
  it("reads an Indian mobile number however it was typed, and nothing else", () => {
    for (const typed of [
      "9822012345",
      "98220 12345",
      "+91 98220-12345",
      "919822012345",
      "09822012345",
    ]) {
      expect(indianMobile(typed)).toBe("+919822012345");
    }
    for (const typed of [
      "",
      null,
      undefined,
      "5822012345",
      "982201234",
      "98220123456",
      "+1 415 555 0100",
      "0201234567",
    ]) {
      expect(indianMobile(typed)).toBeNull();
    }
  });

  it("shows only the last four digits", () => {
    expect(maskPhone("+919822012345")).toBe("••••••2345");
    expect(maskPhone("9822012345")).toBe("••••••2345");
    expect(maskPhone("12345")).toBe("•2345");
    expect(maskPhone("123")).toBe("123");
    expect(maskPhone(null)).toBe("");
  });
});

describe("which occurrence of a step a message tells", () => {
  const at = new Date("2026-11-27T06:00:00.000Z");
  it("a step that happens once has one occasion; one that can happen again is told by its moment", () => {
    expect(messageOccasion("order-placed", at)).toBe("");
    expect(messageOccasion("order-shipped", at)).toBe("");
    // Once a day in India: 06:00 UTC is 11:30 in India; 20:00 UTC is the next day there.
    expect(messageOccasion("out-for-delivery", at)).toBe("2026-11-27");
    expect(messageOccasion("out-for-delivery", new Date("2026-11-27T18:29:00.000Z"))).toBe(
      "2026-11-27",
    );
    expect(messageOccasion("out-for-delivery", new Date("2026-11-27T20:00:00.000Z"))).toBe(
      "2026-11-28",
    );
    expect(messageOccasion("order-delivered", at)).toBe(at.toISOString());
    expect(messageOccasion("order-cancelled", at)).toBe(at.toISOString());
  });
});
