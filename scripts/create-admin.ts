/**
 * npm run admin:create -- --email owner@example.com --password "a long secret" [--name "Full Name"]
 * Creates the administrator, or makes an existing account an administrator with this password,
 * ending its sessions when its password was a different one (docs/decisions/012).
 * Uses the same DATABASE_URL / DATA_DIR as the shop; stop an embedded-database shop first.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "../app/lib/db.server";
import { InvalidEnvironmentError, parseEnv } from "../app/lib/env.server";
import { ensureAdministrator } from "../app/modules/accounts/administrators.server";

const argsSchema = z.object({
  email: z
    .string({ error: "--email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "--email must be an e-mail address" })),
  password: z
    .string({ error: "--password is required" })
    .min(6, { error: "--password must have at least 6 characters" }),
  name: z.string().trim().min(2).max(100).optional(),
});

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
    console.error('Usage: npm run admin:create -- --email E --password P [--name "Full Name"]');
    process.exit(2);
  }
  const env = parseEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const result = await ensureAdministrator(handle.db, {
      email: parsed.data.email,
      password: parsed.data.password,
      fullName: parsed.data.name,
    });
    if (result.created) console.log(`Administrator ${result.email} created.`);
    else if (result.tookOver) {
      console.warn(
        `${result.email} already had an account with another password: it is now an administrator with the password given, and its ${result.sessionsEnded} session(s) were ended.`,
      );
    } else console.log(`${result.email} is an administrator.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(
    error instanceof InvalidEnvironmentError
      ? error.message
      : `Could not create the administrator: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
