/**
 * WEB_CONCURRENCY: one primary process starting workers of the production build, on PostgreSQL.
 * It restarts a worker that dies, stops them all cleanly on SIGTERM, sums their metrics, and
 * refuses more than one process on the embedded database.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = "metrics-token-for-the-cluster-test";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function onServer(statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  return await client.query(statement, values).finally(() => client.end());
}

/** A fresh database on TEST_DATABASE_URL's server. */
async function createDatabase() {
  const name = `shop_cluster_mode_${Date.now()}_${process.pid}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER_URL as string);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startShop(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["build/server/server.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-mode-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { child, output: () => output, exited };
}

/** The worker processes the primary started, by the operating system's account of its children. */
function workersOf(primary: ChildProcess): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(primary.pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  ms = 60_000,
  everyMs = 100,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const statusOf = (url: string) =>
  fetch(url)
    .then((response) => response.status)
    .catch(() => 0);

describe.skipIf(!SERVER_URL)("WEB_CONCURRENCY on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let shop: Started;
  let base: string;

  beforeAll(async () => {
    database = await createDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    shop = startShop({
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: database.url,
      AUTH_SECRET: "a-secret-every-worker-shares-0123456789",
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN,
      SEED: "demo",
    });
    try {
      await until(
        () => statusOf(`${base}/readyz`),
        (status) => status === 200,
      );
      await until(
        () => workersOf(shop.child).length,
        (count) => count === 2,
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; the shop said:\n${shop.output()}`);
    }
  }, 120_000);

  afterAll(async () => {
    if (shop && shop.child.exitCode === null) {
      shop.child.kill("SIGKILL");
      for (const pid of workersOf(shop.child)) process.kill(pid, "SIGKILL");
    }
    await database?.drop();
  });

  it("sums the workers' metrics for a scrape that bears the token, and refuses one without", async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, {
      headers: { authorization: "Bearer not-the-metrics-token-at-all" },
    });
    expect(wrong.status).toBe(401);

    // Keep-alive off: each request opens a connection, which the workers share out.
    const requests = 40;
    for (let i = 0; i < requests; i += 1) {
      const response = await fetch(`${base}/healthz`, { headers: { connection: "close" } });
      expect(response.status).toBe(200);
    }
    const scrape = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    const count =
      /shop_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(
        text,
      );
    // Every request counted once, whichever worker answered it.
    expect(Number(count?.[1])).toBe(requests);
    // Every series of the shop's own is documented, and every documented one is served.
    const served = [...text.matchAll(/^# TYPE (shop_\w+) /gm)].map((match) => match[1]).sort();
    const documented = [
      ...fs.readFileSync("docs/metrics.md", "utf8").matchAll(/^\| `(shop_\w+)`/gm),
    ]
      .map((match) => match[1])
      .sort();
    expect(served).toEqual(documented);
    for (const name of [
      "shop_http_requests_in_flight",
      "shop_db_query_duration_seconds_count",
      'shop_db_pool_connections{state="total"}',
      'shop_background_jobs{state="queued"}',
      'shop_refunds{status="pending"}',
      "shop_page_cache_hits_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text, name).toContain(name);
    }
  });

  it("is not ready while its live updates have lost the database, and ready again once back", async () => {
    // PostgreSQL ends the connections the workers listen on, as a restart or failover would.
    const ended = await onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and query like 'listen %'`,
      [database.name],
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    const answers: string[] = [];
    await until(
      async () => {
        const response = await fetch(`${base}/readyz`, { headers: { connection: "close" } });
        answers.push(`${response.status} ${await response.text()}`);
        return answers.at(-1) as string;
      },
      (answer) => answer.startsWith("200") && answers.some((seen) => seen.startsWith("503")),
      20_000,
      // The workers listen again within half a second or so: ask often enough to see it.
      10,
    );
    expect(answers.find((seen) => seen.startsWith("503"))).toMatch(
      /^503 live updates are reconnecting to the database/,
    );
    // Alive all along: a supervisor has no reason to restart it.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("starts another worker when one dies, and keeps answering meanwhile", async () => {
    const before = workersOf(shop.child);
    expect(before).toHaveLength(2);
    process.kill(before[0] as number, "SIGKILL");
    const after = await until(
      () => workersOf(shop.child),
      (pids) => pids.length === 2 && !pids.includes(before[0] as number),
    );
    expect(after).toContain(before[1]);
    // Two workers listened at start; the new one says so once it has started too.
    await until(
      () => (shop.output().match(/"msg":"listening"/g) ?? []).length,
      (count) => count === 3,
    );
    await until(
      () => statusOf(`${base}/readyz`),
      (status) => status === 200,
    );
    expect(shop.output()).toContain('"msg":"a worker stopped"');
  });

  it("stops every worker and exits 0 on SIGTERM", async () => {
    const workers = workersOf(shop.child);
    expect(workers).toHaveLength(2);
    shop.child.kill("SIGTERM");
    expect(await shop.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    const closed = shop.output().match(/"msg":"database closed"/g) ?? [];
    expect(closed, shop.output()).toHaveLength(2);
  });
});

describe("WEB_CONCURRENCY refusals", () => {
  it("refuses more than one process on the embedded database, in one line", async () => {
    const port = await freePort();
    const shop = startShop({ PORT: String(port), WEB_CONCURRENCY: "2" });
    expect(await shop.exited).toBe(1);
    expect(shop.output().trim()).toBe(
      "Invalid configuration: WEB_CONCURRENCY: the embedded database serves one process; set DATABASE_URL to run more",
    );
  });

  it.skipIf(!SERVER_URL)(
    "stops, rather than restarting workers forever, when no worker can start",
    async () => {
      const port = await freePort();
      const missing = new URL(SERVER_URL as string);
      missing.pathname = "/shop_database_that_does_not_exist";
      const shop = startShop({
        PORT: String(port),
        DATABASE_URL: missing.toString(),
        AUTH_SECRET: "a-secret-every-worker-shares-0123456789",
        WEB_CONCURRENCY: "2",
      });
      expect(await shop.exited).toBe(1);
      expect(shop.output()).toContain("The shop could not start");
      expect(shop.output()).toContain('"msg":"a worker could not start; stopping"');
    },
    30_000,
  );
});
