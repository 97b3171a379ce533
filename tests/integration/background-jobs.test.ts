/**
 * One mechanism for work after a commit (docs/decisions/055): a job is written in the change's
 * transaction, runs once after the commit without any caller asking, is retried with a backoff,
 * ends failed with its error when it keeps failing, and is run by exactly one of several
 * runners. Finished jobs are pruned after the retention period; failed ones stay.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JobRetry, leaseOf, nextJobAttempt } from "~/domain/background-jobs";
import { type DatabaseHandle, openPostgres, queryRows } from "~/lib/db.server";
import { claimDueJob } from "~/modules/jobs/claim.server";
import { defineJob } from "~/modules/jobs/job-kinds.server";
import { startJobRunner } from "~/modules/jobs/job-runner.server";
import {
  countJobs,
  dismissFailedJob,
  failedJobs,
  retryFailedJob,
} from "~/modules/jobs/jobs-admin.server";
import { pruneFinishedJobs } from "~/modules/jobs/prune-jobs.server";
import { runDueJobs, runJobs } from "~/modules/jobs/run-jobs.server";
import { backgroundJobs } from "../../db/schema";
import { insertProfile } from "./support/admin";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

const RETRY: JobRetry = { baseMs: 60_000, capMs: 3_600_000, maxAttempts: 3, claimMs: 60_000 };

/** What each job run saw, by key. */
const runs: { key: string; attempt: number }[] = [];
/** Keys whose runs throw. */
const failing = new Set<string>();

const testJob = defineJob<{ key: string }>({
  kind: `test-${randomUUID().slice(0, 8)}`,
  retry: RETRY,
  async run({ key }, job) {
    runs.push({ key, attempt: job.attempt });
    if (failing.has(key)) throw new Error(`the ${key} service\nis down`);
  },
});

let handle: DatabaseHandle;
let adminId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  adminId = (await insertProfile(handle.db, { fullName: "Jobs Owner" })).id;
});
afterAll(async () => {
  await testServices().live.close();
  await handle.close();
});

async function jobRow(key: string) {
  const [row] = await handle.db.select().from(backgroundJobs).where(eq(backgroundJobs.key, key));
  return row;
}

const runsOf = (key: string) => runs.filter((run) => run.key === key);

async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out");
}

