import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PageCache } from "../lib/page-cache.server";
import { newPageDependencies } from "../lib/page-dependencies.server";
import { createCachedPageResponder, createPageCacheMiddleware } from "./page-cache-http.server";

let cache: PageCache;
/** The path and query of every render, as the page was asked for. */
let renders: string[] = [];
let port = 0;
let close = () => {};

/** The shop's two halves around a stand-in for React Router that echoes the address it renders. */
beforeAll(async () => {
  const app = express();
  const middleware = createPageCacheMiddleware({
    cache: () => cache,
    headersFor: () => ({}),
    render: async (_req, _res, pathAndQuery) => {
      renders.push(pathAndQuery);
      return new Response(`<!doctype html><p>rendered ${pathAndQuery}</p>`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    },
    send: async (res, response) => {
      res.status(response.status).send(await response.text());
    },
    trackDependencies: newPageDependencies,
  });
  app.use(middleware);
  const responder = createCachedPageResponder({
    cache: () => cache,
    headersFor: () => ({}),
    stopping: () => false,
    logRequest: () => {},
    clientIp: () => undefined,
    clientProtocol: () => "http",
  });
  const server = createServer((req, res) => {
    if (!responder(req, res)) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

beforeEach(() => {
  cache = new PageCache({ maxBytes: 8 * 1024 * 1024, maxAgeMs: 60_000 });
  renders = [];
});

async function get(path: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { cache: response.headers.get("x-cache"), body: await response.text() };
}

function randomText() {
  return Math.random().toString(36).slice(2);
}

describe("the page cache over HTTP", () => {
  it("keeps one page for /about however many random unknown parameters come, and serves it from memory", async () => {
    const answers = [];
    for (let n = 0; n < 40; n++) {
      answers.push(await get(`/about?u=${randomText()}&utm_source=${randomText()}&gclid=${n}`));
    }
    expect(answers.map((a) => a.cache)).toEqual(["MISS", ...Array(39).fill("HIT")]);
    expect(new Set(answers.map((a) => a.body))).toEqual(
      new Set(["<!doctype html><p>rendered /about</p>"]),
    );
    expect(renders).toEqual(["/about"]);
    expect(cache.stats().entries).toBe(1);
    expect((await get("/about")).cache).toBe("HIT");
  });

  it("keeps one page for a listing's parameters in any order, and one per different value", async () => {
    const first = await get("/products?sort=price-asc&search=tulsi&utm_medium=social");
    const reordered = await get("/products?search=tulsi&fbclid=abc&sort=price-asc");
    expect([first.cache, reordered.cache]).toEqual(["MISS", "HIT"]);
    expect(renders).toEqual(["/products?search=tulsi&sort=price-asc"]);
    expect((await get("/products?search=amla&sort=price-asc")).cache).toBe("MISS");
    expect(cache.stats().entries).toBe(2);
  });

  it("renders the page for its key, so no unknown parameter reaches a kept page", async () => {
    const answer = await get("/product/amla-juice?tab=reviews&utm_content=%3Cscript%3E");
    expect(answer.body).toBe("<!doctype html><p>rendered /product/amla-juice?tab=reviews</p>");
  });
});
