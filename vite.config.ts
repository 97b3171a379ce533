import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import {
  isReactServerRendererForNode,
  writeReactTextInOnePiece,
} from "./scripts/support/react-text-in-one-piece";

/**
 * The server build has two entries, React Router's (index.js) and the HTTP server's (server.js),
 * so what both import (logger, env, request store, react-router) is one module in one process.
 */
const SERVER_ENTRIES = { index: "virtual:react-router/server-build", server: "./server.ts" };

/**
 * react-router's package.json sends Node and bundlers to its development build, whatever NODE_ENV
 * says, and exports no condition for the production one: both builds bundle that file instead,
 * `react-router` and `react-router/dom` alike, so the browser gets one copy of the router.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router")),
  "../production/index.mjs",
);

const REACT_ROUTER_DOM_PRODUCTION = path.join(
  path.dirname(REACT_ROUTER_PRODUCTION),
  "dom-export.mjs",
);

/** Bundled with it: @react-router/node imports react-router, and react-router's own copies of
 * cookie and set-cookie-parser differ from the versions at the top of node_modules. */
const BUNDLED_WITH_REACT_ROUTER = [
  "react-router",
  "@react-router/node",
  "cookie",
  "set-cookie-parser",
];

/** After React Router's plugin, which names every server entry `index.js`. */
function namedServerEntries(): Plugin {
  return {
    name: "shop:named-server-entries",
    enforce: "post",
    config: (_config, { isSsrBuild }) =>
      isSsrBuild ? { build: { rolldownOptions: { output: { entryFileNames: "[name].js" } } } } : {},
  };
}

/**
 * The server-rendered page paints and works without its scripts, so their module preloads ask for
 * low priority: the stylesheet and the largest image go first on a slow connection
 * (docs/decisions/044). React Router's <Scripts> takes no attributes for the preloads it renders,
 * so both builds change the three it renders; a new React Router that renders them differently
 * fails the build here instead of quietly losing the priority.
 */
function lowPriorityModulePreloads(): Plugin {
  const PRELOAD = /rel: "modulepreload",(?=\r?\n)/g;
  return {
    name: "shop:low-priority-module-preloads",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id) || !code.includes("function Scripts(")) {
        return null;
      }
      const found = code.match(PRELOAD)?.length ?? 0;
      if (found !== 3) {
        this.error(
          `React Router's <Scripts> renders ${found} module preloads where 3 were expected`,
        );
      }
      return {
        code: code.replace(PRELOAD, 'rel: "modulepreload", fetchPriority: "low",'),
        map: null,
      };
    },
  };
}

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
 * About 7 % of a signed-in page's CPU. Like `lowPriorityModulePreloads`, a React Router that reads
 * differently fails the build here rather than quietly doing the work again.
 */
function routeTablesMadeOnce(): Plugin {
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
  const PARTIAL_MANIFEST = `JSON.stringify(
        getPartialManifest(manifest, router),
        null,
        2
      )`;
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
  const found = { serverRoutes: false, dataRoutes: false, partialManifest: false };
  return {
    name: "shop:route-tables-made-once",
    apply: "build",
    transform(code, id, options) {
      if (!options?.ssr || !/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return null;
      let changed = code;
      if (code.includes("function ServerRouter(")) {
        if (!code.includes(SERVER_ROUTES))
          this.error("React Router's <ServerRouter> no longer reads as expected");
        changed =
          changed.replace(
            SERVER_ROUTES,
            "let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);",
          ) + KEPT_SERVER_ROUTES;
        found.serverRoutes = true;
      }
      if (code.includes("function createStaticRouter(")) {
        if (!code.includes(DATA_ROUTES))
          this.error("React Router's createStaticRouter no longer reads as expected");
        changed =
          changed.replace(DATA_ROUTES, "let { manifest, dataRoutes } = dataRoutesOnce(routes);") +
          KEPT_DATA_ROUTES;
        found.dataRoutes = true;
      }
      if (code.includes("function getPartialManifest(")) {
        if (!code.includes(PARTIAL_MANIFEST))
          this.error("React Router's <Scripts> no longer reads as expected");
        changed =
          changed.replace(PARTIAL_MANIFEST, "partialManifestOnce(manifest, router)") +
          KEPT_PARTIAL_MANIFESTS;
        found.partialManifest = true;
      }
      return changed === code ? null : { code: changed, map: null };
    },
    buildEnd() {
      if (this.environment?.name === "ssr" && !Object.values(found).every(Boolean)) {
        this.error("React Router's server render was not found to keep its route tables");
      }
    },
  };
}

/**
 * lucide-react's icons built by the shop's own factory (app/components/ui/lucide-icon.ts), which
 * renders the same markup for a fraction of the work. Its icon modules import their factory as
 * `../createLucideIcon.mjs`, and its index as `./createLucideIcon.mjs`.
 */
const LUCIDE_ICON_FACTORY = path.resolve("app/components/ui/lucide-icon.ts");

function cheapLucideIcons(): Plugin {
  return {
    name: "shop:cheap-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/.test(importer)) return null;
      return /^\.\.?\/createLucideIcon\.mjs$/.test(source) ? LUCIDE_ICON_FACTORY : null;
    },
  };
}

/**
 * The server build bundles React's server renderer for Node, its production file, with its writes
 * changed (scripts/support/react-text-in-one-piece.ts): about a tenth of a signed-in page's CPU.
 * `react` and `react-dom` themselves stay outside the bundle, one copy for the whole process.
 */
const REACT_DOM_SERVER_FOR_NODE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-dom/package.json")),
  "cjs/react-dom-server.node.production.js",
);

function reactTextInOnePiece(): Plugin {
  return {
    name: "shop:react-text-in-one-piece",
    apply: (_config, { command, isSsrBuild }) => command === "build" && Boolean(isSsrBuild),
    enforce: "pre",
    resolveId: (source) => (source === "react-dom/server" ? REACT_DOM_SERVER_FOR_NODE : null),
    transform(code, id) {
      if (!isReactServerRendererForNode(id)) return null;
      try {
        return { code: writeReactTextInOnePiece(code), map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => {
  const serverBuild = command === "build" && Boolean(isSsrBuild);
  return {
    plugins: [
      tailwindcss(),
      reactRouter(),
      namedServerEntries(),
      lowPriorityModulePreloads(),
      cheapLucideIcons(),
      routeTablesMadeOnce(),
      reactTextInOnePiece(),
    ],
    resolve: {
      tsconfigPaths: true,
      alias:
        command === "build"
          ? [
              { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION },
              { find: /^react-router\/dom$/, replacement: REACT_ROUTER_DOM_PRODUCTION },
            ]
          : [],
    },
    ssr: {
      // Native and WASM packages stay outside the server bundle.
      external: ["sharp", "@electric-sql/pglite", "pg", "nodemailer", "pino"],
      // Also bundled: only the icons and Radix parts the pages use, not the whole packages.
      noExternal: serverBuild
        ? [...BUNDLED_WITH_REACT_ROUTER, "lucide-react", "radix-ui", /^@radix-ui\//]
        : [],
    },
    build: {
      sourcemap: false,
      rolldownOptions: {
        ...(serverBuild ? { input: SERVER_ENTRIES } : {}),
        treeshake: {
          // app/domain is pure (docs/decisions/023): a module there that a page imports only for
          // a loader or action (a Zod schema) is left out of the browser's JavaScript
          // (docs/decisions/029). domain/zod.ts is the exception: it configures Zod as it runs.
          moduleSideEffects: [{ test: /[\\/]app[\\/]domain[\\/](?!zod\.ts$)/, sideEffects: false }],
        },
      },
    },
  };
});
