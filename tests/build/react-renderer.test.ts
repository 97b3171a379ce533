import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * patches/react-dom-text-in-one-piece.ts bundles React's server renderer with its text written in one piece
 * : a React or a build that resolved `react-dom/server`
 * differently would quietly render with the stock writer again.
 */
const BUILD = process.env.JS_BUDGET_BUILD_DIR ?? "build";

function serverCode() {
  const dir = path.join(BUILD, "server");
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .join("\n");
}

describe("React's server renderer in the production build", () => {
  it("is bundled with the shop's text writer, not imported as it ships", () => {
    const code = serverCode();
    expect(code).toContain("function writePendingText(destination)");
    expect(code).not.toMatch(/from\s*["']react-dom\/server["']/);
  });
});
