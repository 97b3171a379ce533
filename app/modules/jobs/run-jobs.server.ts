import { type JobRetry, leaseOf, leaseUntil } from "../../domain/background-jobs";
import { backgroundJob } from "../../lib/background-job.server";
import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import {
  type ClaimedJob,
  claimDueJob,
  markJobDone,
  markJobFailed,
  nextDueAt,
  renewJobLease,
} from "./claim.server";
import type { JobKind, JobServices } from "./job-kinds.server";

/** How many jobs one pass runs before it yields to the next pass. */
const RUN_LIMIT = 100;

/**
 * Runs the due jobs of kind `definition`, one claim at a time, until none is due, `limit` were
 * run or `stopping` says so. Several processes may run it at once; each job goes to one of them.
 */
export async function runDueJobs(
  database: Database,
  definition: JobKind<never>,
  options: { services: JobServices; limit?: number; stopping?: () => boolean; now?: Date },
) {
  const { kind } = definition;
  const result = { done: 0, failed: 0 };
  const limit = options.limit ?? RUN_LIMIT;
  const stopping = options.stopping ?? (() => false);
  while (result.done + result.failed < limit && !stopping()) {
    const now = options.now ?? new Date();
    const job = await claimDueJob(database, kind, definition.retry, now);
    if (!job) break;
    const lease = holdLease(database, job, definition.retry);
    try {
      await definition.run(job.payload as never, {
        database,
        services: options.services,
        jobId: job.id,
        attempt: job.attempts,
        stopping,
      });
    } catch (error) {
      lease.end();
      const retryAt = await markJobFailed(database, job, definition.retry, error, now);
      const facts = { err: error, job: kind, key: job.key, attempts: job.attempts };
      if (retryAt) logger.warn({ ...facts, retryAt }, "a background job failed; it will run again");
      else logger.error(facts, "a background job failed too often; left for the owner");
      result.failed += 1;
      continue;
    }
    lease.end();
    await markJobDone(database, job);
    result.done += 1;
  }
  return result;
}

/**
 * Renews the lease of the job this process runs, every third of the lease, until `end` or until
 * the run has held it for the kind's `claimMs`. While the process lives no other takes the job;
 * once it dies, the job is due again when the lease lapses.
 */
function holdLease(database: Database, job: ClaimedJob, retry: JobRetry) {
  const facts = { job: job.kind, key: job.key, attempt: job.attempts };
  let ended = false;
  const end = () => {
    ended = true;
    clearInterval(timer);
  };
  const timer = setInterval(async () => {
    const until = leaseUntil(retry, job.claimedAt, Date.now());
    if (!until) {
      end();
      logger.error(facts, "a background job ran past its claim; another process may run it too");
      return;
    }
    try {
      const renewed = await renewJobLease(database, job, until);
      // A run that ended meanwhile was marked done or failed: nothing left to renew.
      if (!renewed && !ended) {
        end();
        logger.error(facts, "a background job's lease lapsed and another process took it");
      }
    } catch (error) {
      // Tried again at the next renewal, well before the lease lapses.
      if (!ended) logger.warn({ ...facts, err: error }, "renewing a background job's lease failed");
    }
  }, leaseOf(retry) / 3);
  timer.unref();
  return { end };
}

/** The longest a timer may wait (setTimeout's limit, about 24 days). */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * One pass runner per kind for a job runner and its services: passes of a kind run one after
 * another in a process. After a pass, the next one runs when the next job of its kind is due, a
 * retry's backoff ended or the lease of a process that stopped renewing lapsed, rather than at
 * the next sweep.
 */
export function jobPasses(services: JobServices) {
  const passes = new Map<string, ReturnType<typeof backgroundJob>>();
  /** Per database and kind, the timer that runs the next pass when a job comes due. */
  const wakeUps = new WeakMap<Database, Map<string, NodeJS.Timeout>>();

  async function wakeWhenDue(
    database: Database,
    definition: JobKind<never>,
    stopping: () => boolean,
  ) {
    const { kind } = definition;
    const at = await nextDueAt(database, kind);
    let timers = wakeUps.get(database);
    if (!timers) {
      timers = new Map();
      wakeUps.set(database, timers);
    }
    clearTimeout(timers.get(kind));
    timers.delete(kind);
    if (!at || stopping()) return;
    const wait = Math.min(Math.max(at.getTime() - Date.now(), 0) + 50, LONGEST_WAIT_MS);
    const timer = setTimeout(() => {
      timers.delete(kind);
      passOf(definition).kick(database);
    }, wait);
    timer.unref();
    timers.set(kind, timer);
  }

  function passOf(definition: JobKind<never>) {
    const { kind } = definition;
    let pass = passes.get(kind);
    if (!pass) {
      pass = backgroundJob(`jobs:${kind}`, async (database, stopping) => {
        await runDueJobs(database, definition, { services, stopping });
        await wakeWhenDue(database, definition, stopping);
      });
      passes.set(kind, pass);
    }
    return pass;
  }

  /** Ends the wake-ups of `database` (its runner is stopping). */
  function cancelWakeUps(database: Database) {
    for (const timer of wakeUps.get(database)?.values() ?? []) clearTimeout(timer);
    wakeUps.delete(database);
  }

  return { passOf, cancelWakeUps };
}

/**
 * Runs every job due now, of kind `only` or of every kind the shop runs (`services.jobs`), and
 * resolves when they have been tried: for a caller that wants the work done before it goes on
 * (tests, a script), whether or not this process runs jobs in the background.
 */
export async function runJobs(database: Database, services: JobServices, only?: JobKind<never>) {
  for (const definition of only ? [only] : services.jobs) {
    let ran: { done: number; failed: number };
    do ran = await runDueJobs(database, definition, { services, limit: RUN_LIMIT });
    while (ran.done + ran.failed >= RUN_LIMIT);
  }
}
