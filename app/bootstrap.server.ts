import { restrictNewFiles, tightenDataDirectory } from "./lib/data-dir-permissions.server";
import { type DatabaseHandle, openDatabase } from "./lib/db.server";
import { getEnv } from "./lib/env.server";
import { createLiveEvents, type LiveEvents } from "./lib/live-events.server";
import { logger } from "./lib/logger.server";
import type { PageCache } from "./lib/page-cache.server";
import { loadOrCreateSecret } from "./lib/secrets.server";
import { registerShopGauges } from "./lib/shop-gauges.server";
import { singleton } from "./lib/singleton.server";
import { rememberStorefrontReads } from "./lib/storefront-memo.server";
import { type StorefrontPageCache, startPageCache } from "./lib/storefront-page-cache.server";
import { bootstrapAdministrator } from "./modules/accounts/administrators.server";
import { rememberShoppers } from "./modules/accounts/shopper-memo.server";
import { seedDemoCatalog } from "./modules/catalog/demo-seed.server";
import { dailyStockRefresh } from "./modules/inventory/daily-refresh.server";
import { dailyStockCheck } from "./modules/inventory/stock-check.server";
import { scheduleDailyJobs } from "./modules/jobs/daily-jobs.server";
import { startJobRunner } from "./modules/jobs/job-runner.server";
import { addMissingAvifVariants } from "./modules/media/avif-backfill.server";
import {
  applyDemoSettings,
  ensureSettings,
  rememberSettingsUntilChanged,
} from "./modules/settings/settings.server";
import { createServices, type ShopServices } from "./services.server";
import { dailyRemittanceCheck } from "./workflows/cod-remittance.server";
import { scheduleOrderExpiry } from "./workflows/expire-unpaid-orders.server";

/**
 * This process's start of the shop: the services it made, and what it opened that only stopping
 * closes. The one holder of the start (kept on globalThis so the development server's reloads
 * find it); requests and jobs are handed the services instead.
 */
const lifecycle = singleton(
  "shop lifecycle",
  (): {
    started?: Promise<ShopServices>;
    stopJobs?: () => Promise<void>;
    handle?: DatabaseHandle;
    live?: LiveEvents;
    pageCache?: StorefrontPageCache;
  } => ({}),
);

/**
 * Opens the database, applies migrations, seeds an empty shop, wires auth and mail, and makes
 * the shop's services, which it resolves with (the server hands them to every request).
 */
export function startShop(): Promise<ShopServices> {
  lifecycle.started ??= (async () => {
    const env = getEnv();
    secureDataDirectory(env.DATA_DIR);
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    // A new embedded database is unpacked with its files chmod-ed 0666, past the umask.
    tightenDataDirectory(env.DATA_DIR);
    const live = createLiveEvents(handle);
    lifecycle.handle = handle;
    lifecycle.live = live;
    const secret = env.AUTH_SECRET ?? loadOrCreateSecret(env.DATA_DIR);
    const services = createServices(env, { db: handle.db, live, secret });
    await ensureSettings(handle.db);
    await rememberSettingsUntilChanged(live);
    await rememberStorefrontReads(live);
    // On PostgreSQL the session's one statement runs in the database's own processes, and another
    // app process's write would be heard a moment after it returned (docs/decisions/046).
    if (handle.kind === "pglite") await rememberShoppers(live);
    if (env.SEED === "demo" && (await seedDemoCatalog(handle.db))) {
      await applyDemoSettings(handle.db);
    }
    await bootstrapAdministrator(handle.db, {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      dataDir: env.DATA_DIR,
      publicUrl: env.PUBLIC_URL,
    });
    const pageCache = await startPageCache(env.PAGE_CACHE_MB, live);
    lifecycle.pageCache = pageCache;
    registerShopGauges({ database: () => handle, pageCache: pageCache.forStats });
    const stopOrderExpiry = scheduleOrderExpiry(() => handle.db);
    // Once a day: lots cross the shelf-life line as the date changes, the stock check names any
    // size whose lots and ledger disagree (docs/decisions/059),
    // and a courier that reports its payouts of cash on delivery is asked for them (decision 061).
    const stopDailyJobs = scheduleDailyJobs(
      () => handle.db,
      [
        dailyStockRefresh,
        dailyStockCheck,
        ...(services.shipping.courier?.codRemittance ? [dailyRemittanceCheck] : []),
      ],
    );
    const stopJobs = await startJobRunner(() => handle.db, {
      jobs: services.jobs,
      services,
      live,
      retentionDays: env.JOB_RETENTION_DAYS,
      // One process holds the embedded database: a job left running was left by one that died.
      soleProcess: handle.kind === "pglite",
    });
    const stopBackfill = new AbortController();
    const backfill = addMissingAvifVariants(handle.db, stopBackfill.signal).catch((error) =>
      logger.error({ err: error }, "adding AVIF variants to older pictures stopped"),
    );
    lifecycle.stopJobs = async () => {
      pageCache.stop();
      stopDailyJobs();
      stopBackfill.abort();
      await Promise.all([stopOrderExpiry(), stopJobs(), backfill]);
    };
    if (env.NODE_ENV === "production" && env.CARD_PAYMENTS === "test") {
      logger.warn(
        "CARD_PAYMENTS=test: card payments go to the built-in test gateway and take no money",
      );
    }
    logger.info({ database: handle.kind }, "shop ready");
    return services;
  })();
  return lifecycle.started;
}

/** Before anything opens a file there: the data directory is readable by this account only. */
function secureDataDirectory(dataDir: string) {
  restrictNewFiles();
  const { fixed, failed } = tightenDataDirectory(dataDir);
  if (fixed > 0) {
    logger.warn(
      { dataDir, fixed },
      `closed the permissions of ${fixed} entries in the data directory (directories 0700, files 0600)`,
    );
  }
  if (failed.length > 0) {
    logger.warn(
      { dataDir, failed: failed.slice(0, 20), count: failed.length },
      "could not close the permissions of some entries in the data directory; check their owner",
    );
  }
}

/** First step of a shutdown: end live streams so in-flight requests can finish quickly. */
export async function beginShutdown() {
  await lifecycle.live?.close();
}

/** The start's page cache when it may answer (server.ts answers cached pages before Express). */
export function storefrontPageCache(): PageCache | null {
  return lifecycle.pageCache?.answering() ?? null;
}

export async function stopShop() {
  const started = lifecycle.started;
  if (!started) return;
  await started.catch(() => {});
  lifecycle.started = undefined;
  // The mail being sent finishes before the database closes, so it is marked sent.
  await lifecycle.stopJobs?.();
  lifecycle.stopJobs = undefined;
  const { handle } = lifecycle;
  lifecycle.handle = undefined;
  lifecycle.live = undefined;
  lifecycle.pageCache = undefined;
  await handle?.close();
  logger.info("database closed");
}

/**
 * Whether this process should be sent requests (GET /readyz): null when it is ready, else what is
 * wrong. A process listens only once it has started (migrations applied); a database that does
 * not answer throws.
 */
export async function checkReadiness(): Promise<string | null> {
  const { handle, live } = lifecycle;
  if (!handle || !live) return "the shop has not started";
  return readinessOf(handle, live);
}

/** Whether a start's database answers (it throws if not) and its live updates are heard. */
export async function readinessOf(handle: DatabaseHandle, live: LiveEvents) {
  await handle.ping();
  const down = live.downChannels();
  if (down.length) return `live updates are reconnecting to the database (${down.join(", ")})`;
  return null;
}
