import fs from "node:fs";
import { createLucideIcon as lucidesFactory } from "lucide-react";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  ICONS_DIR,
  iconFiles,
  iconsInIndex,
  LICENSE_FILE,
  lucideModuleOf,
} from "../../scripts/write-icons";
import * as icons from "./icons";
import createLucideIcon from "./ui/lucide-icon";

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

type Icon = ComponentType<Record<string, unknown>>;

const markup = (icon: Icon, props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(icon, props));

/** Every name the shop's own files import from the icons. */
function iconsThePagesImport() {
  const names = new Set<string>();
  const files = fs
    .readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const file of files) {
    const source = fs.readFileSync(`app/${file}`, "utf8");
    for (const [, list] of source.matchAll(
      /import\s*{([^}]*)}\s*from\s*"[^"]*components\/icons"/g,
    )) {
      for (const part of list?.split(",") ?? []) {
        const name = part.trim();
        if (name && !name.startsWith("type ")) names.add(name);
      }
    }
  }
  return [...names].sort();
}

describe("the shop's icons (app/components/icons/)", () => {
  const names = iconsInIndex(fs.readFileSync(`${ICONS_DIR}/index.ts`, "utf8"));

  it("are what `npm run icons` writes from lucide-react, with Lucide's licence beside them", async () => {
    expect(names).toContain("ShoppingCart");
    const files = await iconFiles(names);
    const there = fs.readdirSync(ICONS_DIR).filter((file) => file.endsWith(".ts"));
    expect(there.sort()).toEqual([...files.keys()].sort());
    for (const [file, text] of files) {
      expect({ file, text: fs.readFileSync(`${ICONS_DIR}/${file}`, "utf8") }).toEqual({
        file,
        text,
      });
    }
    expect(fs.readFileSync(LICENSE_FILE, "utf8")).toBe(
      fs.readFileSync("node_modules/lucide-react/LICENSE", "utf8"),
    );
  });

  it("hold every icon a page imports, and none that no page does", () => {
    expect(iconsThePagesImport()).toEqual(names);
    // Nothing imports lucide-react itself any more: its icons would bring its factory back.
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const importing = files.filter((file) =>
      fs.readFileSync(`app/${file}`, "utf8").includes('from "lucide-react"'),
    );
    expect(importing).toEqual([]);
  });

  it.each(names)("%s renders exactly as lucide-react renders it", async (name) => {
    const lucide = (await import(`lucide-react/icons/${lucideModuleOf(name)}`)) as {
      default: Icon;
    };
    const ours = (icons as unknown as Record<string, Icon>)[name]!;
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
      expect(markup(ours as Icon, props)).toBe(markup(theirs as Icon, props));
    }
  });

  it("refuses a name lucide-react has no icon for", () => {
    expect(() => lucideModuleOf("NoSuchIcon")).toThrow("lucide-react exports no icon NoSuchIcon");
  });
});
