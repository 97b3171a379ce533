import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { acquireDirectoryLock, type DirectoryLock } from "./directory-lock.server";
import { logger } from "./logger.server";
import { databaseQueryDuration } from "./metrics.server";
import { createPgliteDirectory, isNewPgliteDirectory } from "./pglite-create.server";
import { requestStore } from "./request-store.server";

export type Schema = typeof schema;
/** Both drivers share this surface, so services never know which one runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/**
 * Counts the statements run while serving a request (RequestStore.queries), so tests can hold
 * a page to a number of queries.
 */
const queryCounter = {
  logQuery() {
    const store = requestStore();
    if (store) store.queries = (store.queries ?? 0) + 1;
  },
};

/** A service may run on its own or inside a caller's transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  /** PostgreSQL's connection pool now (the embedded database has none). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * LISTEN on a channel; resolves to a function that stops listening. `onLost` is called once if
   * the database drops the connection afterwards (PGlite's in-process channel never is).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost?: (error: Error) => void,
  ): Promise<() => Promise<void>>;
};

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

/** Any fixed 64-bit number: serialises migrations between app processes starting together. */
const MIGRATION_LOCK_ID = 724_511_003;

/** A pool connection that times each query for the metrics (the driver has no hook for it). */
class TimedClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; all pass through.
  override query(...args: any[]): any {
    const started = performance.now();
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const result = (super.query as (...a: any[]) => any)(...args);
    if (result && typeof result.then === "function") {
      const done = () => databaseQueryDuration.observe((performance.now() - started) / 1000);
      result.then(done, done);
    }
    return result;
  }
}

export async function openPostgres(databaseUrl: string, max = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, Client: TimedClient });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema, logger: queryCounter }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
    listen: async (channel, onNotify, onLost) => {
      // LISTEN needs a connection of its own for as long as it listens.
      const client = new pg.Client({ connectionString: databaseUrl });
      let listening = false;
      let stopped = false;
      const lost = (error: Error) => {
        if (!listening || stopped) return;
        listening = false;
        onLost?.(error);
      };
      client.on("error", lost);
      client.on("end", () => lost(new Error("listen connection ended")));
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      listening = true;
      return async () => {
        stopped = true;
        await client.end().catch(() => {});
      };
    },
  };
}

/**
 * PostgreSQL's default of 128MB is written through at start inside PGlite's WebAssembly memory,
 * which never shrinks: 16MB holds a small shop's hot pages and saves about 100 MB resident; the
 * data files stay in the operating system's page cache (docs/decisions/032).
 */
const PGLITE_SHARED_BUFFERS = "16MB";

/**
 * Opens the embedded database; `dataDir` undefined means in memory (tests), which may start from
 * `snapshot`, a data directory dumped by PGlite.
 */
export async function openPglite(
  dataDir?: string,
  options: { snapshot?: Blob } = {},
): Promise<DatabaseHandle> {
  let lock: DirectoryLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(path.join(dataDir, "database.lock"));
  }
  try {
    const pgliteDir = dataDir ? path.join(dataDir, "pglite") : undefined;
    if (pgliteDir && !options.snapshot && isNewPgliteDirectory(pgliteDir)) {
      await createPgliteDirectory(pgliteDir);
    }
    const client = await PGlite.create({
      dataDir: pgliteDir,
      extensions: { pg_trgm },
      loadDataDir: options.snapshot,
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
    const pgliteDb = drizzlePglite(client, { schema, logger: queryCounter });
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
    const db = pgliteDb as unknown as Database;
    return {
      db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
      listen: async (channel, onNotify) => {
        const unlisten = await client.listen(channel, (payload) => onNotify(payload));
        return async () => {
          await unlisten().catch(() => {});
        };
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
