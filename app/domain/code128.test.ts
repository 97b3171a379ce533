import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CODE_B,
  CODE_C,
  checkSymbol,
  code128Drawing,
  code128Pattern,
  code128Values,
  code128Widths,
  QUIET_ZONE_MODULES,
  START_B,
  START_C,
  STOP,
} from "./code128";

/** Reads printed widths back as a scanner does: symbols, the check, then the text. */
function scan(widths: readonly number[]) {
  const byPattern = new Map(
    Array.from({ length: 107 }, (_, value) => [code128Pattern(value).join(""), value]),
  );
  const values: number[] = [];
  for (let at = 0; at < widths.length; ) {
    const size = widths.length - at === 7 ? 7 : 6;
    const value = byPattern.get(widths.slice(at, at + size).join(""));
    if (value === undefined) throw new Error(`No symbol at module ${at}`);
    values.push(value);
    at += size;
  }
  expect(values.at(-1)).toBe(STOP);
  const check = values.at(-2)!;
  const symbols = values.slice(0, -2);
  expect(checkSymbol(symbols)).toBe(check);
  let set = symbols[0] === START_C ? "C" : "B";
  let text = "";
  for (const value of symbols.slice(1)) {
    if (set === "B" && value === CODE_C) set = "C";
    else if (set === "C" && value === CODE_B) set = "B";
    else text += set === "C" ? String(value).padStart(2, "0") : String.fromCharCode(value + 32);
  }
  return text;
}

describe("Code 128", () => {
  it("has 103 data symbols, three starts and a stop, each distinct and of 11 modules (the stop 13)", () => {
    const patterns = Array.from({ length: 107 }, (_, value) => code128Pattern(value));
    expect(new Set(patterns.map((p) => p.join(""))).size).toBe(107);
    for (const [value, pattern] of patterns.entries()) {
      const modules = pattern.reduce((sum, width) => sum + width, 0);
      expect(modules, `symbol ${value}`).toBe(value === STOP ? 13 : 11);
      expect(pattern.every((width) => width >= 1 && width <= 4)).toBe(true);
      // Bars cover an even number of modules in every symbol: what a scanner checks.
      const bars = pattern.filter((_, index) => index % 2 === 0);
      expect(bars.slice(0, 3).reduce((sum, width) => sum + width, 0) % 2, `symbol ${value}`).toBe(
        0,
      );
    }
    expect(code128Pattern(START_B)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(code128Pattern(STOP)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    expect(() => code128Pattern(107)).toThrow(RangeError);
  });

  it("writes a test courier's AWB in set B, then its ten digits in set C, with the check symbol", () => {
    // Worked by hand: 104 + 52·1 + 37·2 + 51·3 + 52·4 + 99·5 + 1·6 + 23·7 + 45·8 + 67·9 + 89·10
    // = 3106, and 3106 mod 103 = 16.
    expect(code128Values("TEST0123456789")).toEqual([
      START_B,
      52,
      37,
      51,
      52,
      CODE_C,
      1,
      23,
      45,
      67,
      89,
      16,
      STOP,
    ]);
  });

  it("writes letters in set B: 'Wikipedia' has the check symbol 88", () => {
    expect(code128Values("Wikipedia")).toEqual([
      START_B,
      55,
      73,
      75,
      73,
      80,
      69,
      68,
      73,
      65,
      88,
      STOP,
    ]);
  });

  it("starts in set C for a number, and leaves an odd digit to set B", () => {
    expect(code128Values("19041424751540")).toEqual([
      START_C,
      19,
      4,
      14,
      24,
      75,
      15,
      40,
      checkSymbol([START_C, 19, 4, 14, 24, 75, 15, 40]),
      STOP,
    ]);
    const odd = code128Values("12345");
    expect(odd.slice(0, 5)).toEqual([START_C, 12, 34, CODE_B, "5".charCodeAt(0) - 32]);
    // A short run of digits in the middle stays in set B.
    expect(code128Values("AB1234CD")).not.toContain(CODE_C);
  });

  it("reads back as written, whatever printable text it is given", () => {
    for (const text of ["TEST0123456789", "SR-2024/77", "1", "A1234567B", "x 99 y"]) {
      expect(scan(code128Widths(text))).toBe(text);
    }
    const printable = fc.string({
      unit: fc.integer({ min: 32, max: 126 }).map((code) => String.fromCharCode(code)),
      minLength: 1,
      maxLength: 40,
    });
    fc.assert(fc.property(printable, (text) => scan(code128Widths(text)) === text));
  });

  it("refuses what it cannot write", () => {
    expect(() => code128Values("")).toThrow(RangeError);
    expect(() => code128Values("AWB\n1")).toThrow(RangeError);
    expect(() => code128Values("₹100")).toThrow(RangeError);
  });
});

describe("a Code 128 drawing", () => {
  it("places each bar after the quiet zone, the spaces between them left blank", () => {
    const drawing = code128Drawing("Wikipedia");
    const widths = code128Widths("Wikipedia");
    const printed = widths.reduce((sum, width) => sum + width, 0);
    expect(drawing.modules).toBe(printed + 2 * QUIET_ZONE_MODULES);
    expect(drawing.bars[0]).toEqual({ x: QUIET_ZONE_MODULES, width: 2 });
    expect(drawing.bars).toHaveLength(Math.ceil(widths.length / 2));
    const last = drawing.bars.at(-1)!;
    expect(last.x + last.width).toBe(drawing.modules - QUIET_ZONE_MODULES);
    // Between two bars is the space the widths give.
    expect(drawing.bars[1]!.x - (drawing.bars[0]!.x + drawing.bars[0]!.width)).toBe(widths[1]);
  });
});
