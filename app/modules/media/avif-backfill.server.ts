import { and, asc, eq, gt, sql } from "drizzle-orm";
import { images, imageVariants } from "../../../db/schema";
import { PICTURE_CONTENT_TYPES } from "../../domain/picture-urls";
import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { encodeVariant, hashVariants } from "./images.server";

const hasVariantIn = (format: "avif" | "webp") =>
  sql`exists (select 1 from image_variants v where v.image_id = ${images.id} and v.format = ${format})`;

/**
 * Pictures stored before AVIF variants existed get them, rendered from their widest WebP (their
 * original is not kept), and a new content hash, hence new URLs. Runs in the background after
 * start, one picture at a time; until a picture is done its AVIF URLs serve the WebP, uncached.
 * Safe in several processes at once: a variant already written by another is left as it is.
 */
export async function addMissingAvifVariants(database: Database, signal?: AbortSignal) {
  let after = "00000000-0000-0000-0000-000000000000";
  let added = 0;
  while (!signal?.aborted) {
    const [next] = await database
      .select({ id: images.id })
      .from(images)
      .where(and(gt(images.id, after), hasVariantIn("webp"), sql`not ${hasVariantIn("avif")}`))
      .orderBy(asc(images.id))
      .limit(1);
    if (!next) break;
    after = next.id;
    try {
      await addAvifVariants(database, next.id);
      added += 1;
    } catch (error) {
      logger.error({ err: error, imageId: next.id }, "could not add AVIF variants to a picture");
    }
  }
  if (added > 0) logger.info({ pictures: added }, "added AVIF variants to older pictures");
  return added;
}

async function addAvifVariants(database: Database, imageId: string) {
  const webp = await database
    .select({ width: imageVariants.width, data: imageVariants.data })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, "webp")))
    .orderBy(asc(imageVariants.width));
  const source = webp.at(-1)!.data;
  const avif = await Promise.all(
    webp.map(async ({ width }) => ({
      width,
      format: "avif" as const,
      data: await encodeVariant(source, width, "avif"),
    })),
  );
  await database.transaction(async (tx) => {
    await tx
      .insert(imageVariants)
      .values(
        avif.map((variant) => ({
          imageId,
          ...variant,
          contentType: PICTURE_CONTENT_TYPES.avif,
        })),
      )
      .onConflictDoNothing();
    const stored = await tx
      .select({
        width: imageVariants.width,
        format: imageVariants.format,
        data: imageVariants.data,
      })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId));
    await tx
      .update(images)
      .set({ contentHash: hashVariants(stored) })
      .where(eq(images.id, imageId));
  });
}
