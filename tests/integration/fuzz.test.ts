import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { signIn } from "~/modules/accounts/credentials.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { coupons, rateLimits, reviews } from "../../db/schema";
import { createAdmin } from "./support/admin";
import { TEST_PUBLIC_URL, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { databaseDigest } from "./support/digest";
import { fillCart, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";
import { pathFor, ROUTE_TABLE, type RouteEntry, type RouteModule } from "./support/route-table";
import { routeContext, TEST_SIGNER, testServices } from "./support/services";

/**
 * Hostile and random requests to every action and loader of the route table, as a visitor, a
 * customer and an administrator: nothing may answer 5xx (a thrown error, or a status of 500 or
 * more), and a refused request must leave every table as it was.
 */

const ACTION_RUNS = Number(process.env.FUZZ_ACTION_RUNS ?? 500);
const LOADER_RUNS = Number(process.env.FUZZ_LOADER_RUNS ?? 400);

/** Field names and intents the shop's forms and schemas use, read from the sources. */
function vocabulary() {
  const files = [
    ...fs.readdirSync("app/domain/validation").map((f) => `app/domain/validation/${f}`),
    ...fs.readdirSync("app/routes", { recursive: true }).map((f) => `app/routes/${f}`),
  ].filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"));
  const names = new Set<string>();
  const intents = new Set<string>();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const [, name] of text.matchAll(/^\s{2,8}([a-zA-Z_]+): /gm)) names.add(name!);
    for (const [, name] of text.matchAll(/(?:get|name=)\(?"([a-zA-Z_]+)"/g)) names.add(name!);
    for (const [, intent] of text.matchAll(/(?:intent === |z\.literal\()"([a-z-]+)"/g)) {
      intents.add(intent!);
    }
    // The handlers runIntent chooses from: `"sign-in": () => ...`, `delete: () => ...`.
    for (const [, intent] of text.matchAll(/^\s+"?([a-z][a-z-]*)"?: \(\) =>/gm)) {
      intents.add(intent!);
    }
  }
  return { names: [...names].sort(), intents: [...intents].sort() };
}

const { names: FIELD_NAMES, intents: INTENTS } = vocabulary();

type Role = "visitor" | "customer" | "admin";
type Person = { email: string; password: string; cookies: string[] };

let handle: DatabaseHandle;
const people: Partial<Record<Role, Person>> = {};
let realIds: string[] = [];
let requests = 0;
let refusedActions = 0;
const actionFiles = new Set<string>();
const loaderFiles = new Set<string>();

const ACTION_ROUTES = () => ROUTE_TABLE.filter((entry) => entry.file && hasExport(entry, "action"));
const moduleCache = new Map<string, RouteModule>();
function hasExport(entry: RouteEntry, name: "action" | "loader") {
  return Boolean(moduleCache.get(entry.file)?.[name]);
}

const CONTROL = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u001b[2J", "\u007f", "\r\n", "\t");
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 10 }), CONTROL, fc.string({ maxLength: 10 }))
    .map((p) => p.join("")),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "1e309",
    "NaN",
    "99999999999999999999",
    "3.14159",
    "on",
    "true",
    "null",
    "[object Object]",
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "%00",
    "../../etc/passwd",
    "ashwagandha",
    "asha@gmail.com",
    "9876543210",
    "415001",
    "HIJACK",
  ),
  fc.integer({ min: 1, max: 300_000 }).map((n) => "x".repeat(n)),
  fc.constant("\u0000".repeat(5000)),
);

type FieldValue = { kind: "text"; value: string } | { kind: "file"; bytes: number; type: string };

const fieldValue: fc.Arbitrary<FieldValue> = fc.oneof(
  { weight: 8, arbitrary: hostileText.map((value) => ({ kind: "text" as const, value })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...INTENTS).map((value) => ({ kind: "text" as const, value })),
  },
  {
    weight: 3,
    arbitrary: fc
      .nat({ max: 1000 })
      .map((i) => ({ kind: "text" as const, value: realIds[i % realIds.length] ?? randomUUID() })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("file" as const),
      bytes: fc.nat({ max: 4096 }),
      type: fc.constantFrom("image/png", "image/jpeg", "text/plain", "application/octet-stream"),
    }),
  },
);

const fields = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), fieldValue),
  { maxLength: 14 },
);

const BODY_KINDS = [
  "urlencoded",
  "multipart",
  "broken-multipart",
  "no-boundary",
  "json",
  "text",
  "no-type",
  "empty",
] as const;
type BodyKind = (typeof BODY_KINDS)[number];

