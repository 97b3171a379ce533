import { logger } from "../../lib/logger.server";
import { defineJob } from "../jobs/job-kinds.server";
import { findLedgerMismatches, type LedgerMismatch } from "./ledger-check.server";

/** "Ashwagandha – 60 tabs (SKU ASH-60): lots 12, ledger 10, shown 12, sellable 12". */
export function describeMismatch(row: LedgerMismatch) {
  const name = row.sizeLabel ? `${row.productName} – ${row.sizeLabel}` : row.productName;
  return `${name} (SKU ${row.sku}): lots ${row.onHand}, ledger ${row.ledger}, shown ${row.stockQuantity}, sellable ${row.sellable}`;
}

/**
 * The periodic stock check (docs/decisions/059): once a day it names, in the log, every size
 * whose lots, ledger or stock figure disagree; the dashboard shows the same to the owner. Keyed
 * by the date, it runs once a day whichever process enqueues it.
 */
export const dailyStockCheck = defineJob<{ date: string }>({
  kind: "stock-check",
  retry: { baseMs: 60_000, capMs: 30 * 60_000, maxAttempts: 5, claimMs: 10 * 60_000 },
  async run({ date }, { database }) {
    const mismatches = await findLedgerMismatches(database);
    if (mismatches.length === 0) return;
    logger.warn(
      { date, sizes: mismatches.map(describeMismatch) },
      "stock check: lots and ledger disagree",
    );
  },
});
