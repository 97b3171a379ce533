/**
 * npm run bench:search — p50/p95 latency of the product search over 100,000 products.
 * Uses a fresh in-memory PGlite, or a fresh database on BENCH_DATABASE_URL's PostgreSQL server.
 * It measures; it asserts nothing (the EXPLAIN test in tests/integration is the guard).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { ProductListQuery } from "../app/domain/catalog-query";
import { type DatabaseHandle, openPglite, openPostgres } from "../app/lib/db.server";
import { searchProducts } from "../app/modules/catalog/search.server";
import { insertBulkProducts } from "../db/seed/bulk-catalog";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const TERMS = [
  "ashwagandha",
  "shilajit",
  "tulsi",
  "sleep",
  "joint comfort",
  "Churna",
  "arjuna",
  "neem",
  "brahmi vati",
  "batch 4242",
  "kutki",
  "immunity",
  "triphala",
  "nothing-matches-this",
  "gug",
  "heart health",
  "sheeta",
  "amla",
  "capsule 777",
  "haridra",
];

async function open(): Promise<{
  handle: DatabaseHandle;
  label: string;
  drop?: () => Promise<void>;
}> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return { handle: await openPglite(), label: "PGlite (in memory)" };
  const name = `shop_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    handle: await openPostgres(url.toString()),
    label: `PostgreSQL (${url.host})`,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: server });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  const { handle, label, drop } = await open();
  try {
    console.log(`Seeding ${PRODUCTS.toLocaleString("en-IN")} products into ${label}...`);
    const seeded = Date.now();
    await insertBulkProducts(handle.db, PRODUCTS);
    console.log(`Seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const queries: ProductListQuery[] = [];
    for (const [i, search] of TERMS.entries()) {
      const sort = (["featured", "price-low", "price-high", "rating"] as const)[i % 4]!;
      queries.push({ search, categoryId: undefined, sort, page: 1 + (i % 3) });
    }
    for (const query of queries) await searchProducts(handle.db, query); // warm up

    const timings: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of queries) {
        const started = process.hrtime.bigint();
        await searchProducts(handle.db, query);
        timings.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    timings.sort((a, b) => a - b);
    const p50 = percentile(timings, 50);
    const p95 = percentile(timings, 95);
    console.log(
      `search over ${PRODUCTS.toLocaleString("en-IN")} products, ${timings.length} queries (count + one page of 24): ` +
        `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms`,
    );
  } finally {
    await handle.close();
    await drop?.();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
