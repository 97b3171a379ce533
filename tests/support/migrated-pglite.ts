import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../../app/lib/db.server";

/**
 * An embedded database with every migration applied, in memory or in `dataDir`. Test runs make
 * one and copy it, since PGlite's initdb and the migrations cost seconds each time.
 */
async function createMigratedPglite(dataDir?: string) {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  return client;
}

const SNAPSHOT_FOLDER = path.join("node_modules", ".cache", "shop-tests");

/** Names what the snapshot holds: every migration file and the PGlite release that made it. */
function snapshotKey() {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    fs.readFileSync(path.join("node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  for (const file of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, String(file));
    if (fs.statSync(full).isFile()) hash.update(String(file)).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A tar of a migrated embedded database's data directory, made once and kept under
 * node_modules/.cache for every later step and run with the same migrations: `npm test` starts
 * five test runs that each need one, and each would otherwise spend seconds on initdb and the
 * migrations while the other core waits. Uncompressed, since a test file opens it faster so.
 */
export async function migratedSnapshotFile() {
  const file = path.resolve(SNAPSHOT_FOLDER, `pglite-migrated-${snapshotKey()}.tar`);
  if (fs.existsSync(file)) return file;
  const client = await createMigratedPglite();
  const dump = await client.dumpDataDir("none");
  await client.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a run started beside this one never reads half a file.
  const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/** Creates `dataDir` as a migrated embedded database, from the snapshot. */
export async function createMigratedDataDir(dataDir: string) {
  const snapshot = new Blob([fs.readFileSync(await migratedSnapshotFile())]);
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: snapshot });
  await client.close();
}
