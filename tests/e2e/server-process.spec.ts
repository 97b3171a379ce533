import { expect, test } from "@playwright/test";
import { SPEC_SHOP_PORTS } from "./config";
import { shopTracker, waitForHealth } from "./support/shop-process";

// These start their own shop processes, as a user would with `npm run serve`, on spare ports. One
// directory's life (a second shop refused on it, SIGTERM, a restart) is one test, so it takes two
// healthy starts instead of three.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const shops = shopTracker();
test.afterEach(() => shops.killAll());
test.afterAll(() => shops.cleanUp());
const startShop = (env: Record<string, string>) => shops.spawn({ env });
const dataDir = () => shops.migratedDataDir("shop-process");
// Ports of its own (tests/e2e/config.ts lists every spec's).
const [FIRST, SECOND, THIRD] = SPEC_SHOP_PORTS.serverProcess;

/** Posts the /auth form as a browser without JavaScript would. */
function postAuthForm(port: number, fields: Record<string, string>) {
  return fetch(`http://127.0.0.1:${port}/auth`, {
    method: "POST",
    headers: { origin: `http://127.0.0.1:${port}` },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

test("a bad PORT stops the start with a message naming PORT", async () => {
  const shop = startShop({ PORT: "abc", DATA_DIR: dataDir() });
  expect(await shop.exited).toBe(1);
  expect(shop.output()).toMatch(/PORT: expected a port number/);
});

test("a second shop on the same DATA_DIR exits at once with a clear message; SIGTERM stops the first within 5 s, and a restart keeps what was committed", async () => {
  const dir = dataDir();
  const first = startShop({
    PORT: String(FIRST),
    DATA_DIR: dir,
    PUBLIC_URL: `http://127.0.0.1:${FIRST}`,
  });
  await waitForHealth(FIRST);
  const second = startShop({ PORT: String(SECOND), DATA_DIR: dir });
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/data directory is in use by another shop process/);

  const signUp = await postAuthForm(FIRST, {
    intent: "sign-up",
    fullName: "Kept Customer",
    email: "kept.customer@gmail.com",
    password: "kept-secret",
  });
  expect(signUp.status).toBe(200);

  const stopping = Date.now();
  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(Date.now() - stopping).toBeLessThan(5_000);

  const restarted = startShop({
    PORT: String(THIRD),
    DATA_DIR: dir,
    PUBLIC_URL: `http://127.0.0.1:${THIRD}`,
  });
  await waitForHealth(THIRD);
  const signIn = await postAuthForm(THIRD, {
    intent: "sign-in",
    email: "kept.customer@gmail.com",
    password: "kept-secret",
  });
  expect(signIn.status).toBe(302);
  expect(signIn.headers.getSetCookie().some((c) => c.startsWith("shop.session_token="))).toBe(true);
  restarted.child.kill("SIGTERM");
  expect(await restarted.exited).toBe(0);
});
