/**
 * Which requests the storefront's page cache may answer, and how it names what a page shows.
 * Pure: the cache (lib/page-cache.server.ts) and the database triggers that announce changes
 * (db/migrations/0011_storefront_changes.sql) agree on these names. docs/decisions/033.
 */
import { pageOfDataPath } from "./data-requests";

/** What a cached page can depend on; a write announces the tags of what it changed. */
export const PAGE_TAGS = {
  /** Any list of products: home, listing, search, a category, category counts. */
  products: "products",
  categories: "categories",
  /** The coupons shown on the home page. */
  offers: "offers",
  /** The shop's settings and identity, shown in every page's header and footer. */
  settings: "settings",
} as const;

/** One product's own page: its details, stock, pictures and approved reviews. */
export function productTag(productId: string) {
  return `product:${productId}`;
}

/** Tags as the triggers send them: separated by spaces. */
export function parseTags(payload: string): string[] {
  return payload.split(" ").filter(Boolean);
}

type PageRule = {
  page: string;
  path: RegExp;
  params: readonly string[];
  /**
   * Parameters whose page is answered afresh and never kept: one page per value would crowd the
   * cache out (a product page per PIN code, docs/decisions/061).
   */
  uncached?: readonly string[];
};

/**
 * Storefront pages that are the same for every signed-out visitor, each with the query
 * parameters it reads (its loaders and its components). Any other parameter (utm_*, gclid,
 * fbclid, anything unknown) changes nothing on the page, so it is no part of the page's key: the
 * visitor is given the page kept without it (docs/decisions/052). A loader that reads a parameter
 * not listed here fails tests/integration/page-cache-params.test.ts.
 */
export const CACHEABLE_PAGES: readonly PageRule[] = [
  { page: "home", path: /^\/$/, params: [] },
  // app/domain/catalog-query-params.ts; the header's search box shows `search` here only.
  { page: "products", path: /^\/products$/, params: ["search", "category", "sort", "page"] },
  // The product page's component opens the tab named by `tab` (its handle reads it too); its
  // loader shows the pack size named by `size` (docs/decisions/056).
  // `pin` asks the "Check delivery" box's question without JavaScript: such a page is not kept.
  // `variantId` is "Choose size" without JavaScript (the Add to Cart form sent to the page),
  // which the loader answers with the size's own address (docs/decisions/071).
  {
    page: "product",
    path: /^\/product\/[^/]+$/,
    params: ["tab", "size"],
    uncached: ["pin", "variantId"],
  },
  { page: "categories", path: /^\/categories$/, params: [] },
  { page: "category", path: /^\/category\/[^/]+$/, params: ["page"] },
  { page: "blog", path: /^\/blog$/, params: ["category"] },
  { page: "blog article", path: /^\/blog\/[^/]+$/, params: [] },
  {
    page: "content",
    path: /^\/(?:about|contact|faq|terms|privacy|shipping|returns)$/,
    params: [],
  },
];

/** React Router's own parameter of a data request: the loaders to run. */
const DATA_PARAMS: readonly string[] = ["_routes"];

/** Longer keys are answered but not kept: nobody shares a link that long. */
export const MAX_CACHED_URL_LENGTH = 512;

function pageRuleOf(pathname: string) {
  // A page's single-fetch data (`/products.data`, the home page's `/_.data`) is kept as it is.
  const dataOf = pageOfDataPath(pathname);
  const page = dataOf ?? pathname;
  const rule = CACHEABLE_PAGES.find((candidate) => candidate.path.test(page));
  return rule ? { rule, data: dataOf !== null } : undefined;
}

export function isCacheablePath(pathname: string) {
  return pageRuleOf(pathname) !== undefined;
}

/**
 * The address a page is kept under: its path and only the parameters it reads, sorted by name
 * (values of one name keep their order, which is what the page's `get` reads), in one encoding.
 * Undefined when the cache never keeps the path.
 */
export function pageCacheKey(url: string): string | undefined {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  const match = pageRuleOf(pathname);
  if (!match) return undefined;
  if (query === -1) return pathname;
  const known = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(query + 1))) {
    if (match.rule.uncached?.includes(name)) return undefined;
    if (match.rule.params.includes(name) || (match.data && DATA_PARAMS.includes(name))) {
      known.append(name, value);
    }
  }
  known.sort();
  const search = known.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The shop's own cookies (the session, a pending toast, a visitor's add waiting for sign-in)
 * make a page personal. Other cookies (a proxy's, analytics') do not change what is rendered.
 */
const SHOP_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?shop[._][^=;]*=/;

export function carriesShopCookie(cookieHeader: string | undefined) {
  return cookieHeader !== undefined && SHOP_COOKIE.test(cookieHeader);
}

export type CacheableRequest = {
  method: string;
  url: string;
  cookie: string | undefined;
};

/**
 * The key of a GET or HEAD of a storefront page by a visitor without the shop's cookies;
 * undefined when the cache must not answer or keep it.
 */
export function cacheKeyOf(request: CacheableRequest): string | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  if (carriesShopCookie(request.cookie)) return undefined;
  const key = pageCacheKey(request.url);
  return key !== undefined && key.length <= MAX_CACHED_URL_LENGTH ? key : undefined;
}

export function mayUseCache(request: CacheableRequest) {
  return cacheKeyOf(request) !== undefined;
}

export type Encoding = "br" | "gzip" | "identity";

/** Brotli when the browser takes it, then gzip, else the plain bytes (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/** If-None-Match against a weak ETag: any listed tag (weak or strong form) or `*` matches. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim())
    .some((tag) => tag === "*" || tag.replace(/^W\//, "") === opaque);
}

/** The text of every inline `<script>` (those without `src`), as the browser hashes it. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}
