import { describe, expect, it } from "vitest";
import {
  type BrowserManifest,
  fetchesWholeManifest,
  firstLoadFiles,
  parseBrowserManifest,
  staticImportsOf,
  storefrontRouteIds,
  urlPattern,
} from "./first-load-js";

const route = (id: string, parentId: string | undefined, extra: object = {}) => ({
  id,
  parentId,
  hasDefaultExport: true,
  module: `/assets/${id.replaceAll("/", "-")}.js`,
  imports: [],
  ...extra,
});

const MANIFEST: BrowserManifest = {
  url: "/assets/manifest-1.js",
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: route("root", undefined, { path: "", imports: ["/assets/react.js", "/assets/ui.js"] }),
    "routes/store/layout": route("routes/store/layout", "root", { imports: ["/assets/ui.js"] }),
    "routes/store/product": route("routes/store/product", "routes/store/layout", {
      path: "product/:id",
      imports: ["/assets/form.js"],
    }),
    "routes/store/home": route("routes/store/home", "routes/store/layout", { index: true }),
    "routes/admin/layout": route("routes/admin/layout", "root", { path: "admin" }),
    "routes/admin/products": route("routes/admin/products", "routes/admin/layout", {
      path: "products",
    }),
    "routes/resources/sitemap": route("routes/resources/sitemap", "root", {
      path: "sitemap.xml",
      hasDefaultExport: false,
    }),
  },
};

describe("first-load JavaScript", () => {
  it("reads the manifest React Router writes into the build", () => {
    const source = `window.__reactRouterManifest=${JSON.stringify(MANIFEST)};`;
    expect(parseBrowserManifest(source)).toEqual(MANIFEST);
    expect(() => parseBrowserManifest("export {}")).toThrow(/not a React Router/);
  });

  it("counts the entry, then every route from the root down, each file once", () => {
    expect(firstLoadFiles(MANIFEST, "routes/store/product", { withManifest: false })).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/ui.js",
      "/assets/routes-store-layout.js",
      "/assets/routes-store-product.js",
      "/assets/form.js",
    ]);
    expect(firstLoadFiles(MANIFEST, "routes/store/home", { withManifest: true })[0]).toBe(
      "/assets/manifest-1.js",
    );
  });

  it("takes the pages outside the back office, leaving out layouts and resource routes", () => {
    expect(storefrontRouteIds(MANIFEST)).toEqual(["routes/store/product", "routes/store/home"]);
    expect(urlPattern(MANIFEST, "routes/store/product")).toBe("/product/:id");
    expect(urlPattern(MANIFEST, "routes/store/home")).toBe("/");
  });

  it("counts the whole manifest unless routes are discovered lazily", () => {
    expect(fetchesWholeManifest('var routeDiscovery = {\n\t"mode": "lazy",')).toBe(false);
    expect(fetchesWholeManifest('var routeDiscovery = {\n\t"mode": "initial",')).toBe(true);
    expect(fetchesWholeManifest("")).toBe(true);
  });

  it("finds static imports of a built chunk but not import()", () => {
    const code =
      'import{a as e}from"./react.js";import"./side.js";export*from"./re.js";const x=()=>import("./lazy.js");';
    expect(staticImportsOf(code).sort()).toEqual(["./re.js", "./react.js", "./side.js"]);
  });
});
