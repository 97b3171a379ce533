import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponFormSchema } from "~/domain/validation/coupon";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  CouponAdminError,
  createCoupon,
  deleteCoupon,
  listAllCoupons,
  updateCoupon,
} from "~/modules/promotions/coupons-admin.server";
import { action as couponsAction } from "~/routes/admin/coupons";
import { auditLog, coupons, profiles } from "../../db/schema";
import { callRoute, postForm, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";

let handle: DatabaseHandle;
let adminId: string;
let owner: Awaited<ReturnType<typeof signInAdministrator>>;
const form = (input: Record<string, string>) =>
  couponFormSchema.parse({ discountType: "percentage", isActive: "on", ...input });

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await signInAdministrator(handle.db);
  const [admin] = await handle.db
    .insert(profiles)
    .values({ fullName: "Owner", email: "owner@shop.example" })
    .returning();
  adminId = admin!.id;
});
afterAll(() => handle.close());

describe(`coupon administration on ${DATABASE_KIND}`, () => {
  it("creates a coupon and records who did it", async () => {
    const created = await createCoupon(
      handle.db,
      adminId,
      form({ code: "fest20", discountValue: "20", usageLimit: "5" }),
    );
    expect(created).toMatchObject({
      code: "FEST20",
      discountValue: 20,
      usageLimit: 5,
      isActive: true,
      usedCount: 0,
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created!.id));
    expect(entry).toMatchObject({ actorId: adminId, action: "create", entity: "coupon" });
    expect(entry?.changes).toMatchObject({ code: "FEST20" });
  });

  it("refuses a duplicate code and writes nothing", async () => {
    const before = (await listAllCoupons(handle.db)).length;
    await expect(
      createCoupon(handle.db, adminId, form({ code: "FEST20", discountValue: "5" })),
    ).rejects.toThrow(new CouponAdminError("A coupon with the code FEST20 already exists", "code"));
    // Recognised as the code's unique constraint, and said to be about the code field.
    await expect(
      createCoupon(handle.db, adminId, form({ code: "fest20", discountValue: "5" })),
    ).rejects.toMatchObject({ field: "code", status: 400 });
    expect(await listAllCoupons(handle.db)).toHaveLength(before);
  });

  it("refuses renaming a coupon to a code another has, about the code field", async () => {
    const other = await createCoupon(
      handle.db,
      adminId,
      form({ code: "MONSOON5", discountValue: "5" }),
    );
    try {
      await expect(
        updateCoupon(handle.db, adminId, other!.id, form({ code: "FEST20", discountValue: "5" })),
      ).rejects.toMatchObject({
        message: "A coupon with the code FEST20 already exists",
        field: "code",
      });
    } finally {
      await deleteCoupon(handle.db, adminId, other!.id);
    }
  });

  it("answers a duplicate code on the coupons page under the Code field and in the toast", async () => {
    const answer = await callRoute<{ ok: boolean; result?: { error?: Record<string, string[]> } }>(
      couponsAction,
      postForm("/admin/coupons", owner.cookies, {
        intent: "create",
        code: "fest20",
        discountType: "percentage",
        discountValue: "5",
        isActive: "on",
      }),
    );
    const message = "A coupon with the code FEST20 already exists";
    expect(answer.status).toBe(400);
    expect(answer.toast).toMatchObject({ type: "error", title: "Error", description: message });
    expect(answer.body?.ok).toBe(false);
    expect(answer.body?.result?.error).toEqual({ code: [message] });
  });

  it("updates a coupon, keeping the before and after in the audit log", async () => {
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.code, "FEST20"));
    await updateCoupon(
      handle.db,
      adminId,
      coupon!.id,
      form({ code: "FEST20", discountValue: "25", isActive: "" }),
    );
    const [after] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after).toMatchObject({ discountValue: 25, isActive: false, usageLimit: null });
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, coupon!.id));
    expect(entries.map((e) => e.action).sort()).toEqual(["create", "update"]);
  });

  it("refuses a usage limit below the uses already made", async () => {
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.code, "FEST20"));
    await handle.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, coupon!.id));
    await expect(
      updateCoupon(
        handle.db,
        adminId,
        coupon!.id,
        form({ code: "FEST20", discountValue: "25", usageLimit: "2" }),
      ),
    ).rejects.toThrow(/cannot be below the number of times/);
    const [unchanged] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(unchanged?.usageLimit).toBeNull();
  });

  it("deletes a coupon and refuses to delete it twice", async () => {
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.code, "FEST20"));
    await deleteCoupon(handle.db, adminId, coupon!.id);
    expect(await listAllCoupons(handle.db)).toHaveLength(0);
    await expect(deleteCoupon(handle.db, adminId, coupon!.id)).rejects.toThrow(CouponAdminError);
  });
});
