import { describe, expect, it } from "vitest";
import { TaggedMemo } from "./tagged-memo.server";

/** A memo over a counted loader, with a clock the test moves. */
function setUp({ maxEntries = 10, current = true } = {}) {
  const clock = { now: 0 };
  const state = { current };
  const memo = new TaggedMemo<string>(
    maxEntries,
    () => state.current,
    () => clock.now,
  );
  const loads: string[] = [];
  const read = (key: string, tags: string[] = [`product:${key}`]) =>
    memo.read(key, async () => {
      loads.push(key);
      return { value: `${key}#${loads.length}`, tags };
    });
  return { memo, read, loads, clock, state };
}

describe("TaggedMemo", () => {
  it("loads once and answers again from memory", async () => {
    const { read, loads } = setUp();
    expect(await read("a")).toBe("a#1");
    expect(await read("a")).toBe("a#1");
    expect(loads).toEqual(["a"]);
  });

  it("forgets a value when one of its tags is announced, and only that value", async () => {
    const { memo, read, loads } = setUp();
    await read("a", ["product:a", "categories"]);
    await read("b");
    memo.invalidate(["categories"]);
    expect(await read("a")).toBe("a#3");
    expect(await read("b")).toBe("b#2");
    expect(loads).toEqual(["a", "b", "a"]);
  });

  it("does not keep a value whose load began before an announcement", async () => {
    const { memo, loads } = setUp();
    let finish: (value: { value: string; tags: string[] }) => void = () => {};
    const pending = memo.read("a", () => {
      loads.push("a");
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    // The price changes while the old row is on its way.
    memo.invalidate(["product:a"]);
    finish({ value: "old price", tags: ["product:a"] });
    expect(await pending).toBe("old price");
    expect(await memo.read("a", async () => ({ value: "new price", tags: ["product:a"] }))).toBe(
      "new price",
    );
  });

  it("does not keep a value without tags: no announcement could drop it", async () => {
    const { read, loads } = setUp();
    await read("missing", []);
    await read("missing", []);
    expect(loads).toEqual(["missing", "missing"]);
  });

  it("reads every time while the announcements are not heard, and keeps nothing read then", async () => {
    const { read, loads, state } = setUp({ current: false });
    await read("a");
    await read("a");
    state.current = true;
    await read("a");
    expect(loads).toEqual(["a", "a", "a"]);
    expect(await read("a")).toBe("a#3");
  });

  it("clear forgets everything (the listening connection came back)", async () => {
    const { memo, read, loads } = setUp();
    await read("a");
    await read("b");
    memo.clear();
    expect(memo.size).toBe(0);
    await read("a");
    expect(loads).toEqual(["a", "b", "a"]);
  });

  it("keeps at most maxEntries, dropping the least recently used", async () => {
    const { memo, read, loads } = setUp({ maxEntries: 2 });
    await read("a");
    await read("b");
    await read("a"); // a is now the most recent
    await read("c"); // b goes
    expect(memo.size).toBe(2);
    await read("a");
    await read("b");
    expect(loads).toEqual(["a", "b", "c", "b"]);
  });

  it("reads again what is ten minutes old: text nothing announces stays that fresh", async () => {
    const { read, loads, clock } = setUp();
    await read("a");
    clock.now = 10 * 60_000 - 1;
    await read("a");
    clock.now = 10 * 60_000;
    await read("a");
    expect(loads).toEqual(["a", "a"]);
  });

  it("tells its onHit the tags of each value answered from memory, and only those", async () => {
    const hits: string[][] = [];
    const memo = new TaggedMemo<string>(
      10,
      () => true,
      Date.now,
      (tags) => hits.push([...tags]),
    );
    const load = async () => ({ value: "v", tags: ["product:a", "products"] });
    await memo.read("a", load);
    expect(hits).toEqual([]);
    await memo.read("a", load);
    expect(hits).toEqual([["product:a", "products"]]);
  });
});
