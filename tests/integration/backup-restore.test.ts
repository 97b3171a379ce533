import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/lib/db.server";
import {
  BackupRefusedError,
  backupEmbeddedDatabase,
  restoreEmbeddedDatabase,
} from "~/lib/embedded-backup.server";
import { orderItems, orders, products, productVariants } from "../../db/schema";
import { insertProducts } from "./support/catalog";
import { openPgliteOnDisk } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { chooseCourier } from "./support/services";

// About the embedded database on disk, whichever database the other tests run on.
const tempDirs: string[] = [];
const handles: DatabaseHandle[] = [];
const children: ChildProcess[] = [];

function tempDir(name = "") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
  tempDirs.push(dir);
  return name ? path.join(dir, name) : dir;
}

async function open(dataDir: string) {
  const handle = await openPgliteOnDisk(dataDir);
  handles.push(handle);
  return handle;
}

async function close(handle: DatabaseHandle) {
  handles.splice(handles.indexOf(handle), 1);
  await handle.close();
}

// The orders are placed in data directories of the tests' own, not in a running shop's database,
// whose kept settings the courier's word and fees read: the shop here books no courier.
beforeAll(() => chooseCourier(null));
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  for (const handle of handles.splice(0)) await handle.close().catch(() => {});
});
afterAll(() => {
  chooseCourier(undefined);
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** What an owner would compare: every order with its lines, and the stock left. */
async function snapshot(database: Database) {
  const placed = await database
    .select({
      orderNumber: orders.orderNumber,
      total: orders.total,
      status: orders.status,
      userId: orders.userId,
    })
    .from(orders)
    .orderBy(asc(orders.orderNumber));
  const lines = await database
    .select({
      orderNumber: orders.orderNumber,
      name: orderItems.productName,
      qty: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .orderBy(asc(orders.orderNumber), asc(orderItems.productName));
  const stock = await database
    .select({ name: products.name, stock: productVariants.stockQuantity })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .orderBy(asc(products.name));
  return { placed, lines, stock };
}

/** A data directory whose shop took three orders, closed again as a stopped shop leaves it. */
async function shopWithOrders() {
  const dataDir = tempDir("data");
  const handle = await open(dataDir);
  const [oil, tablets] = await insertProducts(handle.db, [
    { name: "Brahmi Oil", price: 25000, stockQuantity: 20 },
    { name: "Triphala Tablets", price: 18000, stockQuantity: 30 },
  ]);
  const customers = await insertCustomers(handle.db, 3);
  for (const [index, userId] of customers.entries()) {
    await fillCart(handle.db, userId, [
      { productId: oil!.id, quantity: index + 1 },
      { productId: tablets!.id, quantity: 2 },
    ]);
    await orderFor(handle.db, userId);
  }
  const before = await snapshot(handle.db);
  await close(handle);
  return { dataDir, before };
}

/** A running shop as the lock sees it: another live process whose pid is in the lock file. */
async function runningShopOn(dataDir: string) {
  const lockPath = path.join(dataDir, "database.lock");
  const child = spawn(
    process.execPath,
    [
      "-e",
      "require('fs').writeFileSync(process.argv[1], String(process.pid)); setInterval(() => {}, 1000);",
      lockPath,
    ],
    { stdio: "ignore" },
  );
  children.push(child);
  const deadline = Date.now() + 10_000;
  while (!(fs.existsSync(lockPath) && fs.readFileSync(lockPath, "utf8") === String(child.pid))) {
    if (Date.now() > deadline) throw new Error("the other process did not take the lock");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return child;
}

function modesUnder(root: string) {
  const open: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) open.push(`${entry} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return open;
}

describe("backup and restore of the embedded database", { timeout: 180_000 }, () => {
  it("restores a backup into a new DATA_DIR with the same orders, lines and stock", async () => {
    const { dataDir, before } = await shopWithOrders();
    expect(before.placed).toHaveLength(3);
    const file = path.join(tempDir(), "backups", "shop.tar.gz");

    const backup = await backupEmbeddedDatabase({ dataDir, file });
    expect(backup.orders).toBe(3);
    expect(fs.statSync(file).size).toBe(backup.bytes);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const restoredDir = tempDir("restored");
    const restored = await restoreEmbeddedDatabase({ file, dataDir: restoredDir });
    expect(restored).toMatchObject({ orders: 3, replaced: false });
    expect(modesUnder(restoredDir)).toEqual([]);

    const handle = await open(restoredDir);
    expect(await snapshot(handle.db)).toEqual(before);
  });

  it("refuses to back up while the shop has the directory open, saying what to do", async () => {
    const { dataDir } = await shopWithOrders();
    const shop = await runningShopOn(dataDir);
    const file = path.join(tempDir(), "refused.tar.gz");
    const refusal = backupEmbeddedDatabase({ dataDir, file });
    await expect(refusal).rejects.toThrow(BackupRefusedError);
    await expect(refusal).rejects.toThrow(/while the shop is running.*Stop the shop.*PostgreSQL/s);
    await expect(refusal).rejects.toThrow(`pid ${shop.pid}`);
    expect(fs.existsSync(file)).toBe(false);
    // Restoring over the running shop's directory is refused too, even when forced.
    await expect(
      restoreEmbeddedDatabase({
        file: path.join(dataDir, "pglite", "PG_VERSION"),
        dataDir,
        force: true,
      }),
    ).rejects.toThrow(/while the shop is running/);
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
  });

  it("refuses a non-empty DATA_DIR unless forced, and then replaces its database", async () => {
    const { dataDir, before } = await shopWithOrders();
    const file = path.join(tempDir(), "shop.tar.gz");
    await backupEmbeddedDatabase({ dataDir, file });

    // A different shop already lives in the target directory.
    const target = tempDir("other");
    const other = await open(target);
    await insertProducts(other.db, [{ name: "Ashwagandha Churna", price: 30000 }]);
    await close(other);

    await expect(restoreEmbeddedDatabase({ file, dataDir: target })).rejects.toThrow(
      /is not empty.*--force/,
    );
    const forced = await restoreEmbeddedDatabase({ file, dataDir: target, force: true });
    expect(forced).toMatchObject({ orders: 3, replaced: true });
    const handle = await open(target);
    expect(await snapshot(handle.db)).toEqual(before);
  });

  it("refuses a file that is not a backup and leaves no database behind", async () => {
    const file = path.join(tempDir(), "not-a-backup.tar.gz");
    fs.writeFileSync(file, "hello");
    const target = tempDir("target");
    await expect(restoreEmbeddedDatabase({ file, dataDir: target })).rejects.toThrow(
      /not a backup of the shop's database/,
    );
    expect(fs.existsSync(path.join(target, "pglite"))).toBe(false);
  });
});
