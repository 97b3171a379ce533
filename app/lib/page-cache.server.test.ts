import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache, type RenderedPage, scriptHash, scriptHashesOf } from "./page-cache.server";

function page(body: string, tags: string[] = ["products"], freshUntil?: number): RenderedPage {
  return {
    status: 200,
    contentType: "text/html; charset=utf-8",
    body: Buffer.from(body),
    tags,
    freshUntil,
  };
}

function newCache(options: { maxBytes?: number; maxAgeMs?: number } = {}) {
  let now = 1_000_000;
  const cache = new PageCache({
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    now: () => now,
  });
  return { cache, advance: (ms: number) => (now += ms), now: () => now };
}

describe("PageCache", () => {
  it("keeps a page with its brotli and gzip bytes, a weak ETag and its script hashes", async () => {
    const { cache } = newCache();
    const html = "<html><script>window.a=1</script><p>Triphala</p></html>";
    await cache.admit("/", page(html), cache.generation());
    const kept = cache.lookup("/");
    expect(kept?.bodies.identity.toString()).toBe(html);
    expect(zlib.brotliDecompressSync(kept!.bodies.br).toString()).toBe(html);
    expect(zlib.gunzipSync(kept!.bodies.gzip).toString()).toBe(html);
    expect(kept?.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(kept?.scriptHashes).toEqual([
      `'sha256-${createHash("sha256").update("window.a=1").digest("base64")}'`,
    ]);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 0, entries: 1 });
  });

  it("counts a miss for a page it does not hold", () => {
    const { cache } = newCache();
    expect(cache.lookup("/products")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 1 });
  });

  it("drops exactly the pages showing an invalidated tag", async () => {
    const { cache } = newCache();
    await cache.admit("/product/a", page("a", ["product:a"]), cache.generation());
    await cache.admit("/product/b", page("b", ["product:b"]), cache.generation());
    await cache.admit("/products", page("list", ["products", "categories"]), cache.generation());
    cache.invalidate(["product:a"]);
    expect(cache.lookup("/product/a")).toBeUndefined();
    expect(cache.lookup("/product/b")).toBeDefined();
    expect(cache.lookup("/products")).toBeDefined();
    cache.invalidate(["categories"]);
    expect(cache.lookup("/products")).toBeUndefined();
    expect(cache.stats().invalidations).toBe(2);
  });

  it("does not keep a page whose render began before an invalidation of what it shows", async () => {
    const { cache } = newCache();
    const began = cache.generation();
    // A price changes while the page is being rendered with the old one.
    cache.invalidate(["product:a"]);
    const answered = await cache.admit(
      "/product/a",
      page("old price", ["product:a", "settings"]),
      began,
    );
    expect(answered.bodies.identity.toString()).toBe("old price");
    expect(cache.lookup("/product/a")).toBeUndefined();
    // A change to something else meanwhile (another product sold) does not stop it being kept.
    const again = cache.generation();
    cache.invalidate(["product:b", "products"]);
    await cache.admit("/product/a", page("new price", ["product:a", "settings"]), again);
    expect(cache.lookup("/product/a")?.bodies.identity.toString()).toBe("new price");
    // A render that began before the invalidation, however late it ends, is not kept.
    const late = cache.generation();
    cache.invalidate(["settings"]);
    await cache.admit("/about", page("old phone", ["settings"]), late);
    expect(cache.lookup("/about")).toBeUndefined();
    await cache.admit("/about", page("new phone", ["settings"]), cache.generation());
    expect(cache.lookup("/about")).toBeDefined();
  });

  it("evicts the least recently used pages once over its bytes", async () => {
    const body = "x".repeat(2000);
    const { cache } = newCache({ maxBytes: 3 * (2000 + 60) });
    await cache.admit("/a", page(body), cache.generation());
    await cache.admit("/b", page(body), cache.generation());
    const perPage = cache.stats().bytes / 2;
    expect(perPage).toBeGreaterThan(2000);
    cache.lookup("/a"); // /b is now the least recently used
    await cache.admit("/c", page(body), cache.generation());
    await cache.admit("/d", page(body), cache.generation());
    expect(cache.stats().bytes).toBeLessThanOrEqual(cache.stats().maxBytes);
    expect(cache.lookup("/b")).toBeUndefined();
    expect(cache.lookup("/a")).toBeDefined();
    expect(cache.lookup("/d")).toBeDefined();
    expect(cache.stats().evictions).toBeGreaterThanOrEqual(1);
  });

  it("does not keep a page larger than the whole cache", async () => {
    const { cache } = newCache({ maxBytes: 100 });
    await cache.admit("/big", page("y".repeat(500)), cache.generation());
    expect(cache.stats().entries).toBe(0);
  });

  it("lets a page expire at its own moment or at the maximum age", async () => {
    const { cache, advance, now } = newCache({ maxAgeMs: 60_000 });
    await cache.admit("/", page("offer", ["offers"], now() + 5_000), cache.generation());
    await cache.admit("/about", page("about", ["settings"]), cache.generation());
    advance(5_000);
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.lookup("/about")).toBeDefined();
    advance(55_000);
    expect(cache.lookup("/about")).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it("does not keep a page already out of date", async () => {
    const { cache, now } = newCache();
    await cache.admit("/", page("expired offer", ["offers"], now() - 1), cache.generation());
    expect(cache.stats().entries).toBe(0);
  });

  it("clear drops everything and counts as an invalidation for renders in progress", async () => {
    const { cache } = newCache();
    await cache.admit("/", page("home"), cache.generation());
    const began = cache.generation();
    cache.clear();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
    await cache.admit("/", page("home"), began);
    expect(cache.stats().entries).toBe(0);
  });

  it("replacing a page keeps the byte count right", async () => {
    const { cache } = newCache();
    await cache.admit("/", page("one"), cache.generation());
    const once = cache.stats().bytes;
    await cache.admit("/", page("one"), cache.generation());
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: once });
  });
});

describe("scriptHashesOf", () => {
  it("hashes each distinct inline script of HTML, and nothing of data responses", () => {
    const html = Buffer.from("<script>a()</script><script>a()</script><script>b()</script>");
    expect(scriptHashesOf("text/html; charset=utf-8", html)).toEqual([
      scriptHash("a()"),
      scriptHash("b()"),
    ]);
    expect(scriptHashesOf("text/x-script", html)).toEqual([]);
  });

  it("hashes the UTF-8 bytes, as browsers do", () => {
    expect(scriptHash("₹")).toBe(
      `'sha256-${createHash("sha256")
        .update(Buffer.from([0xe2, 0x82, 0xb9]))
        .digest("base64")}'`,
    );
  });
});
