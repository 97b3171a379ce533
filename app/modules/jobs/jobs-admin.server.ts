import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { backgroundJobs } from "../../../db/schema";
import type { JobState } from "../../domain/background-jobs";
import { type Database, queryRows } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import type { JobKind } from "./job-kinds.server";

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

export const RECENT_JOBS_PAGE_SIZE = 25;

export type RecentJob = {
  id: string;
  kind: string;
  key: string;
  state: JobState;
  attempts: number;
  /** When it last changed: claimed, finished, failed or rescheduled. */
  at: Date;
  /** When a waiting job is due. */
  runAt: Date;
  /** Ids the kind says the job is about; the caller keeps those that are orders. */
  orderIds: string[];
};

/** Each kind's `orders` SQL, chosen by the job's kind; an empty array for the others. */
function ordersOfJob(kinds: readonly JobKind<never>[]): SQL {
  const cases = kinds.flatMap(({ kind, orders }) =>
    orders ? [sql`when ${kind} then ${orders}`] : [],
  );
  if (cases.length === 0) return sql`array[]::uuid[]`;
  return sql`coalesce(case j.kind ${sql.join(cases, sql` `)} end, array[]::uuid[])`;
}

/**
 * The jobs that changed last, newest first, a page at a time (finished ones are pruned after
 * JOB_RETENTION_DAYS, so the pages end), with the ids of what each is about as `jobs` say.
 */
export async function recentJobs(
  database: Database,
  kinds: readonly JobKind<never>[],
  { page = 1, pageSize = RECENT_JOBS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  const [counted] = await database.select({ total: count() }).from(backgroundJobs);
  const total = Number(counted?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await queryRows<{
    id: string;
    kind: string;
    key: string;
    state: JobState;
    attempts: number;
    updated_at: Date | string;
    run_at: Date | string;
    order_ids: (string | null)[];
  }>(
    database,
    sql`
      select j.id, j.kind, j.key, j.state, j.attempts, j.updated_at, j.run_at,
        ${ordersOfJob(kinds)}::text[] as order_ids
      from ${backgroundJobs} j
      order by j.updated_at desc, j.id desc
      limit ${pageSize} offset ${(current - 1) * pageSize}
    `,
  );
  const jobs: RecentJob[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    state: row.state,
    attempts: Number(row.attempts),
    at: new Date(row.updated_at),
    runAt: new Date(row.run_at),
    orderIds: row.order_ids.filter((id): id is string => id !== null),
  }));
  return { jobs, total, page: current, pageCount };
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
