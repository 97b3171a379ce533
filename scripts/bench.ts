/**
 * npm run bench: the production build under load, beside a plain Node server sending the same
 * product page's bytes (the ceiling of this machine), in one run. Embedded PGlite by default;
 * BENCH_DATABASE_URL names a PostgreSQL server, on which a fresh database is created and dropped.
 * It prints one table and writes it to test-results/bench.json. It asserts nothing.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { newCustomer, postForm, productIdOn, startProductionShop } from "./support/production-shop";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 90);
const PRODUCT = "/product/triphala-churna";
/**
 * The steady checkout round: orders arriving at this rate in all, four at a time (autocannon
 * paces each connection on its own, so its connections send together): 50 a second is four
 * orders every 80 ms.
 */
const STEADY_ORDERS_PER_SECOND = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 50);
const STEADY_CONNECTIONS = 4;

type Row = {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  errors: number;
  ofCeiling?: string;
};

function row(name: string, result: autocannon.Result): Row {
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function load(options: autocannon.Options) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
}

/**
 * A plain Node server in a process of its own (as the shop is) sending `body` with the same
 * headers: what this machine can do at most.
 */
async function ceilingServer(body: Buffer) {
  const file = path.join(os.tmpdir(), `shop-bench-page-${process.pid}.html`);
  fs.writeFileSync(file, body);
  const code = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const server = require("node:http").createServer((_q, r) => {
      r.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
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

/**
 * Each buyer places one cash-on-delivery order for what is in their cart: 16 at a time as fast
 * as the shop answers, or at a steady rate. The row's rate is orders placed a second.
 */
async function checkoutRound(
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

function residentMegabytes(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

const shop = await startProductionShop({ databaseUrl: process.env.BENCH_DATABASE_URL });
const rows: Row[] = [];
try {
  const page = Buffer.from(await (await fetch(`${shop.base}${PRODUCT}`)).arrayBuffer());
  const ceiling = await ceilingServer(page);
  const plain = row(
    "plain Node, same product page bytes (ceiling)",
    await load({ url: ceiling.url }),
  );
  ceiling.close();
  rows.push(plain);

  for (const [name, pathName] of [
    ["anonymous home", "/"],
    ["anonymous listing", "/products"],
    ["anonymous product page", PRODUCT],
    ["anonymous search", "/products?search=churna"],
  ] as const) {
    rows.push(row(name, await load({ url: `${shop.base}${pathName}` })));
  }

  // Customers for the signed-in pages, adding to the cart (one per connection, so no cart passes
  // its limit of 10) and the checkout; 90 sign-ups stay under the 100 an address may make an hour.
  const productId = productIdOn(page.toString());
  const buyers: string[] = [];
  for (let i = 0; i < Math.max(BUYERS, CONNECTIONS); i++) {
    const cookie = await newCustomer(shop.base);
    await postForm(shop.base, "/cart", cookie, { intent: "add", productId, quantity: "1" });
    buyers.push(cookie);
  }
  const shopper = buyers[0]!;
  rows.push(
    row(
      "signed-in product page",
      await load({ url: `${shop.base}${PRODUCT}`, headers: { cookie: shopper } }),
    ),
  );
  rows.push(
    row("signed-in cart", await load({ url: `${shop.base}/cart`, headers: { cookie: shopper } })),
  );

  // Each add is followed by setting that cart back to 1. Buyers are taken in turn for each pair,
  // so two connections may work on one cart at a time, as two tabs of one shopper would.
  let client = 0;
  rows.push(
    row(
      "add to cart",
      await load({
        url: `${shop.base}/cart`,
        method: "POST",
        headers: { origin: shop.base, "content-type": "application/x-www-form-urlencoded" },
        requests: ["add", "set-quantity"].map((intent) => ({
          setupRequest: (request: autocannon.Request, context: { cookie?: string }) => {
            context.cookie ??= buyers[client++ % CONNECTIONS]!;
            return {
              ...request,
              headers: { ...request.headers, cookie: context.cookie },
              body: new URLSearchParams({ intent, productId, quantity: "1" }).toString(),
            };
          },
        })),
      }),
    ),
  );

  // Checkout: each buyer places one cash-on-delivery order for what is in their cart, first all
  // at once (16 at a time), then at a steady rate, as orders would arrive at a busy hour.
  rows.push(
    await checkoutRound(
      shop.base,
      `checkout, cash on delivery (${BUYERS} buyers, orders/s)`,
      buyers,
    ),
  );
  for (const cookie of buyers) {
    await postForm(shop.base, "/cart", cookie, { intent: "add", productId, quantity: "1" });
  }
  rows.push(
    await checkoutRound(
      shop.base,
      `checkout at ${STEADY_ORDERS_PER_SECOND} orders/s, ${STEADY_CONNECTIONS} at a time (orders/s)`,
      buyers,
      { ordersPerSecond: STEADY_ORDERS_PER_SECOND, connections: STEADY_CONNECTIONS },
    ),
  );

  for (const entry of rows) {
    entry.ofCeiling = `${((entry.requestsPerSecond / plain.requestsPerSecond) * 100).toFixed(1)} %`;
  }
  const memory = residentMegabytes(shop.pid);
  console.table(rows);
  console.log(`shop process resident memory after the run: ${memory} MB`);
  fs.mkdirSync("test-results", { recursive: true });
  fs.writeFileSync(
    "test-results/bench.json",
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        database: process.env.BENCH_DATABASE_URL ? "postgresql" : "pglite",
        connections: CONNECTIONS,
        seconds: SECONDS,
        cpus: os.availableParallelism(),
        residentMegabytes: memory,
        rows,
      },
      null,
      2,
    )}\n`,
  );
  console.log("written to test-results/bench.json");
} finally {
  await shop.stop();
}
