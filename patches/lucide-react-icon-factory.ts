import path from "node:path";
import type { Plugin } from "vite";

/**
 * lucide-react's icons built by the shop's own factory (app/components/ui/lucide-icon.ts), which
 * renders the same markup (lucide-react-icon-factory.test.ts compares every icon the shop uses)
 * without rebuilding each icon's attributes and children on every render. lucide-react's icon
 * modules import their factory as `../createLucideIcon.mjs`, its index as `./createLucideIcon.mjs`.
 */
export const LUCIDE_ICON_FACTORY = path.resolve("app/components/ui/lucide-icon.ts");

/** The shop's factory for lucide-react's own import of its factory; null for any other import. */
export function lucideIconFactoryFor(source: string, importer: string | undefined) {
  if (!importer || !/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/.test(importer)) return null;
  return /^\.\.?\/createLucideIcon\.mjs$/.test(source) ? LUCIDE_ICON_FACTORY : null;
}

export function lucideReactIconFactory(): Plugin {
  return {
    name: "shop:lucide-react-icon-factory",
    enforce: "pre",
    resolveId: lucideIconFactoryFor,
  };
}
