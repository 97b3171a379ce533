/**
 * npm run drill:kill
 *
 * Places cash-on-delivery orders over HTTP from several customers at once (some with a coupon
 * that has a usage limit, all for one product with limited stock), kills the shop with SIGKILL
 * mid-burst several times, restarts it on the same data, and then checks in the database that
 * every order the shop acknowledged is there, that stock and coupon counts agree with the orders,
 * on the embedded database and on PostgreSQL. Exits non-zero on any inconsistency.
 *
 * DRILL_DATABASE_URL: a PostgreSQL server where a fresh database is created and dropped
 * (default postgres://postgres@127.0.0.1:5432). DRILL_PORT: the shop's port (default 3740).
 * DRILL_KILLS (default 3), DRILL_CUSTOMERS (default 6). DRILL_ONLY=pglite|postgres runs one.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase, queryRows } from "../app/lib/db.server";
import { couponRedemptions, coupons, orders, products, productVariants } from "../db/schema";

const PORT = Number(process.env.DRILL_PORT ?? 3740);
const BASE = `http://127.0.0.1:${PORT}`;
const KILLS = Number(process.env.DRILL_KILLS ?? 3);
const CUSTOMERS = Number(process.env.DRILL_CUSTOMERS ?? 6);
const SERVER_URL = process.env.DRILL_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432";
const INITIAL_STOCK = 80;
const COUPON_LIMIT = 8;
const COUPON_CODE = "DRILL10";
/** A burst ends with a kill once this many orders were acknowledged in it (or after a while). */
const ACKS_BEFORE_KILL = 4;
const BURST_MAX_MS = 30_000;

type Target = {
  kind: "pglite" | "postgres";
  env: Record<string, string>;
  open(): Promise<{ db: Database; close(): Promise<void> }>;
  dispose(): Promise<void>;
};

type Acknowledged = { key: string; quantity: number };

