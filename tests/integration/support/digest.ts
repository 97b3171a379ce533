import { sql } from "drizzle-orm";
import { type Database, queryRows } from "~/lib/db.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { testServices } from "./services";

/** Bookkeeping that a refused request may write: attempt counters and sessions. */
const IGNORED_TABLES = ["rate_limits", "sessions"];

let cachedTables: { database: Database; names: string[] } | undefined;

async function tableNames(database: Database) {
  if (cachedTables?.database !== database) {
    const rows = await queryRows<{ name: string }>(
      database,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const names = rows.map((row) => row.name).filter((name) => !IGNORED_TABLES.includes(name));
    cachedTables = { database, names };
  }
  return cachedTables.names;
}

/**
 * A digest of every table's rows (one query), to prove a refused request wrote nothing anywhere;
 * comparing two digests names the tables that changed. Order mails an earlier request enqueued
 * are sent first, so their sending is not taken for a write of the request under test.
 */
export async function databaseDigest(database: Database): Promise<Record<string, string>> {
  await drainMailOutbox(database, testServices());
  const names = await tableNames(database);
  const columns = names.map(
    (name) =>
      `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as "${name}"`,
  );
  const [row] = await queryRows<Record<string, string>>(
    database,
    sql.raw(`select ${columns.join(", ")}`),
  );
  return row ?? {};
}
