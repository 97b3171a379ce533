import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { coupons, orders, products, reviews } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, stockOf } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { databaseDigest } from "./support/digest";
import { fillCart, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";
import { routeContext } from "./support/services";

/**
 * docs/DESIGN.md §6.1: every /admin loader and action refuses visitors and customers. The route modules
 * are found on disk, so a screen added later is covered without touching this test.
 */
const ADMIN_DIR = path.resolve("app/routes/admin");
const PUBLIC_ADMIN_ROUTES = new Set(["login.tsx", "not-found.tsx"]);
const modules = fs
  .readdirSync(ADMIN_DIR)
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"))
  .filter((file) => !PUBLIC_ADMIN_ROUTES.has(file))
  .sort();

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};

let handle: DatabaseHandle;
let customerCookies: string[];
let ids: Record<string, string>;

async function call(fn: (args: unknown) => Promise<unknown>, request: Request, params: object) {
  try {
    const result = await fn({
      request,
      params,
      context: routeContext("127.0.0.1"),
    });
    return result instanceof Response ? result : { notRefused: result };
  } catch (thrown) {
    return thrown;
  }
}

function expectRefusal(outcome: unknown) {
  expect(outcome).toBeInstanceOf(Response);
  const response = outcome as Response;
  expect([302, 303, 401, 403, 404]).toContain(response.status);
  if (response.status < 400) expect(response.headers.get("Location")).toBe("/admin/login");
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const customer = await createCustomer("Curious Customer");
  customerCookies = customer.cookies;
  const [product] = await insertProducts(handle.db, [{ name: "Guarded Tonic", stockQuantity: 5 }]);
  await fillCart(handle.db, customer.id, [{ productId: product!.id, quantity: 1 }]);
  const order = await orderFor(handle.db, customer.id);
  const [coupon] = await handle.db
    .insert(coupons)
    .values({ code: "GUARDED", discountValue: 10 })
    .returning({ id: coupons.id });
  const [review] = await handle.db
    .insert(reviews)
    .values({ productId: product!.id, userId: customer.id, rating: 4, comment: "Fine" })
    .returning({ id: reviews.id });
  ids = { productId: product!.id, orderId: order.id, couponId: coupon!.id, reviewId: review!.id };
});
afterAll(() => handle.close());

/** A body that would change something if the action let it through. */
function hostileForm() {
  const form = new URLSearchParams({
    intent: "delete",
    id: ids.productId!,
    productId: ids.productId!,
    orderId: ids.orderId!,
    couponId: ids.couponId!,
    reviewId: ids.reviewId!,
    status: "cancelled",
    trackingId: "TRACK123",
    name: "Hijacked",
    shopName: "Hijacked",
    code: "HIJACK",
    discountValue: "90",
    price: "1",
    stockQuantity: "0",
  });
  return form;
}

describe(`every /admin route refuses visitors and customers on ${DATABASE_KIND}`, () => {
  it("finds the admin route modules", () => {
    expect(modules.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of modules) {
    for (const who of ["a visitor", "a customer"] as const) {
      it(`${file}: ${who} is refused and nothing changes`, async () => {
        const mod = (await import(path.join(ADMIN_DIR, file))) as RouteModule;
        const cookies = who === "a customer" ? customerCookies : [];
        const params = { orderId: ids.orderId, id: ids.productId };
        const before = await databaseDigest(handle.db);
        if (mod.loader) {
          expectRefusal(await call(mod.loader, browserRequest(`/admin/${file}`, cookies), params));
        }
        for (const intent of ["delete", "update", "create", "status", "approve", "save"]) {
          if (!mod.action) break;
          const body = hostileForm();
          body.set("intent", intent);
          const request = browserRequest(`/admin/${file}`, cookies, { method: "POST", body });
          expectRefusal(await call(mod.action, request, params));
        }
        expect(await databaseDigest(handle.db)).toEqual(before);
      });
    }
  }

  it("the guarded rows are still there, unchanged", async () => {
    const [product] = await handle.db
      .select()
      .from(products)
      .where(sql`${products.id} = ${ids.productId}`);
    expect(product).toMatchObject({ name: "Guarded Tonic" });
    expect(await stockOf(handle.db, { productId: ids.productId! })).toBe(4);
    const [order] = await handle.db.select().from(orders).where(sql`${orders.id} = ${ids.orderId}`);
    expect(order).toMatchObject({ status: "pending", trackingId: null });
  });
});
