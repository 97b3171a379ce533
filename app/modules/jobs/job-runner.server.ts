import type { Database } from "../../lib/db.server";
import { liveEvents } from "../../lib/live-events.server";
import { logger } from "../../lib/logger.server";
import { jobKinds } from "./job-kinds.server";
import { pruneFinishedJobs } from "./prune-jobs.server";
import { passOf } from "./run-jobs.server";

/** The channel migration 0018 announces a waiting job on, with its kind. */
export const BACKGROUND_JOBS_CHANNEL = "background_jobs";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs this process's share of the background jobs (docs/decisions/055): a job is run when the
 * commit that wrote it is announced, any process may take it, and a sweep every `sweepMs` runs
 * what no announcement reached (a retry come due, a claim left by a process that died, a change
 * made while nobody listened). At start it runs what a stopped process left. The returned stop
 * ends the timers and resolves once the runs under way are done.
 */
export async function startJobRunner(
  database: () => Database,
  options: { sweepMs?: number; retentionDays: number },
) {
  const stops = jobKinds().map((kind) =>
    passOf(kind).schedule(database, options.sweepMs ?? 30_000),
  );
  const unsubscribe = await liveEvents().subscribe(BACKGROUND_JOBS_CHANNEL, (kind) => {
    // "" after the channel came back: anything may have been announced meanwhile.
    for (const name of kind ? [kind] : jobKinds()) {
      if (jobKinds().includes(name)) passOf(name).kick(database());
    }
  });
  const prune = () =>
    pruneFinishedJobs(database(), options.retentionDays)
      .then((count) => {
        if (count > 0) logger.info({ count }, "deleted finished background jobs");
      })
      .catch((error) => logger.error({ err: error }, "deleting finished background jobs failed"));
  void prune();
  const pruneTimer = setInterval(prune, HOUR_MS);
  pruneTimer.unref();
  return async () => {
    clearInterval(pruneTimer);
    unsubscribe();
    await Promise.all(stops.map((stop) => stop()));
  };
}
