import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  ne,
  notExists,
  sql,
} from "drizzle-orm";
import { categories, images, orderItems, productImages, products } from "../../../db/schema";
import { likePattern } from "../../domain/catalog-query";
import type { ProductStatus } from "../../domain/product-status";
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIZE_TEXT,
  MAX_IMAGES_PER_PRODUCT,
  MAX_IMAGES_PER_UPLOAD,
  type ProductFormValues,
} from "../../domain/validation/product";
import { AppError } from "../../lib/app-error";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import {
  InvalidImageError,
  imageUrl,
  type PreparedImage,
  prepareImage,
  savePreparedImage,
} from "../media/images.server";
import { picturePathColumn } from "./picture-path.server";
import { announceSaversOf } from "./product-savers.server";

/**
 * A refusal worth showing the administrator as it is (the destructive 'Error' toast); `field`
 * names the form field it is about, so the form can show it there too.
 */
export class ProductAdminError extends AppError {
  declare readonly field: ProductField | undefined;

  constructor(message: string, field?: ProductField) {
    super(message, { field });
  }
}

type ProductField = "slug" | "categoryId" | "images";

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

/** An uploaded file as the route hands it over. */
export type Upload = { name: string; data: Buffer };

export type AdminProductQuery = {
  search: string | undefined;
  page: number;
  /** Only products in this state; every product when absent. */
  status?: ProductStatus;
};

/** Every column an administrator edits or sees, without the database-kept search text. */
const { searchText: _searchText, ...productColumns } = getTableColumns(products);

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
  const items =
    total === 0
      ? []
      : await executor
          .select({
            id: products.id,
            slug: products.slug,
            name: products.name,
            price: products.price,
            discountPrice: products.discountPrice,
            stockQuantity: products.stockQuantity,
            isFeatured: products.isFeatured,
            status: products.status,
            categoryName: categories.name,
            imagePath: sql<string | null>`(
              select '/images/' || pi.image_id || '/' || i.content_hash
              from product_images pi join images i on i.id = pi.image_id
              where pi.product_id = ${products}.id
              order by pi.is_primary desc, pi.sort_order asc
              limit 1
            )`,
          })
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize);
  return { items, total, page, pageCount, pageSize };
}

/** The categories the product form offers, in the storefront's order. */
export async function listCategoryOptions(executor: Executor) {
  return executor
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

async function galleryOf(executor: Executor, productId: string) {
  return executor
    .select({
      id: productImages.id,
      imageId: productImages.imageId,
      path: picturePathColumn,
      alt: productImages.alt,
      isPrimary: productImages.isPrimary,
      sortOrder: productImages.sortOrder,
    })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.createdAt), asc(productImages.id));
}

/** Everything the edit dialog shows for one product, its images in gallery order. */
export async function findProductForEdit(executor: Executor, id: string) {
  const [product] = await executor
    .select(productColumns)
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!product) return null;
  return { ...product, images: await galleryOf(executor, id) };
}

function lowerFirst(text: string) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Checks and renders every upload before anything is written, so one bad file refuses the
 * whole save. Files are rendered one after another to bound memory.
 */
export async function prepareUploads(uploads: Upload[]): Promise<PreparedImage[]> {
  if (uploads.length > MAX_IMAGES_PER_UPLOAD) {
    throw new ProductAdminError(
      `Upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time`,
      "images",
    );
  }
  const prepared: PreparedImage[] = [];
  for (const upload of uploads) {
    if (upload.data.byteLength > MAX_IMAGE_BYTES) {
      throw new ProductAdminError(`${upload.name} is larger than ${MAX_IMAGE_SIZE_TEXT}`, "images");
    }
    try {
      prepared.push(await prepareImage(upload.data));
    } catch (error) {
      if (error instanceof InvalidImageError) {
        throw new ProductAdminError(
          `Could not upload ${upload.name}: ${lowerFirst(error.message)}`,
          "images",
        );
      }
      throw error;
    }
  }
  return prepared;
}

/** Adds pictures at the end of a product's gallery; the first becomes primary if none is. */
async function attachImages(
  tx: Transaction,
  product: { id: string; name: string },
  prepared: PreparedImage[],
) {
  if (prepared.length === 0) return [];
  const gallery = await galleryOf(tx, product.id);
  if (gallery.length + prepared.length > MAX_IMAGES_PER_PRODUCT) {
    throw new ProductAdminError(
      `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images (it has ${gallery.length})`,
      "images",
    );
  }
  const hasPrimary = gallery.some((image) => image.isPrimary);
  const next = gallery.reduce((max, image) => Math.max(max, image.sortOrder + 1), 0);
  const added: string[] = [];
  for (const [index, picture] of prepared.entries()) {
    const image = await savePreparedImage(tx, picture);
    await tx.insert(productImages).values({
      productId: product.id,
      imageId: image.id,
      imageUrl: imageUrl(image.id),
      alt: product.name,
      isPrimary: !hasPrimary && index === 0,
      sortOrder: next + index,
    });
    added.push(image.id);
  }
  return added;
}

/** Turns the database's refusals into messages an administrator can act on. */
function explain(error: unknown, values: { slug: string }): never {
  if (error instanceof ProductAdminError) throw error;
  const text = String(
    (error as { cause?: { message?: string } })?.cause?.message ??
      (error as Error)?.message ??
      error,
  );
  if (violatedUniqueConstraint(error) === "products_slug_unique") {
    throw new ProductAdminError(
      `A product with the slug "${values.slug}" already exists. Choose another slug.`,
      "slug",
    );
  }
  if (text.includes("products_category_id_categories_id_fk")) {
    throw new ProductAdminError(
      "That category no longer exists. Choose another one.",
      "categoryId",
    );
  }
  throw error;
}

