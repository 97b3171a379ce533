import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * React Router's package.json sends Node and bundlers to its development build, whatever NODE_ENV
 * says, and exports no condition for the production one: both builds bundle that file instead,
 * `react-router` and `react-router/dom` alike, so the browser gets one copy of the router.
 * The other React Router patches change this production file.
 */
export const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router")),
  "../production/index.mjs",
);

const REACT_ROUTER_DOM_PRODUCTION = path.join(
  path.dirname(REACT_ROUTER_PRODUCTION),
  "dom-export.mjs",
);

export function reactRouterProductionBuild(): Plugin {
  return {
    name: "shop:react-router-production-build",
    config: (_config, { command }) =>
      command === "build"
        ? {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION },
                { find: /^react-router\/dom$/, replacement: REACT_ROUTER_DOM_PRODUCTION },
              ],
            },
          }
        : {},
  };
}
