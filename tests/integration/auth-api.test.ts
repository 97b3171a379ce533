import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { requestPasswordReset } from "~/modules/accounts/credentials.server";
import { action, loader } from "~/routes/api/auth";
import { profiles, sessions } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { routeContext, testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: Awaited<ReturnType<typeof wireApp>>["sent"];

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
});
afterAll(() => handle.close());

/** Sends a request to /api/auth/* through the route module, as the HTTP server would. */
async function callAuthApi(
  method: "GET" | "POST",
  path: string,
  options: { json?: unknown; cookies?: string[]; clientIp?: string } = {},
) {
  const request = browserRequest(
    `/api/auth/${path}`,
    options.cookies ?? [],
    method === "POST"
      ? {
          method,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(options.json ?? {}),
        }
      : { method },
  );
  const splat = new URL(request.url).pathname.slice("/api/auth/".length);
  const handler = method === "GET" ? loader : action;
  const context = routeContext(options.clientIp ?? "10.7.0.1");
  let outcome: unknown;
  try {
    outcome = await handler({ request, params: { "*": splat }, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (!(outcome instanceof Response)) throw new Error(`expected a Response, got ${outcome}`);
  return outcome;
}

async function resetTokenFor(email: string) {
  await requestPasswordReset(testServices().accounts, email, "10.7.9.9");
  const mail = sent.findLast((m) => m.to === email);
  const token = /reset-password\/([^?\s]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no reset link was mailed");
  return token;
}

describe(`Better Auth's HTTP endpoints on ${DATABASE_KIND}`, () => {
  it("answers 404 to 100 wrong passwords and then the right one at sign-in/email, writing no session", async () => {
    const customer = await createCustomer("Sunita Pawar");
    const before = await handle.db.$count(sessions);
    for (let attempt = 0; attempt < 100; attempt++) {
      const response = await callAuthApi("POST", "sign-in/email", {
        json: { email: customer.email, password: `wrong-${attempt}` },
      });
      expect(response.status).toBe(404);
    }
    const right = await callAuthApi("POST", "sign-in/email", {
      json: { email: customer.email, password: "secret1" },
    });
    expect(right.status).toBe(404);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(await handle.db.$count(sessions)).toBe(before);
  });

  it("sends no mail for 8 calls to request-password-reset", async () => {
    const customer = await createCustomer("Kavita Shinde");
    const mailsBefore = sent.length;
    for (let call = 0; call < 8; call++) {
      const response = await callAuthApi("POST", "request-password-reset", {
        json: { email: customer.email, redirectTo: "/auth" },
      });
      expect(response.status).toBe(404);
    }
    expect(sent.length).toBe(mailsBefore);
  });

  it("creates no account for a sign-up/email outside the allowed providers with markup as its name", async () => {
    const response = await callAuthApi("POST", "sign-up/email", {
      json: {
        email: "evil@evil.example",
        name: "<img src=x onerror=alert(1)>",
        password: "evil-secret",
      },
    });
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await handle.db.$count(profiles, eq(profiles.email, "evil@evil.example"))).toBe(0);
  });

  it("leaves the name alone when a signed-in customer posts a 100,000-character name to update-user", async () => {
    const customer = await createCustomer("Leela Deshmukh");
    const response = await callAuthApi("POST", "update-user", {
      json: { name: "x".repeat(100_000) },
      cookies: customer.cookies,
    });
    expect(response.status).toBe(404);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(profile?.fullName).toBe("Leela Deshmukh");
  });

  it("answers 404 to every other endpoint Better Auth defines, by GET and by POST", async () => {
    const paths = new Set(
      Object.values(testServices().accounts.auth.api)
        .map((endpoint) => (endpoint as { path?: string }).path)
        .filter((path): path is string => typeof path === "string"),
    );
    expect(paths.size).toBeGreaterThan(20);
    const answered: string[] = [];
    for (const path of paths) {
      const concrete = path.replace(/^\//, "").replace(/:[a-zA-Z]+/g, "x");
      for (const method of ["GET", "POST"] as const) {
        const response = await callAuthApi(method, concrete, { json: {} });
        if (response.status !== 404) answered.push(`${method} ${path} -> ${response.status}`);
      }
    }
    // Only the e-mailed reset link is served (checked for an unknown token, it sends to /auth).
    expect(answered).toEqual(["GET /reset-password/:token -> 302"]);
  });

  it("sends the e-mailed reset link to /auth with its token, whatever callbackURL it carries", async () => {
    const customer = await createCustomer("Nandini Jagtap");
    const token = await resetTokenFor(customer.email);
    for (const callbackURL of ["/auth", "https://evil.example/steal", "//evil.example", ""]) {
      const response = await callAuthApi(
        "GET",
        `reset-password/${token}?callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?token=${token}`);
    }
  });

  it("sends an unknown or malformed reset link to /auth with an error", async () => {
    for (const token of ["not-a-real-token", "a%00b", "x".repeat(500)]) {
      const response = await callAuthApi("GET", `reset-password/${token}?callbackURL=%2Fauth`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth?error=INVALID_TOKEN");
    }
  });

  it("limits the reset link per client, with the shop's retry message", async () => {
    const responses = [];
    for (let call = 0; call < 61; call++) {
      responses.push(
        await callAuthApi("GET", "reset-password/unknown-token?callbackURL=%2Fauth", {
          clientIp: "10.7.5.5",
        }),
      );
    }
    expect(responses.slice(0, 60).every((r) => r.status === 302)).toBe(true);
    const refused = responses[60]!;
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    );
    const other = await callAuthApi("GET", "reset-password/unknown-token?callbackURL=%2Fauth", {
      clientIp: "10.7.5.6",
    });
    expect(other.status).toBe(302);
  });
});