function encodeBody(kind: BodyKind, entries: [string, FieldValue][], intent: string | null) {
  const all: [string, FieldValue][] = intent
    ? [["intent", { kind: "text", value: intent }], ...entries]
    : entries;
  const headers = new Headers();
  let body: BodyInit | undefined;
  if (kind === "urlencoded") {
    const params = new URLSearchParams();
    for (const [name, value] of all) params.append(name, value.kind === "text" ? value.value : "");
    body = params;
  } else if (kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of all) {
      if (value.kind === "text") form.append(name, value.value);
      else
        form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), "f.png");
    }
    body = form;
  } else if (kind === "broken-multipart") {
    headers.set("content-type", "multipart/form-data; boundary=declared");
    body = `--other\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n--oth`;
  } else if (kind === "no-boundary") {
    headers.set("content-type", "multipart/form-data");
    body = "intent=delete";
  } else if (kind === "json") {
    headers.set("content-type", "application/json");
    body = JSON.stringify(
      Object.fromEntries(all.map(([n, v]) => [n, v.kind === "text" ? v.value : 1])),
    );
  } else if (kind === "text") {
    headers.set("content-type", "text/plain");
    body = all.map(([n, v]) => `${n}=${v.kind === "text" ? v.value : ""}`).join("\n");
  } else if (kind === "no-type") {
    body = new Blob([`intent=${intent ?? ""}`]);
  }
  return { headers, body };
}

function requestAs(role: Role, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", TEST_PUBLIC_URL);
  const cookies = role === "visitor" ? [] : people[role]!.cookies;
  if (cookies.length) headers.set("cookie", cookies.map((c) => c.split(";")[0]).join("; "));
  return new Request(url, { ...init, headers, duplex: "half" } as RequestInit);
}

/** What the browser would see; `refused` when the shop said no (4xx or an error in the result). */
async function outcomeOf(handler: (args: never) => unknown, request: Request, params: object) {
  requests += 1;
  const context = routeContext(`10.${requests % 250}.${(requests >> 8) % 250}.7`);
  let result: unknown;
  try {
    result = await handler({ request, url: new URL(request.url), params, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    await result.body?.cancel().catch(() => {});
    return { status: result.status, refused: await isRefusal(result), crash: null };
  }
  if (result instanceof Error) return { status: 500, refused: true, crash: result };
  const withInit = result as { data?: unknown; init?: ResponseInit | null } | null;
  const isData = typeof withInit === "object" && withInit !== null && "init" in withInit;
  const status = isData ? (withInit.init?.status ?? 200) : 200;
  const payload = JSON.stringify(isData ? withInit.data : (result ?? null)) ?? "";
  const errorInBody = /"ok":false|"error"|"status":"error"|"problem"/.test(payload);
  const errorToast = isData && (await hasErrorToast(new Headers(withInit.init?.headers)));
  return { status, refused: status >= 400 || errorInBody || errorToast, crash: null };
}

/** A 4xx, a redirect to a sign-in page, or a redirect that carries an error toast. */
async function isRefusal(response: Response) {
  if (response.status >= 400) return true;
  const location = response.headers.get("Location") ?? "";
  if (/^\/(auth|admin\/login)\b/.test(location)) return true;
  return hasErrorToast(response.headers);
}

async function hasErrorToast(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) return false;
  const { toast } = await takeToast(
    TEST_SIGNER,
    requestAs("visitor", `${TEST_PUBLIC_URL}/`, { headers: { cookie } }),
  );
  return toast?.type === "error";
}

/** Signing out (there are two ways) must not turn the customer into a visitor for the rest. */
async function keepSignedIn(role: Role) {
  if (role === "visitor") return;
  const person = people[role]!;
  const stillIn = await getCurrentUser(
    testServices().accounts,
    requestAs(role, `${TEST_PUBLIC_URL}/`),
  );
  if (stillIn) return;
  await handle.db.delete(rateLimits);
  const result = await signIn(
    testServices().accounts,
    { email: person.email, password: person.password },
    requestAs("visitor", `${TEST_PUBLIC_URL}/auth`),
    "10.0.0.1",
  );
  if (!result.ok) throw new Error(`could not sign ${role} in again`);
  person.cookies = result.headers.getSetCookie();
}

const SPLATS = ["sign-in/email", "sign-up/email", "sign-out", "update-user", "anything"];

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  for (const entry of ROUTE_TABLE) moduleCache.set(entry.file, await entry.load());
  const customer = await createCustomer("Fuzzed Customer");
  const admin = await createAdmin(handle.db, "Fuzzed Owner");
  people.customer = { email: customer.email, password: "secret1", cookies: customer.cookies };
  people.admin = { email: admin.email, password: "admin-secret", cookies: admin.cookies };
  const products = await insertProducts(handle.db, [
    { name: "Fuzz Tonic", stockQuantity: 50 },
    { name: "Fuzz Churna", stockQuantity: 50 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: products[0]!.id, quantity: 1 }]);
  const order = await orderFor(handle.db, customer.id);
  await fillCart(handle.db, customer.id, [{ productId: products[1]!.id, quantity: 2 }]);
  const [coupon] = await handle.db
    .insert(coupons)
    .values({ code: "FUZZ10", discountValue: 10 })
    .returning({ id: coupons.id });
  const [review] = await handle.db
    .insert(reviews)
    .values({ productId: products[0]!.id, userId: customer.id, rating: 4, comment: "Fine" })
    .returning({ id: reviews.id });
  realIds = [...products.map((p) => p.id), order.id, coupon!.id, review!.id, customer.id];
});
afterAll(() => handle?.close());

