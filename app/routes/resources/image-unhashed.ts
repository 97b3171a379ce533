import { z } from "zod";
import { PICTURE_WIDTHS, picturePath, pictureUrl } from "~/domain/picture-urls";
import { findContentHash } from "~/modules/media/images.server";
import type { Route } from "./+types/image-unhashed";

const params = z.object({
  imageId: z.uuid(),
  file: z.string().regex(/^\d{2,4}\.webp$/),
});

/**
 * Picture URLs from before their content hash (`/images/{id}/{width}.webp`, still held by search
 * engines and shared links) lead, uncached, to the picture's current URL.
 */
export async function loader({ params: raw, context }: Route.LoaderArgs) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw new Response("Not found", { status: 404 });
  const current = await findContentHash(context.services.db, parsed.data.imageId);
  if (!current) throw new Response("Not found", { status: 404 });
  const width = Math.min(Number.parseInt(parsed.data.file, 10), PICTURE_WIDTHS.at(-1)!);
  return new Response(null, {
    status: 302,
    headers: {
      Location: pictureUrl(picturePath(parsed.data.imageId, current), width, "webp"),
      "Cache-Control": "no-cache",
    },
  });
}
