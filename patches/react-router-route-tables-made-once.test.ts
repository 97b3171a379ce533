import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeTablesMadeOnce } from "./react-router-route-tables-made-once";
import { reactRouterCopy, SMALL_APP_PATHS, smallApp } from "./support/react-router-copies";

const PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);
const productionFiles = () =>
  fs
    .readdirSync(PRODUCTION)
    .filter((file) => file.endsWith(".mjs"))
    .map((file) => fs.readFileSync(path.join(PRODUCTION, file), "utf8"));

describe("React Router's route tables made once", () => {
  it("finds all three places in the installed React Router", () => {
    const parts = productionFiles().flatMap((code) => routeTablesMadeOnce(code).parts);
    expect(parts.sort()).toEqual(["dataRoutes", "partialManifest", "serverRoutes"]);
  });

  it("renders every page exactly as React Router does, the first time and from what it kept", async () => {
    const stock = smallApp(await reactRouterCopy("stock", () => null));
    const patched = smallApp(
      await reactRouterCopy("route-tables", (code) => routeTablesMadeOnce(code).code),
    );
    for (const round of [1, 2]) {
      for (const pathname of SMALL_APP_PATHS) {
        const expected = await stock(pathname);
        const actual = await patched(pathname);
        expect({ round, pathname, ...actual }).toEqual({ round, pathname, ...expected });
      }
    }
    // The pages differ from each other: a comparison of empty pages would prove nothing.
    const pages = await Promise.all(SMALL_APP_PATHS.map(async (p) => (await stock(p)).html));
    expect(new Set(pages).size).toBe(SMALL_APP_PATHS.length);
    expect((await stock("/products/triphala")).html).toContain("Product triphala (triphala)");
    expect((await stock("/no/such/page")).status).toBe(404);
  });

  it("refuses a React Router whose code reads differently, naming the place", () => {
    const [serverRouter] = productionFiles().filter((code) =>
      code.includes("function ServerRouter("),
    );
    const changed = serverRouter!.replace("context.isSpaMode\n  );", "context.isSpaMode, 1\n  );");
    expect(() => routeTablesMadeOnce(changed)).toThrow(/ServerRouter no longer reads as expected/);
  });
});
