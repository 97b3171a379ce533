import { sql } from "drizzle-orm";
import client from "prom-client";
import { type DatabaseHandle, queryRows } from "./db.server";
import type { PageCache } from "./page-cache.server";

type Sources = { database: () => DatabaseHandle; pageCache: () => PageCache | null };

/**
 * Metrics read when Prometheus scrapes rather than counted as things happen: the database pool,
 * the background jobs waiting and the page cache. What the database says is the same in every
 * process, so the cluster's sum would count it once per process: those take the maximum.
 */
export function registerShopGauges(sources: Sources) {
  if (client.register.getSingleMetric("shop_background_jobs")) return;

  new client.Gauge({
    name: "shop_db_pool_connections",
    help: "Connections of the PostgreSQL pool, by state (total, idle, waiting)",
    labelNames: ["state"] as const,
    collect() {
      const pool = sources.database().poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  new client.Gauge({
    name: "shop_background_jobs",
    help: "Background jobs due and waiting, running, and failed for good (docs/decisions/055)",
    labelNames: ["state"] as const,
    aggregator: "max",
    async collect() {
      const [row] = await queryRows<{ queued: number; running: number; failed: number }>(
        sources.database().db,
        sql`select count(*) filter (where state = 'queued' and run_at <= now())::int as queued,
                   count(*) filter (where state = 'running')::int as running,
                   count(*) filter (where state = 'failed')::int as failed
            from background_jobs where state in ('queued', 'running', 'failed')`,
      );
      this.set({ state: "queued" }, row?.queued ?? 0);
      this.set({ state: "running" }, row?.running ?? 0);
      this.set({ state: "failed" }, row?.failed ?? 0);
    },
  });

  new client.Gauge({
    name: "shop_background_job_oldest_waiting_seconds",
    help: "How long the longest-waiting due background job has waited; 0 when none waits",
    aggregator: "max",
    async collect() {
      const [row] = await queryRows<{ seconds: number | null }>(
        sources.database().db,
        sql`select extract(epoch from now() - min(run_at))::float8 as seconds
            from background_jobs where state = 'queued' and run_at <= now()`,
      );
      this.set(Math.max(0, Number(row?.seconds ?? 0)));
    },
  });

  new client.Gauge({
    name: "shop_refunds",
    help: "Refunds by status (pending, processed, failed)",
    labelNames: ["status"] as const,
    aggregator: "max",
    async collect() {
      const rows = await queryRows<{ status: string; count: number }>(
        sources.database().db,
        sql`select status, count(*)::int as count from refunds group by status`,
      );
      this.reset();
      for (const status of ["pending", "processed", "failed"]) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });

  const cacheCounter = (name: string, help: string, read: (cache: PageCache) => number) =>
    new client.Counter({
      name,
      help,
      collect() {
        const cache = sources.pageCache();
        this.reset();
        if (cache) this.inc(read(cache));
      },
    });
  cacheCounter(
    "shop_page_cache_hits_total",
    "Signed-out page views answered from the page cache",
    (cache) => cache.stats().hits,
  );
  cacheCounter(
    "shop_page_cache_misses_total",
    "Signed-out page views the page cache could not answer",
    (cache) => cache.stats().misses,
  );
  new client.Gauge({
    name: "shop_page_cache_bytes",
    help: "Bytes the page cache holds",
    collect() {
      this.set(sources.pageCache()?.stats().bytes ?? 0);
    },
  });
}
