import { describe, expect, it } from "vitest";
import { hasControlCharacter } from "./control-characters";

describe("hasControlCharacter", () => {
  it.each(["\u0000", "a\u0001b", "\u001f", "\u007f", "tab\there", "line\nbreak", "cr\r"])(
    "finds one in %j",
    (text) => {
      expect(hasControlCharacter(text)).toBe(true);
    },
  );

  it.each(["", "Ashwagandha 500 mg", "गुडूची", "₹ 1,200 — 10% off", "\u00a0\u200b"])(
    "finds none in %j",
    (text) => {
      expect(hasControlCharacter(text)).toBe(false);
    },
  );

  it("lets multi-line text keep tab and line breaks, and nothing else", () => {
    expect(hasControlCharacter("one\r\ntwo\tthree", { multiLine: true })).toBe(false);
    expect(hasControlCharacter("one\u0000two", { multiLine: true })).toBe(true);
    expect(hasControlCharacter("bell\u0007", { multiLine: true })).toBe(true);
  });
});
