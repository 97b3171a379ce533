import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryFormSchema } from "~/domain/validation/category";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  CategoryAdminError,
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from "~/modules/catalog/categories-admin.server";
import { findCategoryBySlug, listCategoriesWithCounts } from "~/modules/catalog/listing.server";
import { action, loader } from "~/routes/admin/categories";
import { loader as storefrontCategories } from "~/routes/store/categories";
import { auditLog, categories, products } from "../../db/schema";
import { callRoute, getPage, postForm, signInAdministrator } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { loaderArgs } from "./support/services";

let handle: DatabaseHandle;
let admin: Awaited<ReturnType<typeof signInAdministrator>>;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

const values = (input: Record<string, string>) => categoryFormSchema.parse(input);

async function rowCounts() {
  return {
    categories: await handle.db.$count(categories),
    audit: await handle.db.$count(auditLog),
  };
}

async function auditFor(entityId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(asc(auditLog.createdAt));
}

async function categoryBySlug(slug: string) {
  const [row] = await handle.db.select().from(categories).where(eq(categories.slug, slug));
  return row;
}

describe(`category administration services on ${DATABASE_KIND}`, () => {
  it("creates a category with a slug made from its name, and records who did it", async () => {
    const created = await createCategory(
      handle.db,
      admin.id,
      values({ name: "Hair Care", description: "Oils and tablets", sortOrder: "20" }),
    );
    expect(created).toMatchObject({
      name: "Hair Care",
      slug: "hair-care",
      description: "Oils and tablets",
      sortOrder: 20,
    });
    const [entry] = await auditFor(created!.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "create", entity: "category" });
    expect(entry?.changes).toEqual({
      name: "Hair Care",
      slug: "hair-care",
      description: "Oils and tablets",
      sortOrder: 20,
    });
  });

  it("refuses a taken slug with a clear message and writes nothing", async () => {
    const before = await rowCounts();
    await expect(
      createCategory(handle.db, admin.id, values({ name: "Hair  care!" })),
    ).rejects.toThrow(
      new CategoryAdminError(
        'A category with the slug "hair-care" already exists. Choose another slug.',
        "slug",
      ),
    );
    const other = await createCategory(handle.db, admin.id, values({ name: "Eye Care" }));
    const afterOther = await rowCounts();
    await expect(
      updateCategory(handle.db, admin.id, other!.id, values({ name: "Eye", slug: "hair-care" })),
    ).rejects.toThrow(CategoryAdminError);
    expect(await rowCounts()).toEqual(afterOther);
    expect(afterOther.categories).toBe(before.categories + 1);
  });

  it("updates a category, keeping before and after in the audit log", async () => {
    const category = await categoryBySlug("eye-care");
    await updateCategory(
      handle.db,
      admin.id,
      category!.id,
      values({ name: "Eye & Ear Care", slug: "", description: "Drops", sortOrder: "3" }),
    );
    expect(await categoryBySlug("eye-ear-care")).toMatchObject({
      id: category!.id,
      name: "Eye & Ear Care",
      description: "Drops",
      sortOrder: 3,
    });
    const entries = await auditFor(category!.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
    expect(entries[1]?.changes).toMatchObject({
      before: { name: "Eye Care", slug: "eye-care" },
      after: { name: "Eye & Ear Care", slug: "eye-ear-care" },
    });
    await expect(
      updateCategory(handle.db, admin.id, randomUUID(), values({ name: "Ghost" })),
    ).rejects.toThrow(new CategoryAdminError("This category no longer exists"));
  });

  it("lists categories in sort order with their product counts, as the storefront does", async () => {
    const hair = await categoryBySlug("hair-care");
    await insertProducts(handle.db, [
      { name: "Bhringraj Oil", categoryId: hair!.id },
      { name: "Neelibhringadi Oil", categoryId: hair!.id },
    ]);
    const listed = await listAdminCategories(handle.db);
    expect(listed.map((c) => [c.slug, c.sortOrder, c.productCount])).toEqual([
      ["eye-ear-care", 3, 0],
      ["hair-care", 20, 2],
    ]);
    const storefront = await listCategoriesWithCounts(handle.db);
    expect(storefront.map((c) => [c.slug, c.productCount])).toEqual([
      ["eye-ear-care", 0],
      ["hair-care", 2],
    ]);
    expect(await findCategoryBySlug(handle.db, "eye-ear-care")).toMatchObject({
      name: "Eye & Ear Care",
      description: "Drops",
    });
    expect(await findCategoryBySlug(handle.db, "eye-care")).toBeNull();
  });

  it("refuses to delete a category that still has products, and deletes an empty one", async () => {
    const hair = await categoryBySlug("hair-care");
    const before = await rowCounts();
    await expect(deleteCategory(handle.db, admin.id, hair!.id)).rejects.toThrow(
      new CategoryAdminError(
        "Hair Care still has 2 products. Move them to another category or delete them first.",
      ),
    );
    expect(await rowCounts()).toEqual(before);
    expect(await handle.db.$count(products, eq(products.categoryId, hair!.id))).toBe(2);

    const eyes = await categoryBySlug("eye-ear-care");
    await deleteCategory(handle.db, admin.id, eyes!.id);
    expect(await categoryBySlug("eye-ear-care")).toBeUndefined();
    const entries = await auditFor(eyes!.id);
    expect(entries.at(-1)).toMatchObject({ action: "delete", actorId: admin.id });
    expect(entries.at(-1)?.changes).toMatchObject({ before: { name: "Eye & Ear Care" } });
    await expect(deleteCategory(handle.db, admin.id, eyes!.id)).rejects.toThrow(
      new CategoryAdminError("This category no longer exists"),
    );
  });
});

