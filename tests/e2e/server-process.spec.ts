import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// These start their own shop processes, as a user would with `npm run serve`, on spare ports.
test.describe.configure({ mode: "serial", timeout: 120_000 });

type Shop = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const started: Shop[] = [];
test.afterEach(() => {
  for (const shop of started.splice(0))
    if (shop.child.exitCode === null) shop.child.kill("SIGKILL");
});

function startShop(env: Record<string, string>): Shop {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", SEED: "none", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const shop = { child, output: () => output, exited };
  started.push(shop);
  return shop;
}

async function waitForHealth(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
}

/** Posts the /auth form as a browser without JavaScript would. */
function postAuthForm(port: number, fields: Record<string, string>) {
  return fetch(`http://127.0.0.1:${port}/auth`, {
    method: "POST",
    headers: { origin: `http://127.0.0.1:${port}` },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-process-"));

test("a bad PORT stops the start with a message naming PORT", async () => {
  const shop = startShop({ PORT: "abc", DATA_DIR: dataDir() });
  expect(await shop.exited).toBe(1);
  expect(shop.output()).toMatch(/PORT: expected a port number/);
});

test("a second shop on the same DATA_DIR exits at once with a clear message", async () => {
  const dir = dataDir();
  const first = startShop({ PORT: "3221", DATA_DIR: dir });
  await waitForHealth(3221);
  const second = startShop({ PORT: "3222", DATA_DIR: dir });
  expect(await second.exited).toBe(1);
  expect(second.output()).toMatch(/data directory is in use by another shop process/);
  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
});

test("SIGTERM stops within 5 s, and a restart keeps what was committed", async () => {
  const dir = dataDir();
  const first = startShop({ PORT: "3223", DATA_DIR: dir, PUBLIC_URL: "http://127.0.0.1:3223" });
  await waitForHealth(3223);
  const signUp = await postAuthForm(3223, {
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

  const second = startShop({ PORT: "3223", DATA_DIR: dir, PUBLIC_URL: "http://127.0.0.1:3223" });
  await waitForHealth(3223);
  const signIn = await postAuthForm(3223, {
    intent: "sign-in",
    email: "kept.customer@gmail.com",
    password: "kept-secret",
  });
  expect(signIn.status).toBe(302);
  expect(signIn.headers.getSetCookie().some((c) => c.startsWith("shop.session_token="))).toBe(true);
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});
