import { csvRow } from "../../domain/csv";
import { formatIstSortable } from "../../domain/india-time";
import type { Executor } from "../../lib/db.server";
import { recipientsOfBatch } from "./batch-recall.server";

export const RECALL_CSV_HEADER = [
  "Batch",
  "Order Number",
  "Order Date",
  "Status",
  "Customer",
  "Email",
  "Phone",
  "City",
  "State",
  "Item",
  "SKU",
  "Quantity",
] as const;

/**
 * Everyone who received a batch, one row per order line, as CSV (UTF-8 with a byte-order mark,
 * like the orders export; cells a spreadsheet would run as formulas are escaped by csvRow).
 */
export async function recallCsv(executor: Executor, batch: string): Promise<string> {
  const rows = await recipientsOfBatch(executor, batch);
  return `\uFEFF${csvRow(RECALL_CSV_HEADER)}${rows
    .map((row) =>
      csvRow([
        row.batchNumber,
        row.orderNumber,
        formatIstSortable(row.orderedAt),
        row.status,
        row.customerName,
        row.customerEmail ?? "",
        row.phone,
        row.city,
        row.state,
        row.item,
        row.sku ?? "",
        row.quantity,
      ]),
    )
    .join("")}`;
}