describe(`the /admin/categories route on ${DATABASE_KIND}`, () => {
  it("adds, updates and deletes a category with their toasts, and the storefront follows", async () => {
    const added = await callRoute(
      action,
      postForm("/admin/categories?new=1", admin.cookies, {
        intent: "create",
        name: "Kids' Wellness",
        slug: "",
        description: "Gentle syrups",
        sortOrder: "0",
      }),
    );
    expect(added).toMatchObject({
      status: 302,
      location: "/admin/categories",
      toast: { type: "success", title: "Category added successfully" },
    });
    const kids = await categoryBySlug("kids-wellness");
    expect(kids).toMatchObject({ name: "Kids' Wellness", sortOrder: 0 });
    const shop = async () =>
      (
        (await storefrontCategories(loaderArgs())) as {
          categories: { slug: string; name: string }[];
        }
      ).categories;
    expect((await shop())[0]).toMatchObject({ slug: "kids-wellness", name: "Kids' Wellness" });

    const page = await callRoute<Awaited<ReturnType<typeof loader>>>(
      loader,
      getPage(`/admin/categories?edit=${kids!.id}`, admin.cookies),
    );
    expect(page.body?.editing).toMatchObject({ id: kids!.id, productCount: 0 });
    expect(page.body?.categories.map((c) => c.slug)).toContain("kids-wellness");

    const updated = await callRoute(
      action,
      postForm(`/admin/categories?edit=${kids!.id}`, admin.cookies, {
        intent: "update",
        id: kids!.id,
        name: "Children's Wellness",
        slug: "childrens-wellness",
        description: "Gentle syrups for children",
        sortOrder: "50",
      }),
    );
    expect(updated).toMatchObject({
      status: 302,
      location: "/admin/categories",
      toast: { type: "success", title: "Category updated successfully" },
    });
    expect((await shop()).at(-1)).toMatchObject({
      slug: "childrens-wellness",
      name: "Children's Wellness",
    });
    expect(await findCategoryBySlug(handle.db, "kids-wellness")).toBeNull();

    const deleted = await callRoute(
      action,
      postForm("/admin/categories", admin.cookies, { intent: "delete", id: kids!.id }),
    );
    expect(deleted).toMatchObject({
      status: 302,
      location: "/admin/categories",
      toast: { type: "success", title: "Category deleted successfully" },
    });
    expect((await shop()).map((c) => c.slug)).not.toContain("childrens-wellness");
    expect((await auditFor(kids!.id)).map((e) => [e.action, e.actorId])).toEqual([
      ["create", admin.id],
      ["update", admin.id],
      ["delete", admin.id],
    ]);
  });

  it("answers an invalid form or a refused delete with an 'Error' toast, writing nothing", async () => {
    const before = await rowCounts();
    const invalid = await callRoute<{ result: { error: Record<string, string[]> } }>(
      action,
      postForm("/admin/categories?new=1", admin.cookies, {
        intent: "create",
        name: "X",
        sortOrder: "-4",
      }),
    );
    expect(invalid).toMatchObject({
      status: 400,
      toast: {
        type: "error",
        title: "Error",
        description: "Category name must be at least 2 characters",
      },
    });
    expect(invalid.body?.result.error).toEqual({
      name: ["Category name must be at least 2 characters"],
      sortOrder: ["Sort order must be a whole number from 0 to 9999"],
    });
    const hair = await categoryBySlug("hair-care");
    const refused = await callRoute(
      action,
      postForm("/admin/categories", admin.cookies, { intent: "delete", id: hair!.id }),
    );
    expect(refused).toMatchObject({
      status: 400,
      toast: {
        type: "error",
        title: "Error",
        description:
          "Hair Care still has 2 products. Move them to another category or delete them first.",
      },
    });
    const clash = await callRoute(
      action,
      postForm("/admin/categories?new=1", admin.cookies, { intent: "create", name: "Hair Care" }),
    );
    expect(clash.toast?.description).toBe(
      'A category with the slug "hair-care" already exists. Choose another slug.',
    );
    expect((clash.body as { result?: { error?: unknown } }).result?.error).toEqual({
      slug: ['A category with the slug "hair-care" already exists. Choose another slug.'],
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("sends a visitor and a signed-in customer to /admin/login, changing nothing", async () => {
    const hair = await categoryBySlug("hair-care");
    const customer = await createCustomer();
    const snapshot = async () => ({
      counts: await rowCounts(),
      rows: await handle.db.select().from(categories).orderBy(asc(categories.id)),
    });
    const before = await snapshot();
    for (const cookies of [[], customer.cookies]) {
      expect(await callRoute(loader, getPage("/admin/categories", cookies))).toMatchObject({
        status: 302,
        location: "/admin/login",
        body: null,
      });
      const posts: Record<string, string>[] = [
        { intent: "create", name: "Intruder Tonics" },
        { intent: "update", id: hair!.id, name: "Taken Over" },
        { intent: "delete", id: hair!.id },
      ];
      for (const post of posts) {
        const answer = await callRoute(action, postForm("/admin/categories", cookies, post));
        expect(answer, post.intent).toMatchObject({ status: 302, location: "/admin/login" });
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
