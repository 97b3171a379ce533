/**
 * What the benchmarks share: autocannon rounds against the production build, the plain-bytes
 * ceiling, the checkout round and the memory the shop holds. They measure; they assert nothing.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each round first runs this long unmeasured, so its figures are the shop's steady state and not
 * its first seconds on a code path (the anonymous rounds come from the page cache, leaving the
 * render path cold for the signed-in ones).
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
export const BUYERS = Number(process.env.BENCH_BUYERS ?? 90);
export const PRODUCT = "/product/triphala-churna";

export type Row = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  errors: number;
  ofCeiling?: string;
  /** Of the plain server sending the anonymous product page with the shop's own headers. */
  ofSameResponse?: string;
};

export function row(name: string, result: autocannon.Result): Row {
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export function load(options: autocannon.Options) {
  return autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(WARMUP_SECONDS > 0
      ? { warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS } }
      : {}),
    ...options,
  });
}

/**
 * A plain Node server in a process of its own (as the shop is) sending `body`: with only its type
 * and length (what this machine can do at most), or with `headers` instead, the shop's own (and a
 * fresh request id each time, as the shop makes): what the shop's page cache could do at most for
 * the response it sends. The load generator shares the machine, and its work for each header it
 * parses is a large part of a request at these rates.
 */
export async function ceilingServer(body: Buffer, headers?: [string, string][]) {
  const file = path.join(os.tmpdir(), `shop-bench-page-${process.pid}-${randomUUID()}.html`);
  fs.writeFileSync(file, body);
  const code = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const { randomUUID } = require("node:crypto");
    const headers = ${JSON.stringify(headers?.flat() ?? null)};
    const plain = ["content-type", "text/html; charset=utf-8", "content-length", String(body.length)];
    const server = require("node:http").createServer((_q, r) => {
      r.writeHead(200, headers ? headers.concat(["x-request-id", randomUUID()]) : plain);
      r.end(body);
    });
    server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port)));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once("data", (chunk) => resolve(String(chunk))),
  );
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

/** A response's headers as a plain server would send them again (no date, connection or id). */
export function repeatableHeaders(response: Response): [string, string][] {
  const perConnection = new Set(["date", "connection", "keep-alive", "x-request-id"]);
  return [...response.headers].filter(([name]) => !perConnection.has(name));
}

/**
 * Each buyer places one cash-on-delivery order for what is in their cart: 16 at a time as fast
 * as the shop answers, or at a steady rate. The row's rate is orders placed a second.
 */
export async function checkoutRound(
  base: string,
  name: string,
  buyers: string[],
  steady?: { ordersPerSecond: number; connections: number },
) {
  let next = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const result = await autocannon({
    url: `${base}/checkout`,
    connections: steady?.connections ?? CONNECTIONS,
    amount: buyers.length,
    ...(steady ? { overallRate: steady.ordersPerSecond } : {}),
    method: "POST",
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            cookie: buyers[next++ % buyers.length]!,
            origin: base,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({
            fullName: "Bench Buyer",
            phone: "9876543210",
            addressLine1: "12 Shivaji Nagar, Rajwada",
            addressLine2: "",
            city: "Satara",
            state: "Maharashtra",
            postalCode: "415003",
            paymentMethod: "cod",
            idempotencyKey: randomUUID(),
          }).toString(),
        }),
        onResponse: () => {
          lastAnswer = performance.now();
        },
      },
    ],
  });
  // autocannon ends an `amount` run on its next one-second tick: time the orders themselves.
  const seconds = (lastAnswer - started) / 1000;
  // A placed order answers with a redirect to the order's confirmation.
  const placed = result["3xx"] ?? 0;
  return {
    ...row(name, result),
    requestsPerSecond: Math.round((placed / Math.max(seconds, 0.001)) * 10) / 10,
    errors: buyers.length - placed,
  };
}

/**
 * Resident memory of the shop: the process and, with WEB_CONCURRENCY > 1, its workers (the
 * processes whose parent it is), in megabytes.
 */
export function residentMegabytes(pid: number) {
  const rss = (id: number | string) => {
    const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  };
  let kb = rss(pid);
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The parent's pid is the second field after the parenthesised command name.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) kb += rss(entry);
    } catch {
      // The process ended while being read.
    }
  }
  return Math.round(kb / 1024);
}
