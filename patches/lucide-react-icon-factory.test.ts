import fs from "node:fs";
import path from "node:path";
import { createLucideIcon as lucidesFactory } from "lucide-react";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "../app/components/ui/lucide-icon";

/** Every icon the shop imports from lucide-react, read from its source files. */
function iconsTheShopUses() {
  const names = new Set<string>();
  const files = fs
    .readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const source = fs.readFileSync(path.join("app", file), "utf8");
    for (const [, list] of source.matchAll(/import\s*{([^}]*)}\s*from\s*"lucide-react"/g)) {
      for (const part of list?.split(",") ?? []) {
        const name = part.trim();
        if (name && !name.startsWith("type ")) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** The icon module lucide-react's index takes `name` from. */
function moduleOf(name: string) {
  const index = fs.readFileSync(
    path.resolve("node_modules/lucide-react/dist/esm/lucide-react.mjs"),
    "utf8",
  );
  const line = index.split("\n").find((text) => new RegExp(`default as ${name}\\b[^I]`).test(text));
  const file = line && /from '\.\/icons\/([a-z0-9-]+)\.mjs'/.exec(line)?.[1];
  if (!file) throw new Error(`lucide-react exports no icon ${name}`);
  return file;
}

const PROPS: Record<string, unknown>[] = [
  {},
  { className: "size-5" },
  { className: "size-4 lucide  shrink-0" },
  { "aria-label": "Rated 4 out of 5" },
  { role: "img" },
  { size: 16, strokeWidth: 1.5, color: "red" },
  { size: 48, absoluteStrokeWidth: true },
  { width: 20, height: 30, strokeWidth: 3, absoluteStrokeWidth: true },
  { nonScalingStroke: true },
  { fill: "currentColor", "data-state": "on", color: "" },
];

const markup = (icon: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(icon, props));

describe("the shop's lucide icons", () => {
  const names = iconsTheShopUses();

  it("finds the icons the pages import", () => {
    expect(names).toContain("ShoppingCart");
    expect(names.length).toBeGreaterThan(20);
  });

  it.each(names)("%s renders exactly as lucide-react renders it", async (name) => {
    const lucide = (await import(`lucide-react/icons/${moduleOf(name)}`)) as {
      default: ComponentType<Record<string, unknown>>;
      __iconData: Parameters<typeof createLucideIcon>[0];
    };
    const ours = createLucideIcon(lucide.__iconData) as ComponentType<Record<string, unknown>>;
    for (const props of PROPS) expect(markup(ours, props)).toBe(markup(lucide.default, props));
    const withTitle = { children: createElement("title", null, "Saved") };
    expect(markup(ours, withTitle)).toBe(markup(lucide.default, withTitle));
  });

  it("builds an icon from a name and nodes as lucide-react does", () => {
    const node: [string, Record<string, string>][] = [
      ["circle", { cx: "12", cy: "12", r: "10", key: "a" }],
      ["path", { d: "M8 12h8", key: "b" }],
    ];
    const ours = createLucideIcon("PillBottle", node, ["pill-jar"]);
    const theirs = lucidesFactory("PillBottle", node, ["pill-jar"]);
    expect(ours.displayName).toBe("PillBottle");
    for (const props of PROPS) {
      expect(markup(ours as ComponentType<Record<string, unknown>>, props)).toBe(
        markup(theirs as ComponentType<Record<string, unknown>>, props),
      );
    }
  });
});
