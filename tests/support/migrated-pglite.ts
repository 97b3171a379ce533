import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "../../app/lib/db.server";

/**
 * An embedded database with every migration applied, in memory or in `dataDir`. Test runs make
 * one and copy it, since PGlite's initdb and the migrations cost seconds each time.
 */
export async function createMigratedPglite(dataDir?: string) {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  return client;
}
