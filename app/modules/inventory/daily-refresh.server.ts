import { shopDate } from "../../domain/stock-lots";
import { logger } from "../../lib/logger.server";
import { defineJob } from "../jobs/job-kinds.server";
import { refreshSellableStock } from "./sellable.server";

/**
 * Once a day, as the shop's date changes, lots cross the shelf-life line and stop being sellable:
 * a job keyed by the date sets every size's stock figure again (docs/decisions/059). Keyed by
 * the date, it runs once whichever process enqueues it.
 */
export const dailyStockRefresh = defineJob<{ date: string }>({
  kind: "stock-refresh",
  retry: { baseMs: 60_000, capMs: 30 * 60_000, maxAttempts: 10, claimMs: 10 * 60_000 },
  async run({ date }, { database }) {
    // A day's job run late (a retry, a process down for days) reads no earlier date than today.
    const [, later] = [date, shopDate()].sort();
    const changed = await refreshSellableStock(database, { today: later });
    if (changed > 0) logger.info({ changed, date }, "set the sellable stock of sizes again");
  },
});
