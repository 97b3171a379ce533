import { and, eq } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import type { JobState } from "../../domain/background-jobs";
import type { Executor } from "../../lib/db.server";

/** Where the job of `kind` and `key` stands: its state and when it runs next; null when none. */
export async function jobSchedule(
  executor: Executor,
  kind: string,
  key: string,
): Promise<{ state: JobState; runAt: Date; attempts: number } | null> {
  const [row] = await executor
    .select({
      state: backgroundJobs.state,
      runAt: backgroundJobs.runAt,
      attempts: backgroundJobs.attempts,
    })
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.kind, kind), eq(backgroundJobs.key, key)));
  return row ?? null;
}

/**
 * Makes a job waiting for its next attempt due now (docs/decisions/069): the runner of whichever
 * process claims it first runs it, once, as it would have at its time; its attempts count on.
 * False when it is not waiting: running now (a run is under way), done, failed or gone.
 */
export async function runJobNow(executor: Executor, kind: string, key: string, now = new Date()) {
  const rows = await executor
    .update(backgroundJobs)
    .set({ runAt: now, updatedAt: now })
    .where(
      and(
        eq(backgroundJobs.kind, kind),
        eq(backgroundJobs.key, key),
        eq(backgroundJobs.state, "queued"),
      ),
    )
    .returning({ id: backgroundJobs.id });
  return rows.length > 0;
}
