import { TEST_SECRET } from "./support/services";
/**
 * Admin › Background jobs (docs/decisions/055): counts by kind and state, the failed jobs with
 * their error, the recent jobs a page at a time with the order each is about, and a retry or
 * dismissal that is audited; bad input is refused and writes nothing.
 */
// Every kind of job the shop runs, declared as the shop's start declares them.
import "~/bootstrap.server";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { testGateway } from "~/modules/payments/gateway.server";
import { action, loader } from "~/routes/admin/jobs";
import { refundOrder } from "~/workflows/refund-order.server";
import { auditLog, backgroundJobs } from "../../db/schema";
import { callRouteAt, createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { payCardOrder, placeTestOrder } from "./support/orders";
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
      label: "Card refund",
      states: { done: 1, failed: 1, queued: 1 },
    });
    expect(page.body?.failed).toContainEqual(
      expect.objectContaining({
        id: job.id,
        kind: "card-refund",
        label: "Card refund",
        attempts: 10,
        lastError: "connect ECONNREFUSED",
      }),
    );
  });

  it("lists the recent jobs, newest first, by plain name, with the order each is about", async () => {
    const order = await placeTestOrder(handle.db, { paymentMethod: "razorpay" });
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: order.userId,
      orderId: order.id,
    });
    await refundOrder(handle.db, admin.id, { orderId: order.id, amount: 100, reason: "Goodwill" });
    // A job about no order, and jobs whose payloads name nothing the shop knows.
    await handle.db.insert(backgroundJobs).values([
      { kind: "stock-check", key: `check-${randomUUID()}`, payload: { date: "2026-01-01" } },
      { kind: "card-refund", key: `odd-${randomUUID()}`, payload: { refundId: "1 or 1=1" } },
      { kind: "mail", key: `odd-${randomUUID()}`, payload: { about: randomUUID() } },
    ]);
    const page = await callRouteAt<JobsPage>(loader, "/admin/jobs", admin.cookies);
    expect(page.status).toBe(200);
    const recent = page.body!.recent;
    const ofOrder = recent.jobs.filter((job) => job.order?.id === order.id);
    expect(ofOrder.map((job) => job.label)).toEqual(
      expect.arrayContaining(["Card refund", "E-mail"]),
    );
    const refund = ofOrder.find((job) => job.kind === "card-refund")!;
    expect(refund).toMatchObject({
      state: "queued",
      attempts: 0,
      order: { id: order.id, orderNumber: order.orderNumber },
    });
    expect(new Date(refund.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const unlinked = recent.jobs.filter(
      (job) => job.key.startsWith("odd-") || job.kind === "stock-check",
    );
    expect(unlinked).toHaveLength(3);
    expect(unlinked.map((job) => job.order)).toEqual([null, null, null]);
    const times = recent.jobs.map((job) => new Date(job.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("pages the recent jobs, and keeps a page past the last within range", async () => {
    await handle.db.insert(backgroundJobs).values(
      Array.from({ length: 30 }, (_, i) => ({
        kind: "stock-refresh",
        key: `page-${i}-${randomUUID()}`,
        payload: { date: "2026-01-01" },
      })),
    );
    const first = await callRouteAt<JobsPage>(loader, "/admin/jobs", admin.cookies);
    expect(first.body!.recent.jobs).toHaveLength(25);
    expect(first.body!.recent).toMatchObject({ page: 1 });
    const pageCount = first.body!.recent.pageCount;
    expect(pageCount).toBeGreaterThanOrEqual(2);
    const second = await callRouteAt<JobsPage>(loader, "/admin/jobs?page=2", admin.cookies);
    expect(second.body!.recent.page).toBe(2);
    const firstIds = new Set(first.body!.recent.jobs.map((job) => job.id));
    expect(second.body!.recent.jobs.some((job) => firstIds.has(job.id))).toBe(false);
    const beyond = await callRouteAt<JobsPage>(loader, "/admin/jobs?page=999", admin.cookies);
    expect(beyond.body!.recent.page).toBe(pageCount);
    const bad = await callRouteAt<JobsPage>(loader, "/admin/jobs?page=abc", admin.cookies);
    expect(bad.status).toBe(200);
    expect(bad.body!.recent.page).toBe(1);
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
