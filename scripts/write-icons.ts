/**
 * npm run icons [-- Name …]
 *
 * Writes app/components/icons/: each icon the shop draws, from lucide-react's drawing of it
 * (its `__iconData`), built by the shop's own factory (app/components/ui/lucide-icon.ts). The
 * icons already there are kept; names given add icons. lucide-react stays a development
 * dependency only for this and for the test that every icon renders as lucide-react renders it
 * (docs/decisions/084).
 */
import fs from "node:fs";
import path from "node:path";

export const ICONS_DIR = "app/components/icons";
export const LICENSE_FILE = `${ICONS_DIR}/lucide-LICENSE.txt`;
const INDEX = "index.ts";
const LUCIDE = "node_modules/lucide-react";

/** The icon module lucide-react's index exports `name` from (an alias names its icon's file). */
export function lucideModuleOf(name: string) {
  const index = fs.readFileSync(path.join(LUCIDE, "dist/esm/lucide-react.mjs"), "utf8");
  const line = index.split("\n").find((text) => new RegExp(`default as ${name}\\b[^I]`).test(text));
  const file = line && /from '\.\/icons\/([a-z0-9-]+)\.mjs'/.exec(line)?.[1];
  if (!file) throw new Error(`lucide-react exports no icon ${name}`);
  return file;
}

/** The icons the index (`app/components/icons/index.ts`) exports. */
export function iconsInIndex(source: string) {
  return [...source.matchAll(/^export \{ (\w+) \} from /gm)].map((match) => match[1]!);
}

/** An icon's own module, named after it: AlertTriangle in alert-triangle.ts. */
export function iconFileOf(name: string) {
  return `${name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}.ts`;
}

async function iconDataOf(name: string) {
  const module = (await import(
    path.resolve(LUCIDE, `dist/esm/icons/${lucideModuleOf(name)}.mjs`)
  )) as { __iconData: unknown };
  return module.__iconData;
}

/**
 * The directory's files for `names`: one module per icon, so each page's bundle carries only the
 * icons it draws, and the index that names them all.
 */
export async function iconFiles(names: readonly string[]) {
  const { version } = JSON.parse(fs.readFileSync(path.join(LUCIDE, "package.json"), "utf8"));
  const written = `// Written by \`npm run icons\` (scripts/write-icons.ts) from lucide-react ${version}.`;
  const sorted = [...new Set(names)].sort();
  const files = new Map<string, string>();
  for (const name of sorted) {
    const data = JSON.stringify(await iconDataOf(name));
    files.set(
      iconFileOf(name),
      `${written} Lucide's licence: lucide-LICENSE.txt.
import createLucideIcon from "../ui/lucide-icon";

export const ${name} = /* @__PURE__ */ createLucideIcon(${data});
`,
    );
  }
  files.set(
    INDEX,
    `${written}
/**
 * The icons the shop draws: Lucide's drawings (https://lucide.dev), built by the shop's own
 * factory once per icon (docs/decisions/084). Add one with \`npm run icons -- Name\`.
 *
 * Lucide: ISC License, Copyright (c) 2026 Lucide Icons and Contributors; the icons derived from
 * Feather: MIT License, Copyright (c) 2013-present Cole Bemis. Both notices in full, with the
 * permission they give: lucide-LICENSE.txt beside this file.
 */
import type createLucideIcon from "../ui/lucide-icon";

/** Any one of the icons. */
export type Icon = ReturnType<typeof createLucideIcon>;

${sorted.map((name) => `export { ${name} } from "./${iconFileOf(name).slice(0, -".ts".length)}";\n`).join("")}`,
  );
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const index = path.join(ICONS_DIR, INDEX);
  const current = fs.existsSync(index) ? iconsInIndex(fs.readFileSync(index, "utf8")) : [];
  const files = await iconFiles([...current, ...process.argv.slice(2)]);
  fs.rmSync(ICONS_DIR, { recursive: true, force: true });
  fs.mkdirSync(ICONS_DIR, { recursive: true });
  for (const [file, text] of files) fs.writeFileSync(path.join(ICONS_DIR, file), text);
  fs.copyFileSync(path.join(LUCIDE, "LICENSE"), LICENSE_FILE);
  console.log(`${ICONS_DIR}: ${files.size - 1} icons`);
}
