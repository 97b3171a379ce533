/**
 * `npm run test:start`: runs `npm start` as a newcomer does, on a fresh data directory, opens
 * three pages, stops it, and fails when anything it printed is not the shop's own line
 * (scripts/support/shop-lines.ts): a warning or a deprecation from the build or a dependency.
 * Its output is not a terminal, so the requests are logged as JSON, one line each, and checked.
 * `npm test` runs it as its production build (docs/decisions/076).
 *
 * Exit code: 0 quiet, 1 something else was printed, 2 the shop was not built or did not start.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./support/production-shop";
import { foreignLines, logLineOf, withoutRunHeader } from "./support/shop-lines";

const STARTED_WITHIN_MS = 300_000;
const PAGES = ["/", "/healthz", "/no-such-page"];

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-quiet-start-"));
// The shop's own settings stay out, as on a fresh clone: the embedded database, a new data
// directory, a generated administrator.
const {
  DATABASE_URL: _database,
  PUBLIC_URL: _public,
  LOG_LEVEL: _level,
  ADMIN_EMAIL: _admin,
  ADMIN_PASSWORD: _password,
  NODE_ENV: _mode,
  ...env
} = process.env;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = Date.now();
const shop = spawn(npm, ["start"], {
  env: { ...env, PORT: String(port), DATA_DIR: dataDir },
  stdio: ["ignore", "pipe", "pipe"],
  // Its own process group: npm, the build and the shop are stopped together.
  detached: true,
});
let output = "";
shop.stdout.on("data", (chunk: Buffer) => {
  output += chunk.toString();
});
shop.stderr.on("data", (chunk: Buffer) => {
  output += chunk.toString();
});
const exited = new Promise<number | null>((resolve) => shop.once("close", resolve));

function finish(code: number, message: string) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(message);
  process.exit(code);
}

async function until(ready: () => boolean, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!ready()) {
    if (Date.now() > deadline || shop.exitCode !== null) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

const loggedLines = () => output.split("\n").flatMap((line) => logLineOf(line) ?? []);
const running = await until(
  () => output.includes(`shop is running at http://localhost:${port}`),
  STARTED_WITHIN_MS,
);
if (!running) {
  if (shop.exitCode === null) process.kill(-shop.pid!, "SIGKILL");
  await exited;
  finish(2, `npm start did not start the shop:\n${output}`);
}
const startedIn = Math.round((Date.now() - started) / 1000);
for (const page of PAGES) await fetch(`http://localhost:${port}${page}`).then((r) => r.text());
const logged = await until(
  () => PAGES.every((page) => loggedLines().some((line) => line.url === page)),
  10_000,
);
process.kill(-shop.pid!, "SIGTERM");
await exited;
const foreign = foreignLines(withoutRunHeader(output));
if (foreign.length > 0) {
  finish(
    1,
    `npm start printed ${foreign.length} line(s) that are not the shop's own:\n${foreign.map((line) => `  | ${line}`).join("\n")}`,
  );
}
if (!logged) finish(1, `the requests to ${PAGES.join(", ")} were not logged as JSON lines`);
finish(
  0,
  `npm start built and started the shop in ${startedIn} s and printed only its own lines (${output.split("\n").length - 1})`,
);
