import path from "node:path";
import routes from "~/routes";

export type RouteModule = {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
};

export type RouteEntry = {
  /** The module's file under app/, as the route config names it. */
  file: string;
  /** The full URL pattern, e.g. "/product/:id". */
  pattern: string;
  /** The pattern's dynamic segments (":id" gives "id", a splat gives "*"). */
  paramNames: string[];
  load: () => Promise<RouteModule>;
};

type ConfigEntry = { file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

function join(parent: string, child: string | undefined) {
  if (!child) return parent || "/";
  return `${parent.replace(/\/$/, "")}/${child}`;
}

function flatten(entries: ConfigEntry[], parent: string, out: RouteEntry[]) {
  for (const entry of entries) {
    const pattern = join(parent, entry.path);
    const paramNames = pattern
      .split("/")
      .filter((segment) => segment.startsWith(":") || segment === "*")
      .map((segment) => (segment === "*" ? "*" : segment.slice(1)));
    out.push({
      file: entry.file,
      pattern,
      paramNames,
      load: () => import(path.resolve("app", entry.file)) as Promise<RouteModule>,
    });
    if (entry.children) flatten(entry.children, pattern === "/" ? "" : pattern, out);
  }
  return out;
}

/** Every route module of app/routes.ts with its URL pattern, so sweeps cover new routes too. */
export const ROUTE_TABLE: RouteEntry[] = flatten(routes as ConfigEntry[], "", []);

/** A URL path for the pattern, with the given values (or a placeholder) in its dynamic segments. */
export function pathFor(entry: RouteEntry, params: Record<string, string>) {
  return entry.pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return encodeURIComponent(params["*"] ?? "anything");
      if (segment.startsWith(":")) return encodeURIComponent(params[segment.slice(1)] ?? "x");
      return segment;
    })
    .join("/");
}
