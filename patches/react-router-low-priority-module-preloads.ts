import type { Plugin } from "vite";

/**
 * The server-rendered page paints and works without its scripts, so their module preloads ask for
 * low priority: the stylesheet and the largest image go first on a slow connection
 * (docs/decisions/044). React Router's <Scripts> takes no attributes for the preloads it renders,
 * so both builds change the three it renders.
 */
const PRELOAD = /rel: "modulepreload",(?=\r?\n)/g;

/** The file that defines <Scripts>, its preloads asking for low priority; null for any other. */
export function lowPriorityModulePreloads(code: string): string | null {
  if (!code.includes("function Scripts(")) return null;
  const found = code.match(PRELOAD)?.length ?? 0;
  if (found !== 3) {
    throw new Error(
      `React Router's <Scripts> renders ${found} module preloads where 3 were expected (patches/react-router-low-priority-module-preloads.ts)`,
    );
  }
  return code.replace(PRELOAD, 'rel: "modulepreload", fetchPriority: "low",');
}

export function reactRouterLowPriorityModulePreloads(): Plugin {
  return {
    name: "shop:react-router-low-priority-module-preloads",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      try {
        const changed = lowPriorityModulePreloads(code);
        return changed === null ? null : { code: changed, map: null };
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}
