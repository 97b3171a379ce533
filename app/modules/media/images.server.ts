import { createHash } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Metadata } from "sharp";
import { images, imageVariants } from "../../../db/schema";
import {
  CONTENT_HASH_LENGTH,
  PICTURE_CONTENT_TYPES,
  PICTURE_FORMATS,
  PICTURE_WIDTHS,
  type PictureFormat,
  picturePath,
} from "../../domain/picture-urls";
import type { Executor } from "../../lib/db.server";
import { loadSharp } from "./sharp.server";

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "svg", "tiff"]);

export class InvalidImageError extends Error {}

/** The product_images.image_url of a picture: where it lives, before its hash and variants. */
export function imageUrl(imageId: string) {
  return `/images/${imageId}`;
}

/** A picture checked and rendered to its variants, ready to be written (no database work yet). */
export type PreparedImage = {
  width: number;
  height: number;
  contentHash: string;
  variants: PreparedVariant[];
};
export type PreparedVariant = { width: number; format: PictureFormat; data: Buffer };

/**
 * SHA-256 of the variants' bytes in (format, width) order, shortened; migration 0010 computes the
 * same over the stored rows.
 */
export function hashVariants(variants: readonly PreparedVariant[]) {
  const hash = createHash("sha256");
  const ordered = [...variants].sort(
    (a, b) => (a.format < b.format ? -1 : a.format > b.format ? 1 : 0) || a.width - b.width,
  );
  for (const variant of ordered) hash.update(variant.data);
  return hash.digest("hex").slice(0, CONTENT_HASH_LENGTH);
}

// AVIF effort 2 of 9: an upload's six variants take a second or two, not ten, and the files are
// still about a third smaller than the WebP ones (effort 4 saved another tenth at 4-5 times the CPU).
const ENCODERS = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 80 },
} as const;

/** Changes whenever the encoders' settings do (the shipped demo pictures record it). */
export const ENCODING = JSON.stringify({ widths: PICTURE_WIDTHS, encoders: ENCODERS });

export async function encodeVariant(input: Buffer, width: number, format: PictureFormat) {
  const sharp = await loadSharp();
  const resized = sharp(input).rotate().resize({ width, withoutEnlargement: true });
  return format === "avif"
    ? resized.avif(ENCODERS.avif).toBuffer()
    : resized.webp(ENCODERS.webp).toBuffer();
}

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
  const sharp = await loadSharp();
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
  const widths = [...new Set(PICTURE_WIDTHS.map((w) => Math.min(w, original.width)))];
  let variants: PreparedVariant[];
  try {
    variants = await Promise.all(
      widths.flatMap((width) =>
        PICTURE_FORMATS.map(async (format) => ({
          width,
          format,
          data: await encodeVariant(input, width, format),
        })),
      ),
    );
  } catch {
    // Headers that parse but pixel data that does not (a truncated or corrupt file).
    throw new InvalidImageError("The image could not be read (the file may be damaged)");
  }
  return {
    width: original.width,
    height: original.height,
    contentHash: hashVariants(variants),
    variants,
  };
}

/** Writes a prepared picture and its variants; returns the new image's id and size. */
export async function savePreparedImage(executor: Executor, prepared: PreparedImage) {
  const [image] = await executor
    .insert(images)
    .values({ width: prepared.width, height: prepared.height, contentHash: prepared.contentHash })
    .returning({ id: images.id });
  if (!image) throw new Error("image row not created");
  await executor.insert(imageVariants).values(
    prepared.variants.map((variant) => ({
      imageId: image.id,
      width: variant.width,
      format: variant.format,
      contentType: PICTURE_CONTENT_TYPES[variant.format],
      data: variant.data,
    })),
  );
  return {
    id: image.id,
    width: prepared.width,
    height: prepared.height,
    path: picturePath(image.id, prepared.contentHash),
  };
}

/** Checks, renders and stores a picture in one go (see prepareImage and savePreparedImage). */
export async function storeImage(executor: Executor, input: Buffer) {
  return savePreparedImage(executor, await prepareImage(input));
}

/** A picture's current content hash, or undefined when there is no such picture. */
export async function findContentHash(executor: Executor, imageId: string) {
  const [row] = await executor
    .select({ contentHash: images.contentHash })
    .from(images)
    .where(eq(images.id, imageId));
  return row?.contentHash;
}

/** The smallest stored variant in `format` at least `width` wide, else the largest there is. */
export async function findImageVariant(
  executor: Executor,
  imageId: string,
  width: number,
  format: PictureFormat,
) {
  const columns = {
    data: imageVariants.data,
    contentType: imageVariants.contentType,
    width: imageVariants.width,
  };
  const ofPicture = and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, format));
  const [atLeast] = await executor
    .select(columns)
    .from(imageVariants)
    .where(and(ofPicture, gte(imageVariants.width, width)))
    .orderBy(asc(imageVariants.width))
    .limit(1);
  if (atLeast) return atLeast;
  const all = await executor
    .select(columns)
    .from(imageVariants)
    .where(ofPicture)
    .orderBy(asc(imageVariants.width));
  return all.at(-1);
}
