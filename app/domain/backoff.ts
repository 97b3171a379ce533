export type Backoff = { baseMs: number; capMs: number };

/**
 * The wait before retry number `attempt` (0 first): doubling from `baseMs`, never above `capMs`,
 * and jittered between half and all of that, so many processes that lost the database together
 * do not all knock again at the same instant.
 */
export function retryDelay(attempt: number, backoff: Backoff, random = Math.random): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
