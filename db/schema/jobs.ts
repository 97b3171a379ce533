import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { JOB_STATES } from "../../app/domain/background-jobs";
import { createdAt, id, updatedAt } from "./columns";

/**
 * Work to do after a change commits (docs/decisions/055): written in the change's transaction,
 * announced on commit (`background_jobs` channel, migration 0018), run once by one process.
 */
export const backgroundJobs = pgTable(
  "background_jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    /** What makes a job the same job: enqueuing it again with the same key does nothing. */
    key: text("key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** While running: when the claim lapses and another process may take the job. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("background_jobs_kind_key").on(t.kind, t.key),
    index("background_jobs_due_idx")
      .on(t.kind, t.runAt)
      .where(sql`${t.state} in ('queued','running')`),
    index("background_jobs_finished_idx").on(t.finishedAt).where(sql`${t.state} = 'done'`),
    check("background_jobs_state_check", sql`${t.state} in ('queued','running','done','failed')`),
    check("background_jobs_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);
