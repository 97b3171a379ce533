import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./react-router-low-priority-module-preloads";
import { reactRouterCopy, SMALL_APP_PATHS, smallApp } from "./support/react-router-copies";

const PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

const preloadsIn = (html: string) => html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];

describe("React Router's module preloads at low priority", () => {
  it("changes the preloads and nothing else of the page", async () => {
    const stock = smallApp(await reactRouterCopy("stock", () => null));
    const patched = smallApp(await reactRouterCopy("low-priority", lowPriorityModulePreloads));
    for (const pathname of SMALL_APP_PATHS) {
      const expected = (await stock(pathname)).html;
      const actual = (await patched(pathname)).html;
      const stockPreloads = preloadsIn(expected);
      // An error page renders its scripts without the routes' preloads.
      if (pathname !== "/no/such/page") expect(stockPreloads.length).toBeGreaterThan(3);
      expect(stockPreloads.every((link) => !link.includes("fetchPriority"))).toBe(true);
      expect(preloadsIn(actual)).toEqual(
        stockPreloads.map((link) =>
          link.replace('rel="modulepreload"', 'rel="modulepreload" fetchPriority="low"'),
        ),
      );
      expect(actual.replaceAll(' fetchPriority="low"', "")).toBe(expected);
    }
  });

  it("refuses a React Router that renders another number of preloads", () => {
    const scripts = fs
      .readdirSync(PRODUCTION)
      .filter((file) => file.endsWith(".mjs"))
      .map((file) => fs.readFileSync(path.join(PRODUCTION, file), "utf8"))
      .find((code) => code.includes("function Scripts("))!;
    expect(() => lowPriorityModulePreloads(`${scripts}\n{ rel: "modulepreload",\n}`)).toThrow(
      /renders 4 module preloads where 3 were expected/,
    );
  });
});
