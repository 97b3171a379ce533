import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { accounts, profiles, userRoles } from "../../../db/schema";
import type { Database, Executor } from "../../lib/db.server";

const ADMIN_LOCK_ID = 724_511_005;
export const GENERATED_ADMIN_EMAIL = "admin@shop.example";

export async function isAdmin(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return Boolean(row);
}

export type AdministratorResult = { email: string; created: boolean };

/**
 * Makes sure `email` is an administrator: creates the account with `password` when it does not
 * exist, or grants the role to the existing account (whose password is left as it is).
 */
export async function ensureAdministrator(
  database: Database,
  input: { email: string; password: string; fullName?: string },
): Promise<AdministratorResult> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK_ID})`);
    const [existing] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, email));
    let userId = existing?.id;
    if (!userId) {
      const [created] = await tx
        .insert(profiles)
        .values({ email, fullName: input.fullName ?? "Administrator", emailVerified: true })
        .returning({ id: profiles.id });
      userId = created!.id;
      await tx.insert(accounts).values({
        userId,
        accountId: userId,
        providerId: "credential",
        password: passwordHash,
      });
    }
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    return { email, created: !existing };
  });
}

async function hasAnyAdministrator(database: Database) {
  const [row] = await database.select({ userId: userRoles.userId }).from(userRoles).limit(1);
  return Boolean(row);
}

/**
 * DESIGN §3: ADMIN_EMAIL/ADMIN_PASSWORD make sure that administrator exists. Without them, a shop
 * with no administrator at all gets one with a random password, told once on the console and in
 * DATA_DIR/admin-credentials.txt (mode 0600). There is never a fixed default password.
 */
export async function bootstrapAdministrator(
  database: Database,
  options: { adminEmail?: string; adminPassword?: string; dataDir: string; publicUrl: string },
  print: (message: string) => void = console.log,
) {
  if (options.adminEmail && options.adminPassword) {
    return ensureAdministrator(database, {
      email: options.adminEmail,
      password: options.adminPassword,
    });
  }
  if (await hasAnyAdministrator(database)) return undefined;
  const password = randomBytes(18).toString("base64url");
  const result = await ensureAdministrator(database, { email: GENERATED_ADMIN_EMAIL, password });
  if (!result.created) return result;
  const message = [
    "An administrator account was created for this shop:",
    `  sign in at ${options.publicUrl}/admin/login`,
    `  e-mail:   ${result.email}`,
    `  password: ${password}`,
    "This password is shown once. Change it, or set ADMIN_EMAIL and ADMIN_PASSWORD.",
  ].join("\n");
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(path.join(options.dataDir, "admin-credentials.txt"), `${message}\n`, {
    mode: 0o600,
  });
  print(message);
  return result;
}
