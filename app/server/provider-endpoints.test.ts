import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import {
  PROVIDER_ENDPOINT_PATHS,
  PROVIDER_ENDPOINTS,
  withoutCredentials,
} from "./provider-endpoints";

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    return [{ path: `/${full}`, file: entry.file }, ...flatten(entry.children ?? [], full)];
  });
}

describe("the provider endpoints", () => {
  const table = flatten(routes);

  it("are each routed once, to the module the list names, which exists", () => {
    for (const endpoint of PROVIDER_ENDPOINTS) {
      expect(table.filter((route) => route.path === endpoint.path)).toEqual([
        { path: endpoint.path, file: endpoint.file },
      ]);
      expect(fs.existsSync(path.join("app", endpoint.file)), endpoint.file).toBe(true);
    }
    expect(new Set(PROVIDER_ENDPOINT_PATHS).size).toBe(PROVIDER_ENDPOINTS.length);
  });

  it("name every webhook route and every webhook module: none is left to the origin rule", () => {
    const webhookRoutes = table.filter((route) => route.path.startsWith("/api/webhooks"));
    expect(webhookRoutes.map((route) => route.path).sort()).toEqual(
      [...PROVIDER_ENDPOINT_PATHS].sort(),
    );
    const webhookModules = fs
      .readdirSync(path.join("app", "routes", "api"))
      .filter((file) => /webhook/i.test(file))
      .map((file) => `routes/api/${file}`);
    expect(webhookModules.sort()).toEqual(PROVIDER_ENDPOINTS.map((e) => e.file).sort());
  });

  it("keeps a credential in a query out of the logs", () => {
    expect(withoutCredentials("/api/webhooks/sms?token=s3cret-token")).toBe(
      "/api/webhooks/sms?token=redacted",
    );
    expect(
      withoutCredentials(
        "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=abc&hub.challenge=42",
      ),
    ).toBe("/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=redacted&hub.challenge=42");
    expect(withoutCredentials("/products?q=token")).toBe("/products?q=token");
  });
});
