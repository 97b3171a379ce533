import { z } from "zod";
import { db } from "~/lib/db.server";
import { findImageVariant, IMAGE_WIDTHS } from "~/modules/media/images.server";
import type { Route } from "./+types/image";

const params = z.object({
  imageId: z.uuid(),
  file: z.string().regex(/^\d{2,4}\.webp$/),
});

/** Serves a stored picture at the requested width; the bytes never change, so cache for a year. */
export async function loader({ params: raw }: Route.LoaderArgs) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  const width = Number.parseInt(parsed.data.file, 10);
  const wanted = Math.min(width, IMAGE_WIDTHS.at(-1)!);
  const variant = await findImageVariant(db(), parsed.data.imageId, wanted);
  if (!variant) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(variant.data), {
    headers: {
      "Content-Type": variant.contentType,
      "Content-Length": String(variant.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
