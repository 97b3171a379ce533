import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { sendDueMails } from "./mail-outbox.server";

type DrainState = {
  running?: Promise<void>;
  queued?: Promise<void>;
  stopping: boolean;
};

// On globalThis, so every copy of this module in the process (development reloads) shares it.
const holder = globalThis as typeof globalThis & {
  __shopMailDrains?: WeakMap<Database, DrainState>;
};

function drainState(database: Database) {
  holder.__shopMailDrains ??= new WeakMap();
  let state = holder.__shopMailDrains.get(database);
  if (!state) {
    state = { stopping: false };
    holder.__shopMailDrains.set(database, state);
  }
  return state;
}

/**
 * Sends every order mail due now. Passes over one database in one process run one after another:
 * a call while one runs waits for it and then runs one more, so whatever was due when it was
 * called has been tried when it resolves. It never rejects: a failing pass is logged and the timer
 * tries again.
 */
export function drainMailOutbox(database: Database): Promise<void> {
  const state = drainState(database);
  if (state.stopping) return state.running ?? Promise.resolve();
  if (state.queued) return state.queued;
  const pass: Promise<void> = (state.running ?? Promise.resolve()).then(async () => {
    state.queued = undefined;
    state.running = pass;
    try {
      await sendDueMails(database, { stopping: () => state.stopping });
    } catch (error) {
      logger.error({ err: error }, "sending order mails failed");
    } finally {
      if (state.running === pass) state.running = undefined;
    }
  });
  state.queued = pass;
  return pass;
}

/**
 * Starts sending right after a transaction that enqueued mails has committed, without waiting:
 * a customer's page never waits on the mail server.
 */
export function kickMailOutbox(database: Database) {
  void drainMailOutbox(database);
}

/**
 * Drains at start (mails a stopped or crashed process left behind) and then every `everyMs`, so
 * mails whose kick was lost or whose retry is due go out. The returned stop ends the timer and
 * resolves once the mail being sent, if any, is done.
 */
export function scheduleMailOutbox(database: () => Database, everyMs = 30_000) {
  const state = drainState(database());
  state.stopping = false;
  kickMailOutbox(database());
  const timer = setInterval(() => kickMailOutbox(database()), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    state.stopping = true;
    await Promise.all([state.running, state.queued]);
  };
}
