import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem } from "./gstin";

describe("GSTIN", () => {
  it("accepts well-formed numbers whose check character matches", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem("29AAGCB7383J1Z4")).toBeNull();
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
  });

  it("refuses a wrong length, a lower-case or misplaced character and a bad state code", () => {
    for (const bad of [
      "",
      "27AAPFU0939F1Z",
      "27AAPFU0939F1ZVV",
      "27aapfu0939f1zv",
      "2AAAPFU0939F1ZV",
      "27AAPF00939F1ZV",
      "27AAPFU0939F1YV",
      "27AAPFU0939F0ZV",
      "00AAPFU0939F1ZV",
      "40AAPFU0939F1ZV",
    ]) {
      expect(gstinProblem(bad), bad).toBe("format");
    }
  });

  it("refuses a typo that keeps the shape but breaks the check character", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toBe("checksum");
    expect(gstinProblem("27AAPFU0938F1ZV")).toBe("checksum");
  });
});
