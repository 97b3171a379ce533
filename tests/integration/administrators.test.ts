import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, DatabaseHandle } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import {
  bootstrapAdministrator,
  ensureAdministrator,
  GENERATED_ADMIN_EMAIL,
  isAdmin,
} from "~/modules/accounts/administrators.server";
import { signIn, signUp } from "~/modules/accounts/credentials.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { action as adminLoginAction } from "~/routes/admin/login";
import { accounts, profiles, sessions, userRoles } from "../../db/schema";
import { callRoute, postForm } from "./support/admin";
import { browserRequest, TEST_PUBLIC_URL, wireApp } from "./support/app";
import { createTestDatabase, DATABASE_KIND, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
const tempDirs: string[] = [];

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-admin-"));
  tempDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(async () => {
  await handle.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function accountOf(database: Database, email: string) {
  const [profile] = await database.select().from(profiles).where(eq(profiles.email, email));
  if (!profile) return undefined;
  const credentials = await database.select().from(accounts).where(eq(accounts.userId, profile.id));
  return { profile, credentials, admin: await isAdmin(database, profile.id) };
}

async function administratorCount(database: Database) {
  return database.$count(userRoles, eq(userRoles.role, "admin"));
}

function passwordIn(message: string) {
  return /password: (\S+)/.exec(message)?.[1];
}

async function canSignIn(email: string, password: string) {
  const result = await signIn(
    testServices().accounts,
    { email, password },
    browserRequest("/admin/login"),
    "10.1.0.1",
  );
  return result.ok;
}

/** Signs in at /admin/login as the browser would. */
function adminLogin(email: string, password: string) {
  return callRoute(adminLoginAction, postForm("/admin/login", [], { email, password }));
}

describe(`administrators on ${DATABASE_KIND}`, () => {
  it("creates a shop with no administrator one with a random password, told once", async () => {
    const dataDir = tempDataDir();
    const print = vi.fn<(message: string) => void>();
    const result = await bootstrapAdministrator(
      handle.db,
      { dataDir, publicUrl: TEST_PUBLIC_URL },
      print,
    );
    expect(result).toMatchObject({ email: GENERATED_ADMIN_EMAIL, created: true });

    expect(print).toHaveBeenCalledTimes(1);
    const message = print.mock.calls[0]![0];
    expect(message).toContain(`${TEST_PUBLIC_URL}/admin/login`);
    expect(message).toContain(GENERATED_ADMIN_EMAIL);
    const password = passwordIn(message);
    expect(password).toBeTruthy();
    expect(password!.length).toBeGreaterThanOrEqual(16);

    const file = path.join(dataDir, "admin-credentials.txt");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toContain(`password: ${password}`);

    const account = await accountOf(handle.db, GENERATED_ADMIN_EMAIL);
    expect(account?.admin).toBe(true);
    expect(await canSignIn(GENERATED_ADMIN_EMAIL, password!)).toBe(true);
  });

  it("does nothing and prints nothing on a later start when an administrator exists", async () => {
    const dataDir = tempDataDir();
    const print = vi.fn<(message: string) => void>();
    const before = await administratorCount(handle.db);
    const result = await bootstrapAdministrator(
      handle.db,
      { dataDir, publicUrl: TEST_PUBLIC_URL },
      print,
    );
    expect(result).toBeUndefined();
    expect(print).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(dataDir, "admin-credentials.txt"))).toBe(false);
    expect(await administratorCount(handle.db)).toBe(before);
  });

  it("with ADMIN_EMAIL and ADMIN_PASSWORD creates that administrator, who can sign in", async () => {
    const print = vi.fn<(message: string) => void>();
    const result = await bootstrapAdministrator(
      handle.db,
      {
        adminEmail: "Owner@Shop.Example",
        adminPassword: "owner-secret",
        dataDir: tempDataDir(),
        publicUrl: TEST_PUBLIC_URL,
      },
      print,
    );
    expect(result).toMatchObject({ email: "owner@shop.example", created: true });
    expect(print).not.toHaveBeenCalled();

    const account = await accountOf(handle.db, "owner@shop.example");
    expect(account?.profile.emailVerified).toBe(true);
    expect(account?.credentials).toHaveLength(1);
    expect(account?.credentials[0]).toMatchObject({
      providerId: "credential",
      accountId: account?.profile.id,
    });
    expect(account?.credentials[0]?.password).not.toBe("owner-secret");
    expect(account?.admin).toBe(true);

    const signedIn = await signIn(
      testServices().accounts,
      { email: "owner@shop.example", password: "owner-secret", requireAdmin: true },
      browserRequest("/admin/login"),
      "10.1.0.2",
    );
    expect(signedIn).toMatchObject({ ok: true, isAdmin: true });
  });

  it("takes over an account someone signed up on ADMIN_EMAIL: ADMIN_PASSWORD opens the back office, the sign-up's password and sessions no longer do, and a warning names the e-mail", async () => {
    const signedUp = await signUp(
      testServices().accounts,
      { fullName: "Boss Impostor", email: "boss@gmail.com", password: "impostor-secret" },
      browserRequest("/auth"),
      "10.1.0.3",
    );
    expect(signedUp.ok).toBe(true);
    const impostorCookies = signedUp.ok ? signedUp.headers.getSetCookie() : [];
    expect(
      await getCurrentUser(testServices().accounts, browserRequest("/", impostorCookies)),
    ).toMatchObject({
      email: "boss@gmail.com",
    });
    const before = await accountOf(handle.db, "boss@gmail.com");

    const warn = vi.spyOn(logger, "warn");
    try {
      const result = await bootstrapAdministrator(handle.db, {
        adminEmail: "boss@gmail.com",
        adminPassword: "operator-secret",
        dataDir: tempDataDir(),
        publicUrl: TEST_PUBLIC_URL,
      });
      expect(result).toMatchObject({ email: "boss@gmail.com", created: false, tookOver: true });
      expect(warn).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(warn.mock.calls[0]);
      expect(logged).toContain("boss@gmail.com");
      expect(logged).not.toContain("operator-secret");
      expect(logged).not.toContain("impostor-secret");
    } finally {
      warn.mockRestore();
    }

    const after = await accountOf(handle.db, "boss@gmail.com");
    expect(after?.profile.id).toBe(before?.profile.id);
    expect(after?.admin).toBe(true);
    expect(after?.credentials).toHaveLength(1);
    expect(await handle.db.$count(sessions, eq(sessions.userId, after!.profile.id))).toBe(0);
    expect(
      await getCurrentUser(testServices().accounts, browserRequest("/", impostorCookies)),
    ).toBeNull();

    const impostor = await adminLogin("boss@gmail.com", "impostor-secret");
    expect(impostor.status).toBe(401);
    const operator = await adminLogin("boss@gmail.com", "operator-secret");
    expect(operator.status).toBe(302);
    expect(operator.location).toBe("/admin/dashboard");
  });

  it("on a restart with the same ADMIN_EMAIL and ADMIN_PASSWORD keeps the administrator's sessions and warns of nothing", async () => {
    const signedIn = await adminLogin("boss@gmail.com", "operator-secret");
    expect(signedIn.status).toBe(302);
    const cookies = signedIn.response?.headers.getSetCookie() ?? [];
    const warn = vi.spyOn(logger, "warn");
    try {
      const result = await bootstrapAdministrator(handle.db, {
        adminEmail: "boss@gmail.com",
        adminPassword: "operator-secret",
        dataDir: tempDataDir(),
        publicUrl: TEST_PUBLIC_URL,
      });
      expect(result).toMatchObject({ created: false, tookOver: false });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect(
      await getCurrentUser(testServices().accounts, browserRequest("/", cookies)),
    ).toMatchObject({
      email: "boss@gmail.com",
      isAdmin: true,
    });
  });

  it("gives a profile without a password the administrator's password", async () => {
    await handle.db.insert(profiles).values({ email: "nopass@gmail.com", fullName: "No Password" });
    const result = await ensureAdministrator(handle.db, {
      email: "nopass@gmail.com",
      password: "operator-secret",
    });
    expect(result).toMatchObject({ created: false, tookOver: true });
    const account = await accountOf(handle.db, "nopass@gmail.com");
    expect(account?.credentials).toHaveLength(1);
    expect(account?.admin).toBe(true);
    expect(await canSignIn("nopass@gmail.com", "operator-secret")).toBe(true);
  });

  it("is idempotent: ensuring the same administrator twice keeps one account and one role", async () => {
    await ensureAdministrator(handle.db, { email: "owner@shop.example", password: "owner-secret" });
    const account = await accountOf(handle.db, "owner@shop.example");
    expect(account?.credentials).toHaveLength(1);
    expect(await handle.db.$count(userRoles, eq(userRoles.userId, account!.profile.id))).toBe(1);
  });

  it("isAdmin is false for a customer and for an unknown user id", async () => {
    const customer = await signUp(
      testServices().accounts,
      { fullName: "Ravi Jadhav", email: "ravi@gmail.com", password: "ravi-secret" },
      browserRequest("/auth"),
      "10.1.0.4",
    );
    expect(customer.ok).toBe(true);
    const ravi = await accountOf(handle.db, "ravi@gmail.com");
    expect(ravi?.admin).toBe(false);
    expect(await isAdmin(handle.db, "00000000-0000-4000-8000-000000000000")).toBe(false);
  });
});

describe(`first start of a new shop on ${DATABASE_KIND}`, () => {
  let fresh: DatabaseHandle;
  beforeAll(async () => {
    fresh = await createTestDatabase({ poolSize: 10 });
  });
  afterAll(() => fresh.close());

  /** Back to a shop with no accounts at all (roles and credentials go with the profiles). */
  async function emptyShop() {
    await fresh.db.delete(profiles);
    expect(await administratorCount(fresh.db)).toBe(0);
  }

  async function firstStart(dataDir = tempDataDir()) {
    const print = vi.fn<(message: string) => void>();
    await bootstrapAdministrator(fresh.db, { dataDir, publicUrl: TEST_PUBLIC_URL }, print);
    expect(print).toHaveBeenCalledTimes(1);
    return passwordIn(print.mock.calls[0]![0]);
  }

  it("generates a different password on every run", async () => {
    await emptyShop();
    const first = await firstStart();
    await emptyShop();
    const second = await firstStart();
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });

  it("creates exactly one administrator when five processes start at once", async () => {
    await emptyShop();
    const dataDir = tempDataDir();
    const print = vi.fn<(message: string) => void>();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        bootstrapAdministrator(fresh.db, { dataDir, publicUrl: TEST_PUBLIC_URL }, print),
      ),
    );
    expect(await administratorCount(fresh.db)).toBe(1);
    expect(await fresh.db.$count(profiles)).toBe(1);
    expect(await fresh.db.$count(accounts)).toBe(1);
    expect(results.filter((r) => r?.created)).toHaveLength(1);
    expect(print).toHaveBeenCalledTimes(1);
    // The password on file is the one that was printed (no later run overwrote it).
    const printed = passwordIn(print.mock.calls[0]![0]);
    const onFile = passwordIn(fs.readFileSync(path.join(dataDir, "admin-credentials.txt"), "utf8"));
    expect(onFile).toBe(printed);
  });
});
