import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeToast } from "~/lib/toast.server";
import { signUp } from "~/modules/accounts/credentials.server";
import { action as authAction } from "~/routes/auth/auth";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext, TEST_SIGNER, testServices } from "./support/services";

let handle: Awaited<ReturnType<typeof useTestDatabase>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

const RETRY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

/** Posts the sign-in form of /auth from the given client address, as its browser would. */
async function signInFrom(clientIp: string, email: string, password: string) {
  const request = browserRequest("/auth", [], {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  const context = routeContext(clientIp);
  let outcome: unknown;
  try {
    outcome = await authAction({ request, params: {}, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, location: outcome.headers.get("Location"), toast: null };
  }
  const { init } = outcome as { init: ResponseInit | null };
  const { toast } = await takeToast(
    TEST_SIGNER,
    browserRequest("/", new Headers(init?.headers).getSetCookie()),
  );
  return { status: init?.status ?? 200, location: null, toast };
}

async function customer(email: string) {
  const created = await signUp(
    testServices().accounts,
    { fullName: "Asha Patil", email, password: "owner-secret" },
    browserRequest("/auth"),
    "10.8.255.1",
  );
  if (!created.ok) throw new Error("sign-up failed");
}

describe(`sign-in limits on ${DATABASE_KIND}`, () => {
  it("lets the owner sign in from their own client while an attacker elsewhere hammers the address", async () => {
    await customer("owner.one@gmail.com");
    const attacker = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      attacker.push(await signInFrom("10.8.0.1", "owner.one@gmail.com", `guess-${attempt}`));
    }
    expect(attacker.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(400));
    expect(
      attacker.slice(0, 10).every((r) => r.toast?.description === "Invalid email or password"),
    ).toBe(true);
    expect(attacker.slice(10).map((r) => r.status)).toEqual(Array(15).fill(429));
    expect(attacker[10]?.toast?.description).toMatch(RETRY);

    const owner = await signInFrom("10.8.0.2", "owner.one@gmail.com", "owner-secret");
    expect(owner).toMatchObject({ status: 302, location: "/" });
    // The attacker stays refused, even with the right password.
    expect((await signInFrom("10.8.0.1", "owner.one@gmail.com", "owner-secret")).status).toBe(429);
  });

  it("refuses an address everywhere once 100 attempts from many clients failed within the window", async () => {
    await customer("owner.two@gmail.com");
    // Ten clients at once, as an attack from many machines comes (and the password checks, run
    // on the thread pool, use every core); each client's ten guesses are within its own limit.
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const seen: number[] = [];
        for (let attempt = 0; attempt < 10; attempt++) {
          const result = await signInFrom(
            `10.8.1.${index + 1}`,
            "owner.two@gmail.com",
            `guess-${attempt}`,
          );
          seen.push(result.status);
        }
        return seen;
      }),
    );
    expect(statuses.flat()).toEqual(Array(100).fill(400));
    const fresh = await signInFrom("10.8.1.200", "owner.two@gmail.com", "owner-secret");
    expect(fresh.status).toBe(429);
    expect(fresh.toast?.description).toMatch(RETRY);
    // Another address is unaffected.
    await customer("owner.three@gmail.com");
    expect((await signInFrom("10.8.1.200", "owner.three@gmail.com", "owner-secret")).status).toBe(
      302,
    );
  }, 180_000);

  it("forgets a client's failures on an address once that client signs in", async () => {
    await customer("owner.four@gmail.com");
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await signInFrom("10.8.2.1", "owner.four@gmail.com", "typo")).status).toBe(400);
    }
    expect((await signInFrom("10.8.2.1", "owner.four@gmail.com", "owner-secret")).status).toBe(302);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signInFrom("10.8.2.1", "owner.four@gmail.com", "typo")).status).toBe(400);
    }
    expect((await signInFrom("10.8.2.1", "owner.four@gmail.com", "typo")).status).toBe(429);
  });
});
