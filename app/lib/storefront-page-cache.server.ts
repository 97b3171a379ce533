import { parseTags } from "../domain/page-cache-rules";
import { type LiveEvents, STOREFRONT_CHANGED } from "./live-events.server";
import { logger } from "./logger.server";
import { PageCache } from "./page-cache.server";

/** Time-dependent text nothing announces (the footer's year) is at most this old. */
const MAX_AGE_MS = 10 * 60_000;
const STATS_LOG_INTERVAL_MS = 60_000;

/** A start's storefront page cache: the pages it keeps, and whether it may answer now. */
export type StorefrontPageCache = {
  /**
   * The cache, when it may answer: never while the change announcements are not heard (the
   * database dropped the listening connection), since a page could then outlive its data.
   */
  answering(): PageCache | null;
  /** The cache whether or not it may answer now, for its hit and miss counts. */
  forStats(): PageCache | null;
  stop(): void;
};

/**
 * The process's storefront page cache, listening for the database's change announcements on
 * `live`, or none when PAGE_CACHE_MB is 0. A notification with tags drops the pages showing them;
 * an empty one (the listening connection came back after a loss) drops every page, since a
 * change may have gone unheard. Hits and misses are logged once a minute while pages are served.
 */
export async function startPageCache(
  megabytes: number,
  live: LiveEvents,
): Promise<StorefrontPageCache> {
  if (megabytes === 0) return { answering: () => null, forStats: () => null, stop: () => {} };
  const cache = new PageCache({ maxBytes: megabytes * 1024 * 1024, maxAgeMs: MAX_AGE_MS });
  await live.subscribe(STOREFRONT_CHANGED, (payload) => {
    if (payload) cache.invalidate(parseTags(payload));
    else cache.clear();
  });
  let logged = cache.stats();
  const timer = setInterval(() => {
    const stats = cache.stats();
    if (stats.hits === logged.hits && stats.misses === logged.misses) return;
    logged = stats;
    logger.info({ pageCache: stats }, "page cache");
  }, STATS_LOG_INTERVAL_MS);
  timer.unref();
  return {
    answering: () => (live.isListening(STOREFRONT_CHANGED) ? cache : null),
    forStats: () => cache,
    stop: () => clearInterval(timer),
  };
}
