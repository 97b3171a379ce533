import { retryDelay } from "../domain/backoff";
import type { DatabaseHandle } from "./db.server";
import { logger } from "./logger.server";

/** Called with the notification's payload; "" when the channel came back after a loss. */
type Listener = (payload: string) => void;

/** Waits between attempts to listen again after the database dropped the connection. */
const RECONNECT = { baseMs: 500, capMs: 30_000 };

type ChannelState = {
  listening: boolean;
  failedAttempts: number;
  stop?: () => Promise<void>;
  retry?: ReturnType<typeof setTimeout>;
  firstAttempt: Promise<void>;
};

/**
 * Database notifications fanned out to the browsers connected to this process. Each process
 * listens once per channel; PostgreSQL delivers a NOTIFY to every listening process, so every
 * open page hears a change whichever process made it. When the database drops the listening
 * connection, the channel listens again with a capped, jittered backoff and, once back, tells
 * its pages that something may have changed meanwhile.
 */
export class LiveEvents {
  constructor(private readonly database: Pick<DatabaseHandle, "listen">) {}

  private listeners = new Map<string, Set<Listener>>();
  private channels = new Map<string, ChannelState>();
  private closers = new Set<() => void>();

  async subscribe(channel: string, listener: Listener) {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    let state = this.channels.get(channel);
    if (!state) {
      state = { listening: false, failedAttempts: 0, firstAttempt: Promise.resolve() };
      this.channels.set(channel, state);
      state.firstAttempt = this.listen(channel, state);
    }
    await state.firstAttempt;
    return () => {
      set.delete(listener);
    };
  }

  isListening(channel: string) {
    return this.channels.get(channel)?.listening ?? false;
  }

  /** Channels whose listening connection is down (and being re-established). */
  downChannels(): string[] {
    return [...this.channels].filter(([, state]) => !state.listening).map(([channel]) => channel);
  }

  private fanOut(channel: string, payload: string) {
    for (const notify of this.listeners.get(channel) ?? []) notify(payload);
  }

  private async listen(channel: string, state: ChannelState) {
    try {
      const stop = await this.database.listen(
        channel,
        (payload) => this.fanOut(channel, payload),
        (error) => this.lost(channel, state, error),
      );
      if (this.channels.get(channel) !== state) {
        await stop();
        return;
      }
      state.stop = stop;
      state.listening = true;
      if (state.failedAttempts > 0) {
        logger.info({ channel }, "listening for changes again");
        state.failedAttempts = 0;
        // A change made while nobody listened was never heard: let the pages look again.
        this.fanOut(channel, "");
      }
    } catch (error) {
      this.lost(channel, state, error as Error);
    }
  }

  private lost(channel: string, state: ChannelState, error: Error) {
    // A channel closed meanwhile stays closed; one already waiting to retry needs no second timer.
    if (this.channels.get(channel) !== state || state.retry) return;
    state.listening = false;
    state.stop = undefined;
    const delayMs = retryDelay(state.failedAttempts, RECONNECT);
    state.failedAttempts += 1;
    logger.warn({ err: error, channel, retryInMs: delayMs }, "not listening for changes; retrying");
    state.retry = setTimeout(() => {
      state.retry = undefined;
      void this.listen(channel, state);
    }, delayMs);
    state.retry.unref?.();
  }

  /** Streams register how to end themselves, so a shutdown need not wait for them. */
  onClose(close: () => void) {
    this.closers.add(close);
    return () => this.closers.delete(close);
  }

  async close() {
    for (const close of this.closers) close();
    this.closers.clear();
    const states = [...this.channels.values()];
    this.channels.clear();
    this.listeners.clear();
    for (const state of states) clearTimeout(state.retry);
    await Promise.all(states.map((state) => state.stop?.().catch(() => {})));
  }
}

/** The live updates of one start of the shop, heard on the database it opened. */
export function createLiveEvents(database: Pick<DatabaseHandle, "listen">): LiveEvents {
  return new LiveEvents(database);
}

export const COUPONS_CHANGED = "coupons_changed";
/** Tags of what changed on the storefront (db/migrations/0011_storefront_changes.sql). */
export const STOREFRONT_CHANGED = "storefront_changed";
/** The user whose session, name, role, cart or saved products changed; "" for every user
 * (db/migrations/0016_shopper_changes.sql). */
export const SHOPPER_CHANGED = "shopper_changed";
