import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteLabeler } from "./route-label.server";

/** The shape of a server build's route manifest: flat, each route naming its parent. */
const routes = {
  root: { id: "root", path: "" },
  store: { id: "store", parentId: "root" },
  home: { id: "home", parentId: "store", index: true },
  product: { id: "product", parentId: "store", path: "product/:id" },
  missing: { id: "missing", parentId: "store", path: "*" },
  admin: { id: "admin", parentId: "root", path: "admin" },
  orders: { id: "orders", parentId: "admin", path: "orders" },
  image: { id: "image", parentId: "root", path: "images/:imageId/:hash/:file" },
} as unknown as ServerBuild["routes"];

describe("createRouteLabeler", () => {
  const label = createRouteLabeler(routes);

  it("labels a path with the pattern of the route that serves it", () => {
    expect(label("/")).toBe("/");
    expect(label("/product/6f1c")).toBe("/product/:id");
    expect(label("/product/another-id")).toBe("/product/:id");
    expect(label("/admin/orders")).toBe("/admin/orders");
    expect(label("/images/1/abc/600.avif")).toBe("/images/:imageId/:hash/:file");
  });

  it("keeps React Router's data requests apart from documents", () => {
    expect(label("/product/6f1c.data")).toBe("/product/:id.data");
    expect(label("/_.data")).toBe("/_.data");
    expect(label("/admin/orders/_.data")).toBe("/admin/orders/_.data");
  });

  it("gives every unknown address the catch-all's one label, not its own", () => {
    expect(label("/no/such/page")).toBe("/*");
    expect(label("/another-invented-address")).toBe("/*");
  });

  it("calls a path no route matches unmatched", () => {
    const withoutCatchAll = createRouteLabeler({
      root: { id: "root", path: "" },
      home: { id: "home", parentId: "root", index: true },
    } as unknown as ServerBuild["routes"]);
    expect(withoutCatchAll("/nowhere")).toBe("unmatched");
  });
});
