/**
 * The production build on a free port with the demo catalog, for the scripts that measure it
 * (`npm run bench`, `npm run lighthouse`). Embedded PGlite in a temporary data directory by
 * default; `databaseUrl` names a PostgreSQL server on which a fresh database is created and
 * dropped. The caller's own shop settings never reach it, so no real database or mail server is
 * touched.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { TOAST_COOKIE } from "../../app/lib/toast";

/** The administrator the benchmarked shop is started with. */
export const BENCH_OWNER = { email: "owner@shop.example", password: "bench-admin-password" };

const STARTUP_TIMEOUT_MS = 180_000;

/**
 * Node's flags for the shop in production, as `npm run serve` and deploy/satara-shop.service
 * start it (a test holds the three together): a young generation of 8 MB semi-spaces instead of
 * 16 keeps the process about 15 MB smaller (docs/decisions/043).
 */
export const PRODUCTION_NODE_FLAGS = ["--max-semi-space-size=8"] as const;

export type ProductionShop = {
  base: string;
  pid: number;
  stop: () => Promise<void>;
};

export async function freePort() {
  const server = http.createServer().listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function withoutShopSettings(env: NodeJS.ProcessEnv) {
  const {
    DATABASE_URL: _database,
    SMTP_URL: _smtp,
    PUBLIC_URL: _public,
    AUTH_SECRET: _secret,
    RAZORPAY_KEY_ID: _key,
    RAZORPAY_KEY_SECRET: _keySecret,
    RAZORPAY_WEBHOOK_SECRET: _webhook,
    CARD_PAYMENTS: _cards,
    ...rest
  } = env;
  return rest;
}

/** Builds the shop when there is no build yet. */
export function buildIfNeeded() {
  if (fs.existsSync("build/server/server.js")) return;
  const build = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function freshPostgresDatabase(serverUrl: string) {
  const name = `shop_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * `webConcurrency` is the shop's WEB_CONCURRENCY: 1 unless asked (one process is what the
 * benchmark's figures are about; the scaling benchmark asks for more on PostgreSQL).
 */
export async function startProductionShop(
  options: { databaseUrl?: string; webConcurrency?: number } = {},
) {
  buildIfNeeded();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const database = options.databaseUrl
    ? await freshPostgresDatabase(options.databaseUrl)
    : undefined;
  const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, "build/server/server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...withoutShopSettings(process.env),
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: String(options.webConcurrency ?? 1),
      ADMIN_EMAIL: BENCH_OWNER.email,
      ADMIN_PASSWORD: BENCH_OWNER.password,
      ...(database ? { DATABASE_URL: database.url, AUTH_SECRET: randomUUID() + randomUUID() } : {}),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  // A fresh demo catalog on a busy two-core machine has taken over a minute to come up.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const ok = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      const why =
        child.exitCode === null
          ? `was not ready (/readyz) within ${STARTUP_TIMEOUT_MS / 1000} s`
          : `exited with code ${child.exitCode}`;
      child.kill("SIGTERM");
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the shop ${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const shop: ProductionShop = {
    base,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return shop;
}

/** A new customer's session cookie, signed up as a browser without JavaScript does. */
export async function newCustomer(base: string, fullName = "Bench Buyer") {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "sign-up",
      fullName,
      email: `bench.${randomUUID().slice(0, 12)}@gmail.com`,
      password: "bench-password-123",
    }),
  });
  // The session only: the sign-up's one-time welcome toast would be shown, and its cookie
  // deleted, by the first page a browser opens; sent with every request it would make each of
  // them read, show and delete it again.
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .filter((value) => !value.startsWith(`${TOAST_COOKIE}=`))
    .join("; ");
  if (!cookie) throw new Error(`sign-up answered ${response.status} without a session`);
  return cookie;
}

/** The owner's session cookie, signed in on /admin/login as a browser without JavaScript does. */
export async function ownerSession(base: string) {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: BENCH_OWNER.email, password: BENCH_OWNER.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .filter((value) => !value.startsWith(`${TOAST_COOKIE}=`))
    .join("; ");
  if (!cookie) throw new Error(`the owner's sign-in answered ${response.status} without a session`);
  return cookie;
}

/** A form post as a signed-in browser without JavaScript sends it. */
export function postForm(
  base: string,
  pathName: string,
  cookie: string,
  form: Record<string, string>,
) {
  return fetch(`${base}${pathName}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
}

/** The size the product page's add-to-cart form has chosen (its default size). */
export function chosenSizeOn(html: string) {
  const variantId = /name="variantId" checked="" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!variantId) throw new Error("no chosen size on the product page");
  return variantId;
}

/** The id the product page's add-to-cart form posts. */
export function productIdOn(html: string) {
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!productId) throw new Error("no product id on the product page");
  return productId;
}
