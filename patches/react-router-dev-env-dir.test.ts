import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withEnvDir } from "./react-router-dev-env-dir.mjs";

const DIST = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@react-router/dev/package.json")),
  "dist",
);

describe("React Router's build tool, loaded with Vite's current envDir option", () => {
  it.each(["cli/index.js", "vite.js"] as const)(
    "dist/%s passes envDir: false, never envFile",
    (file) => {
      const shipped = fs.readFileSync(path.join(DIST, file), "utf8");
      const changed = withEnvDir(shipped, file);
      expect(changed).not.toContain("envFile");
      expect(changed.split("envDir: false").length).toBe(
        shipped.split("envDir: false").length + shipped.split("envFile: false").length - 1,
      );
      expect(changed.replaceAll("envDir: false", "envFile: false")).toBe(
        shipped.replaceAll("envDir: false", "envFile: false"),
      );
    },
  );

  it("is refused, naming this patch, when a file no longer passes the option as expected", () => {
    expect(() => withEnvDir("createServer({ configFile: false })", "vite.js")).toThrow(
      "React Router's build tool passes `envFile: false` 0 times in dist/vite.js where 2 were expected (patches/react-router-dev-env-dir.mjs)",
    );
  });

  it("leaves its command line without Vite's deprecation warning", () => {
    const routes = (...args: string[]) =>
      spawnSync(process.execPath, [...args, "routes", "--json"], { encoding: "utf8" });
    const bin = path.join(DIST, "..", "bin.js");
    const shipped = routes(bin);
    expect(shipped.stderr + shipped.stdout).toContain("The `envFile` option is deprecated");
    const patched = routes("scripts/react-router.mjs");
    expect(patched.status).toBe(0);
    expect(patched.stderr).toBe("");
    expect(JSON.parse(patched.stdout)[0].id).toBe("root");
  }, 30_000);
});
