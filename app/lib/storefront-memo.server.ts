import { parseTags } from "../domain/page-cache-rules";
import { liveEvents, STOREFRONT_CHANGED } from "./live-events.server";
import { pageShows } from "./page-dependencies.server";

/** Text nothing announces (a reviewer's name) is at most this old, as in the page cache. */
const MAX_AGE_MS = 10 * 60_000;

type Entry<T> = { value: T; tags: readonly string[]; storedAt: number };

/**
 * Storefront reads that every visitor shares (a product's details, its reviews), kept in memory
 * until a write announces a change to what they hold: the announcements the page cache listens to
 * (db/migrations/0011_storefront_changes.sql, docs/decisions/036). Signed-in pages, which the
 * page cache cannot keep, read these without a query. Bounded by entries, least recently used
 * first out.
 */
export class StorefrontMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Moves on every invalidation: a read begun before one is not kept after it. */
  private generation = 0;

  constructor(
    private readonly maxEntries: number,
    /** Values are used and kept only while true: while the announcements are heard. */
    private readonly isCurrent: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The value kept under `key`, or `load`'s, kept when nothing was announced while it loaded. A
   * value without tags (a product that is not found) is not kept: no announcement could drop it.
   */
  async read(key: string, load: () => Promise<{ value: T; tags: readonly string[] }>): Promise<T> {
    const enabled = this.isCurrent();
    const kept = this.entries.get(key);
    if (enabled && kept && this.now() - kept.storedAt < MAX_AGE_MS) {
      // Least recently used first out: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, kept);
      pageShows(...kept.tags);
      return kept.value;
    }
    const started = this.generation;
    const loaded = await load();
    if (enabled && loaded.tags.length > 0 && started === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value: loaded.value, tags: loaded.tags, storedAt: this.now() });
      while (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.entries.delete(oldest);
      }
    }
    return loaded.value;
  }

  /** Drops every value holding one of the tags. */
  invalidate(tags: readonly string[]) {
    this.generation++;
    const changed = new Set(tags);
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => changed.has(tag))) this.entries.delete(key);
    }
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

const memos = new Set<StorefrontMemo<unknown>>();
/** Set once this process listens for the announcements on the memos' behalf. */
let subscribed = false;

/**
 * A memo that forgets what the announcements name once `rememberStorefrontReads` listens, and
 * reads the database every time while they are not heard (a change could go unseen).
 */
export function storefrontMemo<T>(maxEntries: number): StorefrontMemo<T> {
  const memo = new StorefrontMemo<T>(
    maxEntries,
    () => subscribed && liveEvents().isListening(STOREFRONT_CHANGED),
  );
  memos.add(memo as StorefrontMemo<unknown>);
  return memo;
}

/**
 * Listens for the storefront's change announcements, from this process or any other. An empty
 * announcement (the listening connection came back after a loss) forgets everything, since a
 * change may have gone unheard.
 */
export async function rememberStorefrontReads() {
  for (const memo of memos) memo.clear();
  await liveEvents().subscribe(STOREFRONT_CHANGED, (payload) => {
    for (const memo of memos) {
      if (payload) memo.invalidate(parseTags(payload));
      else memo.clear();
    }
  });
  subscribed = true;
}
