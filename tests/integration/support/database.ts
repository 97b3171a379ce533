import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "~/lib/db.server";
import { createLiveEvents, type LiveEvents } from "~/lib/live-events.server";

export const DATABASE_KIND = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

let snapshot: Blob | undefined;

/** The migrated data directory made once per run by global-setup.ts. */
function pgliteSnapshot() {
  const file = inject("pgliteSnapshot");
  if (file) snapshot ??= new Blob([fs.readFileSync(file)]);
  return snapshot;
}

/**
 * Opens the embedded database in `dataDir` as the shop does; a directory without one yet starts
 * from the run's migrated snapshot rather than PGlite's initdb and every migration.
 */
export function openPgliteOnDisk(dataDir: string) {
  const exists = fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"));
  return openPglite(dataDir, exists ? {} : { snapshot: pgliteSnapshot() });
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped again by `close`). Both start from the
 * database global-setup.ts migrated once for the run.
 */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPglite(undefined, { snapshot: pgliteSnapshot() });
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject("postgresTemplate");
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), options.poolSize ?? 10);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Opens a test database and makes it the file's: its services (support/services.ts) and live
 * updates use it.
 */
export async function useTestDatabase(options?: { poolSize?: number }) {
  const handle = await createTestDatabase(options);
  useDatabase(handle);
  return handle;
}

let fileHandle: DatabaseHandle | undefined;
let fileLive: LiveEvents | undefined;

/** From now on `handle` is the file's database, which its services and live updates use. */
export function useDatabase(handle: DatabaseHandle) {
  if (fileHandle === handle) return;
  fileHandle = handle;
  fileLive = undefined;
}

/** The file's database (useTestDatabase), or undefined before it opens one. */
export function fileDatabaseHandle() {
  return fileHandle;
}

/** The live updates of the file's database, made when first asked for, as a start makes them. */
export function fileLiveEvents(): LiveEvents {
  if (!fileHandle) throw new Error("This test file opened no database (useTestDatabase)");
  fileLive ??= createLiveEvents(fileHandle);
  return fileLive;
}
