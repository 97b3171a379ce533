/**
 * React Router's data requests (single fetch, react-router.config.ts): a page's loaders are
 * fetched from its path with `.data` (`/products.data`), from `_.data` after a slash (`/_.data`
 * is the home page's), with `_routes` naming the loaders to run; an action posted to an index
 * route carries an empty `index`. Loaders see the request as sent (future.v8_passThroughRequests).
 */
const DATA_SUFFIX = ".data";
const AFTER_SLASH = "_.data";

/** The page a data request's path loads, or null when the path is a page's own. */
export function pageOfDataPath(pathname: string): string | null {
  if (pathname.endsWith(`/${AFTER_SLASH}`)) return pathname.slice(0, -AFTER_SLASH.length);
  if (pathname.endsWith(DATA_SUFFIX)) return pathname.slice(0, -DATA_SUFFIX.length);
  return null;
}

/** The path and query of the page a request is for, as the browser's address bar shows it. */
export function pageAddressOf(url: URL): string {
  const page = pageOfDataPath(url.pathname);
  if (page === null) return `${url.pathname}${url.search}`;
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const index = params.getAll("index").filter(Boolean);
  params.delete("index");
  for (const value of index) params.append("index", value);
  const search = params.toString();
  return search ? `${page}?${search}` : page;
}
