import { csvRow } from "../../domain/csv";
import { type Gstr1FileName, gstr1File } from "../../domain/gstr1";
import type { Executor } from "../../lib/db.server";
import { loadGstr1Month } from "./gstr1.server";

/**
 * One GSTR-1 file of a month as CSV, in the column layout of the GST offline tool's template
 * (docs/decisions/041): UTF-8 with a byte-order mark, every cell guarded against formulas.
 */
export async function gstr1Csv(
  executor: Executor,
  month: { year: number; month: number },
  name: Gstr1FileName,
) {
  const file = gstr1File(name, await loadGstr1Month(executor, month));
  return `\uFEFF${csvRow(file.header)}${file.rows.map((row) => csvRow(row)).join("")}`;
}
