import { describe, expect, it } from "vitest";
import {
  CACHEABLE_PAGES,
  cacheKeyOf,
  carriesShopCookie,
  etagMatches,
  inlineScripts,
  isCacheablePath,
  MAX_CACHED_URL_LENGTH,
  mayUseCache,
  pageCacheKey,
  parseTags,
  pickEncoding,
  productTag,
} from "./page-cache-rules";

const visitor = (overrides: Partial<Parameters<typeof mayUseCache>[0]> = {}) => ({
  method: "GET",
  url: "/products",
  cookie: undefined,
  ...overrides,
});

describe("isCacheablePath", () => {
  it.each([
    "/",
    "/_.data",
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

  // The remembered PIN code (docs/decisions/077) leaves the kept page shared.
  it.each([
    undefined,
    "",
    "_ga=GA1.1",
    "myshop.session_token=x",
    "theme=dark; shopping=1",
    "pin=415002",
  ])("sees none in %s", (cookie) => {
    expect(carriesShopCookie(cookie)).toBe(false);
  });
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
    expect(mayUseCache(visitor({ url: "/cart" }))).toBe(false);
    expect(mayUseCache(visitor({ url: "/cart?utm_source=x" }))).toBe(false);
  });

  it("not a key longer than the limit", () => {
    const at = `/products?search=${"a".repeat(MAX_CACHED_URL_LENGTH - 17)}`;
    expect(at.length).toBe(MAX_CACHED_URL_LENGTH);
    expect(mayUseCache(visitor({ url: at }))).toBe(true);
    expect(mayUseCache(visitor({ url: `${at}a` }))).toBe(false);
  });

  it("keeps a long address whose unknown parameters make it long under its short key", () => {
    const url = `/about?utm_content=${"a".repeat(2 * MAX_CACHED_URL_LENGTH)}`;
    expect(cacheKeyOf(visitor({ url }))).toBe("/about");
  });
});

describe("pageCacheKey", () => {
  it("drops parameters the page does not read: campaign tags, click ids, anything unknown", () => {
    expect(pageCacheKey("/about?u=8f3a")).toBe("/about");
    expect(
      pageCacheKey("/about?utm_source=news&utm_medium=mail&utm_campaign=diwali&gclid=x&fbclid=y"),
    ).toBe("/about");
    expect(pageCacheKey("/?ref=whatsapp")).toBe("/");
    expect(pageCacheKey("/about?")).toBe("/about");
    expect(pageCacheKey("/about?&&=&u")).toBe("/about");
    // A parameter another page reads means nothing here.
    expect(pageCacheKey("/about?search=tulsi&tab=reviews&page=2")).toBe("/about");
    expect(pageCacheKey("/category/digestive-care?search=tulsi&sort=price-asc")).toBe(
      "/category/digestive-care",
    );
  });

  it("keeps the parameters each page reads", () => {
    const category = "0b6a6c2e-5f4e-4b8a-9d3c-2f1e0a9b8c7d";
    expect(
      pageCacheKey(
        `/products?utm_source=x&sort=price-asc&search=tulsi&page=2&category=${category}&gclid=1`,
      ),
    ).toBe(`/products?category=${category}&page=2&search=tulsi&sort=price-asc`);
    expect(pageCacheKey("/product/triphala-churna?tab=reviews&utm_medium=social")).toBe(
      "/product/triphala-churna?tab=reviews",
    );
    expect(pageCacheKey("/category/digestive-care?page=3&fbclid=z")).toBe(
      "/category/digestive-care?page=3",
    );
    expect(pageCacheKey("/blog?category=nutrition&u=1")).toBe("/blog?category=nutrition");
  });

  it("neither answers nor keeps a product page asked for one PIN code's delivery", () => {
    expect(pageCacheKey("/product/triphala-churna?pin=744101")).toBeUndefined();
    expect(pageCacheKey("/product/triphala-churna.data?size=x&pin=415003")).toBeUndefined();
    expect(pageCacheKey("/product/triphala-churna?pin=")).toBeUndefined();
    // Other pages read no PIN code: it changes nothing there.
    expect(pageCacheKey("/about?pin=744101")).toBe("/about");
  });

  it("neither answers nor keeps a product page asked by 'Choose size' without JavaScript", () => {
    expect(
      pageCacheKey(
        "/product/triphala-churna?intent=add&productId=p&variantId=v&quantity=1&redirectTo=%2F",
      ),
    ).toBeUndefined();
  });

  it("gives the same parameters in any order, and in any encoding, one key", () => {
    const keys = new Set(
      [
        "/products?search=amla+juice&sort=price-asc&page=2",
        "/products?page=2&search=amla%20juice&sort=price-asc",
        "/products?sort=price-asc&page=2&utm_source=x&search=amla juice",
        "/products?%73ort=price-asc&page=2&search=amla%20juice",
      ].map(pageCacheKey),
    );
    expect([...keys]).toEqual(["/products?page=2&search=amla+juice&sort=price-asc"]);
  });

  it("keeps the order of one parameter's values, since the page reads the first", () => {
    expect(pageCacheKey("/products?page=3&page=2")).toBe("/products?page=3&page=2");
    expect(pageCacheKey("/products?page=2&page=3")).toBe("/products?page=2&page=3");
  });

  it("keeps React Router's loader list on data requests only", () => {
    expect(pageCacheKey("/products.data?utm_source=x&_routes=root,routes/store/products")).toBe(
      "/products.data?_routes=root%2Croutes%2Fstore%2Fproducts",
    );
    expect(pageCacheKey("/_.data?_routes=root&gclid=1")).toBe("/_.data?_routes=root");
    expect(pageCacheKey("/product/amla.data?tab=reviews&x=1")).toBe(
      "/product/amla.data?tab=reviews",
    );
    expect(pageCacheKey("/products?_routes=root")).toBe("/products");
  });

  it("has no key for a page the cache never keeps", () => {
    for (const url of [
      "/cart?utm_source=x",
      "/auth?token=abc",
      "/admin/products?q=x",
      "/about-us",
    ]) {
      expect(pageCacheKey(url)).toBeUndefined();
    }
  });

  it("gives every kept page one key whatever random unknown parameters come with it", () => {
    const samples: Record<string, [path: string, known: string]> = {
      home: ["/", ""],
      products: ["/products", "search=ashwagandha&page=2"],
      product: ["/product/triphala-churna", "tab=reviews"],
      categories: ["/categories", ""],
      category: ["/category/digestive-care", "page=2"],
      blog: ["/blog", "category=nutrition"],
      "blog article": ["/blog/ayurveda-for-winter", ""],
      content: ["/faq", ""],
    };
    for (const rule of CACHEABLE_PAGES) {
      expect(samples[rule.page], rule.page).toBeDefined();
      const [path, known] = samples[rule.page]!;
      const key = pageCacheKey(known ? `${path}?${known}` : path);
      for (let n = 0; n < 100; n++) {
        const junk = new URLSearchParams({
          [`u${Math.random().toString(36).slice(2, 8)}`]: Math.random().toString(36),
          utm_source: Math.random().toString(36),
        }).toString();
        expect(pageCacheKey(`${path}?${[known, junk].filter(Boolean).join("&")}`), rule.page).toBe(
          key,
        );
        expect(pageCacheKey(`${path}?${[junk, known].filter(Boolean).join("&")}`), rule.page).toBe(
          key,
        );
      }
    }
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
