// Starts the production build for the end-to-end tests on a fresh data directory.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { requirePinnedNode } from "./support/node-runtime.mjs";

// Playwright starts this with `node` from PATH: the shop under test runs on the pinned Node.js.
requirePinnedNode("The end-to-end server");

const dataDir = "data/e2e";
fs.rmSync(dataDir, { recursive: true, force: true });
if (!fs.existsSync("build/server/server.js")) {
  const build = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(process.execPath, ["build/server/server.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
