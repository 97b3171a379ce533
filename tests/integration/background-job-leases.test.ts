/**
 * A running job is held by a short lease its process renews while the run lasts
 * (docs/decisions/055): a process that dies stops renewing, and its job runs again soon after the
 * lease lapses (at once at start on the embedded database, which one process holds); a live
 * process keeps its job however long the run, up to the kind's claim; and a run that lost its
 * job changes nothing when it ends.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_LEASE_MS, type JobRetry, leaseUntil } from "~/domain/background-jobs";
import { type DatabaseHandle, openPostgres, queryRows } from "~/lib/db.server";
import {
  claimDueJob,
  markJobDone,
  markJobFailed,
  renewJobLease,
} from "~/modules/jobs/claim.server";
import { defineJob, type JobKind } from "~/modules/jobs/job-kinds.server";
import { startJobRunner } from "~/modules/jobs/job-runner.server";
import { runDueJobs } from "~/modules/jobs/run-jobs.server";
import { backgroundJobs } from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

const LEASE_MS = 1_000;
const SHORT: JobRetry = {
  baseMs: 60_000,
  capMs: 3_600_000,
  maxAttempts: 5,
  claimMs: 60_000,
  leaseMs: LEASE_MS,
};

/** What each run saw, by key, and how long a key's run takes. */
const runs: { key: string; attempt: number }[] = [];
const durations = new Map<string, number>();

