import { and, asc, eq, inArray, lte, min, or } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import { type JobRetry, jobErrorText, nextJobAttempt } from "../../domain/background-jobs";
import type { Database } from "../../lib/db.server";

export type ClaimedJob = {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
};

/** Waiting and due, or claimed by a process whose claim has lapsed (it died or hung). */
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
 * process is claiming at this moment, and the claim holds it for `claimMs`, so no other process
 * runs it meanwhile.
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
    await tx
      .update(backgroundJobs)
      .set({
        state: "running",
        attempts,
        lockedUntil: new Date(now.getTime() + retry.claimMs),
      })
      .where(eq(backgroundJobs.id, job.id));
    return { ...job, attempts };
  });
}

export async function markJobDone(database: Database, id: string) {
  await database
    .update(backgroundJobs)
    .set({ state: "done", finishedAt: new Date(), lockedUntil: null, lastError: null })
    .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, "running")));
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
    .where(and(eq(backgroundJobs.id, job.id), eq(backgroundJobs.state, "running")));
  return retryAt;
}

/** When the next job of `kind` waiting for a later time is due; null when none waits. */
export async function nextDueAt(database: Database, kind: string) {
  const [row] = await database
    .select({ at: min(backgroundJobs.runAt) })
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.kind, kind), eq(backgroundJobs.state, "queued")));
  const at = row?.at;
  return at ? new Date(at) : null;
}
