import { describe, expect, it } from "vitest";
import { MAX_MAIL_ATTEMPTS, nextMailAttempt } from "./mail-outbox";

const NOW = new Date("2026-11-24T06:00:00Z");
const MINUTE = 60_000;

describe("nextMailAttempt", () => {
  it("retries a minute after the first failure, doubling up to an hour", () => {
    const wait = (attempts: number) =>
      (nextMailAttempt(attempts, NOW, () => 1)!.getTime() - NOW.getTime()) / MINUTE;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(wait)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it("gives the mail up once its last attempt failed", () => {
    expect(nextMailAttempt(MAX_MAIL_ATTEMPTS - 1, NOW)).toBeInstanceOf(Date);
    expect(nextMailAttempt(MAX_MAIL_ATTEMPTS, NOW)).toBeNull();
  });

  it("spreads all attempts over two to four hours", () => {
    const hours = (random: () => number) => {
      let waited = 0;
      for (let attempts = 1; attempts < MAX_MAIL_ATTEMPTS; attempts += 1) {
        waited += nextMailAttempt(attempts, NOW, random)!.getTime() - NOW.getTime();
      }
      return waited / (60 * MINUTE);
    };
    expect(hours(() => 0)).toBeGreaterThanOrEqual(2);
    expect(hours(() => 1)).toBeLessThanOrEqual(4.1);
  });
});
