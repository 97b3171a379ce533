/**
 * Answers kept in memory for a while, by key: bounded by entries (least recently used first out)
 * and by age. Concurrent reads of one missing key share one load. A failed load is not kept.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; storedAt: number }>();
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    private readonly options: { maxEntries: number; ttlMs: number; now?: () => number },
  ) {}

  private now() {
    return (this.options.now ?? Date.now)();
  }

  async read(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && this.now() - kept.storedAt < this.options.ttlMs) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.value;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = load()
      .then((value) => {
        this.entries.delete(key);
        this.entries.set(key, { value, storedAt: this.now() });
        while (this.entries.size > this.options.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest === undefined) break;
          this.entries.delete(oldest);
        }
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, started);
    return started;
  }

  get size() {
    return this.entries.size;
  }

  clear() {
    this.entries.clear();
  }
}
