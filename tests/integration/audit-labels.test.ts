import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponFormSchema } from "~/domain/validation/coupon";
import type { DatabaseHandle } from "~/lib/db.server";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { listAuditEntries } from "~/modules/audit/audit-read.server";
import { deleteProduct } from "~/modules/catalog/products-admin.server";
import {
  createCoupon,
  deleteCoupon,
  updateCoupon,
} from "~/modules/promotions/coupons-admin.server";
import { loader as auditLoader } from "~/routes/admin/audit-log";
import { loader as couponsLoader } from "~/routes/admin/coupons";
import { auditLog, coupons } from "../../db/schema";
import { callRoute, signInAdministrator } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { rerunMigrationUpdates } from "./support/migrations";

let handle: DatabaseHandle;
let admin: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

const couponForm = (input: Record<string, string>) =>
  couponFormSchema.parse({ discountType: "percentage", isActive: "on", ...input });

/** Entries written in the same millisecond tie on created_at; they are told apart by action. */
const ACTION_ORDER = ["create", "update", "delete"];

async function labelsOf(entityId: string) {
  const rows = await handle.db
    .select({ action: auditLog.action, label: auditLog.label, at: auditLog.createdAt })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));
  return rows
    .sort(
      (a, b) =>
        a.at.getTime() - b.at.getTime() ||
        ACTION_ORDER.indexOf(a.action) - ACTION_ORDER.indexOf(b.action),
    )
    .map(({ action, label }) => ({ action, label }));
}

describe(`audit entries name what they are about on ${DATABASE_KIND}`, () => {
  it("a coupon by its code at the time, kept after it is renamed and deleted", async () => {
    const created = await createCoupon(
      handle.db,
      admin.id,
      couponForm({ code: "DIWALI10", discountValue: "10" }),
    );
    await updateCoupon(
      handle.db,
      admin.id,
      created!.id,
      couponForm({ code: "DIWALI15", discountValue: "15" }),
    );
    await deleteCoupon(handle.db, admin.id, created!.id);
    expect(await labelsOf(created!.id)).toEqual([
      { action: "create", label: "DIWALI10" },
      { action: "update", label: "DIWALI15" },
      { action: "delete", label: "DIWALI15" },
    ]);

    const page = await callRoute<Awaited<ReturnType<typeof auditLoader>>>(
      auditLoader,
      browserRequest("/admin/audit-log?entity=coupon", admin.cookies),
    );
    const shown = page.body!.entries.filter((entry) => entry.entityId === created!.id);
    expect(shown.map((entry) => entry.label)).toEqual(["DIWALI15", "DIWALI15", "DIWALI10"]);
  });

  it("a product by its name, even for changes that do not carry it, and after deletion", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Mahanarayan Taila" }]);
    await recordAudit(handle.db, {
      actorId: admin.id,
      action: "update",
      entity: "product",
      entityId: product!.id,
      changes: { primaryImage: { before: null, after: randomUUID() } },
    });
    await deleteProduct(handle.db, admin.id, product!.id);
    expect(await labelsOf(product!.id)).toEqual([
      { action: "update", label: "Mahanarayan Taila" },
      { action: "delete", label: "Mahanarayan Taila" },
    ]);
    const { entries } = await listAuditEntries(handle.db, profileNaming, { entity: "product" });
    expect(entries.find((entry) => entry.entityId === product!.id)?.label).toBe(
      "Mahanarayan Taila",
    );
  });

  it("an entry about something unnamed, or already gone, has no label and is still written", async () => {
    const gone = randomUUID();
    await recordAudit(handle.db, {
      actorId: admin.id,
      action: "update",
      entity: "product",
      entityId: gone,
      changes: { removedImage: randomUUID() },
    });
    await recordAudit(handle.db, {
      actorId: admin.id,
      action: "update",
      entity: "settings",
      entityId: "1",
      changes: { before: { shopName: "A" }, after: { shopName: "B" } },
    });
    expect(await labelsOf(gone)).toEqual([{ action: "update", label: null }]);
  });

  it("migration 0007 labels earlier entries from their changes, the live row, or a sibling entry", async () => {
    const [kept] = await insertProducts(handle.db, [{ name: "Ashwagandha Churna" }]);
    const deletedProduct = randomUUID();
    const [coupon] = await handle.db
      .insert(coupons)
      .values({ code: `LIVE${randomUUID().slice(0, 4).toUpperCase()}`, discountValue: 5 })
      .returning();
    const rows = await handle.db
      .insert(auditLog)
      .values([
        // Old entries had no label.
        {
          actorId: admin.id,
          action: "update",
          entity: "product",
          entityId: kept!.id,
          changes: { imageOrder: { before: [], after: [] } },
        },
        {
          actorId: admin.id,
          action: "update",
          entity: "product",
          entityId: deletedProduct,
          changes: { removedImage: "x" },
        },
        {
          actorId: admin.id,
          action: "delete",
          entity: "product",
          entityId: deletedProduct,
          changes: { before: { name: "Brahmi Vati" } },
        },
        {
          actorId: admin.id,
          action: "update",
          entity: "coupon",
          entityId: coupon!.id,
          changes: { before: { isActive: true }, after: { isActive: false } },
        },
      ])
      .returning({ id: auditLog.id });
    await rerunMigrationUpdates(handle.db, "0007");
    const labelled = await handle.db
      .select({ entityId: auditLog.entityId, label: auditLog.label })
      .from(auditLog)
      .where(
        inArray(
          auditLog.id,
          rows.map((row) => row.id),
        ),
      );
    expect(labelled).toEqual(
      expect.arrayContaining([
        { entityId: kept!.id, label: "Ashwagandha Churna" },
        { entityId: deletedProduct, label: "Brahmi Vati" },
        { entityId: coupon!.id, label: coupon!.code },
      ]),
    );
    expect(labelled.filter((row) => row.label === "Brahmi Vati")).toHaveLength(2);
  });
});

describe(`the coupon table's status on ${DATABASE_KIND}`, () => {
  it("reads Expired for a switched-on coupon past its expiry, Active and Inactive otherwise", async () => {
    const suffix = randomUUID().slice(0, 4).toUpperCase();
    await handle.db.insert(coupons).values([
      { code: `OLD${suffix}`, discountValue: 5, expiresAt: new Date("2025-01-01T00:00:00Z") },
      { code: `NOW${suffix}`, discountValue: 5, expiresAt: new Date(Date.now() + 86_400_000) },
      { code: `OFF${suffix}`, discountValue: 5, isActive: false },
    ]);
    const page = await callRoute<Awaited<ReturnType<typeof couponsLoader>>>(
      couponsLoader,
      browserRequest("/admin/coupons", admin.cookies),
    );
    const statusOf = (code: string) =>
      page.body!.coupons.find((coupon) => coupon.code === code)?.status;
    expect(statusOf(`OLD${suffix}`)).toBe("expired");
    expect(statusOf(`NOW${suffix}`)).toBe("active");
    expect(statusOf(`OFF${suffix}`)).toBe("inactive");
  });
});
