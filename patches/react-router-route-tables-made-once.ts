import type { Plugin } from "vite";

/**
 * React Router's server render rebuilds its route tables on every request: `<ServerRouter>` makes
 * an object per route of the app from the build's manifest (`createServerRoutes`), the static
 * router it creates copies them into data routes (`convertRoutesToDataRoutes`), and `<Scripts>`
 * writes the manifest of the page's routes into the page (`getPartialManifest`, which matches each
 * of the URL's parent paths against every route). They depend only on the build, the matched
 * routes and the parent paths, and nothing changes them afterwards (the static router refuses
 * every change), so the server build makes each once and keeps it: the route tables keyed by the
 * objects they were made from (the route modules come in an object made per request, so they are
 * compared one by one), the partial manifests by matched routes and parent path, the last 500.
 */
const SERVER_ROUTES = `let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`;

const DATA_ROUTES = `let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`;

const PARTIAL_MANIFEST = `JSON.stringify(
        getPartialManifest(manifest, router),
        null,
        2
      )`;

const KEPT_SERVER_ROUTES = `
const keptServerRoutes = new WeakMap();
function sameModules(a, b) {
  let count = 0;
  for (let id in a) {
    if (a[id] !== b[id]) return false;
    count++;
  }
  return count === Object.keys(b).length;
}
function serverRoutesOnce(routes, modules, future, isSpaMode) {
  let kept = keptServerRoutes.get(routes);
  if (!kept || kept.isSpaMode !== isSpaMode || !sameModules(kept.modules, modules) || JSON.stringify(kept.future) !== JSON.stringify(future)) {
    kept = { modules, future, isSpaMode, value: createServerRoutes(routes, modules, future, isSpaMode) };
    keptServerRoutes.set(routes, kept);
  }
  return kept.value;
}
`;

const KEPT_DATA_ROUTES = `
const keptDataRoutes = new WeakMap();
function dataRoutesOnce(routes) {
  let kept = keptDataRoutes.get(routes);
  if (!kept) {
    let manifest = {};
    kept = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
    keptDataRoutes.set(routes, kept);
  }
  return kept;
}
`;

const KEPT_PARTIAL_MANIFESTS = `
const keptPartialManifests = new WeakMap();
function partialManifestOnce(manifest, router) {
  let parents = router.state.location.pathname.split("/").filter(Boolean);
  parents.pop();
  let key = router.state.matches.map((match) => match.route.id).join(" ") + "|" + parents.join("/");
  let byKey = keptPartialManifests.get(manifest);
  if (!byKey) {
    byKey = new Map();
    keptPartialManifests.set(manifest, byKey);
  }
  let json = byKey.get(key);
  if (json === undefined) {
    json = JSON.stringify(getPartialManifest(manifest, router), null, 2);
    if (byKey.size >= 500) byKey.delete(byKey.keys().next().value);
    byKey.set(key, json);
  }
  return json;
}
`;

export type RouteTablePart = "serverRoutes" | "dataRoutes" | "partialManifest";
export const ROUTE_TABLE_PARTS: readonly RouteTablePart[] = [
  "serverRoutes",
  "dataRoutes",
  "partialManifest",
];

/** One change: the function that marks the file, the text it must contain, what replaces it. */
const CHANGES: { part: RouteTablePart; marker: string; from: string; to: string; kept: string }[] =
  [
    {
      part: "serverRoutes",
      marker: "function ServerRouter(",
      from: SERVER_ROUTES,
      to: "let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);",
      kept: KEPT_SERVER_ROUTES,
    },
    {
      part: "dataRoutes",
      marker: "function createStaticRouter(",
      from: DATA_ROUTES,
      to: "let { manifest, dataRoutes } = dataRoutesOnce(routes);",
      kept: KEPT_DATA_ROUTES,
    },
    {
      part: "partialManifest",
      marker: "function getPartialManifest(",
      from: PARTIAL_MANIFEST,
      to: "partialManifestOnce(manifest, router)",
      kept: KEPT_PARTIAL_MANIFESTS,
    },
  ];

/**
 * One file of React Router's production build with its route tables kept: the changed code (null
 * when the file holds none of them) and which parts it changed. A file that defines one of the
 * functions without the expected text throws, naming it.
 */
export function routeTablesMadeOnce(code: string) {
  let changed = code;
  const parts: RouteTablePart[] = [];
  for (const change of CHANGES) {
    if (!code.includes(change.marker)) continue;
    if (!code.includes(change.from)) {
      throw new Error(
        `React Router's ${change.marker.slice("function ".length, -1)} no longer reads as expected (patches/react-router-route-tables-made-once.ts)`,
      );
    }
    changed = changed.replace(change.from, change.to) + change.kept;
    parts.push(change.part);
  }
  return { code: parts.length ? changed : null, parts };
}

export function reactRouterRouteTablesMadeOnce(): Plugin {
  const found = new Set<RouteTablePart>();
  return {
    name: "shop:react-router-route-tables-made-once",
    apply: "build",
    transform(code, id, options) {
      if (!options?.ssr || !/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      try {
        const result = routeTablesMadeOnce(code);
        for (const part of result.parts) found.add(part);
        return result.code === null ? null : { code: result.code, map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
    buildEnd() {
      if (this.environment?.name === "ssr" && ROUTE_TABLE_PARTS.some((part) => !found.has(part))) {
        this.error("React Router's server render was not found to keep its route tables");
      }
    },
  };
}
