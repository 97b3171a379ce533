/**
 * Which requests the storefront's page cache may answer, and how it names what a page shows.
 * Pure: the cache (lib/page-cache.server.ts) and the database triggers that announce changes
 * (db/migrations/0011_storefront_changes.sql) agree on these names. docs/decisions/033.
 */

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

/** Storefront pages that are the same for every signed-out visitor. */
const CACHEABLE_PATH =
  /^\/(?:|products|product\/[^/]+|categories|category\/[^/]+|about|contact|blog|blog\/[^/]+|faq|terms|privacy|shipping|returns)(?:\.data)?$/;

/** The home page's single-fetch data is `/_root.data`. */
const ROOT_DATA = "/_root.data";

/** Longer addresses are answered but not kept: nobody shares a link that long. */
export const MAX_CACHED_URL_LENGTH = 512;

export function isCacheablePath(pathname: string) {
  return pathname === ROOT_DATA || CACHEABLE_PATH.test(pathname);
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
  pathname: string;
  cookie: string | undefined;
};

/** A GET or HEAD of a storefront page by a visitor without the shop's cookies. */
export function mayUseCache(request: CacheableRequest) {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    request.url.length <= MAX_CACHED_URL_LENGTH &&
    isCacheablePath(request.pathname) &&
    !carriesShopCookie(request.cookie)
  );
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
