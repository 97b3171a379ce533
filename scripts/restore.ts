/**
 * npm run restore -- path/to/backup.tar.gz [--force]
 * Loads a backup made by `npm run backup` into DATA_DIR, which must be new or empty (--force
 * replaces the database already there). The shop must be stopped.
 */
import { parseArgs } from "node:util";
import { restrictNewFiles } from "../app/lib/data-dir-permissions.server";
import { BackupRefusedError, restoreEmbeddedDatabase } from "../app/lib/embedded-backup.server";
import { InvalidEnvironmentError, parseEnv } from "../app/lib/env.server";

async function main() {
  restrictNewFiles();
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false } },
  });
  const file = positionals[0];
  if (!file) {
    console.error("Usage: DATA_DIR=./data npm run restore -- path/to/backup.tar.gz [--force]");
    process.exit(2);
  }
  const env = parseEnv();
  if (env.DATABASE_URL) {
    throw new BackupRefusedError(
      "DATABASE_URL is set: restore a PostgreSQL dump with pg_restore (see docs/backup-and-restore.md).",
    );
  }
  const result = await restoreEmbeddedDatabase({
    file,
    dataDir: env.DATA_DIR,
    force: values.force,
  });
  console.log(
    `Restored ${file} into ${result.dataDir}${result.replaced ? " (the database there was replaced)" : ""}: ${result.orders} orders.`,
  );
}

main().catch((error) => {
  const known = error instanceof BackupRefusedError || error instanceof InvalidEnvironmentError;
  console.error(known ? error.message : `The restore failed: ${error?.message ?? error}`);
  process.exit(1);
});
