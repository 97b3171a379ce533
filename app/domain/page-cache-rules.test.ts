import { describe, expect, it } from "vitest";
import {
  carriesShopCookie,
  etagMatches,
  inlineScripts,
  isCacheablePath,
  MAX_CACHED_URL_LENGTH,
  mayUseCache,
  parseTags,
  pickEncoding,
  productTag,
} from "./page-cache-rules";

const visitor = (overrides: Partial<Parameters<typeof mayUseCache>[0]> = {}) => ({
  method: "GET",
  url: "/products",
  pathname: "/products",
  cookie: undefined,
  ...overrides,
});

describe("isCacheablePath", () => {
  it.each([
    "/",
    "/_root.data",
    "/products",
    "/products.data",
    "/product/triphala-churna",
    "/product/triphala-churna.data",
    "/categories",
    "/category/digestive-care",
    "/about",
    "/contact",
    "/blog",
    "/blog/ayurveda-for-winter",
    "/faq",
    "/terms",
    "/privacy",
    "/shipping",
    "/returns",
  ])("keeps the storefront page %s", (path) => {
    expect(isCacheablePath(path)).toBe(true);
  });

  it.each([
    "/cart",
    "/checkout",
    "/profile",
    "/wishlist",
    "/auth",
    "/admin",
    "/admin/products",
    "/api/auth/get-session",
    "/api/events/offers",
    "/newsletter",
    "/healthz",
    "/images/x/400.webp",
    "/product/a/b",
    "/products/extra",
    "/about-us",
    "/sitemap.xml",
  ])("never keeps %s", (path) => {
    expect(isCacheablePath(path)).toBe(false);
  });
});

describe("carriesShopCookie", () => {
  it.each([
    "shop.session_token=abc",
    "__Secure-shop.session_token=abc",
    "shop.session_data=abc",
    "shop_toast=xyz",
    "shop_pending_add=xyz",
    "_ga=1; shop.session_token=abc",
    "_ga=1;shop_toast=x",
  ])("sees the shop's cookie in %s", (cookie) => {
    expect(carriesShopCookie(cookie)).toBe(true);
  });

  it.each([undefined, "", "_ga=GA1.1", "myshop.session_token=x", "theme=dark; shopping=1"])(
    "sees none in %s",
    (cookie) => {
      expect(carriesShopCookie(cookie)).toBe(false);
    },
  );
});

describe("mayUseCache", () => {
  it("answers a signed-out visitor's GET and HEAD of a storefront page", () => {
    expect(mayUseCache(visitor())).toBe(true);
    expect(mayUseCache(visitor({ method: "HEAD" }))).toBe(true);
  });

  it("never a write, a signed-in visitor, a pending toast or another page", () => {
    expect(mayUseCache(visitor({ method: "POST" }))).toBe(false);
    expect(mayUseCache(visitor({ cookie: "shop.session_token=abc" }))).toBe(false);
    expect(mayUseCache(visitor({ cookie: "shop_toast=abc" }))).toBe(false);
    expect(mayUseCache(visitor({ url: "/cart", pathname: "/cart" }))).toBe(false);
  });

  it("not an address longer than the limit", () => {
    const at = `/products?q=${"a".repeat(MAX_CACHED_URL_LENGTH - 12)}`;
    expect(at.length).toBe(MAX_CACHED_URL_LENGTH);
    expect(mayUseCache(visitor({ url: at }))).toBe(true);
    expect(mayUseCache(visitor({ url: `${at}a` }))).toBe(false);
  });
});

describe("pickEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0", "identity"],
    ["BR", "br"],
    ["*", "gzip"],
    ["deflate", "identity"],
    ["br;q=0.5", "br"],
  ] as const)("%s gets %s", (header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

describe("etagMatches", () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ["*", true],
    ['W/"abd"', false],
    [undefined, false],
    ["", false],
  ] as const)("If-None-Match %s: %s", (header, matches) => {
    expect(etagMatches(header, etag)).toBe(matches);
  });
});

describe("inlineScripts", () => {
  it("returns the text of inline scripts, not of scripts with src", () => {
    const html =
      '<head><script src="/a.js"></script><script type="module" async="">import("/b.js")</script></head>' +
      '<body><script nonce="">window.x = "</div>";</script><SCRIPT>\nlet y = 1;\n</SCRIPT>' +
      '<script type="application/ld+json">{"a":1}</script></body>';
    expect(inlineScripts(html)).toEqual([
      'import("/b.js")',
      'window.x = "</div>";',
      "\nlet y = 1;\n",
      '{"a":1}',
    ]);
  });

  it("finds none in a page without scripts", () => {
    expect(inlineScripts("<p>script</p>")).toEqual([]);
  });
});

describe("tags", () => {
  it("splits the triggers' payload on spaces", () => {
    expect(parseTags(`${productTag("p1")} products`)).toEqual(["product:p1", "products"]);
    expect(parseTags("")).toEqual([]);
  });
});
