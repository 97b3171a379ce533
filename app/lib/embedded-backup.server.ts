import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { tightenDataDirectory } from "./data-dir-permissions.server";
import {
  acquireDirectoryLock,
  DataDirectoryLockedError,
  type DirectoryLock,
} from "./directory-lock.server";

/** A backup or restore that would be unsafe or cannot be done; the message says what to do. */
export class BackupRefusedError extends Error {}

/** The embedded database's own folder inside DATA_DIR (see app/lib/db.server.ts). */
const databaseFolder = (dataDir: string) => path.join(dataDir, "pglite");

function lockOwner(lockPath: string) {
  try {
    return fs.readFileSync(lockPath, "utf8").trim() || "starting";
  } catch {
    return "unknown";
  }
}

function lockDataDirectory(dataDir: string, action: "back up" | "restore into"): DirectoryLock {
  const lockPath = path.join(dataDir, "database.lock");
  try {
    return acquireDirectoryLock(lockPath);
  } catch (error) {
    if (!(error instanceof DataDirectoryLockedError)) throw error;
    throw new BackupRefusedError(
      `Cannot ${action} ${dataDir} while the shop is running on it (pid ${lockOwner(lockPath)}). ` +
        "The embedded database allows one process at a time, so a consistent copy needs the shop " +
        "stopped. Stop the shop (SIGTERM or Ctrl-C), run this again, then start the shop. " +
        "To back up without stopping, run the shop on PostgreSQL (DATABASE_URL) and use pg_dump.",
    );
  }
}

function openEmbedded(dataDir: string, loadDataDir?: Blob) {
  return PGlite.create({ dataDir: databaseFolder(dataDir), extensions: { pg_trgm }, loadDataDir });
}

async function countOrders(client: PGlite) {
  const result = await client.query<{ count: number }>("select count(*)::int as count from orders");
  return result.rows[0]?.count ?? 0;
}

export type BackupResult = { file: string; bytes: number; orders: number };

/**
 * A consistent copy of the embedded database in DATA_DIR, as a gzipped tarball of its data
 * folder. Refused while the shop runs on that directory: only one process may open it.
 */
export async function backupEmbeddedDatabase(options: {
  dataDir: string;
  file: string;
}): Promise<BackupResult> {
  const { dataDir, file } = options;
  if (!fs.existsSync(path.join(databaseFolder(dataDir), "PG_VERSION"))) {
    throw new BackupRefusedError(`There is no embedded database in ${dataDir} to back up.`);
  }
  const lock = lockDataDirectory(dataDir, "back up");
  try {
    const client = await openEmbedded(dataDir);
    let tarball: Blob;
    let orders: number;
    try {
      orders = await countOrders(client);
      // Everything committed goes into the data files, so the copy needs no log replay.
      await client.exec("checkpoint");
      tarball = await client.dumpDataDir("gzip");
    } finally {
      await client.close();
    }
    const bytes = Buffer.from(await tarball.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    // Written aside and renamed, so an interrupted backup never looks like a complete one.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, bytes, { mode: 0o600 });
    fs.renameSync(partial, file);
    return { file, bytes: bytes.length, orders };
  } finally {
    lock.release();
  }
}

function isEmptyDirectory(dir: string) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

export type RestoreResult = { dataDir: string; orders: number; replaced: boolean };

/**
 * Loads a backup into DATA_DIR, which must be new or empty; with `force` the database already
 * there is replaced (the rest of the directory, such as the outbox, is kept). Every entry ends
 * readable by this account only.
 */
export async function restoreEmbeddedDatabase(options: {
  file: string;
  dataDir: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const { file, dataDir, force = false } = options;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new BackupRefusedError(`There is no backup file at ${file}.`);
  }
  const empty = isEmptyDirectory(dataDir);
  if (!empty && !force) {
    throw new BackupRefusedError(
      `${dataDir} is not empty. Restore into a new or empty DATA_DIR, or pass --force to replace ` +
        "the database in it.",
    );
  }
  tightenDataDirectory(dataDir);
  const lock = lockDataDirectory(dataDir, "restore into");
  try {
    const replaced = fs.existsSync(databaseFolder(dataDir));
    fs.rmSync(databaseFolder(dataDir), { recursive: true, force: true });
    const tarball = new Blob([fs.readFileSync(file)]);
    let orders: number;
    try {
      const client = await openEmbedded(dataDir, tarball);
      try {
        orders = await countOrders(client);
      } finally {
        await client.close();
      }
    } catch (error) {
      fs.rmSync(databaseFolder(dataDir), { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      throw new BackupRefusedError(`${file} is not a backup of the shop's database (${reason}).`);
    }
    tightenDataDirectory(dataDir);
    return { dataDir, orders, replaced };
  } finally {
    lock.release();
  }
}
