import { backgroundJob } from "../../lib/background-job.server";
import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { claimDueJob, markJobDone, markJobFailed } from "./claim.server";
import { jobKind, jobKinds } from "./job-kinds.server";

/** How many jobs one pass runs before it yields to the next pass. */
const RUN_LIMIT = 100;

/**
 * Runs the due jobs of `kind`, one claim at a time, until none is due, `limit` were run or
 * `stopping` says so. Several processes may run it at once; each job goes to one of them.
 */
export async function runDueJobs(
  database: Database,
  kind: string,
  options: { limit?: number; stopping?: () => boolean; now?: Date } = {},
) {
  const definition = jobKind(kind);
  const result = { done: 0, failed: 0 };
  if (!definition) return result;
  const limit = options.limit ?? RUN_LIMIT;
  const stopping = options.stopping ?? (() => false);
  while (result.done + result.failed < limit && !stopping()) {
    const now = options.now ?? new Date();
    const job = await claimDueJob(database, kind, definition.retry, now);
    if (!job) break;
    try {
      await definition.run(job.payload as never, {
        database,
        jobId: job.id,
        attempt: job.attempts,
        stopping,
      });
    } catch (error) {
      const retryAt = await markJobFailed(database, job, definition.retry, error, now);
      const facts = { err: error, job: kind, key: job.key, attempts: job.attempts };
      if (retryAt) logger.warn({ ...facts, retryAt }, "a background job failed; it will run again");
      else logger.error(facts, "a background job failed too often; left for the owner");
      result.failed += 1;
      continue;
    }
    await markJobDone(database, job.id);
    result.done += 1;
  }
  return result;
}

/** One pass runner per kind: passes of a kind run one after another in a process. */
const passes = new Map<string, ReturnType<typeof backgroundJob>>();

export function passOf(kind: string) {
  let pass = passes.get(kind);
  if (!pass) {
    pass = backgroundJob(`jobs:${kind}`, async (database, stopping) => {
      await runDueJobs(database, kind, { stopping });
    });
    passes.set(kind, pass);
  }
  return pass;
}

/**
 * Runs every job due now, of `kind` or of every kind, and resolves when they have been tried:
 * for a caller that wants the work done before it goes on (tests, a script), whether or not this
 * process runs jobs in the background.
 */
export async function runJobs(database: Database, kind?: string) {
  for (const name of kind ? [kind] : jobKinds()) {
    let ran: { done: number; failed: number };
    do ran = await runDueJobs(database, name, { limit: RUN_LIMIT });
    while (ran.done + ran.failed >= RUN_LIMIT);
  }
}
