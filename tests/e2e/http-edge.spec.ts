import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { ServerBuild } from "react-router";
import { MAX_PRODUCT_FORM_BYTES } from "../../app/domain/validation/product";
import { PROVIDER_ENDPOINT_PATHS } from "../../app/server/provider-endpoints";
import { SPEC_SHOP_PORTS } from "./config";
import { type ShopProcess, shopTracker, waitForHealth } from "./support/shop-process";

/**
 * The HTTP edge of the production server (server.ts): body limits, the origin rule, trusted
 * proxies, graceful shutdown and start-up errors. Each test starts its own shop process on a
 * spare port, as a user would with `npm run serve`.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const PORT = SPEC_SHOP_PORTS.httpEdge;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

const shops = shopTracker();
test.afterEach(() => shops.killAll());
test.afterAll(() => shops.cleanUp());

/** A shop on PORT with a migrated data directory of its own, plus `env`. */
function startShop(env: Record<string, string> = {}, tracker = shops): ShopProcess {
  return tracker.spawn({
    env: {
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: tracker.migratedDataDir("shop-edge"),
      ...env,
    },
  });
}

async function startHealthyShop(env: Record<string, string> = {}, tracker = shops) {
  const shop = startShop(env, tracker);
  await waitForHealth(PORT, 150_000);
  return shop;
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

type SendOptions = {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string;
  localAddress?: string;
  agent?: http.Agent;
};

/** One HTTP request over a real socket, so the local address and raw headers are ours to choose. */
function send(pathname: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: pathname,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = (extra: Record<string, string> = {}) => ({
  "content-type": "application/x-www-form-urlencoded",
  ...extra,
});

/**
 * Starts a POST whose body is sent by the caller; the reply (or the socket error) is reported
 * without waiting for the caller to finish writing.
 */
function openUpload(pathname: string, headers: Record<string, string | number>) {
  const request = http.request({
    host: "127.0.0.1",
    port: PORT,
    path: pathname,
    method: "POST",
    headers,
  });
  const reply = new Promise<Reply>((resolve, reject) => {
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  // Writes after the server has answered and closed fail; the reply is what the test looks at.
  request.on("error", () => {});
  return { request, reply };
}

const withinMs = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);

/** Every route path in the production build, with its parameters filled in. */
async function routePaths() {
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const paths = Object.keys(build.routes)
    .filter((id) => id !== "root")
    .map(
      (id) =>
        `/${fullPath(id)
          .replace(/:[^/]+/g, "sample")
          .replace(/\*$/, "sample")}`,
    );
  return [...new Set(paths)].sort();
}

const WEBHOOK = "/api/webhooks/razorpay";

// These need nothing but the default settings, so they share one shop.
test.describe("a shop with the default settings", () => {
  const shared = shopTracker();
  let shop: ShopProcess;
  const OWNER = { email: "edge.owner@shop.example", password: "edge-owner-secret" };
  test.beforeAll(async () => {
    shop = await startHealthyShop(
      { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password },
      shared,
    );
  });
  test.afterAll(async () => {
    await shared.killAll();
    shared.cleanUp();
  });

  test.describe("request body limit", () => {
    test("a body declaring more than 1 MB is refused with 413 before it is sent", async () => {
      const { request, reply } = openUpload("/auth", {
        ...formHeaders({ origin: ORIGIN }),
        "content-length": 200 * MB,
      });
      request.write("intent=sign-in&email=");
      const answer = await withinMs(reply, 5_000);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/too large/i);
      request.destroy();
      expect((await fetch(`${ORIGIN}/healthz`)).status).toBe(200);
    });

    test("a chunked body without a length is cut off with 413 once it passes 1 MB", async () => {
      const { request, reply } = openUpload("/auth", {
        ...formHeaders({ origin: ORIGIN }),
        "transfer-encoding": "chunked",
      });
      let answered = false;
      void reply.then(
        () => (answered = true),
        () => (answered = true),
      );
      let sent = 0;
      const piece = `intent=sign-in&email=${"a".repeat(64 * 1024)}`;
      // Up to 20 MB, slowly enough for the server to answer part-way through.
      while (!answered && sent < 20 * MB && !request.destroyed) {
        await new Promise<void>((resolve) => {
          if (request.write(piece)) resolve();
          else request.once("drain", resolve);
        });
        sent += piece.length;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const answer = await withinMs(reply, 5_000);
      expect(answer.status).toBe(413);
      expect(sent).toBeLessThan(4 * MB);
      request.destroy();
      expect((await fetch(`${ORIGIN}/healthz`)).status).toBe(200);
    });

    test("an upload answered before it is read closes its connection instead of stalling it", async () => {
      // Signed out, the product form redirects to sign in without reading the 3 MB it was sent.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const body = `--x\r\nContent-Disposition: form-data; name="pictures"; filename="a.jpg"\r\n\r\n${"a".repeat(3 * MB)}\r\n--x--\r\n`;
      const answer = await withinMs(
        send("/admin/products", {
          method: "POST",
          agent,
          headers: { origin: ORIGIN, "content-type": "multipart/form-data; boundary=x" },
          body,
        }),
        5_000,
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.connection).toBe("close");
      // The next request on this agent gets a connection that works, at once.
      const next = await withinMs(send("/healthz", { agent }), 3_000);
      expect(next.status).toBe(200);
      agent.destroy();
    });

    test("the product form's own, larger limit: past it the form answers, and the rest is never read", async () => {
      const signIn = await send("/auth", {
        method: "POST",
        headers: formHeaders({ origin: ORIGIN }),
        body: form({ intent: "sign-in", asAdmin: "on", ...OWNER }),
      });
      expect(signIn.status).toBe(302);
      const cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      const upload = {
        origin: ORIGIN,
        cookie,
        "content-type": "multipart/form-data; boundary=x",
      };
      const head = `--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate\r\n--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;

      // Declared past the limit: answered before the pictures are sent, by the form's own refusal
      // (its message is held by tests/integration/products-admin.test.ts).
      const declared = openUpload("/admin/products?new=1", {
        ...upload,
        "content-length": MAX_PRODUCT_FORM_BYTES + 1,
      });
      declared.request.write(head);
      const refused = await withinMs(declared.reply, 10_000);
      expect(refused.status).toBe(400);
      expect(refused.headers.connection).toBe("close");
      declared.request.destroy();

      // Without a length: cut off once it passes the limit, not read to its end.
      const chunked = openUpload("/admin/products?new=1", {
        ...upload,
        "transfer-encoding": "chunked",
      });
      let answered = false;
      void chunked.reply.then(
        () => (answered = true),
        () => (answered = true),
      );
      chunked.request.write(head);
      const piece = Buffer.alloc(MB, 97);
      let sent = 0;
      while (!answered && sent < 2 * MAX_PRODUCT_FORM_BYTES && !chunked.request.destroyed) {
        await new Promise<void>((resolve) => {
          if (chunked.request.write(piece)) return resolve();
          // A refused upload is never drained: its answer, or the closed socket, ends the wait.
          chunked.request.once("drain", resolve);
          chunked.request.once("close", resolve);
          chunked.reply.then(
            () => resolve(),
            () => resolve(),
          );
        });
        sent += piece.length;
      }
      expect((await withinMs(chunked.reply, 10_000)).status).toBe(400);
      expect(sent).toBeLessThan(MAX_PRODUCT_FORM_BYTES + 8 * MB);
      chunked.request.destroy();

      expect((await fetch(`${ORIGIN}/healthz`)).status).toBe(200);
    });

    test("the payment webhook refuses a body past 1 MB with 413, whatever its type", async () => {
      const { request, reply } = openUpload(WEBHOOK, {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": 2 * MB,
      });
      request.write("--x\r\n");
      const answer = await withinMs(reply, 5_000);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/too large/i);
      request.destroy();
    });

    test("a form just under 1 MB still reaches the action", async () => {
      const answer = await send("/auth", {
        method: "POST",
        headers: formHeaders({ origin: ORIGIN }),
        body: form({ intent: "sign-in", email: "a".repeat(MB - 100), password: "x" }),
      });
      // Refused by the sign-in rules (400), not by the size limit.
      expect(answer.status).toBe(400);
    });
  });

  test.describe("the origin rule", () => {
    test("cross-origin sweep: every route refuses a state-changing request from a foreign origin or none", async () => {
      const paths = await routePaths();
      expect(paths).toContain("/sign-out");
      expect(paths).toContain("/checkout/payment");
      expect(paths).toContain(WEBHOOK);
      const body = form({ intent: "anything" });
      const accepted: string[] = [];
      let refusals = 0;
      for (const pathname of paths) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
          for (const origin of ["http://evil.example", "null", undefined]) {
            const answer = await send(pathname, {
              method,
              headers: formHeaders(origin ? { origin } : {}),
              body,
            });
            if (PROVIDER_ENDPOINT_PATHS.includes(pathname)) {
              // Its credential is its provider's own: it is checked, and a call without is refused.
              expect(answer.status, `${method} ${pathname} from ${origin}`).not.toBe(403);
              expect(answer.status).toBeGreaterThanOrEqual(400);
              expect(answer.status).toBeLessThan(500);
              continue;
            }
            if (answer.status === 403 && /cross-origin request refused/i.test(answer.body))
              refusals++;
            else
              accepted.push(
                `${method} ${pathname} from ${origin ?? "no origin"}: ${answer.status}`,
              );
          }
        }
      }
      expect(accepted).toEqual([]);
      expect(refusals).toBe((paths.length - PROVIDER_ENDPOINT_PATHS.length) * 4 * 3);
    });

    test("a cross-origin POST to /sign-out leaves the customer signed in", async () => {
      const signUp = await send("/auth", {
        method: "POST",
        headers: formHeaders({ origin: ORIGIN }),
        body: form({
          intent: "sign-up",
          fullName: "Origin Customer",
          email: "origin.customer@gmail.com",
          password: "origin-secret",
        }),
      });
      expect(signUp.status).toBe(200);
      const cookie = (signUp.headers["set-cookie"] ?? [])
        .map((c) => c.split(";")[0])
        .filter((c) => c?.includes("session"))
        .join("; ");
      expect(cookie).toContain("session_token=");

      const attack = await send("/sign-out", {
        method: "POST",
        headers: formHeaders({ origin: "http://evil.example", cookie }),
        body: "",
      });
      expect(attack.status).toBe(403);
      expect(attack.headers["set-cookie"]).toBeUndefined();
      const profile = await send("/profile", { headers: { cookie } });
      expect(profile.status).toBe(200);

      // The shop's own form, without an Origin but with a same-origin Referer, still signs out.
      const own = await send("/sign-out", {
        method: "POST",
        headers: formHeaders({ referer: `${ORIGIN}/profile`, cookie }),
        body: "",
      });
      expect(own.status).toBe(302);
      expect((await send("/profile", { headers: { cookie } })).status).toBe(302);
    });
  });

  test("every log line written while serving a request carries its X-Request-Id", async () => {
    const requestId = `edge-${Date.now()}`;
    const answer = await send(WEBHOOK, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": "not-a-signature",
        "x-request-id": requestId,
      },
      body: JSON.stringify({ event: "payment.captured" }),
    });
    expect(answer.status).toBe(401);
    expect(answer.headers["x-request-id"]).toBe(requestId);
    await expect
      .poll(() =>
        shop
          .output()
          .split("\n")
          .filter((line) => line.includes(requestId))
          .map((line) => (JSON.parse(line) as { msg: string }).msg),
      )
      .toEqual(["razorpay webhook with an invalid signature refused"]);
  });
});

test.describe("trusted proxies", () => {
  const PUBLIC = "https://shop.example";
  /** A load balancer that forwards to the shop's own address and names the client and scheme. */
  const forwarded = {
    host: `10.0.0.5:${PORT}`,
    "x-forwarded-for": "203.0.113.7",
    "x-forwarded-proto": "https",
  };

  function requestLogs(shop: ShopProcess) {
    return shop
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { url: string; ip: string; protocol: string });
  }

  // One shop behind the load balancer serves both tests; it logs each request for the first.
  const behindProxy = shopTracker();
  let shop: ShopProcess;
  test.beforeAll(async () => {
    shop = await startHealthyShop(
      { TRUST_PROXY: "127.0.0.2", PUBLIC_URL: PUBLIC, LOG_LEVEL: "info" },
      behindProxy,
    );
  });
  test.afterAll(async () => {
    await behindProxy.killAll();
    behindProxy.cleanUp();
  });

  test("TRUST_PROXY names the proxies whose X-Forwarded-For and -Proto count", async () => {
    const trusted = await send("/?via=trusted", {
      headers: forwarded,
      localAddress: "127.0.0.2",
    });
    const untrusted = await send("/?via=untrusted", {
      headers: forwarded,
      localAddress: "127.0.0.3",
    });
    expect(trusted.status).toBe(200);
    expect(untrusted.status).toBe(200);
    await expect.poll(() => requestLogs(shop).length).toBeGreaterThanOrEqual(3);
    const logs = requestLogs(shop);
    expect(logs.find((l) => l.url === "/?via=trusted")).toMatchObject({
      ip: "203.0.113.7",
      protocol: "https",
    });
    expect(logs.find((l) => l.url === "/?via=untrusted")).toMatchObject({
      // The proxy's own address, as the dual-stack socket reports it.
      ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.3$/),
      protocol: "http",
    });
  });

  test("a form posted through the load balancer is accepted when its Origin is PUBLIC_URL", async () => {
    const viaProxy = await send("/sign-out", {
      method: "POST",
      headers: formHeaders({ ...forwarded, origin: PUBLIC }),
      body: "",
      localAddress: "127.0.0.2",
    });
    expect(viaProxy.status).toBe(302);
    const foreign = await send("/sign-out", {
      method: "POST",
      headers: formHeaders({ ...forwarded, origin: `http://shop.example` }),
      body: "",
      localAddress: "127.0.0.2",
    });
    expect(foreign.status).toBe(403);
  });

  test("a TRUST_PROXY that is not an address, range or name stops the start, naming it", async () => {
    const shop = startShop({ TRUST_PROXY: "127.0.0.2, not-a-proxy" });
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toMatch(/TRUST_PROXY: /);
  });
});

test.describe("graceful shutdown", () => {
  test("SIGTERM closes idle keep-alive connections at once and lets a slow request finish", async () => {
    const shop = await startHealthyShop();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await send("/healthz", { agent });
    expect(first.status).toBe(200);
    const idleSocket = Object.values(agent.freeSockets).flat()[0];
    expect(idleSocket).toBeDefined();
    const idleClosed = new Promise<number>((resolve) =>
      idleSocket?.once("close", () => resolve(Date.now())),
    );

    // A slow upload: half the form now, the rest after the old 4 s grace has passed.
    const body = form({ intent: "sign-in", email: "slow@gmail.com", password: "slow-secret" });
    const { request, reply } = openUpload("/auth", {
      ...formHeaders({ origin: ORIGIN }),
      "content-length": Buffer.byteLength(body),
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    shop.child.kill("SIGTERM");
    expect(await withinMs(idleClosed, 2_000)).toBeLessThan(signalled + 2_000);

    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await expect(send("/healthz")).rejects.toThrow(/ECONNREFUSED/);
    request.end(body.slice(10));
    const answer = await withinMs(reply, 5_000);
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe("close");
    expect(await shop.exited).toBe(0);
    agent.destroy();
  });
});

test.describe("start-up errors", () => {
  test("a refused start names the variable and never prints a secret", async () => {
    const password = "hunter2-db-password";
    const badUrl = startShop({ DATABASE_URL: `mysql://shop:${password}@db/shop` });
    expect(await badUrl.exited).toBe(1);
    expect(badUrl.output()).toMatch(/DATABASE_URL: /);
    expect(badUrl.output()).not.toContain(password);

    const shortSecret = "short-auth-secret-value";
    const short = startShop({ AUTH_SECRET: shortSecret });
    expect(await short.exited).toBe(1);
    expect(short.output()).toMatch(/AUTH_SECRET: expected at least 32 characters/);
    expect(short.output()).not.toContain(shortSecret);

    const unreachable = startShop({
      DATABASE_URL: `postgres://shop:${password}@127.0.0.1:1/shop`,
      AUTH_SECRET: "s".repeat(32),
    });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output()).toMatch(/could not start/);
    expect(unreachable.output()).not.toContain(password);
  });
});
