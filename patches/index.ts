import type { Plugin } from "vite";
import { reactRouterLowPriorityModulePreloads } from "./react-router-low-priority-module-preloads.ts";
import { reactRouterProductionBuild } from "./react-router-production-build.ts";
import { reactRouterRouteTablesMadeOnce } from "./react-router-route-tables-made-once.ts";

/** What the shop changes in its dependencies, one file each (patches/README.md). */
export const DEPENDENCY_PATCHES: Record<string, () => Plugin> = {
  "react-router-production-build": reactRouterProductionBuild,
  "react-router-low-priority-module-preloads": reactRouterLowPriorityModulePreloads,
  "react-router-route-tables-made-once": reactRouterRouteTablesMadeOnce,
};

/**
 * The patches' build plugins, less those named in `without` (comma-separated), so a patch's gain
 * can be measured on a build without it: `BUILD_WITHOUT_PATCHES=react-router-route-tables-made-once
 * npm run build`. An unknown name stops the build rather than measuring the wrong thing.
 */
export function dependencyPatches(without = process.env.BUILD_WITHOUT_PATCHES ?? "") {
  const left = new Set(
    without
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean),
  );
  for (const name of left) {
    if (!(name in DEPENDENCY_PATCHES)) {
      throw new Error(
        `BUILD_WITHOUT_PATCHES names "${name}", which is none of: ${Object.keys(DEPENDENCY_PATCHES).join(", ")}`,
      );
    }
  }
  return Object.entries(DEPENDENCY_PATCHES)
    .filter(([name]) => !left.has(name))
    .map(([, patch]) => patch());
}
