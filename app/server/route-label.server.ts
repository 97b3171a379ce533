import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pageOfDataPath } from "../domain/data-requests";

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
};

/** Distinct paths remembered; beyond this (a crawl of random addresses) the memory starts over. */
const REMEMBERED_PATHS = 2000;

function routeTree(routes: ManifestRoute[], parentId: string | undefined): RouteObject[] {
  return routes
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: routeTree(routes, route.id),
          },
    );
}

/**
 * The route pattern a path is served by ("/product/:id"), for the request metrics: labelled by
 * pattern, a metric has one series per route rather than one per product or per address a
 * crawler invents. React Router's data requests keep their suffix (".data", or "/_.data" after
 * a slash, the home page's "/_.data"); a path no route matches is "unmatched".
 */
export function createRouteLabeler(routes: ServerBuild["routes"]) {
  const manifest: ManifestRoute[] = [];
  for (const route of Object.values(routes)) if (route) manifest.push(route);
  const tree = routeTree(manifest, undefined);
  const remembered = new Map<string, string>();

  function patternOf(pathname: string) {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return "unmatched";
    const segments = matches.map((match) => match.route.path).filter(Boolean);
    return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
  }

  return (pathname: string): string => {
    let label = remembered.get(pathname);
    if (label) return label;
    const page = pageOfDataPath(pathname);
    if (page === null) label = patternOf(pathname);
    else if (page === "/") label = pathname;
    else label = `${patternOf(page)}${pathname.endsWith("/_.data") ? "/_.data" : ".data"}`;
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, label);
    return label;
  };
}
