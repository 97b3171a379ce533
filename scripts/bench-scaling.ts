/**
 * npm run bench:scaling: one process against WEB_CONCURRENCY=2 on PostgreSQL (BENCH_DATABASE_URL
 * names the server; a fresh database is created and dropped for each), for the signed-in product
 * page and the cash-on-delivery checkout, beside the plain-bytes ceiling of one process measured
 * in the same run. It prints one table and the scaling factors, writes them to
 * test-results/bench-scaling.json, and asserts nothing.
 */
import fs from "node:fs";
import os from "node:os";
import {
  BUYERS,
  CONNECTIONS,
  ceilingServer,
  checkoutRound,
  load,
  PRODUCT,
  type Row,
  residentMegabytes,
  row,
  SECONDS,
} from "./support/bench-load";
import { newCustomer, postForm, productIdOn, startProductionShop } from "./support/production-shop";

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.error("Set BENCH_DATABASE_URL to a PostgreSQL server URL: several processes need it.");
  process.exit(1);
}

type ScalingRow = Row & { processes: number; residentMegabytes?: number };

async function measure(processes: number): Promise<ScalingRow[]> {
  const shop = await startProductionShop({ databaseUrl, webConcurrency: processes });
  try {
    const page = await (await fetch(`${shop.base}${PRODUCT}`)).text();
    const productId = productIdOn(page);
    const buyers: string[] = [];
    for (let i = 0; i < Math.max(BUYERS, CONNECTIONS); i++) {
      const cookie = await newCustomer(shop.base);
      await postForm(shop.base, "/cart", cookie, { intent: "add", productId, quantity: "1" });
      buyers.push(cookie);
    }
    const signedIn = row(
      "signed-in product page",
      await load({ url: `${shop.base}${PRODUCT}`, headers: { cookie: buyers[0]! } }),
    );
    const checkout = await checkoutRound(
      shop.base,
      `checkout, cash on delivery (${BUYERS} buyers, orders/s)`,
      buyers,
    );
    const memory = residentMegabytes(shop.pid);
    return [signedIn, checkout].map((entry) => ({
      ...entry,
      processes,
      residentMegabytes: memory,
    }));
  } finally {
    await shop.stop();
  }
}

const ceilingPage = await (async () => {
  const shop = await startProductionShop({ databaseUrl });
  try {
    return Buffer.from(await (await fetch(`${shop.base}${PRODUCT}`)).arrayBuffer());
  } finally {
    await shop.stop();
  }
})();
const ceiling = await ceilingServer(ceilingPage);
const plain: ScalingRow = {
  ...row(
    "plain Node, same product page bytes (ceiling, 1 process)",
    await load({ url: ceiling.url }),
  ),
  processes: 1,
};
ceiling.close();

const one = await measure(1);
const two = await measure(2);
const rows = [plain, ...one, ...two];
for (const entry of rows) {
  entry.ofCeiling = `${((entry.requestsPerSecond / plain.requestsPerSecond) * 100).toFixed(1)} %`;
}
console.table(rows);
const factors = one.map((single, index) => ({
  name: single.name,
  factor: Math.round((two[index]!.requestsPerSecond / single.requestsPerSecond) * 100) / 100,
}));
for (const { name, factor } of factors) {
  console.log(`${name}: WEB_CONCURRENCY=2 does ${factor}x what one process does`);
}
fs.mkdirSync("test-results", { recursive: true });
fs.writeFileSync(
  "test-results/bench-scaling.json",
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      database: "postgresql",
      connections: CONNECTIONS,
      seconds: SECONDS,
      cpus: os.availableParallelism(),
      rows,
      factors,
    },
    null,
    2,
  )}\n`,
);
console.log("written to test-results/bench-scaling.json");