function testKind(retry: JobRetry) {
  return defineJob<{ key: string }>({
    kind: `lease-test-${randomUUID().slice(0, 8)}`,
    retry,
    async run({ key }, job) {
      runs.push({ key, attempt: job.attempt });
      const ms = durations.get(key) ?? 0;
      if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
}

/** A lease of a second, renewed every third of one. */
const shortLease = testKind(SHORT);
/** The shop's own lease (15 s). */
const shopLease = testKind({ ...SHORT, leaseMs: undefined });
/** A lease of a second, but a run holds its job for 2 s at most. */
const shortClaim = testKind({ ...SHORT, claimMs: 2_000 });

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
});
afterAll(async () => {
  await testServices().live.close();
  await handle.close();
});

const runsOf = (key: string) => runs.filter((run) => run.key === key);

async function jobRow(key: string) {
  const [row] = await handle.db.select().from(backgroundJobs).where(eq(backgroundJobs.key, key));
  return row;
}

async function eventually(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("timed out");
}

/** A second runner: on PostgreSQL a pool of its own, as another process has. */
async function otherProcess() {
  if (DATABASE_KIND !== "PostgreSQL") return { db: handle.db, close: async () => {} };
  const [row] = await queryRows<{ name: string }>(
    handle.db,
    sql`select current_database() as name`,
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return openPostgres(url.toString(), 4);
}

/** Runs `kind` again and again on `db` until `until` says stop; resolves with how many it ran. */
async function keepClaiming(
  db: DatabaseHandle["db"],
  kind: JobKind<never>,
  until: () => boolean,
): Promise<number> {
  let ran = 0;
  while (!until()) {
    const { done, failed } = await runDueJobs(db, kind, {
      services: testServices(),
    });
    ran += done + failed;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return ran;
}

describe(`job leases on ${DATABASE_KIND}`, () => {
  it("runs a job again soon after the process that claimed it stopped renewing its lease", async () => {
    const key = randomUUID();
    await shortLease.enqueue(handle.db, key, { key });
    // A process claims it and dies: nothing renews its lease.
    const claimed = await claimDueJob(handle.db, shortLease.kind, SHORT);
    expect(claimed).toMatchObject({ key, attempts: 1 });
    const row = await jobRow(key);
    expect(row!.lockedUntil!.getTime() - claimed!.claimedAt).toBe(LEASE_MS);
    // While the lease holds, nobody else runs it.
    await runDueJobs(handle.db, shortLease, {
      services: testServices(),
    });
    expect(runsOf(key)).toEqual([]);

    // A runner that sweeps only hourly still runs it once the lease lapses: it wakes for it.
    const stop = await startJobRunner(() => handle.db, {
      live: testServices().live,
      services: testServices(),
      jobs: [shortLease, shopLease, shortClaim],
      sweepMs: 3_600_000,
      retentionDays: 30,
    });
    try {
      // Seconds, not the hour of the sweep; the margin is for a machine busy with other work.
      await eventually(async () => (await jobRow(key))?.state === "done", 10_000);
    } finally {
      await stop();
    }
    // From the moment the lease was taken (the claim's own clock).
    const waited = Date.now() - claimed!.claimedAt;
    expect(runsOf(key)).toEqual([{ key, attempt: 2 }]);
    expect(waited).toBeGreaterThanOrEqual(LEASE_MS - 50);
    expect(waited).toBeLessThan(LEASE_MS + 8_000);
  });

  it("with the database to itself, runs at start what a process that died left running, not waiting for its lease", async () => {
    const key = randomUUID();
    await shopLease.enqueue(handle.db, key, { key });
    const claimed = await claimDueJob(handle.db, shopLease.kind, shopLease.retry);
    expect(claimed?.key).toBe(key);
    expect((await jobRow(key))!.lockedUntil!.getTime() - claimed!.claimedAt).toBe(JOB_LEASE_MS);
    const started = Date.now();
    const stop = await startJobRunner(() => handle.db, {
      live: testServices().live,
      services: testServices(),
      jobs: [shortLease, shopLease, shortClaim],
      sweepMs: 3_600_000,
      retentionDays: 30,
      soleProcess: true,
    });
    try {
      // Seconds, not the hour of the sweep; the margin is for a machine busy with other work.
      await eventually(async () => (await jobRow(key))?.state === "done", 10_000);
    } finally {
      await stop();
    }
    expect(Date.now() - started).toBeLessThan(JOB_LEASE_MS / 3);
    expect(runsOf(key)).toEqual([{ key, attempt: 2 }]);
  });

  it("keeps a long run's job with its process: renewed, never taken by another runner", async () => {
    const other = await otherProcess();
    try {
      const key = randomUUID();
      // Four leases long.
      durations.set(key, 4 * LEASE_MS);
      await shortLease.enqueue(handle.db, key, { key });
      let finished = false;
      const owner = runDueJobs(handle.db, shortLease, {
        services: testServices(),
      }).then((result) => {
        finished = true;
        return result;
      });
      await eventually(() => runsOf(key).length === 1);
      const rival = keepClaiming(other.db, shortLease, () => finished);
      const leases: number[] = [];
      while (!finished) {
        const askedAt = Date.now();
        const row = await jobRow(key);
        if (row?.state === "running") {
          // Never lapsed while the run lasts.
          expect(row.lockedUntil!.getTime()).toBeGreaterThan(askedAt);
          leases.push(row.lockedUntil!.getTime());
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await owner).toEqual({ done: 1, failed: 0 });
      expect(await rival).toBe(0);
      expect(runsOf(key)).toEqual([{ key, attempt: 1 }]);
      expect(await jobRow(key)).toMatchObject({ state: "done", attempts: 1, lockedUntil: null });
      // Renewed as it ran: its last lease ends well after the first one did.
      expect(Math.max(...leases) - Math.min(...leases)).toBeGreaterThan(2 * LEASE_MS);
    } finally {
      await other.close();
    }
  });

  it("holds a hung run's job no longer than the kind's claim; then another runner takes it", async () => {
    const other = await otherProcess();
    try {
      const key = randomUUID();
      durations.set(key, 4_000);
      await shortClaim.enqueue(handle.db, key, { key });
      const started = Date.now();
      const owner = runDueJobs(handle.db, shortClaim, {
        services: testServices(),
      });
      await eventually(() => runsOf(key).length === 1);
      durations.delete(key);
      await keepClaiming(other.db, shortClaim, () => runsOf(key).length === 2);
      // Not before the claim (2 s) ended, and before the hung run did.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000 - 50);
      expect(Date.now() - started).toBeLessThan(3_900);
      expect(runsOf(key)).toEqual([
        { key, attempt: 1 },
        { key, attempt: 2 },
      ]);
      expect(await owner).toEqual({ done: 1, failed: 0 });
      // The hung run ending late did not touch the job the other runner finished.
      expect(await jobRow(key)).toMatchObject({ state: "done", attempts: 2 });
    } finally {
      await other.close();
    }
  });

  it("lets a run that lost its job neither renew, finish nor fail it", async () => {
    const key = randomUUID();
    await shortLease.enqueue(handle.db, key, { key });
    const lost = await claimDueJob(handle.db, shortLease.kind, SHORT);
    // Its lease lapses (the process hung) and another run takes and finishes the job.
    const later = new Date(Date.now() + LEASE_MS + 1);
    const taken = await claimDueJob(handle.db, shortLease.kind, SHORT, later);
    expect(taken).toMatchObject({ key, attempts: 2 });
    expect(await renewJobLease(handle.db, lost!, new Date(Date.now() + LEASE_MS))).toBe(false);
    expect(await renewJobLease(handle.db, taken!, new Date(Date.now() + LEASE_MS))).toBe(true);
    await markJobDone(handle.db, taken!);
    await markJobFailed(handle.db, lost!, SHORT, new Error("the hung run gave up"));
    await markJobDone(handle.db, lost!);
    expect(await jobRow(key)).toMatchObject({ state: "done", attempts: 2, lastError: null });
    expect(await renewJobLease(handle.db, taken!, new Date(Date.now() + LEASE_MS))).toBe(false);
  });
});

describe("the lease rule", () => {
  it("renews for the lease from now, never past the claim, and not at all after it", () => {
    const retry = { ...SHORT, leaseMs: 400, claimMs: 1_000 };
    expect(leaseUntil(retry, 0, 0)?.getTime()).toBe(400);
    expect(leaseUntil(retry, 0, 500)?.getTime()).toBe(900);
    expect(leaseUntil(retry, 0, 700)?.getTime()).toBe(1_000);
    expect(leaseUntil(retry, 0, 1_000)).toBeNull();
    expect(leaseUntil(retry, 0, 5_000)).toBeNull();
    // Without a lease of its own, the shop's; a claim shorter than it bounds it.
    const shop = { ...SHORT, leaseMs: undefined };
    expect(leaseUntil(shop, 0, 0)?.getTime()).toBe(JOB_LEASE_MS);
    expect(leaseUntil({ ...shop, claimMs: 5_000 }, 0, 0)?.getTime()).toBe(5_000);
  });
});
