import { asc, count, eq, sql } from "drizzle-orm";
import { categories, products } from "../../../db/schema";
import type { CategoryFormValues } from "../../domain/validation/category";
import { AppError } from "../../lib/app-error";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import type { Database, Executor } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";

/** A refusal shown to the administrator as it is; `field` names the form field it is about. */
export class CategoryAdminError extends AppError {
  declare readonly field: "slug" | undefined;

  constructor(message: string, field?: "slug") {
    super(message, { field });
  }
}

/** Every category in the storefront's order, with its number of products (one query). */
export async function listAdminCategories(executor: Executor) {
  return executor
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      sortOrder: categories.sortOrder,
      productCount: sql<number>`(select count(*) from products p where p.category_id = ${categories}.id)::int`,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export type AdminCategoryRow = Awaited<ReturnType<typeof listAdminCategories>>[number];

function explain(error: unknown, values: CategoryFormValues): never {
  if (error instanceof CategoryAdminError) throw error;
  if (violatedUniqueConstraint(error) === "categories_slug_unique") {
    throw new CategoryAdminError(
      `A category with the slug "${values.slug}" already exists. Choose another slug.`,
      "slug",
    );
  }
  throw error;
}

export async function createCategory(
  database: Database,
  actorId: string,
  values: CategoryFormValues,
) {
  try {
    return await database.transaction(async (tx) => {
      const [created] = await tx.insert(categories).values(values).returning();
      await recordAudit(tx, {
        actorId,
        action: "create",
        entity: "category",
        entityId: created!.id,
        changes: values,
      });
      return created!;
    });
  } catch (error) {
    explain(error, values);
  }
}

export async function updateCategory(
  database: Database,
  actorId: string,
  id: string,
  values: CategoryFormValues,
) {
  try {
    return await database.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!before) throw new CategoryAdminError("This category no longer exists");
      const [updated] = await tx
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, id))
        .returning();
      await recordAudit(tx, {
        actorId,
        action: "update",
        entity: "category",
        entityId: id,
        changes: { before, after: values },
      });
      return updated!;
    });
  } catch (error) {
    explain(error, values);
  }
}

/**
 * Deletes an empty category. One that still holds products is refused, so no product silently
 * loses its category: move or delete its products first. The row lock keeps a product from
 * being added to it between the count and the delete.
 */
export async function deleteCategory(database: Database, actorId: string, id: string) {
  return database.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) throw new CategoryAdminError("This category no longer exists");
    const [{ inUse } = { inUse: 0 }] = await tx
      .select({ inUse: count() })
      .from(products)
      .where(eq(products.categoryId, id));
    if (inUse > 0) {
      throw new CategoryAdminError(
        `${before.name} still has ${inUse} ${inUse === 1 ? "product" : "products"}. Move ${inUse === 1 ? "it" : "them"} to another category or delete ${inUse === 1 ? "it" : "them"} first.`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, {
      actorId,
      action: "delete",
      entity: "category",
      entityId: id,
      changes: { before },
    });
    return before;
  });
}
