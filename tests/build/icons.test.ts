import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shop's icons (app/components/icons/, docs/decisions/084) are built by its own factory
 * (app/components/ui/lucide-icon.ts): an import of lucide-react itself would bring lucide's
 * factory back, and with it the work per icon per render.
 */
const BUILD = process.env.JS_BUDGET_BUILD_DIR ?? "build";

function filesIn(dir: string) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
}

describe("icons in the production build", () => {
  it("the server renders them with the shop's factory", () => {
    const server = filesIn(path.join(BUILD, "server")).join("\n");
    expect(server).toContain("function LucideIcon(");
    expect(server).not.toContain("buildLucideIconNode");
  });

  it("the browser's scripts carry no copy of lucide-react's own", () => {
    const client = filesIn(path.join(BUILD, "client"));
    expect(client.some((code) => /name:\s*[`"']shopping-cart[`"']/.test(code))).toBe(true);
    // lucide-react's factory renames SVG attributes at render time; the shop's has no need to.
    expect(client.filter((code) => code.includes('"vector-effect"'))).toEqual([]);
  });
});
