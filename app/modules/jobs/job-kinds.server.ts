import { type SQL, sql } from "drizzle-orm";
import type { JobRetry } from "../../domain/background-jobs";
import type { Database, Executor } from "../../lib/db.server";
import { enqueueJob, enqueueJobs } from "./enqueue.server";

/**
 * The shop's services a job's run may use (its courier, its message transports), built once per
 * start and handed to the runner; app/services.server.ts declares the rest of what it holds.
 */
export interface JobServices {
  /** The kinds of job the shop runs: its one static list (app/job-list.server.ts). */
  jobs: readonly JobKind<never>[];
}

/** What a job's run is told besides its payload. */
export type JobRun = {
  database: Database;
  services: JobServices;
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  /** True once the process is stopping: a long run should end early and be run again later. */
  stopping: () => boolean;
};

export type JobKind<Payload> = {
  kind: string;
  retry: JobRetry;
  /** Does the work; throws to be run again later (or to fail once its attempts are used up). */
  run(payload: Payload, job: JobRun): Promise<void>;
  /**
   * The orders a job of this kind is about, for the back office's list: SQL over the job's row
   * as `j` giving a `uuid[]` (ids that are no order's are left out there). The area that defines
   * the kind knows its payload and its tables; the jobs area knows neither.
   */
  orders?: SQL;
};

export type DefinedJob<Payload> = JobKind<Payload> & {
  /**
   * Writes the job in the caller's transaction, so it exists exactly when the change that needs
   * it commits, and is announced to every process then. A job whose key was enqueued before is
   * not written again.
   */
  enqueue(tx: Executor, key: string, payload: Payload, runAt?: Date): Promise<void>;
  /** Several at once, in one statement, due at the same time. */
  enqueueMany(
    tx: Executor,
    jobs: readonly { key: string; payload: Payload }[],
    runAt?: Date,
  ): Promise<Set<string>>;
};

/**
 * Declares a kind of job, for the module that does the work; the shop runs the kinds of its
 * static list (app/job-list.server.ts), which its test holds to every kind declared.
 */
export function defineJob<Payload extends Record<string, unknown>>(
  definition: JobKind<Payload>,
): DefinedJob<Payload> {
  return {
    ...definition,
    enqueue: (tx, key, payload, runAt) => enqueueJob(tx, definition.kind, key, payload, runAt),
    enqueueMany: (tx, jobs, runAt) => enqueueJobs(tx, definition.kind, jobs, runAt),
  };
}

/**
 * A uuid named in the job's payload (`j.payload->>field`), or null when the field holds anything
 * else, so a stray payload cannot fail the statement that reads it.
 */
export function payloadUuid(field: string): SQL {
  return uuidOrNull(sql`(j.payload->>${field})`);
}

/** `value` (text) as a uuid, or null when it holds anything else. */
export function uuidOrNull(value: SQL): SQL {
  return sql`(case when ${value} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then ${value}::uuid end)`;
}
