/** CSV as RFC 4180 writes it, safe to open in a spreadsheet. */
import type { Paise } from "./money";

/** Text a spreadsheet would run as a formula (OWASP's list: = + - @, tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that a spreadsheet would read as a formula gets a leading apostrophe; a cell with
 * a comma, quote, line break or edge space is quoted, its quotes doubled. Numbers are written as
 * they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Paise as a plain decimal number of rupees ("1299.50"), which spreadsheets read as a number. */
export function rupeesDecimal(paise: Paise): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
