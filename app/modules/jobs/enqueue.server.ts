import { sql } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** One job row, unless one with the same kind and key exists (docs/decisions/055). */
export async function enqueueJob(
  tx: Executor,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  runAt = new Date(),
) {
  await enqueueJobs(tx, kind, [{ key, payload }], runAt);
}

/**
 * Several jobs of one kind in one statement, each unless one with its key exists; returns the
 * keys written now.
 */
export async function enqueueJobs(
  tx: Executor,
  kind: string,
  jobs: readonly { key: string; payload: Record<string, unknown> }[],
  runAt = new Date(),
): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const rows = await tx
    .insert(backgroundJobs)
    .values(jobs.map(({ key, payload }) => ({ kind, key, payload, runAt })))
    .onConflictDoNothing({ target: [backgroundJobs.kind, backgroundJobs.key] })
    .returning({ key: backgroundJobs.key });
  return new Set(rows.map((row) => row.key));
}

/**
 * Runs a job again now, from its first attempt: the job of `kind` and `key` is queued again if it
 * has ended (done or failed), or written if it was pruned. False while it is queued or running.
 */
export async function requeueJob(
  tx: Executor,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  runAt = new Date(),
) {
  const rows = await tx
    .insert(backgroundJobs)
    .values({ kind, key, payload, runAt })
    .onConflictDoUpdate({
      target: [backgroundJobs.kind, backgroundJobs.key],
      set: {
        state: "queued",
        attempts: 0,
        runAt,
        lockedUntil: null,
        lastError: null,
        finishedAt: null,
        payload,
      },
      setWhere: sql`${backgroundJobs.state} in ('done', 'failed')`,
    })
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}
