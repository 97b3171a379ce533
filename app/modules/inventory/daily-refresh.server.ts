import { addDays, shopDate } from "../../domain/stock-lots";
import type { Database } from "../../lib/db.server";
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

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The moment the shop's date `date` (YYYY-MM-DD) begins, midnight in India. */
export function startOfShopDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

/** Enqueues today's refresh (if no process has) and tomorrow's, due at midnight. */
export async function enqueueDailyStockRefresh(database: Database, now = new Date()) {
  const today = shopDate(now);
  const tomorrow = addDays(today, 1);
  await database.transaction(async (tx) => {
    await dailyStockRefresh.enqueue(tx, today, { date: today }, now);
    await dailyStockRefresh.enqueue(tx, tomorrow, { date: tomorrow }, startOfShopDate(tomorrow));
  });
}

/**
 * Checks every `everyMs` that today's and tomorrow's refreshes are enqueued; the jobs' keys keep
 * it to one run a day across processes. Returns the stop.
 */
export function scheduleDailyStockRefresh(database: () => Database, everyMs = 15 * 60_000) {
  const enqueue = () =>
    enqueueDailyStockRefresh(database()).catch((error) =>
      logger.error({ err: error }, "enqueuing the daily stock refresh failed"),
    );
  void enqueue();
  const timer = setInterval(enqueue, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
