/**
 * npm run drill:kill
 *
 * Kills the shop with SIGKILL (every process of it) in the middle of its work several times,
 * restarts it on the same data, and checks what survived, on the embedded database and on
 * PostgreSQL (two processes). Exits non-zero on any inconsistency.
 *
 * Orders: customers place cash-on-delivery orders over HTTP at once (some with a coupon that has
 * a usage limit, all for one product with limited stock); every order the shop acknowledged must
 * be there after the kills, and stock and coupon counts must agree with the orders.
 *
 * Background jobs (docs/decisions/055): other customers pay card orders through Razorpay's
 * checkout (played by the drill; Razorpay's API is the stand-in of tests/fakes/razorpay-api.ts,
 * run here as an HTTP server the shop is pointed at) and cancel them, so the shop refunds them;
 * every order sends mails to an SMTP server the drill runs. The kills fall while mails and refunds
 * are waiting and running: right after the mail server accepted a message, while the gateway's
 * answer to a refund is on its way, or at a random moment. Every job committed before a kill must
 * have run after the restart: every mail delivered (counted as distinct messages by their
 * Message-ID and as raw deliveries, since a mail accepted just before the kill is sent again) or
 * dropped by the shop for a reason it logged, and every refund made at the gateway exactly once.
 *
 * DRILL_DATABASE_URL: a PostgreSQL server where a fresh database is created and dropped
 * (default postgres://postgres@127.0.0.1:5432). DRILL_PORT: the shop's port (default 3740).
 * DRILL_KILLS (default 3), DRILL_CUSTOMERS (cash on delivery, default 6), DRILL_CARD_CUSTOMERS
 * (default 3). DRILL_ONLY=pglite|postgres runs one.
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
import {
  type Acknowledged,
  type Burst,
  type CardOrder,
  Customer,
  cardPaymentLoop,
  cashOnDeliveryLoop,
  signUp,
} from "./support/drill-customer";
import {
  droppedMailKeys,
  type JobRow,
  jobStateLines,
  type KillSnapshot,
  mailLines,
  readJobs,
  readRefunds,
  recoveryLines,
  refundLines,
  snapshotOf,
} from "./support/drill-jobs";
import {
  type Gateway,
  type MailCapture,
  startGateway,
  startMailCapture,
} from "./support/drill-witnesses";

const PORT = Number(process.env.DRILL_PORT ?? 3740);
const BASE = `http://127.0.0.1:${PORT}`;
const KILLS = Number(process.env.DRILL_KILLS ?? 3);
const CUSTOMERS = Number(process.env.DRILL_CUSTOMERS ?? 6);
const CARD_CUSTOMERS = Number(process.env.DRILL_CARD_CUSTOMERS ?? 3);
const SERVER_URL = process.env.DRILL_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432";
const INITIAL_STOCK = 200;
const COUPON_LIMIT = 8;
const COUPON_CODE = "DRILL10";
/** A burst ends with a kill once this many orders were acknowledged in it (or after a while). */
const ACKS_BEFORE_KILL = 4;
/** ... and this many paid card orders were cancelled in it, so refunds are on their way. */
const CANCELS_BEFORE_KILL = 2;
const BURST_MAX_MS = 30_000;
/** How long the mail server takes to accept a message, and the relay holds a refund's answer. */
const MAIL_ACCEPT_MS = 120;
const REFUND_ANSWER_HOLD_MS = 400;
/** How long the jobs a kill left may take to run after the restart before the drill gives up. */
const SETTLE_MAX_MS = 90_000;
const MAIL_DOMAIN = "drill.example";
/** The moments the kills fall on, in turn. */
const KILL_MOMENTS = [
  "a mail accepted",
  "a refund's answer on its way",
  "a random moment",
] as const;

type Target = {
  kind: "pglite" | "postgres";
  env: Record<string, string>;
  open(): Promise<{ db: Database; close(): Promise<void> }>;
  dispose(): Promise<void>;
};

/** The mail server and the gateway a target's shop talks to. */
type Witnesses = { mail: MailCapture; gateway: Gateway; keyId: string; keySecret: string };

