import { and, asc, eq, gte } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { images, imageVariants } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/** Widths served for every picture; the browser picks one through srcset. */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "svg", "tiff"]);

export class InvalidImageError extends Error {}

export function imageUrl(imageId: string) {
  return `/images/${imageId}`;
}

export function imageVariantUrl(imageId: string, width: number) {
  return `/images/${imageId}/${width}.webp`;
}

/** A picture checked and rendered to its variants, ready to be written (no database work yet). */
export type PreparedImage = {
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
};

/** Larger pictures are refused before decoding, so a small file cannot expand into gigabytes. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Checks that the bytes really are a picture (not just named like one) and renders square-safe
 * WebP variants at each served width without upscaling. CPU work only: callers run it before
 * opening a transaction.
 */
export async function prepareImage(input: Buffer): Promise<PreparedImage> {
  if (input.byteLength === 0 || input.byteLength > MAX_UPLOAD_BYTES) {
    throw new InvalidImageError("Images must be between 1 byte and 8 MB");
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new InvalidImageError("The file is not an image");
  }
  if (
    !metadata.format ||
    !ACCEPTED_FORMATS.has(metadata.format) ||
    !metadata.width ||
    !metadata.height
  ) {
    throw new InvalidImageError(
      "The file is not a supported image (JPEG, PNG, WebP, AVIF, GIF, SVG or TIFF)",
    );
  }
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new InvalidImageError("The image is too large (at most 50 megapixels)");
  }
  // A phone photo turned by its EXIF orientation is stored as it is shown.
  const original = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, original.width)))];
  let variants: PreparedImage["variants"];
  try {
    variants = await Promise.all(
      widths.map(async (width) => ({
        width,
        data: await sharp(input)
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    // Headers that parse but pixel data that does not (a truncated or corrupt file).
    throw new InvalidImageError("The image could not be read (the file may be damaged)");
  }
  return { width: original.width, height: original.height, variants };
}

/** Writes a prepared picture and its variants; returns the new image's id and size. */
export async function savePreparedImage(executor: Executor, prepared: PreparedImage) {
  const [image] = await executor
    .insert(images)
    .values({ width: prepared.width, height: prepared.height })
    .returning({ id: images.id });
  if (!image) throw new Error("image row not created");
  await executor.insert(imageVariants).values(
    prepared.variants.map((variant) => ({
      imageId: image.id,
      width: variant.width,
      format: "webp" as const,
      contentType: "image/webp",
      data: variant.data,
    })),
  );
  return { id: image.id, width: prepared.width, height: prepared.height };
}

/** Checks, renders and stores a picture in one go (see prepareImage and savePreparedImage). */
export async function storeImage(executor: Executor, input: Buffer) {
  return savePreparedImage(executor, await prepareImage(input));
}

/** The smallest stored variant at least `width` wide, else the largest there is. */
export async function findImageVariant(executor: Executor, imageId: string, width: number) {
  const columns = {
    data: imageVariants.data,
    contentType: imageVariants.contentType,
    width: imageVariants.width,
  };
  const [atLeast] = await executor
    .select(columns)
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), gte(imageVariants.width, width)))
    .orderBy(asc(imageVariants.width))
    .limit(1);
  if (atLeast) return atLeast;
  const all = await executor
    .select(columns)
    .from(imageVariants)
    .where(eq(imageVariants.imageId, imageId))
    .orderBy(asc(imageVariants.width));
  return all.at(-1);
}