async function lockProduct(tx: Transaction, id: string) {
  const [product] = await tx
    .select(productColumns)
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!product) throw new ProductAdminError("This product no longer exists");
  return product;
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
      const [created] = await tx.insert(products).values(values).returning(productColumns);
      const added = await attachImages(tx, created!, prepared);
      await recordAudit(tx, {
        actorId,
        action: "create",
        entity: "product",
        entityId: created!.id,
        changes: { ...values, addedImages: added },
      });
      return created!;
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
      const before = await lockProduct(tx, id);
      const [updated] = await tx
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, id))
        .returning(productColumns);
      if (before.name !== values.name) {
        // Pictures described by the old name follow the new one.
        await tx
          .update(productImages)
          .set({ alt: values.name })
          .where(and(eq(productImages.productId, id), eq(productImages.alt, before.name)));
      }
      if (before.status !== values.status) await announceSaversOf(tx, id);
      const added = await attachImages(tx, updated!, prepared);
      await recordAudit(tx, {
        actorId,
        action: "update",
        entity: "product",
        entityId: id,
        changes: { before, after: values, addedImages: added },
      });
      return updated!;
    });
  } catch (error) {
    explain(error, values);
  }
}

/** Removes image rows (and so their variants) that no product uses any more. */
async function deleteUnusedImages(tx: Transaction, imageIds: string[]) {
  if (imageIds.length === 0) return;
  await tx
    .delete(images)
    .where(
      and(
        inArray(images.id, imageIds),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(productImages)
            .where(eq(productImages.imageId, images.id)),
        ),
      ),
    );
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
    const before = await lockProduct(tx, id);
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

/** Gallery edits lock the product, so two administrators' clicks apply one after the other. */
async function editGallery<T>(
  database: Database,
  productId: string,
  productImageId: string,
  change: (
    tx: Transaction,
    gallery: Awaited<ReturnType<typeof galleryOf>>,
    index: number,
  ) => Promise<T>,
) {
  return database.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const gallery = await galleryOf(tx, productId);
    const index = gallery.findIndex((image) => image.id === productImageId);
    if (index < 0) throw new ProductAdminError("This image no longer exists");
    return change(tx, gallery, index);
  });
}

async function renumber(tx: Transaction, ordered: { id: string; sortOrder: number }[]) {
  for (const [position, image] of ordered.entries()) {
    if (image.sortOrder === position) continue;
    await tx
      .update(productImages)
      .set({ sortOrder: position })
      .where(eq(productImages.id, image.id));
  }
}

export async function setPrimaryImage(
  database: Database,
  actorId: string,
  productId: string,
  productImageId: string,
) {
  return editGallery(database, productId, productImageId, async (tx, gallery, index) => {
    const target = gallery[index]!;
    const previous = gallery.find((image) => image.isPrimary);
    if (previous?.id === target.id) return;
    // Cleared first: the partial unique index allows one primary picture per product.
    await tx
      .update(productImages)
      .set({ isPrimary: false })
      .where(
        and(
          eq(productImages.productId, productId),
          eq(productImages.isPrimary, true),
          ne(productImages.id, target.id),
        ),
      );
    await tx.update(productImages).set({ isPrimary: true }).where(eq(productImages.id, target.id));
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "product",
      entityId: productId,
      changes: {
        primaryImage: { before: previous?.imageId ?? null, after: target.imageId },
      },
    });
  });
}

export async function moveImage(
  database: Database,
  actorId: string,
  productId: string,
  productImageId: string,
  direction: "up" | "down",
) {
  return editGallery(database, productId, productImageId, async (tx, gallery, index) => {
    const swapWith = direction === "up" ? index - 1 : index + 1;
    if (swapWith < 0 || swapWith >= gallery.length) return;
    const reordered = [...gallery];
    [reordered[index], reordered[swapWith]] = [reordered[swapWith]!, reordered[index]!];
    await renumber(tx, reordered);
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "product",
      entityId: productId,
      changes: {
        imageOrder: {
          before: gallery.map((image) => image.imageId),
          after: reordered.map((image) => image.imageId),
        },
      },
    });
  });
}

/** Removes one picture; when it was the primary one, the next in the gallery takes its place. */
export async function removeImage(
  database: Database,
  actorId: string,
  productId: string,
  productImageId: string,
) {
  return editGallery(database, productId, productImageId, async (tx, gallery, index) => {
    const target = gallery[index]!;
    await tx.delete(productImages).where(eq(productImages.id, target.id));
    await deleteUnusedImages(tx, [target.imageId]);
    const remaining = gallery.filter((image) => image.id !== target.id);
    if (target.isPrimary && remaining[0]) {
      await tx
        .update(productImages)
        .set({ isPrimary: true })
        .where(eq(productImages.id, remaining[0].id));
    }
    await renumber(tx, remaining);
    await recordAudit(tx, {
      actorId,
      action: "update",
      entity: "product",
      entityId: productId,
      changes: {
        removedImage: target.imageId,
        primaryImage: target.isPrimary ? (remaining[0]?.imageId ?? null) : undefined,
      },
    });
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