const log = (line: string) => console.log(`[drill] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ensureBuild() {
  if (fs.existsSync("build/server/server.js")) return;
  log("no production build: building");
  const build = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// ---------------------------------------------------------------------------------------------
// The shop process

type Shop = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  /** SIGKILL to every process of the shop at once (its workers too), as a crash. */
  kill(): void;
};

function startShop(target: Target, witnesses: Witnesses): Shop {
  let output = "";
  const child = spawn(process.execPath, ["build/server/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED: "none",
      // Info, for the shop's word on each mail it decided not to send.
      LOG_LEVEL: "info",
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      SMTP_URL: witnesses.mail.url,
      MAIL_FROM: `Drill Shop <orders@${MAIL_DOMAIN}>`,
      CARD_PAYMENTS: "razorpay",
      RAZORPAY_KEY_ID: witnesses.keyId,
      RAZORPAY_KEY_SECRET: witnesses.keySecret,
      RAZORPAY_API_BASE: witnesses.gateway.apiBase,
      ...target.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a kill reaches the workers as well.
    detached: true,
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const kill = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Gone already.
    }
  };
  // Detached, it would outlive a drill that stops on an error.
  process.on("exit", kill);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      process.removeListener("exit", kill);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output, kill };
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

/** Jobs due or running, as the shop's /metrics reports them (readable from this machine). */
async function jobsOutstanding() {
  const text = await fetch(`${BASE}/metrics`).then((response) => response.text());
  const gauge = (state: string) =>
    Number(new RegExp(`^shop_background_jobs\\{state="${state}"\\} (\\d+)`, "m").exec(text)?.[1]);
  return gauge("queued") + gauge("running");
}

/**
 * Waits until no job is due or running; how long that took, or null when they were still there
 * after SETTLE_MAX_MS (the final count then names the jobs that never ran).
 */
async function settle(label: string) {
  const started = Date.now();
  while (Date.now() - started < SETTLE_MAX_MS) {
    const outstanding = await jobsOutstanding().catch(() => Number.NaN);
    if (outstanding === 0) return Date.now() - started;
    await sleep(100);
  }
  log(`${label}: jobs still due or running ${SETTLE_MAX_MS / 1000} s after the restart`);
  return null;
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
      // Two processes take jobs from one database, whatever the machine's cores.
      WEB_CONCURRENCY: "2",
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
// The witnesses

async function startWitnesses(): Promise<Witnesses> {
  const keyId = "rzp_test_drill";
  const keySecret = randomBytes(18).toString("hex");
  const mail = await startMailCapture({ acceptAfterMs: MAIL_ACCEPT_MS });
  const gateway = await startGateway({
    keyId,
    keySecret,
    holdRefundAnswerMs: REFUND_ANSWER_HOLD_MS,
  });
  return { mail, gateway, keyId, keySecret };
}

/** Kills the shop at the moment `moment` names, or after `timeoutMs` if it does not come. */
function killAt(
  shop: Shop,
  witnesses: Witnesses,
  moment: (typeof KILL_MOMENTS)[number],
  timeoutMs: number,
) {
  return new Promise<string>((resolve) => {
    const stops: (() => void)[] = [];
    const kill = (what: string) => {
      shop.kill();
      for (const stop of stops) stop();
      resolve(what);
    };
    if (moment === "a mail accepted") {
      stops.push(witnesses.mail.onAccepted(() => kill(moment)));
    } else if (moment === "a refund's answer on its way") {
      stops.push(witnesses.gateway.onRefundHeld(() => kill(moment)));
    } else {
      const timer = setTimeout(() => kill(moment), Math.floor(Math.random() * 400));
      stops.push(() => clearTimeout(timer));
    }
    const fallback = setTimeout(() => kill(`${timeoutMs / 1000} s without ${moment}`), timeoutMs);
    stops.push(() => clearTimeout(fallback));
  });
}

// ---------------------------------------------------------------------------------------------
// The drill

type Round = {
  shop: Shop;
  witnesses: Witnesses;
  last: boolean;
  moment: (typeof KILL_MOMENTS)[number];
};

async function burst(
  round: Round,
  customers: { cash: Customer[]; card: Customer[] },
  productId: string,
) {
  const state: Burst = {
    stopped: false,
    acknowledged: [],
    cardOrders: [],
    attempts: 0,
    refused: 0,
    errors: 0,
  };
  const loops = [
    ...customers.cash.map((customer) =>
      cashOnDeliveryLoop(customer, productId, COUPON_CODE, state),
    ),
    ...customers.card.map((customer) =>
      cardPaymentLoop(customer, productId, round.witnesses.keySecret, state),
    ),
  ];
  const started = Date.now();
  const cancelled = () => state.cardOrders.filter((order) => order.cancelled).length;
  while (
    (state.acknowledged.length < ACKS_BEFORE_KILL || cancelled() < CANCELS_BEFORE_KILL) &&
    Date.now() - started < BURST_MAX_MS
  ) {
    await sleep(50);
  }
  let ending: string;
  let killedAt = 0;
  if (!round.last) {
    ending = `killed with SIGKILL at ${await killAt(round.shop, round.witnesses, round.moment, 10_000)}`;
    killedAt = Date.now();
    await round.shop.exited;
    state.stopped = true;
    await Promise.all(loops);
  } else {
    state.stopped = true;
    await Promise.all(loops);
    const waited = await settle("the last round");
    round.shop.child.kill("SIGTERM");
    const code = await round.shop.exited;
    if (code !== 0) throw new Error(`the shop exited with ${code} after SIGTERM`);
    ending =
      waited === null
        ? "stopped with SIGTERM with jobs still due or running"
        : `stopped with SIGTERM once its jobs had run (${(waited / 1000).toFixed(1)} s)`;
  }
  return { state, ending, killedAt };
}

/** The latest word on each card order (a kill may have left one to be paid in a later burst). */
function mergeCardOrders(all: CardOrder[]) {
  const byId = new Map<string, CardOrder>();
  for (const order of all) {
    const known = byId.get(order.orderId);
    byId.set(order.orderId, {
      orderId: order.orderId,
      paid: order.paid || Boolean(known?.paid),
      cancelled: order.cancelled || Boolean(known?.cancelled),
    });
  }
  return [...byId.values()];
}

async function drill(target: Target) {
  log(
    `${target.kind}: seeding a product with stock ${INITIAL_STOCK} and ${COUPON_CODE} (limit ${COUPON_LIMIT})`,
  );
  const ids = await seed(target);
  const witnesses = await startWitnesses();
  const customer = (kind: string, index: number) =>
    new Customer(BASE, `drill.${kind}.${index}.${randomUUID().slice(0, 8)}@gmail.com`);
  const customers = {
    cash: Array.from({ length: CUSTOMERS }, (_, index) => customer("cod", index)),
    card: Array.from({ length: CARD_CUSTOMERS }, (_, index) => customer("card", index)),
  };
  const acknowledged: Acknowledged[] = [];
  const cardOrders: CardOrder[] = [];
  const snapshots: KillSnapshot[] = [];
  const dropped = new Set<string>();
  let attempts = 0;
  let kills = 0;
  let jobsBefore = 0;
  try {
    for (let index = 0; index <= KILLS; index++) {
      const restartedAt = Date.now();
      const shop = startShop(target, witnesses);
      const last = index === KILLS;
      const moment = KILL_MOMENTS[index % KILL_MOMENTS.length]!;
      let result: Awaited<ReturnType<typeof burst>>;
      try {
        await waitForHealth(shop);
        const previous = snapshots[index - 1];
        if (previous) {
          previous.restartedAt = restartedAt;
          previous.healthyAt = Date.now();
          // What the kill left runs before the next burst, so its figures are its own.
          await settle(`${target.kind}: after kill ${index}`);
        }
        if (index === 0) {
          const everyone = [...customers.cash, ...customers.card];
          for (const [i, one] of everyone.entries()) await signUp(one, i);
        }
        result = await burst({ shop, witnesses, last, moment }, customers, ids.productId);
      } finally {
        if (shop.child.exitCode === null && shop.child.signalCode === null) shop.kill();
        await shop.exited;
        for (const key of droppedMailKeys(shop.output())) dropped.add(key);
      }
      acknowledged.push(...result.state.acknowledged);
      cardOrders.push(...result.state.cardOrders);
      attempts += result.state.attempts;
      const paid = result.state.cardOrders.filter((order) => order.paid).length;
      const cancelled = result.state.cardOrders.filter((order) => order.cancelled).length;
      log(
        `${target.kind}: burst ${index + 1}: ${result.state.attempts} checkouts posted, ` +
          `${result.state.acknowledged.length} cash orders acknowledged, ${paid} card orders ` +
          `paid and ${cancelled} cancelled, ${result.state.refused} refused, ` +
          `${result.state.errors} cut off — ${result.ending}`,
      );
      if (last) break;
      kills++;
      const handle = await target.open();
      try {
        const jobs: JobRow[] = await readJobs(handle.db);
        snapshots.push({
          ...snapshotOf(kills, jobs, jobsBefore),
          killedAt: result.killedAt,
          restartedAt: 0,
          healthyAt: 0,
        });
        jobsBefore = jobs.length;
      } finally {
        await handle.close();
      }
    }
    return await report(
      target,
      ids,
      { acknowledged, attempts, kills },
      {
        witnesses,
        snapshots,
        dropped,
        cardOrders: mergeCardOrders(cardOrders),
      },
    );
  } finally {
    await witnesses.mail.close();
    await witnesses.gateway.close();
  }
}

async function report(
  target: Target,
  ids: { productId: string; couponId: string },
  run: { acknowledged: Acknowledged[]; attempts: number; kills: number },
  jobsRun: {
    witnesses: Witnesses;
    snapshots: KillSnapshot[];
    dropped: Set<string>;
    cardOrders: CardOrder[];
  },
) {
  const { acknowledged, attempts, kills } = run;
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

  const handle = await target.open();
  let jobsOk: boolean;
  try {
    const jobs = await readJobs(handle.db);
    const cancelled = jobsRun.cardOrders.filter((order) => order.paid && order.cancelled);
    const checks = [
      jobStateLines(target.kind, jobs),
      recoveryLines(target.kind, jobsRun.snapshots, jobs),
      mailLines(target.kind, jobs, jobsRun.witnesses.mail.deliveries, jobsRun.dropped, MAIL_DOMAIN),
      refundLines(
        target.kind,
        await readRefunds(handle.db),
        {
          made: [...jobsRun.witnesses.gateway.fake.refunds.values()],
          calls: jobsRun.witnesses.gateway.fake.refundRequests.length,
        },
        cancelled.map((order) => order.orderId),
      ),
    ];
    for (const check of checks) for (const line of check.lines) log(line);
    jobsOk = checks.every((check) => check.ok);
  } finally {
    await handle.close();
  }
  return ordersOk && stockOk && couponOk && jobsOk;
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
  log(
    ok
      ? "every acknowledged order survived, stock and coupon counts agree, every job ran, every refund was made once"
      : "INCONSISTENT",
  );
  process.exit(ok ? 0 : 1);
}

await main();
