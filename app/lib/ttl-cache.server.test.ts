import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache.server";

function counted(cache: TtlCache<string>) {
  let loads = 0;
  const read = (key: string) =>
    cache.read(key, async () => {
      loads++;
      return `${key}:${loads}`;
    });
  return { read, loads: () => loads };
}

describe("answers kept for a while, by key", () => {
  it("answers a key from memory until its age runs out", async () => {
    let now = 0;
    const { read, loads } = counted(new TtlCache({ maxEntries: 10, ttlMs: 1000, now: () => now }));
    expect(await read("415003")).toBe("415003:1");
    now = 999;
    expect(await read("415003")).toBe("415003:1");
    now = 1000;
    expect(await read("415003")).toBe("415003:2");
    expect(loads()).toBe(2);
  });

  it("keeps at most its number of entries, the least recently used leaving first", async () => {
    const cache = new TtlCache<string>({ maxEntries: 2, ttlMs: 60_000 });
    const { read, loads } = counted(cache);
    await read("a");
    await read("b");
    await read("a");
    await read("c");
    expect(cache.size).toBe(2);
    await read("a");
    expect(loads()).toBe(3);
    await read("b");
    expect(loads()).toBe(4);
  });

  it("loads a key once for reads that arrive together", async () => {
    const { read, loads } = counted(new TtlCache({ maxEntries: 10, ttlMs: 60_000 }));
    const answers = await Promise.all([read("744101"), read("744101"), read("744101")]);
    expect(answers).toEqual(["744101:1", "744101:1", "744101:1"]);
    expect(loads()).toBe(1);
  });

  it("keeps no failure: the next read loads again", async () => {
    const cache = new TtlCache<string>({ maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.read("x", () => Promise.reject(new Error("courier down")))).rejects.toThrow(
      "courier down",
    );
    expect(await cache.read("x", async () => "ok")).toBe("ok");
  });
});