const log = (line: string) => console.log(`[drill] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ensureBuild() {
  if (fs.existsSync("build/server/server.js")) return;
  log("no production build: building");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// The shop process

type Shop = { child: ChildProcess; exited: Promise<number | null>; output: () => string };

function startShop(target: Target): Shop {
  let output = "";
  const child = spawn(process.execPath, ["build/server/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED: "none",
      LOG_LEVEL: "warn",
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      ...target.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(shop: Shop) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null) {
      throw new Error(`the shop exited while starting:\n${shop.output().slice(-2000)}`);
    }
    const status = await fetch(`${BASE}/healthz`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`the shop did not become healthy:\n${shop.output().slice(-2000)}`);
}

// ---------------------------------------------------------------------------------------------
// A customer driving the shop's own forms, as a browser without JavaScript would

class Customer {
  private cookies = new Map<string, string>();
  constructor(readonly email: string) {}

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const expired =
        attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || at === pair.length - 1;
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }

  private headers(extra: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return { ...(cookie ? { cookie } : {}), ...extra };
  }

  async get(pathname: string) {
    const response = await fetch(`${BASE}${pathname}`, {
      headers: this.headers({ "sec-fetch-mode": "navigate" }),
      redirect: "manual",
    });
    this.remember(response);
    return { status: response.status, body: await response.text() };
  }

  async post(pathname: string, fields: Record<string, string>) {
    const response = await fetch(`${BASE}${pathname}`, {
      method: "POST",
      headers: this.headers({
        "content-type": "application/x-www-form-urlencoded",
        origin: BASE,
        "sec-fetch-mode": "navigate",
      }),
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    this.remember(response);
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get("location") ?? "" };
  }

  get signedIn() {
    return [...this.cookies.keys()].some((name) => name.endsWith("shop.session_token"));
  }
}

const ADDRESS = {
  fullName: "Drill Customer",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

function hiddenInput(html: string, name: string) {
  return new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
}

async function signUp(customer: Customer, index: number) {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const result = await customer.post("/auth", {
    intent: "sign-up",
    fullName: `Drill Customer ${letters[index % 26]}`,
    email: customer.email,
    password: "drill-password",
  });
  if (result.status >= 400 || !customer.signedIn) {
    throw new Error(`sign-up of ${customer.email} failed with ${result.status}`);
  }
}

type Burst = {
  stopped: boolean;
  acknowledged: Acknowledged[];
  attempts: number;
  refused: number;
  errors: number;
};

/** One checkout after another until the burst stops (the shop was killed). */
async function orderLoop(customer: Customer, productId: string, burst: Burst) {
  while (!burst.stopped) {
    try {
      await customer.post("/cart", { intent: "clear" });
      const quantity = 1 + Math.floor(Math.random() * 3);
      await customer.post("/cart", { intent: "add", productId, quantity: String(quantity) });
      const coupon = Math.random() < 0.5;
      if (coupon) {
        const applied = await customer.post("/cart", { intent: "apply-coupon", code: COUPON_CODE });
        if (applied.status >= 400) await customer.post("/cart", { intent: "remove-coupon" });
      }
      const page = await customer.get("/checkout");
      const quote = hiddenInput(page.body, "quote");
      const idempotencyKey = hiddenInput(page.body, "idempotencyKey");
      if (page.status !== 200 || !quote || !idempotencyKey) {
        // Out of stock: the checkout sends the customer back to the cart.
        burst.refused++;
        await sleep(200);
        continue;
      }
      burst.attempts++;
      const placed = await customer.post("/checkout", {
        ...ADDRESS,
        paymentMethod: "cod",
        idempotencyKey,
        quote,
      });
      if (placed.status >= 300 && placed.status < 400 && placed.location.startsWith("/profile")) {
        burst.acknowledged.push({ key: idempotencyKey, quantity });
      } else {
        burst.refused++;
      }
    } catch {
      // The shop went away mid-request: that order was not acknowledged.
      burst.errors++;
      await sleep(100);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The databases

async function seed(target: Target) {
  const handle = await target.open();
  try {
    const slug = `drill-ashwagandha-${randomUUID().slice(0, 8)}`;
    const [product] = await handle.db
      .insert(products)
      .values({ slug, name: "Drill Ashwagandha Churna", dosageInstructions: "Take after meals" })
      .returning({ id: products.id });
    await handle.db
      .insert(productVariants)
      .values({ productId: product!.id, sku: slug, price: 20000, stockQuantity: INITIAL_STOCK });
    const [coupon] = await handle.db
      .insert(coupons)
      .values({
        code: COUPON_CODE,
        discountType: "percentage",
        discountValue: 10,
        usageLimit: COUPON_LIMIT,
      })
      .returning({ id: coupons.id });
    return { productId: product!.id, couponId: coupon!.id };
  } finally {
    await handle.close();
  }
}

async function verify(
  target: Target,
  ids: { productId: string; couponId: string },
  acknowledged: Acknowledged[],
) {
  const handle = await target.open();
  try {
    const db = handle.db;
    const keys = acknowledged.map((entry) => entry.key);
    const found = keys.length
      ? await db
          .select({ key: orders.idempotencyKey })
          .from(orders)
          .where(inArray(orders.idempotencyKey, keys))
      : [];
    const foundKeys = new Set(found.map((row) => row.key));
    const missing = keys.filter((key) => !foundKeys.has(key));
    const [all] = await db.select({ count: sql<number>`count(*)::int` }).from(orders);
    const [ordered] = await queryRows<{ quantity: number }>(
      db,
      sql`select coalesce(sum(oi.quantity), 0)::int as quantity
          from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id = ${ids.productId} and o.status <> 'cancelled'`,
    );
    const [product] = await db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, ids.productId));
    const [coupon] = await db
      .select({ used: coupons.usedCount })
      .from(coupons)
      .where(eq(coupons.id, ids.couponId));
    const [couponOrders] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.couponId, ids.couponId), ne(orders.status, "cancelled")));
    const [redemptions] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, ids.couponId));
    return {
      orders: all!.count,
      missing,
      orderedQuantity: ordered!.quantity,
      stock: product!.stock,
      couponUsed: coupon!.used,
      couponOrders: couponOrders!.count,
      redemptions: redemptions!.count,
    };
  } finally {
    await handle.close();
  }
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-drill-"));
  return {
    kind: "pglite",
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const name = `shop_drill_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-drill-pg-"));
  return {
    kind: "postgres",
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
    },
    open: () => openDatabase({ databaseUrl, dataDir }),
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The drill

async function burst(
  shop: Shop,
  customers: Customer[],
  productId: string,
  stopWith: "kill" | "term",
) {
  const state: Burst = { stopped: false, acknowledged: [], attempts: 0, refused: 0, errors: 0 };
  const loops = customers.map((customer) => orderLoop(customer, productId, state));
  const started = Date.now();
  while (state.acknowledged.length < ACKS_BEFORE_KILL && Date.now() - started < BURST_MAX_MS) {
    await sleep(50);
  }
  // Somewhere inside the next checkouts, not at a quiet moment.
  await sleep(Math.floor(Math.random() * 400));
  if (stopWith === "kill") {
    shop.child.kill("SIGKILL");
    await shop.exited;
    state.stopped = true;
  } else {
    state.stopped = true;
    await Promise.all(loops);
    shop.child.kill("SIGTERM");
    const code = await shop.exited;
    if (code !== 0) throw new Error(`the shop exited with ${code} after SIGTERM`);
  }
  await Promise.all(loops);
  return state;
}

async function drill(target: Target) {
  log(
    `${target.kind}: seeding a product with stock ${INITIAL_STOCK} and ${COUPON_CODE} (limit ${COUPON_LIMIT})`,
  );
  const ids = await seed(target);
  const customers = Array.from(
    { length: CUSTOMERS },
    (_, index) => new Customer(`drill.customer.${index}.${randomUUID().slice(0, 8)}@gmail.com`),
  );
  const acknowledged: Acknowledged[] = [];
  let attempts = 0;
  let kills = 0;
  for (let round = 0; round <= KILLS; round++) {
    const shop = startShop(target);
    const last = round === KILLS;
    let result: Burst;
    try {
      await waitForHealth(shop);
      if (round === 0) {
        for (const [index, customer] of customers.entries()) await signUp(customer, index);
      }
      result = await burst(shop, customers, ids.productId, last ? "term" : "kill");
    } finally {
      if (shop.child.exitCode === null && shop.child.signalCode === null)
        shop.child.kill("SIGKILL");
    }
    if (!last) kills++;
    acknowledged.push(...result.acknowledged);
    attempts += result.attempts;
    log(
      `${target.kind}: burst ${round + 1}: ${result.attempts} checkouts posted, ` +
        `${result.acknowledged.length} acknowledged, ${result.refused} refused, ` +
        `${result.errors} cut off — ${last ? "stopped with SIGTERM" : "killed with SIGKILL"}`,
    );
  }
  const facts = await verify(target, ids, acknowledged);
  const stockOk = INITIAL_STOCK - facts.orderedQuantity === facts.stock && facts.stock >= 0;
  const couponOk =
    facts.couponUsed === facts.couponOrders &&
    facts.couponUsed === facts.redemptions &&
    facts.couponUsed <= COUPON_LIMIT;
  const ordersOk = facts.missing.length === 0;
  const lines = [
    `${target.kind}: kills: ${kills} (SIGKILL mid-burst), checkouts posted: ${attempts}`,
    `${target.kind}: orders acknowledged: ${acknowledged.length}, found after restart: ${acknowledged.length - facts.missing.length}, missing: ${facts.missing.length}, orders in the database: ${facts.orders}`,
    `${target.kind}: stock check: ${INITIAL_STOCK} initial - ${facts.orderedQuantity} ordered = ${INITIAL_STOCK - facts.orderedQuantity}, current ${facts.stock}: ${stockOk ? "OK" : "MISMATCH"}`,
    `${target.kind}: coupon check: used_count ${facts.couponUsed}, orders with the coupon ${facts.couponOrders}, redemptions ${facts.redemptions}, limit ${COUPON_LIMIT}: ${couponOk ? "OK" : "MISMATCH"}`,
  ];
  for (const line of lines) log(line);
  if (!ordersOk) log(`${target.kind}: missing idempotency keys: ${facts.missing.join(", ")}`);
  return ordersOk && stockOk && couponOk;
}

async function main() {
  ensureBuild();
  const only = process.env.DRILL_ONLY;
  const kinds = (["pglite", "postgres"] as const).filter((kind) => !only || kind === only);
  let ok = true;
  for (const kind of kinds) {
    const target = kind === "pglite" ? await pgliteTarget() : await postgresTarget();
    try {
      ok = (await drill(target)) && ok;
    } catch (error) {
      ok = false;
      log(`${kind}: the drill could not run: ${error instanceof Error ? error.message : error}`);
    } finally {
      await target.dispose().catch((error) => log(`${kind}: cleanup failed: ${error}`));
    }
  }
  log(ok ? "every acknowledged order survived; stock and coupon counts agree" : "INCONSISTENT");
  process.exit(ok ? 0 : 1);
}

await main();
