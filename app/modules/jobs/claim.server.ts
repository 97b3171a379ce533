import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import {
  type JobRetry,
  jobErrorText,
  leaseUntil,
  nextJobAttempt,
} from "../../domain/background-jobs";
import type { Database } from "../../lib/db.server";

export type ClaimedJob = {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /**
   * The run this claim is, 1 the first; every claim counts one more, so it also tells this
   * claim from a later one of the same job (a process that lost its lease changes nothing).
   */
  attempts: number;
  /** When the job was claimed (ms): its lease is renewed for at most `claimMs` from then. */
  claimedAt: number;
};

/** Waiting and due, or claimed by a process whose lease has lapsed (it died or hung). */
function due(kind: string, now: Date) {
  return and(
    eq(backgroundJobs.kind, kind),
    inArray(backgroundJobs.state, ["queued", "running"]),
    or(
      and(eq(backgroundJobs.state, "queued"), lte(backgroundJobs.runAt, now)),
      and(eq(backgroundJobs.state, "running"), lte(backgroundJobs.lockedUntil, now)),
    ),
  );
}

/**
 * Takes the next due job of `kind` for this process: `skip locked` passes over one another
 * process is claiming at this moment, and the claim holds it for the kind's lease, which the
 * runner renews while the run lasts (`renewJobLease`), so no other process runs it meanwhile.
 */
export async function claimDueJob(
  database: Database,
  kind: string,
  retry: JobRetry,
  now = new Date(),
): Promise<ClaimedJob | null> {
  return database.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: backgroundJobs.id,
        kind: backgroundJobs.kind,
        key: backgroundJobs.key,
        payload: backgroundJobs.payload,
        attempts: backgroundJobs.attempts,
      })
      .from(backgroundJobs)
      .where(due(kind, now))
      .orderBy(asc(backgroundJobs.runAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!job) return null;
    const attempts = job.attempts + 1;
    const claimedAt = now.getTime();
    await tx
      .update(backgroundJobs)
      .set({ state: "running", attempts, lockedUntil: leaseUntil(retry, claimedAt, claimedAt) })
      .where(eq(backgroundJobs.id, job.id));
    return { ...job, attempts, claimedAt };
  });
}

/** The job as this claim holds it: still running, and not claimed again since. */
function held(job: ClaimedJob) {
  return and(
    eq(backgroundJobs.id, job.id),
    eq(backgroundJobs.state, "running"),
    eq(backgroundJobs.attempts, job.attempts),
  );
}

/**
 * Extends the lease of a job this process is running, to `until`. False when the claim is no
 * longer this process's: its lease lapsed and another process took the job.
 */
export async function renewJobLease(database: Database, job: ClaimedJob, until: Date) {
  const renewed = await database
    .update(backgroundJobs)
    .set({ lockedUntil: until })
    .where(held(job))
    .returning({ id: backgroundJobs.id });
  return renewed.length > 0;
}

/**
 * Makes due at once every job left running: for a process that knows no other process can be
 * running jobs on its database (the embedded one, whose directory one process holds), at its
 * start, so the jobs of a process that died run now rather than when their leases lapse.
 * Returns how many.
 */
export async function releaseAbandonedJobs(database: Database) {
  const released = await database
    .update(backgroundJobs)
    .set({ lockedUntil: sql`now()` })
    .where(eq(backgroundJobs.state, "running"))
    .returning({ id: backgroundJobs.id });
  return released.length;
}

/** After a run that succeeded; a claim taken over meanwhile by another process changes nothing. */
export async function markJobDone(database: Database, job: ClaimedJob) {
  await database
    .update(backgroundJobs)
    .set({ state: "done", finishedAt: new Date(), lockedUntil: null, lastError: null })
    .where(held(job));
}

/**
 * After a failed run: due again after its backoff, counted from when the run failed (or from the
 * pass's `now`, if later), or failed for good; says which.
 */
export async function markJobFailed(
  database: Database,
  job: ClaimedJob,
  retry: JobRetry,
  error: unknown,
  now = new Date(),
) {
  const failedAt = new Date(Math.max(now.getTime(), Date.now()));
  const retryAt = nextJobAttempt(job.attempts, retry, failedAt);
  await database
    .update(backgroundJobs)
    .set(
      retryAt
        ? { state: "queued", runAt: retryAt, lockedUntil: null, lastError: jobErrorText(error) }
        : { state: "failed", lockedUntil: null, lastError: jobErrorText(error) },
    )
    .where(held(job));
  return retryAt;
}

/**
 * When a job of `kind` is next due: the soonest waiting job's time, or the soonest lease of a
 * running one to lapse (renewed meanwhile, it is simply asked again then); null when none.
 */
export async function nextDueAt(database: Database, kind: string) {
  const [row] = await database
    .select({
      at: sql<string | Date | null>`min(case when ${backgroundJobs.state} = 'queued'
        then ${backgroundJobs.runAt} else ${backgroundJobs.lockedUntil} end)`,
    })
    .from(backgroundJobs)
    .where(
      and(eq(backgroundJobs.kind, kind), inArray(backgroundJobs.state, ["queued", "running"])),
    );
  const at = row?.at;
  return at ? new Date(at) : null;
}
