import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEPENDENCY_PATCHES, dependencyPatches } from ".";

describe("the list of dependency patches", () => {
  it("holds every patch file of this folder, and the README names each", () => {
    const files = fs
      .readdirSync("patches")
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "index.ts")
      .map((file) => file.slice(0, -".ts".length));
    expect(Object.keys(DEPENDENCY_PATCHES).sort()).toEqual(files.sort());
    const readme = fs.readFileSync("patches/README.md", "utf8");
    for (const name of files) expect(readme).toContain(`${name}.ts`);
  });

  it("builds without the patches it is told to leave out, and refuses a name it does not know", () => {
    expect(dependencyPatches("").length).toBe(Object.keys(DEPENDENCY_PATCHES).length);
    const names = dependencyPatches(
      " react-router-route-tables-made-once,react-router-low-priority-module-preloads ",
    ).map((plugin) => plugin.name);
    expect(names).not.toContain("shop:react-router-route-tables-made-once");
    expect(names).not.toContain("shop:react-router-low-priority-module-preloads");
    expect(names).toContain("shop:react-router-production-build");
    expect(() => dependencyPatches("react-text")).toThrow(/none of: react-router-production-build/);
  });

  it("pins every patched package to an exact version", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
    const ranges = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const name of [
      "react",
      "react-dom",
      "react-router",
      "@react-router/node",
      "@react-router/dev",
      "lucide-react",
      "better-auth",
    ]) {
      expect({ name, range: ranges[name] }).toEqual({
        name,
        range: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      });
    }
  });
});
