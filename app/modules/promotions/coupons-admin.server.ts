import { desc, eq } from "drizzle-orm";
import { coupons } from "../../../db/schema";
import type { CouponFormValues } from "../../domain/validation/coupon";
import { AppError } from "../../lib/app-error";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import type { Database } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";

/** A refusal shown to the administrator as it is; `field` names the form field it is about. */
export class CouponAdminError extends AppError {
  declare readonly field: "code" | undefined;

  constructor(message: string, field?: "code") {
    super(message, { field });
  }
}

export async function listAllCoupons(database: Database) {
  return database.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
}

function explain(error: unknown, values: CouponFormValues): never {
  if (violatedUniqueConstraint(error) === "coupons_code_unique") {
    throw new CouponAdminError(`A coupon with the code ${values.code} already exists`, "code");
  }
  const text = String(
    (error as { message?: string; cause?: { message?: string } })?.cause?.message ??
      (error as Error)?.message ??
      error,
  );
  if (text.includes("coupons_used_count_range")) {
    throw new CouponAdminError(
      "The usage limit cannot be below the number of times the coupon was already used",
    );
  }
  throw error;
}

export async function createCoupon(database: Database, actorId: string, values: CouponFormValues) {
  try {
    return await database.transaction(async (tx) => {
      const [created] = await tx.insert(coupons).values(values).returning();
      await recordAudit(tx, {
        actorId,
        action: "create",
        entity: "coupon",
        entityId: created!.id,
        changes: values,
      });
      return created!;
    });
  } catch (error) {
    explain(error, values);
  }
}

export async function updateCoupon(
  database: Database,
  actorId: string,
  id: string,
  values: CouponFormValues,
) {
  try {
    return await database.transaction(async (tx) => {
      const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!before) throw new CouponAdminError("This coupon no longer exists");
      const [updated] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
      await recordAudit(tx, {
        actorId,
        action: "update",
        entity: "coupon",
        entityId: id,
        changes: { before, after: values },
      });
      return updated!;
    });
  } catch (error) {
    if (error instanceof CouponAdminError) throw error;
    explain(error, values);
  }
}

export async function deleteCoupon(database: Database, actorId: string, id: string) {
  return database.transaction(async (tx) => {
    const [deleted] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
    if (!deleted) throw new CouponAdminError("This coupon no longer exists");
    await recordAudit(tx, {
      actorId,
      action: "delete",
      entity: "coupon",
      entityId: id,
      changes: { before: deleted },
    });
    return deleted;
  });
}
