import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import { accounts, profiles, sessions, userRoles } from "../../../db/schema";
import type { Database, Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";

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

export type AdministratorResult = {
  email: string;
  created: boolean;
  /** An existing account's password was replaced by `password` and its sessions were ended. */
  tookOver: boolean;
  sessionsEnded: number;
};

/**
 * Makes sure `email` is an administrator whose password is `password` (docs/decisions/012).
 * Creates the account when it does not exist. An existing account whose password is not
 * `password` (for example one anybody signed up on that address) is taken over: its password
 * becomes `password` and all its sessions end, so only whoever knows `password` gets in.
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
    let tookOver = false;
    let sessionsEnded = 0;
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
    } else {
      const [credential] = await tx
        .select({ id: accounts.id, password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
      const matches =
        credential?.password != null &&
        (await verifyPassword({ hash: credential.password, password: input.password }));
      if (!matches) {
        tookOver = true;
        if (credential) {
          await tx
            .update(accounts)
            .set({ password: passwordHash, updatedAt: new Date() })
            .where(eq(accounts.id, credential.id));
        } else {
          await tx.insert(accounts).values({
            userId,
            accountId: userId,
            providerId: "credential",
            password: passwordHash,
          });
        }
        const ended = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ id: sessions.id });
        sessionsEnded = ended.length;
      }
    }
    await tx.insert(userRoles).values({ userId, role: "admin" }).onConflictDoNothing();
    return { email, created: !existing, tookOver, sessionsEnded };
  });
}

async function hasAnyAdministrator(database: Database) {
  const [row] = await database.select({ userId: userRoles.userId }).from(userRoles).limit(1);
  return Boolean(row);
}

/**
 * docs/DESIGN.md §3: ADMIN_EMAIL/ADMIN_PASSWORD make sure that administrator exists. Without them, a shop
 * with no administrator at all gets one with a random password, told once on the console and in
 * DATA_DIR/admin-credentials.txt (mode 0600). There is never a fixed default password.
 */
export async function bootstrapAdministrator(
  database: Database,
  options: { adminEmail?: string; adminPassword?: string; dataDir: string; publicUrl: string },
  print: (message: string) => void = console.log,
) {
  if (options.adminEmail && options.adminPassword) {
    const result = await ensureAdministrator(database, {
      email: options.adminEmail,
      password: options.adminPassword,
    });
    if (result.tookOver) {
      logger.warn(
        { email: result.email, sessionsEnded: result.sessionsEnded },
        "ADMIN_EMAIL names an existing account whose password was not ADMIN_PASSWORD: its password is now ADMIN_PASSWORD, all its sessions were ended, and it holds the admin role",
      );
    }
    return result;
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
