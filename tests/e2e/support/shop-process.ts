/**
 * Shop processes for the specs that test the server the way a user runs it (`npm run serve`):
 * the production build on a port and a data directory of the spec's own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { PGLITE_TEMPLATE_ENV } from "./pglite-template";

export type ShopProcess = {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output: () => string;
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

type SpawnOptions = {
  env?: Record<string, string>;
  /** Starts under this umask (e.g. "000", the loosest a careless service manager could give). */
  umask?: string;
};

/** Starts the compiled server with plain Node, SEED=none and warnings only, plus `env`. */
export function spawnShop({ env = {}, umask }: SpawnOptions = {}): ShopProcess {
  const childEnv = {
    ...process.env,
    NODE_ENV: "production",
    SEED: "none",
    LOG_LEVEL: "warn",
    ...env,
  };
  const args = ["build/server/server.js"];
  const child = umask
    ? spawn("sh", ["-c", `umask ${umask} && exec "$0" "$@"`, process.execPath, ...args], {
        env: childEnv,
        stdio: ["ignore", "pipe", "pipe"],
      })
    : spawn(process.execPath, args, { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Keeps track of what a spec started, so `afterEach`/`afterAll` can end it whatever happened. */
export function shopTracker() {
  const shops: ShopProcess[] = [];
  const dirs: string[] = [];
  return {
    spawn(options?: SpawnOptions) {
      const shop = spawnShop(options);
      shops.push(shop);
      return shop;
    },
    /** A new empty directory that is removed with `cleanUp`. */
    tempDir(prefix: string) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
      dirs.push(dir);
      return dir;
    },
    /**
     * A data directory whose embedded database is already created and migrated, copied from the
     * run's template: PGlite's initdb and the migrations take seconds per start otherwise.
     */
    migratedDataDir(prefix: string) {
      const dir = this.tempDir(prefix);
      const template = process.env[PGLITE_TEMPLATE_ENV];
      if (template) fs.cpSync(template, path.join(dir, "pglite"), { recursive: true });
      return dir;
    },
    async killAll() {
      await Promise.all(shops.splice(0).map((shop) => shop.stop("SIGKILL")));
    },
    cleanUp() {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `GET /healthz` on the port answers 200. */
export async function waitForHealth(port: number, timeout = 120_000) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
      timeout,
    })
    .toBe(200);
}
