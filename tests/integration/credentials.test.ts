import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { ensureAdministrator } from "~/modules/accounts/administrators.server";
import {
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from "~/modules/accounts/credentials.server";
import { getCurrentUser, requireAdmin } from "~/modules/accounts/session.server";
import { profiles, sessions } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: Awaited<ReturnType<typeof wireApp>>["sent"];

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
});
afterAll(() => handle.close());

describe(`accounts on ${DATABASE_KIND}`, () => {
  it("signs up a customer whose profile holds the full name, and signs them in", async () => {
    const created = await signUp(
      testServices().accounts,
      { fullName: "Asha Patil", email: "asha@gmail.com", password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.1",
    );
    expect(created.ok).toBe(true);
    const [profile] = await handle.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, "asha@gmail.com"));
    expect(profile?.fullName).toBe("Asha Patil");

    const signedIn = await signIn(
      testServices().accounts,
      { email: "asha@gmail.com", password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.1",
    );
    expect(signedIn.ok).toBe(true);
    if (!signedIn.ok) return;
    const cookies = signedIn.headers.getSetCookie();
    expect(
      cookies.some(
        (c) =>
          c.startsWith("shop.session_token=") && /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c),
      ),
    ).toBe(true);
    const user = await getCurrentUser(testServices().accounts, browserRequest("/", cookies));
    expect(user).toMatchObject({ email: "asha@gmail.com", fullName: "Asha Patil", isAdmin: false });
  });

  it("refuses a second account on the same address", async () => {
    const again = await signUp(
      testServices().accounts,
      { fullName: "Asha Two", email: "asha@gmail.com", password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.1",
    );
    expect(again.ok).toBe(false);
    expect(again.ok ? "" : again.message).toMatch(/already exists/i);
  });

  it("refuses a wrong password with Better Auth's message and writes no session", async () => {
    const before = await handle.db.$count(sessions);
    const result = await signIn(
      testServices().accounts,
      { email: "asha@gmail.com", password: "wrong-one" },
      browserRequest("/auth"),
      "10.0.0.2",
    );
    expect(result).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "Invalid email or password",
    });
    expect(await handle.db.$count(sessions)).toBe(before);
  });

  it("revokes the new session of a customer who asked for admin access", async () => {
    const before = await handle.db.$count(sessions);
    const result = await signIn(
      testServices().accounts,
      { email: "asha@gmail.com", password: "secret1", requireAdmin: true },
      browserRequest("/auth"),
      "10.0.0.3",
    );
    expect(result).toMatchObject({ ok: false, reason: "not-admin" });
    expect(await handle.db.$count(sessions)).toBe(before);
  });

  it("lets an administrator in, and requireAdmin refuses customers and visitors", async () => {
    await ensureAdministrator(handle.db, { email: "owner@shop.example", password: "owner-secret" });
    const admin = await signIn(
      testServices().accounts,
      { email: "owner@shop.example", password: "owner-secret", requireAdmin: true },
      browserRequest("/admin/login"),
      "10.0.0.4",
    );
    expect(admin).toMatchObject({ ok: true, isAdmin: true });
    if (!admin.ok) return;
    await expect(
      requireAdmin(testServices().accounts, browserRequest("/admin", admin.headers.getSetCookie())),
    ).resolves.toMatchObject({ isAdmin: true });

    const customer = await signIn(
      testServices().accounts,
      { email: "asha@gmail.com", password: "secret1" },
      browserRequest("/auth"),
      "10.0.0.4",
    );
    if (!customer.ok) throw new Error("customer sign-in failed");
    const refusal = await requireAdmin(
      testServices().accounts,
      browserRequest("/admin", customer.headers.getSetCookie()),
    ).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).headers.get("Location")).toBe("/admin/login");
    const visitor = await requireAdmin(testServices().accounts, browserRequest("/admin")).catch(
      (e: unknown) => e,
    );
    expect((visitor as Response).headers.get("Location")).toBe("/admin/login");
  });

  it("resets a password through the e-mailed token; the old password stops working", async () => {
    await requestPasswordReset(testServices().accounts, "asha@gmail.com", "10.0.0.5");
    const mail = sent.findLast((m) => m.to === "asha@gmail.com");
    expect(mail?.subject).toBe("Reset your password");
    const token = /reset-password\/([^?\s]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    expect(
      (await resetPassword(testServices().accounts, token!, "new-secret", "10.0.0.5")).ok,
    ).toBe(true);
    expect(
      (await resetPassword(testServices().accounts, token!, "again-secret", "10.0.0.5")).ok,
    ).toBe(false);
    expect(
      (
        await signIn(
          testServices().accounts,
          { email: "asha@gmail.com", password: "secret1" },
          browserRequest("/auth"),
          "10.0.0.5",
        )
      ).ok,
    ).toBe(false);
    expect(
      (
        await signIn(
          testServices().accounts,
          { email: "asha@gmail.com", password: "new-secret" },
          browserRequest("/auth"),
          "10.0.0.5",
        )
      ).ok,
    ).toBe(true);
  });

  it("answers a reset for an unknown address the same way, sending nothing", async () => {
    const count = sent.length;
    expect(
      (await requestPasswordReset(testServices().accounts, "nobody@gmail.com", "10.0.0.6")).ok,
    ).toBe(true);
    expect(sent.length).toBe(count);
  });

  it("limits sign-in attempts per e-mail address", async () => {
    const request = () =>
      signIn(
        testServices().accounts,
        { email: "target@gmail.com", password: "guess" },
        browserRequest("/auth"),
        "10.0.1.1",
      );
    for (let attempt = 0; attempt < 10; attempt++) expect((await request()).ok).toBe(false);
    const blocked = await request();
    expect(blocked).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(blocked.ok ? "" : blocked.message).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
  });
});
