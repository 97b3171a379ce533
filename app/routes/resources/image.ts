import { z } from "zod";
import {
  CONTENT_HASH_LENGTH,
  PICTURE_WIDTHS,
  picturePath,
  pictureUrl,
} from "~/domain/picture-urls";
import { findContentHash, findImageVariant } from "~/modules/media/images.server";
import type { Route } from "./+types/image";

const params = z.object({
  imageId: z.uuid(),
  hash: z.string().regex(new RegExp(`^[0-9a-f]{${CONTENT_HASH_LENGTH}}$`)),
  file: z.string().regex(/^\d{2,4}\.(avif|webp)$/),
});

/**
 * Serves a stored picture's variant. The URL names the bytes' hash, so the response is cached for
 * a year; a URL with an older hash is sent, uncached, to the picture's current one.
 */
export async function loader({ params: raw, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  const { imageId, hash, file } = parsed.data;
  const [digits, extension] = file.split(".");
  const format = extension === "avif" ? "avif" : "webp";
  const width = Math.min(Number.parseInt(digits!, 10), PICTURE_WIDTHS.at(-1)!);
  const current = await findContentHash(db, imageId);
  if (!current) throw new Response("Not found", { status: 404 });
  if (current !== hash) {
    return new Response(null, {
      status: 302,
      headers: {
        Location: pictureUrl(picturePath(imageId, current), width, format),
        "Cache-Control": "no-cache",
      },
    });
  }
  const variant = await findImageVariant(db, imageId, width, format);
  if (variant) return picture(variant, "public, max-age=31536000, immutable");
  // A picture from before AVIF, until avif-backfill.server.ts has done it (browsers tell image
  // formats by their bytes): not cached, as its URL is about to change.
  const webp = format === "avif" ? await findImageVariant(db, imageId, width, "webp") : undefined;
  if (webp) return picture(webp, "no-cache");
  throw new Response("Not found", { status: 404 });
}

function picture(variant: { data: Buffer; contentType: string }, cacheControl: string) {
  return new Response(new Uint8Array(variant.data), {
    headers: {
      "Content-Type": variant.contentType,
      "Content-Length": String(variant.data.byteLength),
      "Cache-Control": cacheControl,
    },
  });
}
