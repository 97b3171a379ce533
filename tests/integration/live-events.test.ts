import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readinessOf } from "~/bootstrap.server";
import { type DatabaseHandle, queryRows } from "~/lib/db.server";
import { COUPONS_CHANGED, createLiveEvents, type LiveEvents } from "~/lib/live-events.server";
import { loader as offerEventsLoader } from "~/routes/api/offer-events";
import { loader as homeLoader } from "~/routes/store/home";
import { coupons } from "../../db/schema";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { loaderArgs, routeContext, testServices } from "./support/services";

let handle: DatabaseHandle;
/** The file's live updates, as the shop's start makes them over its database. */
let live: LiveEvents;
let heard = 0;

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function changeACoupon(code: string) {
  await handle.db.insert(coupons).values({ code, discountValue: 10 });
}

async function listenerPids() {
  const rows = await queryRows<{ pid: number }>(
    handle.db,
    sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
  );
  return rows.map((row) => row.pid);
}

/** Opens the live offers stream and returns the version it sends on connecting. */
async function versionOnConnect() {
  const abort = new AbortController();
  const response = await offerEventsLoader({
    request: new Request("http://localhost/api/events/offers", { signal: abort.signal }),
    context: routeContext(),
  } as never);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (!/event: version\ndata: (\S+)\n\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before its version: ${text}`);
      text += decoder.decode(value);
    }
  } finally {
    abort.abort();
  }
  return /event: version\ndata: (\S+)\n\n/.exec(text)![1];
}

async function homeOffersVersion() {
  return ((await homeLoader(loaderArgs())) as { offersVersion: string }).offersVersion;
}

beforeAll(async () => {
  handle = await useTestDatabase();
  live = testServices().live;
  await live.subscribe(COUPONS_CHANGED, () => {
    heard += 1;
  });
});
afterAll(async () => {
  await live.close();
  await handle.close();
});

describe(`live offers survive a lost listener on ${DATABASE_KIND}`, () => {
  it("a coupon change reaches the subscribed pages, and the shop is ready", async () => {
    expect(await readinessOf(handle, live)).toBeNull();
    const before = heard;
    await changeACoupon("LIVE1");
    await waitFor(() => heard > before, 5000);
  });

  it("a page connecting after a change it did not hear is told the current offers' version", async () => {
    const rendered = await homeOffersVersion();
    expect(await versionOnConnect()).toBe(rendered);
    // A coupon created while the page loaded: the stream's version no longer matches the page's.
    await changeACoupon("WHILELOADING");
    const current = await versionOnConnect();
    expect(current).not.toBe(rendered);
    expect(current).toBe(await homeOffersVersion());
  });

  if (DATABASE_KIND === "PostgreSQL") {
    it("after pg_terminate_backend on the listener, health says so until it listens again, and changes arrive again", async () => {
      const [pid] = await listenerPids();
      expect(pid).toBeTypeOf("number");
      await queryRows(handle.db, sql`select pg_terminate_backend(${pid})`);
      await waitFor(async () => (await readinessOf(handle, live)) !== null, 5000);
      expect(await readinessOf(handle, live)).toMatch(/live updates are reconnecting/);
      await waitFor(async () => (await readinessOf(handle, live)) === null, 20_000);
      const pids = await listenerPids();
      expect(pids).toHaveLength(1);
      expect(pids[0]).not.toBe(pid);
      const before = heard;
      await changeACoupon("LIVE2");
      await waitFor(() => heard > before, 5000);
    });
  } else {
    it("PGlite's notifications stay in the process: no connection to lose, nothing down", async () => {
      expect(live.downChannels()).toEqual([]);
      const before = heard;
      await changeACoupon("LIVE2");
      await waitFor(() => heard > before, 5000);
    });
  }

  it("a channel the database keeps refusing retries with backoff, reports itself down, and recovers", async () => {
    const channel = "flaky_channel";
    let refusals = 2;
    let loseIt: ((error: Error) => void) | undefined;
    // A start whose database refuses to listen twice, then drops the connection once.
    const flaky = createLiveEvents({
      listen: async (name, onNotify, onLost) => {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error("connection refused");
        }
        loseIt = onLost;
        return handle.listen(name, onNotify);
      },
    });
    try {
      let told = 0;
      await flaky.subscribe(channel, () => {
        told += 1;
      });
      expect(flaky.downChannels()).toContain(channel);
      expect(await readinessOf(handle, flaky)).toMatch(/reconnecting.*flaky_channel/);
      // Two refusals wait 250-500 ms and 500-1000 ms; then it listens and tells its pages.
      await waitFor(() => flaky.downChannels().length === 0, 5000);
      expect(refusals).toBe(0);
      expect(told).toBe(1);
      loseIt?.(new Error("connection terminated"));
      expect(flaky.downChannels()).toContain(channel);
      await waitFor(() => flaky.downChannels().length === 0, 5000);
      expect(told).toBe(2);
    } finally {
      await flaky.close();
    }
  });
});
