import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";

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
