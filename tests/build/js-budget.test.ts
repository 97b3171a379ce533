import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  fileOnDisk,
  formatTable,
  kilobytes,
  staticImportsOf,
  storefrontFirstLoads,
} from "../../scripts/first-load-js";

/**
 * docs/decisions/029: no storefront page loads more than this much JavaScript (gzip) before it is
 * interactive. Reads the production build, so `npm test` runs it after `react-router build`.
 */
const BUDGET_BYTES = 130 * 1024;

const BUILD = process.env.JS_BUDGET_BUILD_DIR ?? "build";
const loads = storefrontFirstLoads(BUILD);

describe("first-load JavaScript of the storefront", () => {
  it("covers every page a shopper opens", () => {
    const ids = loads.map((load) => load.id);
    for (const id of ["routes/store/home", "routes/store/product", "routes/auth/auth"]) {
      expect(ids).toContain(id);
    }
    expect(ids.filter((id) => id.startsWith("routes/admin/"))).toEqual([]);
    console.log(formatTable(loads));
  });

  it.each(loads.map((load) => [load.urlPattern, load] as const))(
    "%s stays within its budget",
    (_, load) => {
      expect(
        load.gzipBytes,
        `${load.urlPattern} (${load.id}) loads ${kilobytes(load.gzipBytes)} KB of JavaScript (gzip), over its budget of ${kilobytes(BUDGET_BYTES)} KB`,
      ).toBeLessThanOrEqual(BUDGET_BYTES);
    },
  );

  it("counts every chunk a first load imports statically", () => {
    const clientDir = path.join(BUILD, "client");
    for (const load of loads) {
      const files = new Set(load.files);
      for (const file of load.files) {
        const code = fs.readFileSync(fileOnDisk(clientDir, file), "utf8");
        // Chunks import each other by relative path; other matches are text inside the code.
        for (const specifier of staticImportsOf(code).filter((name) => name.startsWith("./"))) {
          const imported = path.posix.join(path.posix.dirname(file), specifier);
          expect(files, `${load.id}: ${file} imports ${imported}`).toContain(imported);
        }
      }
    }
  });
});