describe(`fuzzing every action and loader on ${DATABASE_KIND}`, () => {
  it("finds the actions and loaders in the route table", () => {
    expect(ACTION_ROUTES().length).toBeGreaterThanOrEqual(15);
    expect(FIELD_NAMES.length).toBeGreaterThan(40);
    expect(INTENTS).toEqual(expect.arrayContaining(["sign-in", "save-address", "test-gateway"]));
  });

  it("no action answers 5xx, and a refused one writes nothing", async () => {
    const routes = ACTION_ROUTES();
    // The digest after one request is the digest before the next: one digest per request.
    let lastDigest: Record<string, string> | undefined;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom<Role>("visitor", "customer", "admin"),
        fc.constantFrom(...BODY_KINDS),
        fc.option(fc.oneof(fc.constantFrom(...INTENTS), hostileText), { nil: null }),
        fields,
        fc.constantFrom(...SPLATS),
        async (entry, role, kind, intent, entries, splat) => {
          const params: Record<string, string> = { "*": splat };
          for (const name of entry.paramNames) params[name] ??= realIds[0]!;
          const { headers, body } = encodeBody(kind, entries, intent);
          const url = `${TEST_PUBLIC_URL}${pathFor(entry, params)}`;
          const request = requestAs(role, url, { method: "POST", headers, body });
          lastDigest ??= await databaseDigest(handle.db);
          const before = lastDigest;
          const action = moduleCache.get(entry.file)!.action!;
          const outcome = await outcomeOf(action, request, params);
          actionFiles.add(entry.file);
          const where = `${role} ${kind} POST ${entry.pattern}`;
          if (outcome.crash) throw new Error(`${where} threw: ${outcome.crash.stack}`);
          expect(outcome.status, where).toBeLessThan(500);
          lastDigest = await databaseDigest(handle.db);
          if (outcome.refused) {
            refusedActions += 1;
            expect(lastDigest, where).toEqual(before);
          }
          await keepSignedIn(role);
        },
      ),
      { numRuns: ACTION_RUNS, endOnFailure: true },
    );
  }, 300_000);

  it("no loader answers 5xx to a hostile query string", async () => {
    const routes = ROUTE_TABLE.filter(
      (entry) => hasExport(entry, "loader") && entry.pattern !== "/api/events/offers",
    );
    const QUERY_NAMES = ["search", "q", "page", "sort", "category", "status", "tab", "token"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom<Role>("visitor", "customer", "admin"),
        fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...QUERY_NAMES, "view", "error", "redirectTo"), fc.string()),
            hostileText.map((text) => text.slice(0, 20_000)),
          ),
          { maxLength: 8 },
        ),
        async (entry, role, query) => {
          const params: Record<string, string> = { "*": "anything" };
          for (const name of entry.paramNames) params[name] ??= realIds[0]!;
          const search = new URLSearchParams(query).toString();
          const url = `${TEST_PUBLIC_URL}${pathFor(entry, params)}?${search}`;
          const loader = moduleCache.get(entry.file)!.loader!;
          const outcome = await outcomeOf(loader, requestAs(role, url), params);
          loaderFiles.add(entry.file);
          const where = `${role} GET ${entry.pattern}?${search.slice(0, 200)}`;
          if (outcome.crash) throw new Error(`${where} threw: ${outcome.crash.stack}`);
          expect(outcome.status, where).toBeLessThan(500);
        },
      ),
      { numRuns: LOADER_RUNS, endOnFailure: true },
    );
    console.log(
      `fuzz: ${requests} requests to ${actionFiles.size} actions (${refusedActions} refused, each writing nothing) and ${loaderFiles.size} loaders on ${DATABASE_KIND}`,
    );
  });
});
