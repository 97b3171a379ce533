import { getDatabaseHandle } from "./db.server";
import { logger } from "./logger.server";

type Listener = () => void;

/**
 * Database notifications fanned out to the browsers connected to this process. Each process
 * listens once per channel; PostgreSQL delivers a NOTIFY to every listening process, so every
 * open page hears a change whichever process made it.
 */
class LiveEvents {
  private listeners = new Map<string, Set<Listener>>();
  private stops = new Map<string, Promise<() => Promise<void>>>();
  private closers = new Set<() => void>();

  async subscribe(channel: string, listener: Listener) {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    if (!this.stops.has(channel)) {
      const started = getDatabaseHandle().listen(channel, () => {
        for (const notify of this.listeners.get(channel) ?? []) notify();
      });
      this.stops.set(channel, started);
      started.catch((error) => {
        logger.error({ err: error, channel }, "could not listen for changes");
        this.stops.delete(channel);
      });
    }
    await this.stops.get(channel);
    return () => {
      set.delete(listener);
    };
  }

  /** Streams register how to end themselves, so a shutdown need not wait for them. */
  onClose(close: () => void) {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  async close() {
    for (const close of this.closers) close();
    this.closers.clear();
    const stops = [...this.stops.values()];
    this.stops.clear();
    this.listeners.clear();
    await Promise.all(stops.map((stop) => stop.then((fn) => fn()).catch(() => {})));
  }
}

const holder = globalThis as typeof globalThis & { __shopLiveEvents?: LiveEvents };

export function liveEvents(): LiveEvents {
  holder.__shopLiveEvents ??= new LiveEvents();
  return holder.__shopLiveEvents;
}

export const COUPONS_CHANGED = "coupons_changed";
