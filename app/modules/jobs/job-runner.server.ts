import type { Database } from "../../lib/db.server";
import type { LiveEvents } from "../../lib/live-events.server";
import { logger } from "../../lib/logger.server";
import { releaseAbandonedJobs } from "./claim.server";
import type { JobKind, JobServices } from "./job-kinds.server";
import { pruneFinishedJobs } from "./prune-jobs.server";
import { jobPasses } from "./run-jobs.server";

/** The channel migration 0018 announces a waiting job on, with its kind. */
export const BACKGROUND_JOBS_CHANNEL = "background_jobs";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs this process's share of the background jobs (docs/decisions/055): a job is run when the
 * commit that wrote it is announced, any process may take it, a pass runs again when the next job
 * comes due (a retry's backoff ended, the lease of a process that died lapsed), and a sweep every
 * `sweepMs` runs what nothing else reached (a change made while nobody listened). At start it runs
 * what a stopped process left; with `soleProcess` (the embedded database, which one process
 * holds) the jobs a process that died left running are run at once, their leases not waited for.
 * It runs the kinds in `jobs` (the shop's static list, app/job-list.server.ts) and no other.
 * The returned stop ends the timers and resolves once the runs under way are done.
 */
export async function startJobRunner(
  database: () => Database,
  options: {
    jobs: readonly JobKind<never>[];
    /** What the jobs' runs are given (JobRun.services). */
    services: JobServices;
    /** The start's live updates, which announce a job as it is written. */
    live: LiveEvents;
    sweepMs?: number;
    retentionDays: number;
    soleProcess?: boolean;
  },
) {
  if (options.soleProcess) {
    const count = await releaseAbandonedJobs(database());
    if (count > 0)
      logger.warn({ count }, "running background jobs again that a stopped process left");
  }
  const byKind = new Map(options.jobs.map((job) => [job.kind, job]));
  const { passOf, cancelWakeUps } = jobPasses(options.services);
  const stops = [...byKind.values()].map((job) =>
    passOf(job).schedule(database, options.sweepMs ?? 30_000),
  );
  const unsubscribe = await options.live.subscribe(BACKGROUND_JOBS_CHANNEL, (kind) => {
    // "" after the channel came back: anything may have been announced meanwhile.
    const announced = kind ? [byKind.get(kind)] : [...byKind.values()];
    for (const job of announced) if (job) passOf(job).kick(database());
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
    const stopped = Promise.all(stops.map((stop) => stop()));
    cancelWakeUps(database());
    await stopped;
  };
}
