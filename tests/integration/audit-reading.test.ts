/**
 * The audit log as the owner reads it, after edits made through the back office's own forms:
 * money in rupees, only the fields that changed (a textarea posts CRLF where the stored text has
 * LF), and no empty list of added images.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAuditChanges, fieldLabel } from "~/domain/audit-changes";
import type { DatabaseHandle } from "~/lib/db.server";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { action as couponsAction } from "~/routes/admin/coupons";
import { action as productsAction } from "~/routes/admin/products";
import { coupons, products } from "../../db/schema";
import {
  callRoute,
  callRouteAt,
  postForm,
  postMultipart,
  signInAdministrator,
} from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
let admin: Awaited<ReturnType<typeof signInAdministrator>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

type AuditPage = Awaited<ReturnType<typeof auditLoader>>;

/** The newest entry about `entityId` as the audit log page shows its change. */
async function shownChange(entity: string, entityId: string) {
  const answer = await callRouteAt<AuditPage>(
    auditLoader,
    `/admin/audit-log?entity=${entity}`,
    admin.cookies,
  );
  const entry = answer.body!.entries.find((e) => e.entityId === entityId)!;
  const view = describeAuditChanges(entry.changes, entry.entity);
  if (view.kind !== "diff") throw new Error(`expected a change, got ${view.kind}`);
  return {
    rows: view.rows.map((row) => `${fieldLabel(row.field)}: ${row.before} → ${row.after}`),
    context: () => view.context.map((item) => `${fieldLabel(item.field)}: ${item.value}`),
  };
}

describe(`the audit log's reading of back-office edits on ${DATABASE_KIND}`, () => {
  it("a product's new discount price reads in rupees, and nothing else is listed", async () => {
    const [product] = await insertProducts(handle.db, [
      {
        name: `Audit Kalpa ${randomUUID().slice(0, 6)}`,
        price: 25_000,
        discountPrice: 22_900,
        stockQuantity: 12,
      },
    ]);
    // Text as the seed and older saves wrote it: LF line breaks.
    await handle.db
      .update(products)
      .set({
        description: "A restorative kalpa.",
        detailedDescription: "Calms the mind.\nTake with warm milk.",
        ingredients: "Shatavari\nAshwagandha",
      })
      .where(eq(products.id, product!.id));
    // The edit form posts every field as shown; the browser sends the textareas' lines as CRLF.
    const saved = await callRoute(
      productsAction,
      postMultipart(`/admin/products?edit=${product!.id}`, admin.cookies, {
        intent: "update",
        id: product!.id,
        name: product!.name,
        slug: product!.slug,
        description: "A restorative kalpa.",
        detailedDescription: "Calms the mind.\r\nTake with warm milk.",
        ingredients: "Shatavari\r\nAshwagandha",
        dosageInstructions: product!.dosageInstructions,
        price: "250",
        discountPrice: "199",
        stockQuantity: "12",
        status: "published",
        hsnCode: product!.hsnCode,
        gstRate: String(product!.gstRate),
      }),
    );
    expect(saved.toast).toMatchObject({ title: "Product updated successfully" });
    const shown = await shownChange("product", product!.id);
    expect(shown.rows).toEqual(["Discount price: ₹229.00 → ₹199.00"]);
    // No pictures were added: no "Added images:" with nothing after it.
    expect(shown.context()).toEqual([]);
  });

  it("a coupon's minimum order value reads in rupees", async () => {
    const code = `AUDIT${randomUUID().slice(0, 5).toUpperCase()}`;
    const base = { discountType: "fixed", discountValue: "250", isActive: "on", code };
    await callRoute(
      couponsAction,
      postForm("/admin/coupons", admin.cookies, {
        intent: "create",
        ...base,
        minOrderValue: "5000",
      }),
    );
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.code, code));
    const saved = await callRoute(
      couponsAction,
      postForm("/admin/coupons", admin.cookies, {
        intent: "update",
        id: coupon!.id,
        ...base,
        minOrderValue: "500",
      }),
    );
    expect(saved.toast).toMatchObject({ title: "Coupon updated successfully" });
    expect((await shownChange("coupon", coupon!.id)).rows).toEqual([
      "Min order value: ₹5,000.00 → ₹500.00",
    ]);
  });
});
