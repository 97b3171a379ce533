import { describe, expect, it } from "vitest";
import { RecentFailures } from "./recent-failures.server";

describe("failures remembered for a while, by key", () => {
  it("recalls a key's failure until its time runs out", () => {
    let now = 0;
    const failures = new RecentFailures({ ttlMs: 60_000, maxEntries: 10, now: () => now });
    const error = new Error("Shiprocket did not answer");
    failures.remember("shiprocket:415003:411001:1", error);
    now = 59_999;
    expect(failures.recall("shiprocket:415003:411001:1")?.error).toBe(error);
    expect(failures.recall("shiprocket:415003:411002:1")).toBeUndefined();
    now = 60_000;
    expect(failures.recall("shiprocket:415003:411001:1")).toBeUndefined();
    expect(failures.size).toBe(0);
  });

  it("keeps a key's latest failure from when it happened", () => {
    let now = 0;
    const failures = new RecentFailures({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    failures.remember("a", "first");
    now = 900;
    failures.remember("a", "second");
    now = 1_500;
    expect(failures.recall("a")?.error).toBe("second");
  });

  it("keeps at most its number of entries, the oldest leaving first", () => {
    const failures = new RecentFailures({ ttlMs: 60_000, maxEntries: 2 });
    failures.remember("a", 1);
    failures.remember("b", 2);
    failures.remember("c", 3);
    expect(failures.size).toBe(2);
    expect(failures.recall("a")).toBeUndefined();
    expect(failures.recall("c")?.error).toBe(3);
  });

  it("forgets one key, or all", () => {
    const failures = new RecentFailures({ ttlMs: 60_000, maxEntries: 10 });
    failures.remember("a", 1);
    failures.remember("b", 2);
    failures.forget("a");
    expect(failures.recall("a")).toBeUndefined();
    failures.clear();
    expect(failures.recall("b")).toBeUndefined();
  });
});
