import type { Database } from "./db.server";
import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

type JobState = { running?: Promise<void>; queued?: Promise<void>; stopping: boolean };

const passes = singleton("background passes", () => new Map<string, WeakMap<Database, JobState>>());

function stateOf(name: string, database: Database) {
  let byDatabase = passes.get(name);
  if (!byDatabase) {
    byDatabase = new WeakMap();
    passes.set(name, byDatabase);
  }
  let state = byDatabase.get(database);
  if (!state) {
    state = { stopping: false };
    byDatabase.set(database, state);
  }
  return state;
}

/**
 * Work an outbox table holds for one database (mails to send, refunds to make), done in passes
 * that run one after another in this process: a call while a pass runs waits for it and then runs
 * one more, so whatever was due when it was called has been tried when it resolves. `run` never
 * rejects: a failing pass is logged and the timer tries again. `kick` starts a pass without waiting
 * (right after a transaction that added work commits); `schedule` runs one at start (work a
 * stopped process left) and then every `everyMs`, and its stop resolves once the pass under way
 * is done. `pass` is told when the process is stopping, to end early.
 */
export function backgroundJob(
  name: string,
  pass: (database: Database, stopping: () => boolean) => Promise<void>,
) {
  function run(database: Database): Promise<void> {
    const state = stateOf(name, database);
    if (state.stopping) return state.running ?? Promise.resolve();
    if (state.queued) return state.queued;
    const current: Promise<void> = (state.running ?? Promise.resolve()).then(async () => {
      state.queued = undefined;
      state.running = current;
      try {
        await pass(database, () => state.stopping);
      } catch (error) {
        logger.error({ err: error, job: name }, "a background job's pass failed");
      } finally {
        if (state.running === current) state.running = undefined;
      }
    });
    state.queued = current;
    return current;
  }

  function kick(database: Database) {
    void run(database);
  }

  function schedule(database: () => Database, everyMs: number) {
    const state = stateOf(name, database());
    state.stopping = false;
    kick(database());
    const timer = setInterval(() => kick(database()), everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      state.stopping = true;
      await Promise.all([state.running, state.queued]);
    };
  }

  return { run, kick, schedule };
}
