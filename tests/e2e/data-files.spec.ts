import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SPEC_SHOP_PORTS } from "./config";
import { type ShopProcess, shopTracker, waitForHealth } from "./support/shop-process";

// The shop's data directory holds e-mails, addresses, password hashes and session tokens: only
// the account that runs the shop may read it. The test starts the production build as a process
// twice: on a new directory, then on the same directory left open to everyone.
test.describe.configure({ mode: "serial", timeout: 300_000 });

// Its own port (tests/e2e/config.ts lists every spec's).
const PORT = SPEC_SHOP_PORTS.dataFiles;

const shops = shopTracker();
test.afterEach(() => shops.killAll());
test.afterAll(() => shops.cleanUp());

/** Started under `umask 000`, the loosest a careless service manager could give it. */
const startShop = (dataDir: string) =>
  shops.spawn({
    umask: "000",
    env: { PORT: String(PORT), PUBLIC_URL: `http://127.0.0.1:${PORT}`, DATA_DIR: dataDir },
  });

async function stop(shop: ShopProcess) {
  expect(await shop.stop()).toBe(0);
}

/** Every entry under `root` (root included) with its permission bits, symlinks left out. */
function modes(root: string) {
  const entries: { path: string; kind: "dir" | "file"; mode: number }[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    const kind = stat.isDirectory() ? "dir" : "file";
    entries.push({ path: path.relative(root, entry) || ".", kind, mode: stat.mode & 0o777 });
    if (kind === "dir") for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return entries;
}

function loosen(root: string) {
  for (const entry of modes(root))
    fs.chmodSync(path.join(root, entry.path), entry.kind === "dir" ? 0o777 : 0o666);
}

function expectPrivate(root: string) {
  const entries = modes(root);
  const open = entries
    .filter((entry) => entry.mode !== (entry.kind === "dir" ? 0o700 : 0o600))
    .map((entry) => `${entry.path} ${entry.mode.toString(8)}`);
  expect(open).toEqual([]);
  return entries;
}

/** A data directory that does not exist yet, for the shop to create. */
const newDataDir = () => path.join(shops.tempDir("shop-modes"), "data");

test("a fresh DATA_DIR is created 0700 with every file 0600; left open to everyone, it is closed on the next start, and the count is logged", async () => {
  const dataDir = newDataDir();
  const first = startShop(dataDir);
  await waitForHealth(PORT);
  const entries = expectPrivate(dataDir);
  // The embedded database, its write-ahead log and the generated secret are all there.
  expect(entries.some((entry) => entry.path.startsWith(path.join("pglite", "pg_wal")))).toBe(true);
  expect(entries.length).toBeGreaterThan(100);
  await stop(first);
  expectPrivate(dataDir);

  // The same directory, now an existing one, opened to everyone while the shop was down.
  fs.mkdirSync(path.join(dataDir, "outbox"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "outbox", "old-message.eml"), "To: someone@gmail.com\n");
  loosen(dataDir);
  const loosened = modes(dataDir).length;
  expect(modes(dataDir).every((entry) => entry.mode === 0o666 || entry.mode === 0o777)).toBe(true);

  const second = startShop(dataDir);
  await waitForHealth(PORT);
  expectPrivate(dataDir);
  expect(second.output()).toMatch(/closed the permissions of \d+ entries/);
  const fixed = Number(/closed the permissions of (\d+) entries/.exec(second.output())?.[1]);
  expect(fixed).toBe(loosened);
  await stop(second);
});