describe(`background jobs on ${DATABASE_KIND}`, () => {
  it("exists only when the transaction that wrote it commits, and runs once", async () => {
    const kept = randomUUID();
    const rolledBack = randomUUID();
    await handle.db.transaction(async (tx) => {
      await testJob.enqueue(tx, kept, { key: kept });
      // The same key again in the same change is the same job.
      await testJob.enqueue(tx, kept, { key: kept });
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await testJob.enqueue(tx, rolledBack, { key: rolledBack });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await runJobs(handle.db, testServices(), testJob);
    await runJobs(handle.db, testServices(), testJob);
    expect(runsOf(kept)).toEqual([{ key: kept, attempt: 1 }]);
    expect(runsOf(rolledBack)).toEqual([]);
    expect(await jobRow(rolledBack)).toBeUndefined();
    expect(await jobRow(kept)).toMatchObject({ state: "done", attempts: 1, lastError: null });
    // Enqueued again after it ran: still the same job, not run again.
    await testJob.enqueue(handle.db, kept, { key: kept });
    await runJobs(handle.db, testServices(), testJob);
    expect(runsOf(kept)).toHaveLength(1);
  });

  it("runs after the commit without anyone asking, woken by the commit's announcement", async () => {
    const stop = await startJobRunner(() => handle.db, {
      live: testServices().live,
      services: testServices(),
      jobs: [testJob],
      sweepMs: 3_600_000,
      retentionDays: 30,
    });
    try {
      const key = randomUUID();
      await handle.db.transaction((tx) => testJob.enqueue(tx, key, { key }));
      await eventually(async () => (await jobRow(key))?.state === "done");
      expect(runsOf(key)).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it("retries a failed run after its backoff, and ends failed with its last error", async () => {
    const key = randomUUID();
    failing.add(key);
    await testJob.enqueue(handle.db, key, { key });
    const start = Date.now();
    await runDueJobs(handle.db, testJob, {
      services: testServices(),
    });
    let row = await jobRow(key);
    expect(row).toMatchObject({
      state: "queued",
      attempts: 1,
      lastError: `the ${key} service is down`,
    });
    // Not due again before its backoff: half to all of a minute after the first failure.
    expect(row!.runAt.getTime() - start).toBeGreaterThanOrEqual(RETRY.baseMs / 2 - 1_000);
    expect(row!.runAt.getTime() - start).toBeLessThanOrEqual(RETRY.baseMs + 5_000);
    await runDueJobs(handle.db, testJob, {
      services: testServices(),
    });
    expect(runsOf(key)).toHaveLength(1);
    // Its attempts used up, it fails for good and stays failed.
    for (const attempt of [2, 3]) {
      // Once per pass, however far ahead the pass's clock: its backoff counts from the failure.
      await runDueJobs(handle.db, testJob, {
        services: testServices(),
        now: new Date(Date.now() + attempt * 7_200_000),
      });
      expect(runsOf(key)).toHaveLength(attempt);
    }
    row = await jobRow(key);
    expect(row).toMatchObject({ state: "failed", attempts: 3 });
    expect(runsOf(key).map((run) => run.attempt)).toEqual([1, 2, 3]);
    await runDueJobs(handle.db, testJob, {
      services: testServices(),
      now: new Date(Date.now() + 30 * 86_400_000),
    });
    expect(runsOf(key)).toHaveLength(3);
    expect(await failedJobs(handle.db)).toContainEqual(
      expect.objectContaining({ key, attempts: 3, lastError: `the ${key} service is down` }),
    );
    expect(await countJobs(handle.db)).toContainEqual({
      kind: testJob.kind,
      state: "failed",
      count: 1,
    });

    // The owner retries it once the service is back: it runs again from its first attempt.
    failing.delete(key);
    expect(await retryFailedJob(handle.db, adminId, row!.id)).toBe(true);
    expect(await retryFailedJob(handle.db, adminId, row!.id)).toBe(false);
    await runJobs(handle.db, testServices(), testJob);
    expect(await jobRow(key)).toMatchObject({ state: "done", attempts: 1, lastError: null });
    expect(await dismissFailedJob(handle.db, adminId, row!.id)).toBe(false);
  });

  it("lets the owner dismiss a failed job", async () => {
    const key = randomUUID();
    await handle.db.insert(backgroundJobs).values({
      kind: testJob.kind,
      key,
      state: "failed",
      attempts: 3,
      lastError: "gave up",
    });
    const row = await jobRow(key);
    expect(await dismissFailedJob(handle.db, adminId, row!.id)).toBe(true);
    expect(await jobRow(key)).toBeUndefined();
  });

  it("runs a job again whose process died while running it, once its lease has lapsed", async () => {
    const key = randomUUID();
    await testJob.enqueue(handle.db, key, { key });
    // A process claims it and dies without finishing.
    const claimed = await claimDueJob(handle.db, testJob.kind, RETRY);
    expect(claimed?.key).toBe(key);
    await runDueJobs(handle.db, testJob, {
      services: testServices(),
    });
    expect(runsOf(key)).toHaveLength(0);
    await runDueJobs(handle.db, testJob, {
      services: testServices(),
      now: new Date(Date.now() + leaseOf(RETRY) + 1_000),
    });
    expect(runsOf(key)).toEqual([{ key, attempt: 2 }]);
    expect(await jobRow(key)).toMatchObject({ state: "done" });
  });

  it("gives each job to one of several runners working at once", async () => {
    // On PostgreSQL the second runner has a pool of its own, as another process would; on
    // PGlite one process owns the database, and its runners share the connection.
    const other = DATABASE_KIND === "PostgreSQL" ? await secondPool() : handle;
    try {
      const keys = Array.from({ length: 30 }, () => randomUUID());
      await handle.db.transaction(async (tx) => {
        for (const key of keys) await testJob.enqueue(tx, key, { key });
      });
      await Promise.all([
        runDueJobs(handle.db, testJob, { services: testServices() }),
        runDueJobs(other.db, testJob, { services: testServices() }),
        runDueJobs(handle.db, testJob, { services: testServices() }),
        runDueJobs(other.db, testJob, { services: testServices() }),
      ]);
      for (const key of keys) expect(runsOf(key)).toHaveLength(1);
    } finally {
      if (other !== handle) await other.close();
    }
  });

  it("deletes finished jobs after the retention period, and never a failed or waiting one", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 29 * 86_400_000);
    const rows = [
      { key: `old-${randomUUID()}`, state: "done" as const, finishedAt: old },
      { key: `recent-${randomUUID()}`, state: "done" as const, finishedAt: recent },
      { key: `failed-${randomUUID()}`, state: "failed" as const, finishedAt: null },
      { key: `queued-${randomUUID()}`, state: "queued" as const, finishedAt: null, runAt: old },
    ];
    await handle.db
      .insert(backgroundJobs)
      .values(rows.map((row) => ({ kind: testJob.kind, ...row })));
    expect(await pruneFinishedJobs(handle.db, 30, now)).toBeGreaterThanOrEqual(1);
    expect(await jobRow(rows[0]!.key)).toBeUndefined();
    for (const row of rows.slice(1)) expect(await jobRow(row.key)).toBeDefined();
  });
});

describe("the retry rule", () => {
  it("doubles from the base to the cap and stops after the last attempt", () => {
    const now = new Date(0);
    const delays = [1, 2, 3].map((attempt) =>
      nextJobAttempt(attempt, { ...RETRY, maxAttempts: 10 }, now, () => 1)?.getTime(),
    );
    expect(delays).toEqual([60_000, 120_000, 240_000]);
    expect(nextJobAttempt(20, { ...RETRY, maxAttempts: 30 }, now, () => 1)?.getTime()).toBe(
      3_600_000,
    );
    expect(nextJobAttempt(3, RETRY, now)).toBeNull();
  });
});

/** Another pool on the PostgreSQL database of this test file. */
async function secondPool() {
  const [row] = await queryRows<{ name: string }>(
    handle.db,
    sql`select current_database() as name`,
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return openPostgres(url.toString(), 4);
}
