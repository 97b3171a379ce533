/**
 * Failures remembered by key for a while (docs/decisions/069), so that a call that just failed is
 * answered with its failure at once instead of being waited on again; bounded by entries, the
 * oldest leaving first.
 */
export class RecentFailures {
  private readonly entries = new Map<string, { error: unknown; at: number }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number },
  ) {}

  private now() {
    return (this.options.now ?? Date.now)();
  }

  remember(key: string, error: unknown) {
    this.entries.delete(key);
    this.entries.set(key, { error, at: this.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The failure of `key` while it is remembered; undefined otherwise. */
  recall(key: string): { error: unknown } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { error: entry.error };
  }

  forget(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
