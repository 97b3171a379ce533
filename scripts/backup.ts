/**
 * npm run backup [-- path/to/file.tar.gz]
 * A consistent copy of the embedded database in DATA_DIR (default backups/shop-<time>.tar.gz).
 * The shop must be stopped; on PostgreSQL use pg_dump instead (docs/backup-and-restore.md).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { restrictNewFiles } from "../app/lib/data-dir-permissions.server";
import { BackupRefusedError, backupEmbeddedDatabase } from "../app/lib/embedded-backup.server";
import { InvalidEnvironmentError, parseEnv } from "../app/lib/env.server";

async function main() {
  restrictNewFiles();
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const env = parseEnv();
  if (env.DATABASE_URL) {
    throw new BackupRefusedError(
      "DATABASE_URL is set: the shop keeps its data in PostgreSQL. Back it up with " +
        "pg_dump -Fc (see docs/backup-and-restore.md).",
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = positionals[0] ?? path.join("backups", `shop-${stamp}.tar.gz`);
  const result = await backupEmbeddedDatabase({ dataDir: env.DATA_DIR, file });
  console.log(
    `Backed up ${env.DATA_DIR} to ${result.file} (${result.bytes} bytes, ${result.orders} orders).`,
  );
}

main().catch((error) => {
  const known = error instanceof BackupRefusedError || error instanceof InvalidEnvironmentError;
  console.error(known ? error.message : `The backup failed: ${error?.message ?? error}`);
  process.exit(1);
});
