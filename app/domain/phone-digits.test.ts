import { describe, expect, it } from "vitest";
import { phoneDigits } from "./phone-digits";

describe("phoneDigits (docs/SPEC.md §5: digits only, at most 10; decision 066: prefixes dropped)", () => {
  it.each([
    ["9876543210", "9876543210"],
    ["98765 43210", "9876543210"],
    ["98a76b54c32d10", "9876543210"],
    ["987654321012345", "9876543210"],
    ["98765432101", "9876543210"],
    ["abc", ""],
    ["", ""],
    // Ten digits that begin with 91 are a number of their own; an eleventh is capped as ever.
    ["9198765432", "9198765432"],
    ["91987654321", "9198765432"],
    // A written +91, 0091 or leading 0 is the prefix it is.
    ["+91 98765-43210", "9876543210"],
    ["+91-98765-43210", "9876543210"],
    ["+919876543210", "9876543210"],
    ["+91 (0) 98765 43210", "9876543210"],
    ["Mobile: +91 98765 43210", "9876543210"],
    ["0091 98765 43210", "9876543210"],
    ["098765 43210", "9876543210"],
    ["09876543210", "9876543210"],
    ["919876543210", "9876543210"],
    // Still being typed: the prefix stays until the next digit shows it for what it is.
    ["+", "+"],
    ["+9", "+9"],
    ["+91", "+91"],
    ["+91 ", "+91"],
    ["+91 9", "9"],
    ["00", "00"],
    ["0091", "0091"],
    ["00919", "9"],
    ["0", "0"],
    ["0987654321", "0987654321"],
    // Another country's number is digits, capped.
    ["+1 415 555 0100", "1415555010"],
    ["+44 7700 900123", "4477009001"],
    ["९८७६५४३२१०", ""],
  ])("keeps %j as %j", (input, expected) => {
    expect(phoneDigits(input)).toBe(expected);
  });

  it.each([
    "+91 98765 43210",
    "+91-98765-43210",
    "098765 43210",
    "+919876543210",
    "09876543210",
    "0091 98765 43210",
  ])("typed key by key, %j ends as the ten digits", (written) => {
    let value = "";
    for (const key of written) value = phoneDigits(value + key);
    expect(value).toBe("9876543210");
  });

  it("typed key by key, plain digits stop at ten, as the spec has them", () => {
    let value = "";
    for (const key of "919876543210") value = phoneDigits(value + key);
    expect(value).toBe("9198765432");
  });
});
