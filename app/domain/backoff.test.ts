import { describe, expect, it } from "vitest";
import { retryDelay } from "./backoff";

const BACKOFF = { baseMs: 500, capMs: 30_000 };

describe("retryDelay", () => {
  it("doubles with every attempt", () => {
    const top = (attempt: number) => retryDelay(attempt, BACKOFF, () => 1);
    expect([0, 1, 2, 3].map(top)).toEqual([500, 1000, 2000, 4000]);
  });

  it("never waits longer than the cap, however many attempts failed", () => {
    expect(retryDelay(10, BACKOFF, () => 1)).toBe(30_000);
    expect(retryDelay(10_000, BACKOFF, () => 1)).toBe(30_000);
  });

  it("jitters between half and all of the delay", () => {
    expect(retryDelay(2, BACKOFF, () => 0)).toBe(1000);
    expect(retryDelay(2, BACKOFF, () => 0.5)).toBe(1500);
    for (let i = 0; i < 100; i += 1) {
      const delay = retryDelay(3, BACKOFF);
      expect(delay).toBeGreaterThanOrEqual(2000);
      expect(delay).toBeLessThanOrEqual(4000);
    }
  });
});
