import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey } from "~/lib/client-key.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { loader as resetLinkLoader } from "~/routes/api/auth";
import { action as authAction } from "~/routes/auth/auth";
import { action as newsletterAction } from "~/routes/store/newsletter";
import { profiles, rateLimits, sessions } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext, TEST_SIGNER } from "./support/services";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

const RETRY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;
let sequence = 0;

/** A fresh /64 of the documentation range for each test: 2001:db8:<run>:<n>::/64. */
function freshNetwork() {
  sequence += 1;
  const run = (Date.now() % 0xffff).toString(16);
  return {
    groups: `2001:db8:${run}:${sequence.toString(16)}`,
    key: `2001:db8:${run}:${sequence.toString(16)}::/64`,
  };
}

/** A random address of the network, its last 64 bits chosen as its owner may. */
function addressIn(groups: string) {
  const suffix = Array.from({ length: 4 }, () => Math.floor(Math.random() * 0x10000).toString(16));
  return `${groups}:${suffix.join(":")}`;
}

/** The same address written out in full, in upper case. */
function expanded(address: string) {
  return address
    .split(":")
    .map((group) => group.padStart(4, "0").toUpperCase())
    .join(":");
}

type Answer = { status: number; description: string | undefined };

/** Calls a route's action or loader from the given client and reads its status and toast. */
async function answerOf(
  handler: (args: never) => unknown,
  request: Request,
  clientIp: string,
  params: object = {},
): Promise<Answer> {
  const context = routeContext(clientIp);
  let outcome: unknown;
  try {
    outcome = await handler({ request, params, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    const text = outcome.status === 429 ? await outcome.text() : undefined;
    return { status: outcome.status, description: text };
  }
  const { init } = outcome as { init: ResponseInit | null };
  const { toast } = await takeToast(
    TEST_SIGNER,
    browserRequest("/", new Headers(init?.headers).getSetCookie()),
  );
  return { status: init?.status ?? 200, description: toast?.description };
}

function postAuth(fields: Record<string, string>, clientIp: string, headers: HeadersInit = {}) {
  const request = browserRequest("/auth", [], {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  return answerOf(authAction, request, clientIp);
}

let emails = 0;
function freshEmail(name: string) {
  emails += 1;
  return `${name}.${emails}.${Date.now()}@gmail.com`;
}

/** The shop's own ways in that count attempts per client, each from the given address. */
const PER_CLIENT_LIMITS: [scope: string, attempt: (clientIp: string) => Promise<Answer>][] = [
  [
    "sign-up",
    (clientIp) =>
      postAuth(
        {
          intent: "sign-up",
          fullName: "Meera Kulkarni",
          email: freshEmail("meera"),
          password: "secret1",
        },
        clientIp,
      ),
  ],
  [
    "sign-in",
    (clientIp) =>
      postAuth({ intent: "sign-in", email: "nobody.here@gmail.com", password: "guess" }, clientIp),
  ],
  ["reset", (clientIp) => postAuth({ intent: "request-reset", email: freshEmail("r") }, clientIp)],
  [
    "reset-link",
    (clientIp) =>
      answerOf(
        resetLinkLoader,
        browserRequest("/api/auth/reset-password/no-such-token"),
        clientIp,
        {
          "*": "reset-password/no-such-token",
        },
      ),
  ],
  [
    "new-password",
    (clientIp) =>
      postAuth({ intent: "reset-password", token: "no-such-token", password: "secret1" }, clientIp),
  ],
  [
    "newsletter",
    (clientIp) =>
      answerOf(
        newsletterAction,
        browserRequest("/newsletter", [], {
          method: "POST",
          body: new URLSearchParams({ email: freshEmail("reader") }),
        }),
        clientIp,
      ),
  ],
];

async function perClientCounts(scope: string) {
  const rows = await handle.db
    .select({ key: rateLimits.key, count: rateLimits.count })
    .from(rateLimits)
    .where(like(rateLimits.key, `${scope}:ip:%`));
  return new Map(rows.map((row) => [row.key, row.count]));
}

describe(`per-client limits of IPv6 clients on ${DATABASE_KIND}`, () => {
  it("refuses the 51st to 55th password-reset request from one /64, whatever its last 64 bits; another /64 goes on", async () => {
    const network = freshNetwork();
    const answers: Answer[] = [];
    for (let request = 0; request < 55; request++) {
      answers.push(
        await postAuth(
          { intent: "request-reset", email: freshEmail("rotating") },
          addressIn(network.groups),
        ),
      );
    }
    expect(answers.slice(0, 50).map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.slice(50).map((a) => a.status)).toEqual(Array(5).fill(429));
    expect(answers[50]?.description).toMatch(RETRY);

    // The limited network written any other way is still the same client.
    const limited = addressIn(network.groups);
    for (const spelling of [
      limited,
      expanded(limited),
      `${expanded(limited).toLowerCase()}%eth0`,
    ]) {
      const again = await postAuth(
        { intent: "request-reset", email: freshEmail("again") },
        spelling,
      );
      expect(again.status, spelling).toBe(429);
    }

    const neighbour = freshNetwork();
    const other = await postAuth(
      { intent: "request-reset", email: freshEmail("neighbour") },
      addressIn(neighbour.groups),
    );
    expect(other.status).toBe(200);
  });

  it("refuses an IPv4 client that is limited when it comes back as an IPv4-mapped IPv6 address", async () => {
    for (let n = 0; n < 10; n++) {
      const subscribed = await PER_CLIENT_LIMITS[5]![1]("198.51.100.23");
      expect(subscribed.status).toBe(200);
    }
    for (const spelling of ["198.51.100.23", "::ffff:198.51.100.23", "::FFFF:C633:6417"]) {
      const refused = await PER_CLIENT_LIMITS[5]![1](spelling);
      expect(refused, spelling).toMatchObject({
        status: 429,
        description: expect.stringMatching(RETRY),
      });
    }
    expect((await PER_CLIENT_LIMITS[5]![1]("198.51.100.24")).status).toBe(200);
  });

  it.each(PER_CLIENT_LIMITS)(
    "counts %s per client key: two spellings in one /64 are one count",
    async (scope, attempt) => {
      const network = freshNetwork();
      const before = await perClientCounts(scope);
      await attempt(expanded(addressIn(network.groups)));
      await attempt(`${addressIn(network.groups)}%eth0`);
      const after = await perClientCounts(scope);
      const changed = [...after].filter(([key, count]) => before.get(key) !== count);
      expect(Object.fromEntries(changed)).toEqual({ [`${scope}:ip:${network.key}`]: 2 });
    },
  );

  it("limits setting a new password per client, with the shop's retry message", async () => {
    const network = freshNetwork();
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 51; attempt++) {
      answers.push(await PER_CLIENT_LIMITS[4]![1](addressIn(network.groups)));
    }
    expect(answers.slice(0, 50).map((a) => a.status)).toEqual(Array(50).fill(400));
    expect(answers[0]?.description).toBe(
      "This reset link is invalid or has expired. Please request a new one.",
    );
    expect(answers[50]).toMatchObject({ status: 429, description: expect.stringMatching(RETRY) });
    expect((await PER_CLIENT_LIMITS[4]![1]("198.51.100.90")).status).toBe(400);
  });

  it("records the shop's client on a new session, not an X-Forwarded-For the browser sent", async () => {
    const email = freshEmail("session");
    const network = freshNetwork();
    const clientIp = expanded(addressIn(network.groups));
    const forged = { "x-forwarded-for": "203.0.113.66", "x-shop-client-address": "203.0.113.77" };
    const signedUp = await postAuth(
      { intent: "sign-up", fullName: "Rohan Jadhav", email, password: "secret1" },
      clientIp,
      forged,
    );
    expect(signedUp.status).toBe(200);
    const [session] = await handle.db
      .select({ ipAddress: sessions.ipAddress })
      .from(sessions)
      .innerJoin(profiles, eq(profiles.id, sessions.userId))
      .where(eq(profiles.email, email));
    expect(session?.ipAddress).toBeTruthy();
    expect(clientKey(session?.ipAddress ?? "")).toBe(network.key);
  });
});
