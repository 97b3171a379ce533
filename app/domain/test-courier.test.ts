import { describe, expect, it } from "vitest";
import {
  isIndianPin,
  TEST_COURIER_ZONES,
  testCourierCharge,
  testCourierDays,
  testCourierPrepaidOnly,
  testCourierServes,
  testCourierZone,
} from "./test-courier";

describe("the test courier's rule", () => {
  it("takes six digits not starting with 0 as a PIN code", () => {
    expect(isIndianPin("415003")).toBe(true);
    expect(isIndianPin("015003")).toBe(false);
    expect(isIndianPin("41500")).toBe(false);
    expect(isIndianPin("4150031")).toBe(false);
    expect(isIndianPin("41500a")).toBe(false);
    expect(isIndianPin(" 415003")).toBe(false);
  });

  it("serves every valid PIN but Lakshadweep's", () => {
    expect(testCourierServes("110001")).toBe(true);
    expect(testCourierServes("744101")).toBe(true);
    expect(testCourierServes("682555")).toBe(false);
    expect(testCourierServes("682551")).toBe(false);
    expect(testCourierServes("682001")).toBe(true);
    expect(testCourierServes("000000")).toBe(false);
  });

  it("takes only prepaid parcels to the Andaman and Nicobar Islands", () => {
    expect(testCourierPrepaidOnly("744101")).toBe(true);
    expect(testCourierPrepaidOnly("744301")).toBe(true);
    expect(testCourierPrepaidOnly("745001")).toBe(false);
  });

  it("zones a PIN by its distance from Satara", () => {
    expect(testCourierZone("415001")).toBe("A");
    expect(testCourierZone("411001")).toBe("B");
    expect(testCourierZone("400001")).toBe("C");
    expect(testCourierZone("110001")).toBe("D");
    expect(testCourierZone("560001")).toBe("D");
    expect(testCourierZone("190001")).toBe("E");
    expect(testCourierZone("781001")).toBe("E");
    expect(testCourierZone("744101")).toBe("E");
  });

  it("charges per started 500 g by zone, and more for cash on delivery", () => {
    expect(testCourierCharge("A", 1, false)).toBe(3000);
    expect(testCourierCharge("A", 500, false)).toBe(3000);
    expect(testCourierCharge("A", 501, false)).toBe(6000);
    expect(testCourierCharge("D", 1200, true)).toBe(3 * 5500 + 4000);
  });

  it("quotes a faster, dearer air service beside surface in every zone, at least a day", () => {
    expect(TEST_COURIER_ZONES.map((zone) => testCourierDays(zone))).toEqual([2, 3, 4, 5, 7]);
    expect(TEST_COURIER_ZONES.map((zone) => testCourierDays(zone, "air"))).toEqual([1, 2, 2, 3, 4]);
    for (const zone of TEST_COURIER_ZONES) {
      expect(testCourierDays(zone, "air")).toBeGreaterThanOrEqual(1);
      expect(testCourierDays(zone, "air")).toBeLessThan(testCourierDays(zone));
      for (const grams of [1, 500, 501, 2600]) {
        for (const cod of [false, true]) {
          expect(testCourierCharge(zone, grams, cod, "air")).toBeGreaterThan(
            testCourierCharge(zone, grams, cod),
          );
        }
      }
    }
    expect(testCourierCharge("A", 500, false, "air")).toBe(6000);
    expect(testCourierCharge("D", 1200, true, "air")).toBe(3 * 9500 + 4000);
  });
});
