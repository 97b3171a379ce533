import { describe, expect, it } from "vitest";
import { nationalDigits, readMobileNumber } from "./mobile-number";

describe("readMobileNumber: every spelling of one Indian mobile number (decision 066)", () => {
  it.each([
    "9850011223",
    "98500 11223",
    "98500-11223",
    "985 001 1223",
    "+91 98500 11223",
    "+91-98500-11223",
    "+919850011223",
    "+91 (0) 98500 11223",
    "(+91) 98500 11223",
    "0091 98500 11223",
    "00919850011223",
    "098500 11223",
    "09850011223",
    "0-98500-11223",
    "919850011223",
    "91 98500 11223",
    " +91 98500 11223 ",
    "+91\u00a098500\u00a011223",
    "+91\u202f98500 11223",
    "+91–98500–11223",
    "98500.11223",
  ])("reads %j as 9850011223", (written) => {
    expect(readMobileNumber(written)).toBe("9850011223");
  });

  it("keeps a number that itself begins with 91, written plain or with its prefix", () => {
    expect(readMobileNumber("9198500112")).toBe("9198500112");
    expect(readMobileNumber("+91 91985 00112")).toBe("9198500112");
    expect(readMobileNumber("09198500112")).toBe("9198500112");
    expect(readMobileNumber("919198500112")).toBe("9198500112");
  });

  it.each([
    ["empty", ""],
    ["nine digits", "985001122"],
    ["eleven digits not after a 0", "98500112234"],
    ["eleven digits after 91", "91985001122"],
    ["thirteen digits", "9850011223456"],
    ["the first digit 5", "5850011223"],
    ["the first digit 0 after +91", "+91 08500 11223"],
    ["a US number", "+1 415 555 0100"],
    ["a UK number", "+44 7700 900123"],
    ["+92 before ten digits", "+92 98500 11223"],
    ["00 before another country", "001 415 555 0100"],
    ["two leading zeros", "0098500 11223"],
    ["a + in the middle", "98500+11223"],
    ["two + signs", "++91 98500 11223"],
    ["Devanagari digits", "९८५००११२२३"],
    ["Devanagari digits after +91", "+91 ९८५०० ११२२३"],
    ["fullwidth digits", "９８５００１１２２３"],
    ["a fullwidth plus", "＋91 98500 11223"],
    ["letters", "98500 1122O"],
    ["a word before it", "Mobile: 9850011223"],
    ["an extension", "9850011223 ext 2"],
    ["a NUL inside", "98500\u000011223"],
    ["Arabic-Indic digits", "٩٨٥٠٠١١٢٢٣"],
  ])("refuses %s (%j)", (_, written) => {
    expect(readMobileNumber(written)).toBeNull();
  });
});

describe("nationalDigits: the prefixes dropped, any other length left for the rule to refuse", () => {
  it.each([
    ["0216 2234567", "2162234567"],
    ["0123456789", "0123456789"],
    ["98765432101", "98765432101"],
    ["123", "123"],
    ["+91", ""],
    ["", ""],
  ])("reads %j as %j", (written, digits) => {
    expect(nationalDigits(written)).toBe(digits);
  });

  it.each(["+1 415 555 0100", "phone12345", "९८५००११२२३"])("gives null for %j", (written) => {
    expect(nationalDigits(written)).toBeNull();
  });
});
