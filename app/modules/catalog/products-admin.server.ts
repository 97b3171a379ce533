import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { categories, orderItems, productImages, products } from "../../../db/schema";
import { likePattern } from "../../domain/catalog-query";
import type { ProductStatus } from "../../domain/product-status";
import type { ProductFormValues } from "../../domain/validation/product";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { legalGapsOf, legalSizesColumn } from "./legal-gaps.server";
import { shownSize } from "./listing.server";
import { primaryPicturePath } from "./picture-path.server";
import {
  attachImages,
  deleteUnusedImages,
  galleryOf,
  prepareUploads,
  type Upload,
} from "./product-gallery.server";
import { announceSaversOf } from "./product-savers.server";
import { lockProduct, ProductAdminError, productColumns } from "./products-admin-base.server";
import { applySizes, listAllSizes } from "./size-edits.server";
import { firstSizeOf, type SizeValues } from "./sizes.server";

// The back office's product page reaches the gallery's services through this module too.
export { moveImage, removeImage, setPrimaryImage } from "./product-gallery.server";
export { ProductAdminError, type Upload };

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export type AdminProductQuery = {
  search: string | undefined;
  page: number;
  /** Only products in this state; every product when absent. */
  status?: ProductStatus;
};

/**
 * One page of the back office's product list, newest first: the page's rows with their category
 * name and primary image in one query, plus a count. Search is a case-insensitive substring of
 * the name; the trigram index on search_text (which starts with the name) narrows the rows first.
 */
export async function listAdminProducts(
  executor: Executor,
  query: AdminProductQuery,
  pageSize = ADMIN_PRODUCTS_PAGE_SIZE,
) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = and(
    pattern ? sql`${products.searchText} like ${pattern}` : undefined,
    pattern ? sql`lower(${products.name}) like ${pattern}` : undefined,
    query.status ? eq(products.status, query.status) : undefined,
  );
  const [{ total } = { total: 0 }] = await executor
    .select({ total: count() })
    .from(products)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows =
    total === 0
      ? []
      : await executor
          .select({
            id: products.id,
            slug: products.slug,
            name: products.name,
            // The size its cards show; the stock of all its sizes on sale (docs/decisions/056).
            price: sql<number>`shown.price`,
            discountPrice: sql<number | null>`shown.discount_price`,
            stockQuantity: sql<number>`(
              select coalesce(sum(v.stock_quantity), 0)::int from product_variants v
              where v.product_id = ${products}.id and v.archived_at is null
            )`,
            // Each size on sale with its stock, in the owner's order, for the rows that list them.
            sizes: sql<{ label: string; stock: number }[]>`(
              select coalesce(json_agg(json_build_object('label', v.label, 'stock', v.stock_quantity)
                order by v.sort_order, v.id), '[]'::json)
              from product_variants v
              where v.product_id = ${products}.id and v.archived_at is null
            )`,
            isFeatured: products.isFeatured,
            status: products.status,
            categoryName: categories.name,
            imagePath: primaryPicturePath,
            legalSizes: legalSizesColumn,
          })
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .leftJoinLateral(shownSize, sql`true`)
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  // What each product's page cannot declare by law, for the owner to fill in (decision 073).
  const items = rows.map(({ legalSizes, ...item }) => ({
    ...item,
    legalGaps: legalGapsOf(legalSizes),
  }));
  return { items, total, page, pageCount, pageSize };
}

/** The categories the product form offers, in the storefront's order. */
export async function listCategoryOptions(executor: Executor) {
  return executor
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/**
 * Everything the edit dialog shows for one product, its images in gallery order; price and
 * stock are its first size's, the one the form edits (docs/decisions/056).
 */
export async function findProductForEdit(executor: Executor, id: string) {
  const [found] = await executor
    .select({ ...productColumns, legalSizes: legalSizesColumn })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!found) return null;
  const { legalSizes, ...product } = found;
  const size = await firstSizeOf(executor, id);
  return {
    ...product,
    legalGaps: legalGapsOf(legalSizes),
    price: size?.price ?? 0,
    discountPrice: size?.discountPrice ?? null,
    stockQuantity: size?.stockQuantity ?? 0,
    sizes: await listAllSizes(executor, id),
    images: await galleryOf(executor, id),
  };
}

/**
 * Locks the product and its first size on sale (the one the form edits), and reads them as the
 * audit log's "before" has them: the product's columns with that size's price and stock.
 */
async function lockWithFirstSize(tx: Transaction, id: string) {
  const product = await lockProduct(tx, id);
  const size = await firstSizeOf(tx, id, true);
  const before = {
    ...product,
    price: size?.price ?? null,
    discountPrice: size?.discountPrice ?? null,
    stockQuantity: size?.stockQuantity ?? null,
  };
  return { before, size };
}

/** The product's own columns, without its sizes'. */
function productValuesOf(values: ProductFormValues) {
  const { price, discountPrice, stockQuantity, sizes, sizeRows, ...product } = values;
  return product;
}

/** Turns the database's refusals into messages an administrator can act on. */
function explain(error: unknown, values: { slug: string }): never {
  if (error instanceof ProductAdminError) throw error;
  const text = String(
    (error as { cause?: { message?: string } })?.cause?.message ??
      (error as Error)?.message ??
      error,
  );
  const constraint = violatedUniqueConstraint(error);
  if (constraint === "products_slug_unique") {
    throw new ProductAdminError(
      `A product with the slug "${values.slug}" already exists. Choose another slug.`,
      "slug",
    );
  }
  if (constraint === "product_variants_sku_unique") {
    throw new ProductAdminError(
      "One of the SKUs is already used by another size. Choose another SKU.",
      "sizes",
    );
  }
  if (constraint === "product_variants_label_unique") {
    throw new ProductAdminError("Two sizes on sale have the same name. Rename one.", "sizes");
  }
  if (text.includes("products_category_id_categories_id_fk")) {
    throw new ProductAdminError(
      "That category no longer exists. Choose another one.",
      "categoryId",
    );
  }
  throw error;
}

