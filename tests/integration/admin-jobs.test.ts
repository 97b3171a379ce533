/**
 * Admin › Background jobs (docs/decisions/055): counts by kind and state, the failed jobs with
 * their error, and a retry or dismissal that is audited; bad input is refused and writes nothing.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { action, loader } from "~/routes/admin/jobs";
import { auditLog, backgroundJobs } from "../../db/schema";
import { callRouteAt, createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import type { Customer } from "./support/profile";

let handle: DatabaseHandle;
let admin: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await createAdmin(handle.db);
});
afterAll(() => handle.close());

async function failedJob(kind = "order-mail") {
  const [row] = await handle.db
    .insert(backgroundJobs)
    .values({
      kind,
      key: randomUUID(),
      state: "failed",
      attempts: 10,
      lastError: "connect ECONNREFUSED",
    })
    .returning();
  return row!;
}

type JobsPage = Awaited<ReturnType<typeof loader>>;

describe(`Admin › Background jobs on ${DATABASE_KIND}`, () => {
  it("shows the counts by kind and state, and each failed job with its error", async () => {
    const job = await failedJob("card-refund");
    await handle.db.insert(backgroundJobs).values([
      { kind: "card-refund", key: randomUUID(), state: "done", attempts: 1 },
      { kind: "card-refund", key: randomUUID() },
    ]);
    const page = await callRouteAt<JobsPage>(loader, "/admin/jobs", admin.cookies);
    expect(page.status).toBe(200);
    expect(page.body?.kinds).toContainEqual({
      kind: "card-refund",
      states: { done: 1, failed: 1, queued: 1 },
    });
    expect(page.body?.failed).toContainEqual(
      expect.objectContaining({
        id: job.id,
        kind: "card-refund",
        attempts: 10,
        lastError: "connect ECONNREFUSED",
      }),
    );
  });

  it("retries a failed job from its first attempt, and records who did", async () => {
    const job = await failedJob();
    const answer = await callRouteAt(action, "/admin/jobs", admin.cookies, {
      intent: "retry",
      id: job.id,
    });
    expect(answer.status).toBe(200);
    const [row] = await handle.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.id, job.id));
    expect(row).toMatchObject({ state: "queued", attempts: 0, lastError: null });
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.id), eq(auditLog.action, "retry")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, entity: "background_job" });
    // Retried already: a second press is refused and changes nothing.
    const again = await callRouteAt(action, "/admin/jobs", admin.cookies, {
      intent: "retry",
      id: job.id,
    });
    expect(again.status).toBe(409);
  });

  it("dismisses a failed job", async () => {
    const job = await failedJob();
    const answer = await callRouteAt(action, "/admin/jobs", admin.cookies, {
      intent: "dismiss",
      id: job.id,
    });
    expect(answer.status).toBe(200);
    expect(
      await handle.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, job.id)),
    ).toEqual([]);
  });

  it("refuses an unknown action, a malformed id and a job that is not failed, writing nothing", async () => {
    const job = await failedJob();
    const [waiting] = await handle.db
      .insert(backgroundJobs)
      .values({ kind: "order-mail", key: randomUUID() })
      .returning();
    for (const fields of [
      { intent: "delete-all", id: job.id },
      { intent: "retry", id: "1 or 1=1" },
      { intent: "dismiss", id: "" },
    ]) {
      const answer = await callRouteAt(action, "/admin/jobs", admin.cookies, fields);
      expect(answer.status).toBe(400);
    }
    const refused = await callRouteAt(action, "/admin/jobs", admin.cookies, {
      intent: "dismiss",
      id: waiting!.id,
    });
    expect(refused.status).toBe(409);
    const rows = await handle.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, job.id));
    expect(rows[0]).toMatchObject({ state: "failed", attempts: 10 });
    expect(
      await handle.db.select().from(backgroundJobs).where(eq(backgroundJobs.id, waiting!.id)),
    ).toHaveLength(1);
  });
});
