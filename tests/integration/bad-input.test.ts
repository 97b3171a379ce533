import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { loader as productsLoader } from "~/routes/store/products";
import { callRoute, createAdmin, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { databaseDigest } from "./support/digest";
import { createCustomer } from "./support/profile";

/** Input that used to fail in the database or in formData(): now a clear 400 that writes nothing. */

let handle: DatabaseHandle;
let cookies: string[];
let adminCookies: string[];
let productId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  cookies = (await createCustomer("Careful Customer")).cookies;
  adminCookies = (await createAdmin(handle.db)).cookies;
  const [product] = await insertProducts(handle.db, [{ name: "Tulsi Drops" }]);
  productId = product!.id;
});
afterAll(() => handle.close());

async function expectRefusedWithoutWrite(
  handler: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
) {
  const before = await databaseDigest(handle.db);
  const result = await callRoute(handler, request, params);
  expect(result.status).toBe(400);
  expect(await databaseDigest(handle.db)).toEqual(before);
  return result;
}

describe(`bad input is a 400, never a 500, on ${DATABASE_KIND}`, () => {
  it("a NUL byte in the search box finds nothing instead of failing", async () => {
    const result = await callRoute(productsLoader, browserRequest("/products?search=tulsi%00"));
    expect(result.status).toBe(200);
    expect((result.body as { query: { search?: string } }).query.search).toBe("tulsi");
  });

  it("a NUL byte in a review comment is refused with a clear message", async () => {
    const { action } = await import("~/routes/store/product");
    const body = new URLSearchParams({ intent: "review", rating: "5", comment: "Good\u0000" });
    const request = browserRequest(`/product/${productId}`, cookies, { method: "POST", body });
    const result = await expectRefusedWithoutWrite(action, request, { id: productId });
    expect(result.toast?.title).toMatch(/control characters/);
  });

  it("a NUL byte in an address line is refused with a clear message", async () => {
    const { action } = await import("~/routes/account/profile");
    const body = new URLSearchParams({
      intent: "save-address",
      fullName: "Asha Patil",
      phone: "9876543210",
      addressLine1: "12 Shivaji Nagar\u0000",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415003",
    });
    const request = browserRequest("/profile?tab=addresses", cookies, { method: "POST", body });
    const result = await expectRefusedWithoutWrite(action, request);
    expect(JSON.stringify(result.body)).toMatch(/control characters/);
  });

  for (const [kind, contentType, body] of [
    ["a JSON body", "application/json", '{"intent":"sign-in"}'],
    ["a text body", "text/plain", "intent=sign-in"],
    ["a multipart body with a bad boundary", "multipart/form-data; boundary=abc", "--xyz\r\n"],
    ["no content type", "", "intent=sign-in"],
  ] as const) {
    it(`${kind} sent to a form is refused with a clear message`, async () => {
      const { action } = await import("~/routes/auth/auth");
      const headers = contentType ? { "content-type": contentType } : undefined;
      const request = browserRequest("/auth", [], { method: "POST", headers, body });
      const result = await expectRefusedWithoutWrite(action, request);
      expect(await result.response?.text()).toMatch(/could not be read as a form/);
    });
  }

  it("a form past 1 MB is refused with 413 and writes nothing, declared or chunked", async () => {
    const { action } = await import("~/routes/account/profile");
    const fields = new URLSearchParams({
      intent: "update-profile",
      fullName: "Asha Patil",
      phone: "9876543210",
      note: "a".repeat(1024 * 1024),
    }).toString();
    const bytes = new TextEncoder().encode(fields);
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) {
            controller.enqueue(bytes.slice(at, at + 64 * 1024));
          }
          controller.close();
        },
      });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    for (const init of [
      { headers: { ...form, "content-length": String(bytes.length) }, body: fields },
      { headers: form, body: chunked(), duplex: "half" },
    ]) {
      const before = await databaseDigest(handle.db);
      const request = browserRequest("/profile", cookies, {
        method: "POST",
        ...init,
      } as RequestInit);
      const result = await callRoute(action, request);
      expect(result.status).toBe(413);
      expect(await result.response?.text()).toMatch(/too large/);
      expect(await databaseDigest(handle.db)).toEqual(before);
    }
  });

  // Every action behind which several forms post tells them apart with runIntent: an intent no
  // form sends, or none, is one answer everywhere.
  const intentRoutes = [
    ["/auth", () => import("~/routes/auth/auth"), false],
    ["/profile", () => import("~/routes/account/profile"), false],
    ["/admin/orders", () => import("~/routes/admin/orders"), true],
    ["/admin/categories", () => import("~/routes/admin/categories"), true],
    ["/admin/coupons", () => import("~/routes/admin/coupons"), true],
  ] as const;
  for (const [path, route, asAdmin] of intentRoutes) {
    it(`an unknown or missing intent posted to ${path} is refused with 'Unknown action'`, async () => {
      const { action } = await route();
      const posts: Record<string, string>[] = [
        { intent: "drop-everything" },
        { intent: "toString" },
        {},
      ];
      for (const fields of posts) {
        const request = postForm(path, asAdmin ? adminCookies : cookies, fields);
        const result = await expectRefusedWithoutWrite(action, request);
        expect(result.body).toEqual({ ok: false, intent: null });
        expect(result.toast).toEqual({
          type: "error",
          title: "Error",
          description: "Unknown action",
        });
      }
    });
  }
});