/** The first size on sale's figures: what the one-size form shows. */
function sizeValuesOf(values: ProductFormValues): SizeValues {
  return {
    price: values.price,
    discountPrice: values.discountPrice,
    stockQuantity: values.stockQuantity,
  };
}

/** The form's values as the audit log records them; the sizes are recorded as they were saved. */
function recordedValues(values: ProductFormValues) {
  const { sizes: _posted, sizeRows: _rows, ...recorded } = values;
  return recorded;
}

export async function createProduct(
  database: Database,
  actorId: string,
  values: ProductFormValues,
  uploads: Upload[] = [],
) {
  const prepared = await prepareUploads(uploads);
  try {
    return await database.transaction(async (tx) => {
      const [created] = await tx
        .insert(products)
        .values(productValuesOf(values))
        .returning(productColumns);
      const sizes = await applySizes(tx, created!, values.sizes, values.sizeRows, actorId);
      const added = await attachImages(tx, created!, prepared);
      await recordAudit(tx, {
        actorId,
        action: "create",
        entity: "product",
        entityId: created!.id,
        changes: { ...recordedValues(values), sizes: sizes.after, addedImages: added },
      });
      return { ...created!, ...sizeValuesOf(values) };
    });
  } catch (error) {
    explain(error, values);
  }
}

export async function updateProduct(
  database: Database,
  actorId: string,
  id: string,
  values: ProductFormValues,
  uploads: Upload[] = [],
) {
  const prepared = await prepareUploads(uploads);
  try {
    return await database.transaction(async (tx) => {
      const { before } = await lockWithFirstSize(tx, id);
      const [product] = await tx
        .update(products)
        .set({ ...productValuesOf(values), updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning(productColumns);
      const sizes = await applySizes(tx, product!, values.sizes, values.sizeRows, actorId);
      const updated = { ...product!, ...sizeValuesOf(values) };
      if (before.name !== values.name) {
        // Pictures described by the old name follow the new one.
        await tx
          .update(productImages)
          .set({ alt: values.name })
          .where(and(eq(productImages.productId, id), eq(productImages.alt, before.name)));
      }
      if (before.status !== values.status) await announceSaversOf(tx, id);
      const added = await attachImages(tx, updated, prepared);
      await recordAudit(tx, {
        actorId,
        action: "update",
        entity: "product",
        entityId: id,
        changes: {
          before: { ...before, sizes: sizes.before },
          after: { ...recordedValues(values), sizes: sizes.after },
          addedImages: added,
        },
      });
      return updated;
    });
  } catch (error) {
    explain(error, values);
  }
}

async function timesOrdered(executor: Executor, id: string) {
  const [{ ordered } = { ordered: 0 }] = await executor
    .select({ ordered: count() })
    .from(orderItems)
    .where(eq(orderItems.productId, id));
  return ordered;
}

/**
 * Deletes a product never ordered, with its pictures, reviews, cart and wishlist lines. A product
 * with order history is archived instead (docs/decisions/022): hidden from shoppers, its reviews,
 * pictures and sales kept, and it can be published again.
 */
export async function deleteProduct(
  database: Database,
  actorId: string,
  id: string,
): Promise<{ name: string; outcome: "deleted" | "archived" }> {
  return database.transaction(async (tx) => {
    const { before } = await lockWithFirstSize(tx, id);
    const ordered = await timesOrdered(tx, id);
    if (ordered > 0) {
      await changeStatus(tx, actorId, before, "archived");
      return { name: before.name, outcome: "archived" };
    }
    const gallery = await galleryOf(tx, id);
    await tx.delete(products).where(eq(products.id, id));
    await deleteUnusedImages(
      tx,
      gallery.map((image) => image.imageId),
    );
    await recordAudit(tx, {
      actorId,
      action: "delete",
      entity: "product",
      entityId: id,
      changes: {
        before,
        removedImages: gallery.map((image) => image.imageId),
      },
    });
    return { name: before.name, outcome: "deleted" };
  });
}

async function changeStatus(
  tx: Transaction,
  actorId: string,
  before: { id: string; status: ProductStatus },
  status: ProductStatus,
) {
  if (before.status === status) return;
  await tx
    .update(products)
    .set({ status, updatedAt: new Date() })
    .where(eq(products.id, before.id));
  await announceSaversOf(tx, before.id);
  await recordAudit(tx, {
    actorId,
    action: "update",
    entity: "product",
    entityId: before.id,
    changes: { before: { status: before.status }, after: { status } },
  });
}

/** Publishes, drafts or archives a product; nothing else about it changes. */
export async function setProductStatus(
  database: Database,
  actorId: string,
  id: string,
  status: ProductStatus,
) {
  return database.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    await changeStatus(tx, actorId, before, status);
    return { name: before.name, status };
  });
}

/** Name and id of one product (the delete confirmation). */
/** The product a delete dialog is about, and whether deleting it would archive it instead. */
export async function findProductName(executor: Executor, id: string) {
  const [product] = await executor
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!product) return null;
  return { ...product, hasOrders: (await timesOrdered(executor, id)) > 0 };
}
