import { and, asc, count, desc, eq } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import type { JobState } from "../../domain/background-jobs";
import type { Database } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";

export type JobCounts = { kind: string; state: JobState; count: number }[];

/** How many jobs of each kind are in each state. */
export async function countJobs(database: Database): Promise<JobCounts> {
  const rows = await database
    .select({ kind: backgroundJobs.kind, state: backgroundJobs.state, count: count() })
    .from(backgroundJobs)
    .groupBy(backgroundJobs.kind, backgroundJobs.state)
    .orderBy(asc(backgroundJobs.kind), asc(backgroundJobs.state));
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The jobs that failed for good, newest first, with their last error. */
export async function failedJobs(database: Database, limit = 100) {
  return database
    .select({
      id: backgroundJobs.id,
      kind: backgroundJobs.kind,
      key: backgroundJobs.key,
      attempts: backgroundJobs.attempts,
      lastError: backgroundJobs.lastError,
      createdAt: backgroundJobs.createdAt,
      updatedAt: backgroundJobs.updatedAt,
    })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.state, "failed"))
    .orderBy(desc(backgroundJobs.updatedAt))
    .limit(limit);
}

/**
 * Runs a failed job again from its first attempt, recorded in the audit log; false when it is
 * not (or no longer) failed.
 */
export async function retryFailedJob(database: Database, actorId: string, id: string) {
  return database.transaction(async (tx) => {
    const [job] = await tx
      .update(backgroundJobs)
      .set({ state: "queued", attempts: 0, runAt: new Date(), lastError: null })
      .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, "failed")))
      .returning({ kind: backgroundJobs.kind, key: backgroundJobs.key });
    if (!job) return false;
    await recordAudit(tx, auditOf(actorId, "retry", id, job));
    return true;
  });
}

/**
 * Deletes a failed job the owner has dealt with, recorded in the audit log; false when it is not
 * (or no longer) failed.
 */
export async function dismissFailedJob(database: Database, actorId: string, id: string) {
  return database.transaction(async (tx) => {
    const [job] = await tx
      .delete(backgroundJobs)
      .where(and(eq(backgroundJobs.id, id), eq(backgroundJobs.state, "failed")))
      .returning({
        kind: backgroundJobs.kind,
        key: backgroundJobs.key,
        lastError: backgroundJobs.lastError,
      });
    if (!job) return false;
    await recordAudit(tx, auditOf(actorId, "delete", id, job));
    return true;
  });
}

function auditOf(actorId: string, action: string, id: string, job: { kind: string; key: string }) {
  return {
    actorId,
    action,
    entity: "background_job",
    entityId: id,
    changes: job,
    label: `${job.kind} ${job.key}`,
  };
}
