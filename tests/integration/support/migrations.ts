import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type Database, MIGRATIONS_FOLDER } from "~/lib/db.server";

/**
 * Runs the UPDATE statements of one committed migration again, as they ran on a database that
 * held rows from before it. Returns how many statements ran.
 */
export async function rerunMigrationUpdates(database: Database, number: string) {
  const folder = path.resolve(process.cwd(), "db/migrations");
  const file = fs.readdirSync(folder).find((name) => name.startsWith(`${number}_`));
  if (!file) throw new Error(`migration ${number} is missing`);
  const statements = fs
    .readFileSync(path.join(folder, file), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^update\b/i.test(statement));
  for (const statement of statements) await database.execute(sql.raw(statement));
  return statements.length;
}

export type Run = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A copy of the migrations folder that stops after migration `last`. */
function migrationsUpTo(last: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A database of its own migrated up to migration `last`, on PostgreSQL when TEST_DATABASE_URL is
 * set (a database created for it and dropped on close), else on PGlite: for filling it as the
 * shop had it then and migrating it the rest of the way.
 */
export async function databaseAtMigration(last: number) {
  const upTo = migrationsUpTo(last);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client), { migrationsFolder: upTo });
    const run: Run = async (text, values) => (await client.query(text, values)).rows as never;
    return {
      run,
      migrateAll: () =>
        migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.close(),
    };
  }
  const name = `shop_migration_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: upTo });
  const run: Run = async (text, values) => (await client.query(text, values)).rows;
  return {
    run,
    migrateAll: () => migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
