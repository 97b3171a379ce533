import { describe, expect, it } from "vitest";
import { phoneSearchDigits } from "./phone-search";

describe("phoneSearchDigits", () => {
  it("reads a phone number however it is quoted, as its ten digits", () => {
    for (const quoted of [
      "9822012345",
      "98220 12345",
      "+91 98220 12345",
      "+91-98220-12345",
      "+919822012345",
      "919822012345",
      "0091 98220 12345",
      "098220 12345",
      "(982) 201-2345",
      "  98220.12345 ",
    ]) {
      expect(phoneSearchDigits(quoted), quoted).toBe("9822012345");
    }
  });

  it("reads part of a number as those digits", () => {
    expect(phoneSearchDigits("12345")).toBe("12345");
    expect(phoneSearchDigits("+91 98220")).toBe("98220");
  });

  it("is not a phone for words, e-mail addresses, order numbers or too few digits", () => {
    for (const text of ["Kavya", "kavya@gmail.com", "ORD-1732", "1234", "+91", "", "98-", "9a8"]) {
      expect(phoneSearchDigits(text), text).toBeNull();
    }
  });
});
