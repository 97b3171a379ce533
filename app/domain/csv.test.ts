import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvRow, rupeesDecimal } from "./csv";

/** A minimal RFC 4180 reader, to check that what csvRow writes reads back as it was meant. */
function readRow(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["Patil, Asha", '"Patil, Asha"'],
    ['say "namaste"', '"say ""namaste"""'],
    ["two\nlines", '"two\nlines"'],
    [" padded ", '" padded "'],
    ["", ""],
  ])("writes %j as %s", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK(""http://x"")'],
    ["+91 98765", "'+91 98765"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
  ])("defuses a formula %j", (value, written) => {
    const cell = csvCell(value);
    expect(cell.replace(/^"|"$/g, "")).toBe(written.replace(/^"|"$/g, ""));
    expect(readRow(cell)[0]!.startsWith("'")).toBe(true);
  });

  it("writes numbers and empty values as they are", () => {
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});

describe("csvRow", () => {
  it("ends each record with CRLF", () => {
    expect(csvRow(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });

  it("reads back cell for cell, formulas prefixed with an apostrophe", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 8 }),
        (cells) => {
          const line = csvRow(cells);
          expect(line.endsWith("\r\n")).toBe(true);
          const back = readRow(line.slice(0, -2));
          expect(back).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
        },
      ),
    );
  });
});

describe("rupeesDecimal", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [129950, "1299.50"],
    [100000000, "1000000.00"],
  ])("writes %i paise as %s", (paise, text) => {
    expect(rupeesDecimal(paise)).toBe(text);
  });
});
