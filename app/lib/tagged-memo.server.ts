import type { LiveEvents } from "./live-events.server";

/**
 * What nothing announces (a reviewer's renamed profile, on a product's reviews) is at most this
 * old, as in the page cache.
 */
const MAX_AGE_MS = 10 * 60_000;

type Entry<T> = { value: T; tags: readonly string[]; storedAt: number };

/**
 * Reads kept in memory until a write announces a change to what they hold, by the tags each value
 * was stored with: the storefront's shared reads (storefront-memo.server.ts) and the signed-in
 * shopper (modules/accounts/shopper-memo.server.ts). Bounded by entries, least recently used
 * first out, and by age.
 */
export class TaggedMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Moves on every invalidation: a read begun before one is not kept after it. */
  private generation = 0;

  constructor(
    private readonly maxEntries: number,
    /** Values are used and kept only while true: while the announcements are heard. */
    private readonly isCurrent: () => boolean,
    private readonly now: () => number = Date.now,
    /** Told the tags of every value answered from memory. */
    private readonly onHit: (tags: readonly string[]) => void = () => {},
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
      this.onHit(kept.tags);
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

/**
 * The memos one channel's announcements keep up to date. Until `remember` listens on a start's
 * live updates, and while the channel is not heard, they read the database every time (a change
 * could go unseen). An empty announcement (the listening connection came back after a loss, or a
 * table was emptied) forgets everything.
 */
export function memosOfChannel(channel: string, tagsOf: (payload: string) => readonly string[]) {
  const memos = new Set<TaggedMemo<unknown>>();
  // The live updates the memos were last told to follow: a process's start (or a test's).
  let heard: LiveEvents | undefined;
  return {
    create<T>(maxEntries: number, onHit?: (tags: readonly string[]) => void): TaggedMemo<T> {
      const memo = new TaggedMemo<T>(
        maxEntries,
        () => heard?.isListening(channel) ?? false,
        Date.now,
        onHit,
      );
      memos.add(memo as TaggedMemo<unknown>);
      return memo;
    },
    async remember(live: LiveEvents) {
      heard = undefined;
      for (const memo of memos) memo.clear();
      await live.subscribe(channel, (payload) => {
        for (const memo of memos) {
          if (payload) memo.invalidate(tagsOf(payload));
          else memo.clear();
        }
      });
      heard = live;
    },
  };
}
