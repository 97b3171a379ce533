import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { dependencyPatches } from "./patches/index.ts";

/**
 * The server build has two entries, React Router's (index.js) and the HTTP server's (server.js),
 * so what both import (logger, env, request store, react-router) is one module in one process.
 */
const SERVER_ENTRIES = { index: "virtual:react-router/server-build", server: "./server.ts" };

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

export default defineConfig(({ command, isSsrBuild }) => {
  const serverBuild = command === "build" && Boolean(isSsrBuild);
  return {
    plugins: [
      tailwindcss(),
      reactRouter(),
      namedServerEntries(),
      // What the shop changes in its dependencies: one file each, listed in patches/README.md.
      ...dependencyPatches(),
    ],
    resolve: { tsconfigPaths: true },
    ssr: {
      // Native and WASM packages stay outside the server bundle.
      external: ["sharp", "@electric-sql/pglite", "pg", "nodemailer", "pino"],
      // Also bundled: only the Radix parts the pages use, not the whole packages.
      noExternal: serverBuild ? [...BUNDLED_WITH_REACT_ROUTER, "radix-ui", /^@radix-ui\//] : [],
    },
    build: {
      sourcemap: false,
      rolldownOptions: {
        ...(serverBuild ? { input: SERVER_ENTRIES } : {}),
        // Rolldown's report of slow plugin callbacks (PLUGIN_TIMINGS) named React Router's own:
        // its virtual-modules `load`, called for each of the 2,665 modules, timed with the wait
        // behind the other callbacks (95 % of a 17 s server build). Nothing here to act on, and
        // the step's time is in `npm test`'s summary (docs/decisions/076).
        checks: { bundlerTimings: false },
        treeshake: {
          // app/domain is pure (docs/decisions/023): a module there that a page imports only for
          // a loader or action (a Zod schema) is left out of the browser's JavaScript
          // (docs/decisions/029). domain/zod.ts is the exception: it configures Zod as it runs.
          // The icons (app/components/icons/, docs/decisions/084) only define components, so a
          // page's bundle keeps the icons it draws, not every icon their index names.
          moduleSideEffects: [
            { test: /[\\/]app[\\/]domain[\\/](?!zod\.ts$)/, sideEffects: false },
            { test: /[\\/]app[\\/]components[\\/]icons[\\/]/, sideEffects: false },
          ],
        },
      },
    },
  };
});
