import { addDays, shopDate } from "../../domain/stock-lots";
import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { DefinedJob } from "./job-kinds.server";

/** A job run once a day, keyed by the shop's date (`YYYY-MM-DD`, India). */
export type DailyJob = DefinedJob<{ date: string }>;

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The moment the shop's date `date` (YYYY-MM-DD) begins, midnight in India. */
export function startOfShopDate(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

/**
 * Enqueues today's run (if no process has) and tomorrow's, due at midnight in India. Keyed by
 * the date, each day's run happens once whichever process enqueues it.
 */
export async function enqueueDailyJob(database: Database, job: DailyJob, now = new Date()) {
  const today = shopDate(now);
  const tomorrow = addDays(today, 1);
  await database.transaction(async (tx) => {
    await job.enqueue(tx, today, { date: today }, now);
    await job.enqueue(tx, tomorrow, { date: tomorrow }, startOfShopDate(tomorrow));
  });
}

/**
 * Makes sure every `everyMs` that today's and tomorrow's runs of each job are enqueued (a process
 * started after midnight, or one whose enqueue failed, catches up). Returns the stop.
 */
export function scheduleDailyJobs(
  database: () => Database,
  jobs: readonly DailyJob[],
  everyMs = 15 * 60_000,
) {
  const enqueue = () => {
    for (const job of jobs) {
      enqueueDailyJob(database(), job).catch((error) =>
        logger.error({ err: error, kind: job.kind }, "enqueuing a daily job failed"),
      );
    }
  };
  enqueue();
  const timer = setInterval(enqueue, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
