import { and, asc, eq, inArray, ne, notExists, sql } from "drizzle-orm";
import { images, productImages } from "../../../db/schema";
import {
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIZE_TEXT,
  MAX_IMAGES_PER_PRODUCT,
  MAX_IMAGES_PER_UPLOAD,
} from "../../domain/validation/product";
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
import { lockProduct, ProductAdminError } from "./products-admin-base.server";

/** An uploaded file as the route hands it over. */
export type Upload = { name: string; data: Buffer };

/** A product's pictures in gallery order. */
export async function galleryOf(executor: Executor, productId: string) {
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
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.createdAt), asc(productImages.id));
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
export async function attachImages(
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

/** Removes image rows (and so their variants) that no product uses any more. */
export async function deleteUnusedImages(tx: Transaction, imageIds: string[]) {
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
