/**
 * Code 128 (ISO/IEC 15417), the barcode couriers print for an AWB: a value as the widths of its
 * bars and spaces, in modules, for a page to draw. Pure; no I/O.
 *
 * Printable ASCII is written in code set B; a run of digits long enough to gain from it in code
 * set C (two digits a symbol), as scanners read either.
 */

/**
 * Each symbol's bar, space, bar, space, bar, space widths, by value (0 to 102 data, 103 to 105 the
 * starts A, B and C, 106 the stop, which adds a closing bar).
 */
const PATTERNS = `
  212222 222122 222221 121223 121322 131222 122213 122312 132212
  221213 221312 231212 112232 122132 122231 113222 123122 123221
  223211 221132 221231 213212 223112 312131 311222 321122 321221
  312212 322112 322211 212123 212321 232121 111323 131123 131321
  112313 132113 132311 211313 231113 231311 112133 112331 132131
  113123 113321 133121 313121 211331 231131 213113 213311 213131
  311123 311321 331121 312113 312311 332111 314111 221411 431111
  111224 111422 121124 121421 141122 141221 112214 112412 122114
  122411 142112 142211 241211 221114 413111 241112 134111 111242
  121142 121241 114212 124112 124211 411212 421112 421211 212141
  214121 412121 111143 111341 131141 114113 114311 411113 411311
  113141 114131 311141 411131 211412 211214 211232 2331112
`
  .trim()
  .split(/\s+/);

export const CODE_C = 99;
export const CODE_B = 100;
export const START_B = 104;
export const START_C = 105;
export const STOP = 106;

/** The blank modules a scanner needs on each side of the symbols. */
export const QUIET_ZONE_MODULES = 10;

/** The widths of symbol `value` (0 to 106). */
export function code128Pattern(value: number): number[] {
  const pattern = PATTERNS[value];
  if (pattern === undefined) throw new RangeError(`No Code 128 symbol ${value}`);
  return [...pattern].map(Number);
}

const DIGITS = /^\d+/;

/** How many digits start at `from`. */
function digitRun(text: string, from: number) {
  return DIGITS.exec(text.slice(from))?.[0].length ?? 0;
}

/**
 * The symbol values of `text`: start, data (with code set changes), check symbol and stop. Only
 * printable ASCII (space to tilde) can be written; anything else is a RangeError.
 */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new RangeError("Nothing to encode");
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (character.length !== 1 || code < 32 || code > 126) {
      throw new RangeError(`Code 128 set B cannot write ${JSON.stringify(character)}`);
    }
  }
  const values: number[] = [];
  // Set C pays from four digits at either end of the value, or six in its middle.
  const leading = digitRun(text, 0);
  let set: "B" | "C" = leading >= 4 && (leading === text.length || leading >= 6) ? "C" : "B";
  values.push(set === "C" ? START_C : START_B);
  let at = 0;
  while (at < text.length) {
    const run = digitRun(text, at);
    if (set === "C") {
      if (run >= 2) {
        values.push(Number(text.slice(at, at + 2)));
        at += 2;
        continue;
      }
      values.push(CODE_B);
      set = "B";
    }
    const toEnd = at + run === text.length;
    if (run >= (toEnd ? 4 : 6)) {
      // An odd digit goes first in set B, so set C takes pairs to the end of the run.
      if (run % 2 === 1) {
        values.push(text.charCodeAt(at) - 32);
        at += 1;
      }
      values.push(CODE_C);
      set = "C";
      continue;
    }
    values.push(text.charCodeAt(at) - 32);
    at += 1;
  }
  values.push(checkSymbol(values), STOP);
  return values;
}

/** The start's value plus each data value times its position, modulo 103. */
export function checkSymbol(startAndData: readonly number[]): number {
  const [start = 0, ...data] = startAndData;
  return data.reduce((sum, value, index) => sum + value * (index + 1), start) % 103;
}

/**
 * The widths of `text` as printed, in modules: bar, space, bar, … from the start symbol to the
 * stop's closing bar. The quiet zones around it are the drawing's (QUIET_ZONE_MODULES).
 */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap(code128Pattern);
}

/** A barcode to draw: its bars' positions and widths and the whole width, in modules. */
export type BarcodeDrawing = { modules: number; bars: { x: number; width: number }[] };

/** Where `text`'s bars go, the quiet zones on both sides included. */
export function code128Drawing(text: string): BarcodeDrawing {
  const bars: BarcodeDrawing["bars"] = [];
  let x = QUIET_ZONE_MODULES;
  for (const [index, width] of code128Widths(text).entries()) {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  }
  return { modules: x + QUIET_ZONE_MODULES, bars };
}
