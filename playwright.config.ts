import fs from "node:fs";
import { chromium, defineConfig, devices } from "@playwright/test";
import { requirePinnedNode } from "./scripts/support/node-runtime.mjs";
import { ADMIN, BASE_URL, E2E_PORT, SMTP_HTTP_PORT, SMTP_PORT } from "./tests/e2e/config";

// Read by the runner and by each worker it forks: both on the pinned Node.js (docs/decisions/078).
requirePinnedNode("Playwright");

/**
 * Debian's Chromium headless shell when installed, else Debian's full Chromium, else Playwright's
 * own browser if present; never a download. The shell renders with the same Blink and V8 at about a
 * third of the full browser's CPU per page load, which is most of this suite's time
 * (docs/decisions/045).
 */
function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const candidate of [
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  if (fs.existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    "No Chromium found for the end-to-end tests. Install Debian's packages " +
      "(apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.",
  );
}

/**
 * Specs that change what every visitor sees (the home page's offers, the shop's settings) run
 * after all the others.
 */
const SHARED_STATE = /(admin-coupons|\.shared)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // One migrated embedded database the specs that start their own shops copy (support/shop-process).
  globalSetup: "./tests/e2e/support/pglite-template.ts",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  // Three on two cores: with two, the cores sat idle an eighth of the time while tests waited on
  // the shop, a started process or a timer (docs/decisions/047).
  workers: process.env.CI ? 3 : undefined,
  // In CI a failed test runs once more; the summary names every test that needed it (decision 035).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "test-results/e2e-report" }]],
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs about a fifth of the run; `--trace retain-on-failure` turns it on.
    trace: "off",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    // The shopper who asks for less motion, which the shop honours (app.css, the offers' headline,
    // the coupon's confetti): toasts and dialogs then appear at once instead of being drawn frame
    // by frame in software, 10-27 % of the browser's CPU in the journeys measured. No journey
    // asserts motion; the specs of the animated parts (drawers, dialogs, the offers' headline, the
    // confetti under the console guard) keep it with `reducedMotion: "no-preference"`.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // The tests visit one origin: a renderer process per site and the browser's own
        // background features only cost CPU (about 5 % of a run measured on two cores).
        "--disable-site-isolation-trials",
        "--disable-features=IsolateOrigins,site-per-process,Translate,OptimizationHints,MediaRouter",
        "--disable-renderer-backgrounding",
      ],
    },
  },
  projects: [
    { name: "storefront", testIgnore: SHARED_STATE },
    // Tests that change what every visitor sees (the home page's offers) run after the others.
    { name: "shared-state", testMatch: SHARED_STATE, dependencies: ["storefront"] },
  ],
  webServer: [
    {
      command: "npx tsx tests/fakes/smtp-server.ts",
      url: `http://127.0.0.1:${SMTP_HTTP_PORT}/health`,
      env: { SMTP_PORT: String(SMTP_PORT), SMTP_HTTP_PORT: String(SMTP_HTTP_PORT) },
      reuseExistingServer: false,
    },
    {
      // The production build, started the way a user starts it, on a fresh data directory.
      command: "node scripts/e2e-server.mjs",
      url: `${BASE_URL}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(E2E_PORT),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
      },
    },
  ],
});
