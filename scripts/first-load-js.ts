/**
 * The JavaScript a browser fetches on a page's first load, from the production build: React
 * Router's manifest (build/client/assets/manifest-*.js) names the entry and, per route, its module
 * and the chunks it imports statically (already followed transitively by React Router). A first
 * load of a route fetches the entry with its imports and the module and imports of every route
 * from the root down to it: what `<Scripts>` lists as modulepreload. The manifest file itself is
 * fetched only when routes are discovered up front (`routeDiscovery: { mode: "initial" }`); with
 * the default lazy discovery the page carries the part it needs inline. Chunks reached only
 * through `import()` are not counted. Sizes are gzip at level 9 (zlib).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
};

export type BrowserManifest = {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
};

export type RouteLoad = { id: string; urlPattern: string; files: string[]; gzipBytes: number };

const MANIFEST_GLOBAL = "window.__reactRouterManifest=";

/** Route ids of the back office; everything else that renders a page is the storefront. */
const BACK_OFFICE = /^routes\/admin\//;

export function parseBrowserManifest(source: string): BrowserManifest {
  const start = source.indexOf(MANIFEST_GLOBAL);
  if (start === -1) throw new Error("not a React Router browser manifest");
  const json = source
    .slice(start + MANIFEST_GLOBAL.length)
    .trim()
    .replace(/;$/, "");
  return JSON.parse(json) as BrowserManifest;
}

export function readBrowserManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.existsSync(assets)
    ? fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name))
    : undefined;
  if (!file) {
    throw new Error(
      `No production build in ${clientDir} (no assets/manifest-*.js): run \`npm run build\` first.`,
    );
  }
  return parseBrowserManifest(fs.readFileSync(path.join(assets, file), "utf8"));
}

/** The route and its ancestors, root first. */
export function routeChain(manifest: BrowserManifest, id: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route = manifest.routes[id]; route; ) {
    chain.unshift(route);
    route = route.parentId ? manifest.routes[route.parentId] : undefined;
  }
  return chain;
}

/** The URL pattern a route answers, joined from its ancestors' paths. */
export function urlPattern(manifest: BrowserManifest, id: string): string {
  const segments = routeChain(manifest, id)
    .map((route) => route.path ?? "")
    .filter((segment) => segment !== "");
  return `/${segments.join("/")}`;
}

/**
 * Whether the browser fetches the whole route manifest as a script, read from the server build
 * (`routeDiscovery` there); when it cannot be read, the manifest is counted.
 */
export function fetchesWholeManifest(serverBuildSource: string): boolean {
  const mode = /routeDiscovery\s*=\s*\{\s*"?mode"?\s*:\s*"(\w+)"/.exec(serverBuildSource)?.[1];
  return mode !== "lazy";
}

/** Every file a first load of the route fetches, in a stable order, without duplicates. */
export function firstLoadFiles(
  manifest: BrowserManifest,
  id: string,
  { withManifest }: { withManifest: boolean },
): string[] {
  const files = new Set<string>(withManifest ? [manifest.url] : []);
  files.add(manifest.entry.module);
  for (const file of manifest.entry.imports) files.add(file);
  for (const route of routeChain(manifest, id)) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Routes a shopper can open: they render a page and are not in the back office. */
export function storefrontRouteIds(manifest: BrowserManifest): string[] {
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.values(manifest.routes)
    .filter((route) => route.hasDefaultExport && !parents.has(route.id))
    .filter((route) => !BACK_OFFICE.test(route.id))
    .map((route) => route.id);
}

/**
 * Static imports of a built chunk (`import ... from "./x.js"`, `import "./x.js"`), not `import()`.
 * Used to check that the manifest's lists are complete.
 */
export function staticImportsOf(code: string): string[] {
  const specifiers = new Set<string>();
  for (const match of code.matchAll(/\bimport\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
    specifiers.add(match[1]!);
  }
  for (const match of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) {
    specifiers.add(match[1]!);
  }
  return [...specifiers];
}

const gzipCache = new Map<string, number>();

export function gzipBytes(file: string): number {
  let bytes = gzipCache.get(file);
  if (bytes === undefined) {
    bytes = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, bytes);
  }
  return bytes;
}

/** `/assets/x.js` in the manifest is `<clientDir>/assets/x.js` on disk. */
export function fileOnDisk(clientDir: string, url: string): string {
  return path.join(clientDir, ...url.split("/").filter(Boolean));
}

/** First loads of the storefront's routes in a build folder (`build`, with `client` and `server`). */
export function storefrontFirstLoads(buildDir: string): RouteLoad[] {
  const clientDir = path.join(buildDir, "client");
  const manifest = readBrowserManifest(clientDir);
  const serverBuild = path.join(buildDir, "server", "index.js");
  const withManifest =
    !fs.existsSync(serverBuild) || fetchesWholeManifest(fs.readFileSync(serverBuild, "utf8"));
  return storefrontRouteIds(manifest).map((id) => {
    const files = firstLoadFiles(manifest, id, { withManifest });
    return {
      id,
      urlPattern: urlPattern(manifest, id),
      files,
      gzipBytes: files.reduce((sum, url) => sum + gzipBytes(fileOnDisk(clientDir, url)), 0),
    };
  });
}

export const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);

export function formatTable(loads: RouteLoad[]): string {
  const rows = loads.map((load) => [
    load.urlPattern,
    load.id,
    String(load.files.length),
    kilobytes(load.gzipBytes),
  ]);
  const header = ["url", "route", "files", "KB gzip"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(" | ")} |`;
  return [
    line(header),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.map(line),
  ].join("\n");
}
