/**
 * Migration 0019 carries what the mail outbox and the refunds' own retry columns held into
 * background jobs (docs/decisions/055), on a database migrated to 0018 and holding such rows.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "~/lib/db.server";
import { DATABASE_KIND } from "./support/database";

type Run = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A copy of the migrations folder that stops after migration `last`. */
function migrationsUpTo(last: number) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

let run: Run;
let migrateAll: () => Promise<void>;
let close: () => Promise<void>;

beforeAll(async () => {
  const upTo18 = migrationsUpTo(18);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migratePglite(drizzlePglite(client), { migrationsFolder: upTo18 });
    run = async (text, values) => (await client.query(text, values)).rows as never;
    migrateAll = () =>
      migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
    close = () => client.close();
    return;
  }
  const name = `shop_migration_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: upTo18 });
  run = async (text, values) => (await client.query(text, values)).rows;
  migrateAll = () => migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
  close = async () => {
    await client.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}, 180_000);
afterAll(() => close?.());

describe(`migration 0019 on ${DATABASE_KIND}`, () => {
  it("carries unsent, given-up and sent mails and unsettled refunds into background jobs", async () => {
    const orderId = randomUUID();
    await run(
      `insert into orders (id, order_number, subtotal, total, payment_method, payment_status, shipping_address)
       values ($1, 'ORD-MIGRATION-1', 65000, 65000, 'razorpay', 'paid', '{}'::jsonb)`,
      [orderId],
    );
    const later = new Date(Date.now() + 3_600_000);
    await run(
      `insert into mail_outbox (kind, order_id, occasion, attempts, next_attempt_at, sent_at, last_error) values
         ('order-confirmation', $1, '', 2, $2, null, '421 later'),
         ('new-order-alert', $1, '', 10, null, null, '550 gone'),
         ('payment-received', $1, '', 1, null, now(), null)`,
      [orderId, later],
    );
    const [payment] = await run(
      `insert into payments (order_id, provider_order_id, provider_payment_id, amount, status)
       values ($1, 'order_migration', 'pay_migration', 65000, 'paid') returning id`,
      [orderId],
    );
    const [unsent] = await run(
      `insert into refunds (order_id, payment_id, amount, reason, status, attempts, next_attempt_at)
       values ($1, $2, 1000, 'Part', 'pending', 3, $3) returning id, idempotency_key`,
      [orderId, payment!.id, later],
    );
    const [atGateway] = await run(
      `insert into refunds (order_id, payment_id, amount, reason, status, provider_refund_id)
       values ($1, $2, 2000, 'More', 'pending', 'rfnd_migration') returning id`,
      [orderId, payment!.id],
    );
    await run(
      `insert into refunds (order_id, payment_id, amount, reason, status, provider_refund_id, processed_at)
       values ($1, $2, 3000, 'Done', 'processed', 'rfnd_done', now())`,
      [orderId, payment!.id],
    );

    await migrateAll();

    const jobs = await run(
      `select kind, key, payload, state, attempts, run_at, last_error, finished_at
       from background_jobs order by kind, key`,
    );
    expect(jobs).toMatchObject([
      {
        kind: "card-refund",
        key: `${unsent!.id}:${unsent!.idempotency_key}`,
        payload: { refundId: unsent!.id },
        state: "queued",
        attempts: 0,
      },
      {
        kind: "card-refund-check",
        key: "rfnd_migration",
        payload: { refundId: atGateway!.id },
        state: "queued",
      },
      {
        kind: "mail",
        key: `new-order-alert:${orderId}:`,
        payload: { kind: "new-order-alert", about: orderId, occasion: "" },
        state: "failed",
        attempts: 10,
        last_error: "550 gone",
      },
      {
        kind: "mail",
        // Renamed by a later migration: the order's first notice is "order-placed" on every channel.
        key: `order-placed:${orderId}:`,
        payload: { kind: "order-placed", about: orderId, occasion: "" },
        state: "queued",
        attempts: 2,
        last_error: "421 later",
      },
      { kind: "mail", key: `payment-received:${orderId}:`, state: "done" },
    ]);
    expect(new Date(jobs[3]!.run_at as string).getTime()).toBe(later.getTime());
    expect(jobs[4]!.finished_at).not.toBeNull();
    const tables = await run(`select to_regclass('mail_outbox') as outbox`);
    expect(tables[0]!.outbox).toBeNull();
  });
});
