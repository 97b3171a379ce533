import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasControlCharacter } from "~/domain/control-characters";
import type { DatabaseHandle } from "~/lib/db.server";
import { rateLimits } from "../../db/schema";
import { browserRequest, TEST_PUBLIC_URL, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { pathFor, ROUTE_TABLE, type RouteEntry } from "./support/route-table";
import { routeContext } from "./support/services";

/**
 * Known ways to smuggle another site into a redirect target, written as an attacker types them
 * into a query string or form body (so percent-encoded forms arrive decoded once).
 */
const BYPASSES = [
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D/evil.example",
  "/%0D%0ASet-Cookie:%20owned=1",
  "%09//evil.example",
  "%20//evil.example",
  "%00//evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/%5Cevil.example",
  "/%5C/evil.example",
  "%5C/evil.example",
  "%5C%5Cevil.example",
  "%2F%2Fevil.example",
  "%252F%252Fevil.example",
  "/%2F/evil.example",
  "/.//evil.example",
  "https://evil.example",
  "https%3A%2F%2Fevil.example",
  "http:evil.example",
  "//evil.example@localhost",
  `${encodeURIComponent(TEST_PUBLIC_URL)}%40evil.example`,
  `${encodeURIComponent(TEST_PUBLIC_URL)}.evil.example`,
  `${encodeURIComponent(TEST_PUBLIC_URL)}//evil.example`,
  "javascript:alert(document.domain)",
  "javascript%3Aalert(1)",
  "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
  "%E2%80%AE//evil.example",
  "https://evil%E3%80%82example",
  "//%EF%BD%85vil.example",
];

/** The query parameters shops and auth libraries commonly follow after an action. */
const TARGET_PARAMS = ["redirectTo", "returnTo", "callbackURL", "next", "redirect", "url"];

/** Splat routes whose endpoints may redirect (Better Auth's reset link does). */
const SPLAT_VALUES: Record<string, string[]> = {
  "/api/auth/*": ["reset-password/some-token", "verify-email", "error"],
};

const context = routeContext("127.0.0.1");

let handle: DatabaseHandle;
let customer: { cookies: string[]; email: string };
let productId: string;

/** As a browser resolves it: on the shop's origin, and so is a target it carries to the next hop. */
function expectOnShop(location: string | null, where: string, followCarried = true) {
  expect(location, where).toBeTruthy();
  expect(hasControlCharacter(location!) || location!.includes("\\"), where).toBe(false);
  const url = new URL(location!, TEST_PUBLIC_URL);
  expect(url.origin, where).toBe(TEST_PUBLIC_URL);
  if (!followCarried) return;
  for (const name of TARGET_PARAMS) {
    const carried = url.searchParams.get(name);
    if (carried !== null) expectOnShop(carried, `${where} (carried ${name})`, false);
  }
}

async function run(handler: (args: never) => unknown, request: Request, params: object) {
  let outcome: unknown;
  try {
    // As React Router calls it: `url` is the page's address, without a data request's suffix.
    outcome = await handler({ request, url: new URL(request.url), params, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) await outcome.body?.cancel().catch(() => {});
  else if (outcome instanceof Error) throw outcome;
  return outcome;
}

function locationOf(outcome: unknown) {
  if (!(outcome instanceof Response)) return null;
  if (outcome.status < 300 || outcome.status >= 400) return null;
  return outcome.headers.get("Location");
}

function requestsFor(entry: RouteEntry, bypass: string) {
  const query = TARGET_PARAMS.map((name) => `${name}=${bypass}`).join("&");
  const splats = SPLAT_VALUES[entry.pattern] ?? ["anything"];
  return splats.map((splat) => {
    const params: Record<string, string> = { id: productId, slug: "x", orderId: "x", "*": splat };
    for (const name of entry.paramNames) params[name] ??= "x";
    const url = `${TEST_PUBLIC_URL}${pathFor(entry, params)}?${query}`;
    return { url, params };
  });
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  customer = await createCustomer("Redirected Customer");
  const [product] = await insertProducts(handle.db, [{ name: "Sweep Tonic" }]);
  productId = product!.id;
});
afterAll(() => handle.close());

describe(`every redirect stays on the shop's origin on ${DATABASE_KIND}`, () => {
  it("knows the route table", () => {
    expect(ROUTE_TABLE.length).toBeGreaterThan(30);
  });

  for (const who of ["a visitor", "a customer"] as const) {
    it(`every loader, as ${who}, with a hostile target in the query`, async () => {
      const cookies = who === "a customer" ? customer.cookies : [];
      let redirects = 0;
      for (const entry of ROUTE_TABLE) {
        const mod = await entry.load();
        if (!mod.loader || entry.pattern === "/api/events/offers") continue;
        for (const bypass of BYPASSES) {
          for (const { url, params } of requestsFor(entry, bypass)) {
            const request = new Request(url, { headers: browserRequest("/", cookies).headers });
            const where = `${entry.pattern} ${url}`;
            const location = locationOf(await run(mod.loader, request, params));
            if (location === null) continue;
            redirects += 1;
            expectOnShop(location, where);
          }
        }
      }
      // The sweep means something only if it met redirects: /auth, /profile, /cart, ...
      expect(redirects).toBeGreaterThan(BYPASSES.length * 4);
    });
  }

  it("signing in on /auth follows only targets on the shop", async () => {
    const { action } = await import("~/routes/auth/auth");
    for (const bypass of BYPASSES) {
      // Each bypass signs in once; the attempt limit is not what this test is about.
      await handle.db.delete(rateLimits);
      const body = `intent=sign-in&email=${encodeURIComponent(customer.email)}&password=secret1&redirectTo=${bypass}`;
      const request = browserRequest("/auth", [], {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      const outcome = await run(action as never, request, {});
      expect(outcome, `${bypass} ${JSON.stringify(outcome)}`).toBeInstanceOf(Response);
      expectOnShop(locationOf(outcome), `/auth sign-in ${bypass}`);
    }
  });

  it("a genuine target on the shop is still followed after sign-in", async () => {
    const { loader } = await import("~/routes/auth/auth");
    const request = new Request(`${TEST_PUBLIC_URL}/auth?redirectTo=%2Fprofile%3Ftab%3Dorders`, {
      headers: browserRequest("/", customer.cookies).headers,
    });
    expect(locationOf(await run(loader as never, request, {}))).toBe("/profile?tab=orders");
  });
});
