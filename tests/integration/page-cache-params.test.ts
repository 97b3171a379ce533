import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BLOG_ARTICLES } from "~/content/blog-articles";
import { CACHEABLE_PAGES, isCacheablePath } from "~/domain/page-cache-rules";
import type { DatabaseHandle } from "~/lib/db.server";
import { loader as rootLoader } from "~/root";
import { browserRequest, wireApp } from "./support/app";
import { insertCategory, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { pathFor, ROUTE_TABLE, type RouteModule } from "./support/route-table";
import { routeContext } from "./support/services";

let handle: DatabaseHandle;
const values: Record<string, string> = {};

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const category = await insertCategory(handle.db, "params-digestive-care", "Digestive Care");
  await insertProducts(handle.db, [
    { name: "Params Amla Juice", slug: "params-amla-juice", categoryId: category.id },
  ]);
  values.id = "params-amla-juice";
  values.slug = "params-digestive-care";
});
afterAll(() => handle.close());

const context = routeContext("127.0.0.1");

/** The storefront routes whose pages the cache keeps, each at an address that exists. */
function cachedRoutes() {
  return ROUTE_TABLE.filter((entry) => {
    const path = pathFor(entry, { id: "x", slug: "x" });
    return !path.includes("*") && isCacheablePath(path);
  });
}

function ruleOf(path: string) {
  const rule = CACHEABLE_PAGES.find((candidate) => candidate.path.test(path));
  if (!rule) throw new Error(`no page-cache rule for ${path}`);
  return rule;
}

/**
 * Runs the loaders of one page (the root's and the route's) and names every query parameter they
 * read from the request's address; `*` when one of them reads the whole query.
 */
async function parametersRead(route: RouteModule, url: string, params: object) {
  const read = new Set<string>();
  const searchParams = Object.getOwnPropertyDescriptor(URL.prototype, "searchParams")!.get!;
  const spy = vi.spyOn(URL.prototype, "searchParams", "get").mockImplementation(function (
    this: URL,
  ) {
    const own = searchParams.call(this) as URLSearchParams;
    if (this.href !== url) return own;
    return new Proxy(own, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") {
          if (property === "size") read.add("*");
          return value;
        }
        return (...args: unknown[]) => {
          if (property === "get" || property === "getAll" || property === "has") {
            read.add(String(args[0]));
          } else {
            read.add("*");
          }
          return value.apply(target, args);
        };
      },
    });
  });
  try {
    for (const loader of [rootLoader, route.loader]) {
      if (!loader) continue;
      const request = browserRequest(url.slice(url.indexOf("/", "http://".length)));
      try {
        const data = (await loader({
          request,
          url: new URL(request.url),
          params,
          context,
        } as never)) as Record<string, unknown>;
        // Deferred parts of the page (a product's reviews) read as they resolve.
        await Promise.all(Object.values(data ?? {}).filter((v) => v instanceof Promise));
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
      }
    }
  } finally {
    spy.mockRestore();
  }
  return read;
}

describe(`what the pages the cache keeps read from the query, on ${DATABASE_KIND}`, () => {
  it("covers every storefront page the cache keeps", () => {
    const pages = new Set(cachedRoutes().map((entry) => ruleOf(pathFor(entry, values)).page));
    expect([...pages].sort()).toEqual(CACHEABLE_PAGES.map((rule) => rule.page).sort());
  });

  it.each(cachedRoutes().map((entry) => [entry.pattern, entry] as const))(
    "the loaders of %s read only the parameters its page-cache rule lists",
    async (_, entry) => {
      if (entry.pattern === "/blog/:slug") values.slug = BLOG_ARTICLES[0]!.slug;
      else values.slug = "params-digestive-care";
      const path = pathFor(entry, values);
      const rule = ruleOf(path);
      const query = new URLSearchParams([
        ...rule.params.map((name) => [name, "2"]),
        ["utm_source", "news"],
        ["gclid", "x"],
      ]);
      const url = browserRequest(`${path}?${query}`).url;
      const read = await parametersRead(await entry.load(), url, { ...values });
      const unlisted = [...read].filter(
        (name) => !rule.params.includes(name) && !rule.uncached?.includes(name),
      );
      expect(
        unlisted,
        `${entry.file} reads ${unlisted.join(", ")}: list it in page-cache-rules.ts`,
      ).toEqual([]);
    },
  );
});
