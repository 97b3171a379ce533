import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { MAIL_JOB } from "~/modules/notifications/mail-outbox.server";
import { backgroundJobs } from "../../../db/schema";

/** Where an order's mails of `kind` are kept: their job rows (docs/decisions/055). */
export function orderMailJobs(orderId: string, kind: string) {
  return and(
    eq(backgroundJobs.kind, MAIL_JOB),
    sql`${backgroundJobs.payload}->>'about' = ${orderId}`,
    sql`${backgroundJobs.payload}->>'kind' = ${kind}`,
  );
}

/** The job of an order's mail of `kind`, if one was written. */
export async function orderMailJob(database: Database, orderId: string, kind: string) {
  const [row] = await database.select().from(backgroundJobs).where(orderMailJobs(orderId, kind));
  return row;
}
