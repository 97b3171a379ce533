import { parseTags } from "../domain/page-cache-rules";
import { liveEvents, STOREFRONT_CHANGED } from "./live-events.server";
import { logger } from "./logger.server";
import { PageCache } from "./page-cache.server";
import { singleton } from "./singleton.server";

/** Time-dependent text nothing announces (the footer's year) is at most this old. */
const MAX_AGE_MS = 10 * 60_000;
const STATS_LOG_INTERVAL_MS = 60_000;

const current = singleton("page cache", (): { cache?: PageCache | null } => ({}));

/**
 * The process's storefront page cache, listening for the database's change announcements, or
 * null when PAGE_CACHE_MB is 0. A notification with tags drops the pages showing them; an empty
 * one (the listening connection came back after a loss) drops every page, since a change may have
 * gone unheard. Hits and misses are logged once a minute while pages are served.
 */
export async function startPageCache(megabytes: number) {
  if (megabytes === 0) {
    current.cache = null;
    return () => {};
  }
  const cache = new PageCache({ maxBytes: megabytes * 1024 * 1024, maxAgeMs: MAX_AGE_MS });
  await liveEvents().subscribe(STOREFRONT_CHANGED, (payload) => {
    if (payload) cache.invalidate(parseTags(payload));
    else cache.clear();
  });
  current.cache = cache;
  let logged = cache.stats();
  const timer = setInterval(() => {
    const stats = cache.stats();
    if (stats.hits === logged.hits && stats.misses === logged.misses) return;
    logged = stats;
    logger.info({ pageCache: stats }, "page cache");
  }, STATS_LOG_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The cache, when it may answer: never while the change announcements are not heard (the
 * database dropped the listening connection), since a page could then outlive its data.
 */
export function storefrontPageCache(): PageCache | null {
  const cache = current.cache ?? null;
  if (!cache || !liveEvents().isListening(STOREFRONT_CHANGED)) return null;
  return cache;
}

/** The cache whether or not it may answer now, for its hit and miss counts. */
export function storefrontPageCacheForStats(): PageCache | null {
  return current.cache ?? null;
}
