import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { type Encoding, inlineScripts } from "../domain/page-cache-rules";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page as rendered for a signed-out visitor, before it enters the cache. */
export type RenderedPage = {
  status: number;
  contentType: string;
  body: Buffer;
  /** What the page shows (PAGE_TAGS, productTag); a write announcing one of them drops it. */
  tags: Iterable<string>;
  /** When the page changes by itself (an offer expires), in epoch milliseconds. */
  freshUntil?: number;
};

export type CachedPage = {
  status: number;
  contentType: string;
  bodies: Record<Encoding, Buffer>;
  etag: string;
  /** `'sha256-…'` sources for the page's inline scripts (it carries no per-response nonce). */
  scriptHashes: string[];
  tags: string[];
  expiresAt: number;
  bytes: number;
};

export type PageCacheStats = {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  maxBytes: number;
  evictions: number;
  invalidations: number;
};

type Options = {
  maxBytes: number;
  /** Even a page nothing announced a change for is rendered again after this long. */
  maxAgeMs: number;
  now?: () => number;
};

/** The CSP hash source of one inline script. */
export function scriptHash(script: string) {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/** Hash sources for every inline script of an HTML page (none for data responses). */
export function scriptHashesOf(contentType: string, body: Buffer) {
  if (!contentType.startsWith("text/html")) return [];
  return [...new Set(inlineScripts(body.toString("utf8")).map(scriptHash))];
}

/**
 * Storefront pages rendered once for every signed-out visitor and then served from memory,
 * precompressed, until a write announces a change to something they show (docs/decisions/033).
 *
 * An LRU bounded by bytes. A render that began before an invalidation of something it shows may
 * hold what was just changed, so `admit` keeps a page only when none of its tags was invalidated
 * (and nothing cleared) since its render began (`generation()` taken before rendering).
 */
export class PageCache {
  private pages = new Map<string, CachedPage>();
  private keysByTag = new Map<string, Set<string>>();
  private currentGeneration = 0;
  private tagInvalidatedAt = new Map<string, number>();
  private clearedAt = 0;
  private totalBytes = 0;
  private counts = { hits: 0, misses: 0, evictions: 0, invalidations: 0 };
  private readonly now: () => number;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  /** Changes whenever something is invalidated; a render compares it before and after. */
  generation() {
    return this.currentGeneration;
  }

  /** The page under `key`, or undefined (counted as a miss) when absent or expired. */
  lookup(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page || page.expiresAt <= this.now()) {
      if (page) this.remove(key);
      this.counts.misses += 1;
      return undefined;
    }
    // Most recently used last: eviction takes the first keys of the map.
    this.pages.delete(key);
    this.pages.set(key, page);
    this.counts.hits += 1;
    return page;
  }

  /**
   * Compresses a rendered page and keeps it, unless an invalidation happened since the render
   * began (`renderedAtGeneration`) or it is too big for the cache. Returns the page either way.
   */
  async admit(key: string, rendered: RenderedPage, renderedAtGeneration: number) {
    const [br, gz] = await Promise.all([
      brotli(rendered.body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
        },
      }),
      gzip(rendered.body, { level: 9 }),
    ]);
    const page: CachedPage = {
      status: rendered.status,
      contentType: rendered.contentType,
      bodies: { identity: rendered.body, br, gzip: gz },
      etag: `W/"${createHash("sha1").update(rendered.body).digest("base64url")}"`,
      scriptHashes: scriptHashesOf(rendered.contentType, rendered.body),
      tags: [...new Set(rendered.tags)],
      expiresAt: Math.min(this.now() + this.options.maxAgeMs, rendered.freshUntil ?? Infinity),
      bytes: rendered.body.length + br.length + gz.length + key.length,
    };
    const fresh =
      this.clearedAt <= renderedAtGeneration &&
      page.tags.every((tag) => (this.tagInvalidatedAt.get(tag) ?? 0) <= renderedAtGeneration);
    if (fresh && page.expiresAt > this.now() && page.bytes <= this.options.maxBytes) {
      this.store(key, page);
    }
    return page;
  }

  /** Drops every page that shows one of these tags. */
  invalidate(tags: Iterable<string>) {
    this.currentGeneration += 1;
    for (const tag of tags) {
      this.tagInvalidatedAt.set(tag, this.currentGeneration);
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) {
        this.remove(key);
        this.counts.invalidations += 1;
      }
    }
  }

  /** Drops every page (a change nobody could announce, such as a lost notification). */
  clear() {
    this.currentGeneration += 1;
    this.clearedAt = this.currentGeneration;
    this.counts.invalidations += this.pages.size;
    this.pages.clear();
    this.keysByTag.clear();
    this.totalBytes = 0;
  }

  stats(): PageCacheStats {
    return {
      ...this.counts,
      entries: this.pages.size,
      bytes: this.totalBytes,
      maxBytes: this.options.maxBytes,
    };
  }

  private store(key: string, page: CachedPage) {
    this.remove(key);
    this.pages.set(key, page);
    this.totalBytes += page.bytes;
    for (const tag of page.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.keysByTag.set(tag, keys);
      }
      keys.add(key);
    }
    for (const oldest of this.pages.keys()) {
      if (this.totalBytes <= this.options.maxBytes) break;
      this.remove(oldest);
      this.counts.evictions += 1;
    }
  }

  private remove(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.totalBytes -= page.bytes;
    for (const tag of page.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }
}
