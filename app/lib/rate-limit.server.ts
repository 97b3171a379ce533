import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "./db.server";

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitResult = {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Attempts counted in the window, this one included. */
  count: number;
};

/** The rule that refused an attempt, and whether this is the first attempt its window refused. */
export type RateLimitRefusal = {
  key: string;
  retryAfterSeconds: number;
  message: string;
  firstOfWindow: boolean;
};

/**
 * Fixed-window counter kept in the database, so every app process counts the same attempts.
 * One statement: it opens a new window when the old one has passed.
 */
export async function consumeRateLimit(
  executor: Executor,
  key: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    executor,
    sql`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, greatest(0, ceil(extract(epoch from reset_at - now())))::int as retry_after
  `,
  );
  if (!row) throw new Error("rate limit counter returned no row");
  const count = Number(row.count);
  return { allowed: count <= rule.limit, retryAfterSeconds: Number(row.retry_after), count };
}

/**
 * Counts one attempt against each rule in turn and stops at the first refusal, whose retry
 * message it returns; null when every rule allows the attempt.
 */
export async function consumeRateLimits(
  executor: Executor,
  rules: [key: string, rule: RateLimitRule][],
): Promise<string | null> {
  return (await consumeRateLimitsOrRefusal(executor, rules))?.message ?? null;
}

/**
 * As `consumeRateLimits`, saying which rule refused: the count is one upsert, so exactly one
 * attempt is the first a window refuses, however many processes count at once.
 */
export async function consumeRateLimitsOrRefusal(
  executor: Executor,
  rules: [key: string, rule: RateLimitRule][],
): Promise<RateLimitRefusal | null> {
  for (const [key, rule] of rules) {
    const result = await consumeRateLimit(executor, key, rule);
    if (!result.allowed) {
      return {
        key,
        retryAfterSeconds: result.retryAfterSeconds,
        message: retryMessage(result.retryAfterSeconds),
        firstOfWindow: result.count === rule.limit + 1,
      };
    }
  }
  return null;
}

export async function resetRateLimit(executor: Executor, key: string) {
  await executor.execute(sql`delete from rate_limits where key = ${key}`);
}

export function retryMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
