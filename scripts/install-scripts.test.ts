import fs from "node:fs";
import { describe, expect, it } from "vitest";

type LockedPackage = { version?: string; name?: string; hasInstallScript?: boolean };

const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, LockedPackage>;
};

/** `node_modules/a/node_modules/@scope/b` is @scope/b. */
function nameAt(location: string, locked: LockedPackage) {
  return (
    locked.name ?? location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length)
  );
}

/** What npm installs that runs a script of its own while installing, as name@version. */
function withInstallScripts() {
  return Object.entries(lock.packages)
    .filter(([location, locked]) => location !== "" && locked.hasInstallScript)
    .map(([location, locked]) => `${nameAt(location, locked)}@${locked.version}`);
}

describe("install scripts (npm's allowScripts in package.json)", () => {
  it("are each approved or denied, so `npm install` ends without a list of scripts to review", () => {
    const decided = manifest.allowScripts ?? {};
    const undecided = withInstallScripts().filter((pkg) => {
      const name = pkg.slice(0, pkg.lastIndexOf("@"));
      return !(pkg in decided) && !(name in decided);
    });
    expect(undecided, "approve with `npm approve-scripts <name>` once reviewed").toEqual([]);
  });

  it("name only packages the lockfile installs with an install script", () => {
    const names = new Set(
      withInstallScripts().flatMap((pkg) => [pkg, pkg.slice(0, pkg.lastIndexOf("@"))]),
    );
    expect(Object.keys(manifest.allowScripts ?? {}).filter((key) => !names.has(key))).toEqual([]);
  });
});
