import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Run by a child process: PGlite creates its data directory (initdb) when it first opens one.
 * Imported from the application's own node_modules, as the server's PGlite is.
 */
const CREATE = `
import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create({ dataDir: process.env.SHOP_NEW_PGLITE_DIR });
await db.close();
`;

export function isNewPgliteDirectory(directory: string) {
  return !fs.existsSync(path.join(directory, "PG_VERSION"));
}

/**
 * Creates a new embedded database directory in a short-lived child process. initdb run inside
 * the shop's own process grows PGlite's WebAssembly memory by about 150 MB, which WebAssembly
 * never gives back: the shop then held that for as long as it ran after its first start. The
 * child exits and takes that memory with it; the shop opens the finished directory.
 */
export async function createPgliteDirectory(directory: string) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", CREATE], {
    env: { ...process.env, SHOP_NEW_PGLITE_DIR: directory },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (chunk) => {
    errors += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  if (code !== 0) {
    throw new Error(`creating the embedded database failed: ${errors.trim().slice(-500)}`);
  }
}
