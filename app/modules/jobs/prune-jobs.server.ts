import { and, eq, lt } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import type { Database } from "../../lib/db.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the jobs that finished more than `retentionDays` ago, so the table does not grow
 * without bound; failed jobs stay until the owner retries or dismisses them. Returns how many.
 */
export async function pruneFinishedJobs(
  database: Database,
  retentionDays: number,
  now = new Date(),
) {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  const deleted = await database
    .delete(backgroundJobs)
    .where(and(eq(backgroundJobs.state, "done"), lt(backgroundJobs.finishedAt, before)))
    .returning({ id: backgroundJobs.id });
  return deleted.length;
}
