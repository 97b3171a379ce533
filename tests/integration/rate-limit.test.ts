import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { consumeRateLimit, resetRateLimit, retryMessage } from "~/lib/rate-limit.server";
import { rateLimits } from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
});
afterAll(() => handle.close());

const rule = { limit: 3, windowSeconds: 15 * 60 };

async function consumeTimes(key: string, times: number, limit = rule) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await consumeRateLimit(handle.db, key, limit));
  return results;
}

/** Moves the key's window end into the past, as if the window had run out. */
async function expireWindow(key: string) {
  await handle.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, key));
}

async function storedCount(key: string) {
  const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count;
}

describe(`rate limits on ${DATABASE_KIND}`, () => {
  it("allows attempts up to the limit within one window and counts each one", async () => {
    const results = await consumeTimes("count", 3);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true]);
    expect(await storedCount("count")).toBe(3);
  });

  it("refuses attempts past the limit, with a retry time inside the window", async () => {
    const results = await consumeTimes("refuse", 5);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    for (const refused of results.slice(3)) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(rule.windowSeconds - 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(rule.windowSeconds);
    }
  });

  it("keeps the window end fixed: later attempts do not push it back", async () => {
    await consumeTimes("fixed", 1);
    const [row1] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "fixed"));
    await consumeTimes("fixed", 3);
    const [row2] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "fixed"));
    expect(row2?.count).toBe(4);
    expect(row2?.resetAt.getTime()).toBe(row1?.resetAt.getTime());
  });

  it("starts a new window, counting from 1, once reset_at has passed", async () => {
    await consumeTimes("window", 5);
    expect((await consumeRateLimit(handle.db, "window", rule)).allowed).toBe(false);
    await expireWindow("window");
    const fresh = await consumeRateLimit(handle.db, "window", rule);
    expect(fresh.allowed).toBe(true);
    expect(fresh.retryAfterSeconds).toBeGreaterThan(rule.windowSeconds - 60);
    expect(await storedCount("window")).toBe(1);
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "window"));
    expect(row!.resetAt.getTime()).toBeGreaterThan(Date.now() + (rule.windowSeconds - 60) * 1000);
  });

  it("counts each key on its own", async () => {
    await consumeTimes("key-a", 4);
    expect((await consumeRateLimit(handle.db, "key-a", rule)).allowed).toBe(false);
    expect((await consumeRateLimit(handle.db, "key-b", rule)).allowed).toBe(true);
    expect(await storedCount("key-b")).toBe(1);
  });

  it("resetRateLimit clears the key, so attempts are allowed again", async () => {
    await consumeTimes("reset", 4);
    await resetRateLimit(handle.db, "reset");
    expect(await storedCount("reset")).toBeUndefined();
    expect((await consumeRateLimit(handle.db, "reset", rule)).allowed).toBe(true);
    expect(await storedCount("reset")).toBe(1);
  });

  it("allows exactly the limit when 25 attempts on one key arrive at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        consumeRateLimit(handle.db, "burst", { limit: 10, windowSeconds: 60 }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await storedCount("burst")).toBe(25);
  });
});

describe("retryMessage", () => {
  it("rounds up to whole minutes, at least one", () => {
    expect(retryMessage(30)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(retryMessage(0)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(retryMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.");
    expect(retryMessage(600)).toBe("Too many attempts. Please try again in 10 minutes.");
  });
});
