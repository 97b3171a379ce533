/**
 * Where a stored picture's variants are served. A picture's path is `/images/{imageId}/{hash}`,
 * the hash being of its variants' bytes: a URL always serves the same bytes, so it can be cached
 * for good, and a changed picture is served at a new URL.
 */

/** Widths every picture is rendered at (never wider than the original). */
export const PICTURE_WIDTHS = [320, 640, 1024] as const;
/** Formats every width is rendered in, best first: the order of a `<picture>`'s sources. */
export const PICTURE_FORMATS = ["avif", "webp"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const PICTURE_CONTENT_TYPES: Record<PictureFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

/** Hex digits of a picture's content hash kept in its URLs. */
export const CONTENT_HASH_LENGTH = 16;

export function picturePath(imageId: string, contentHash: string) {
  return `/images/${imageId}/${contentHash}`;
}

export function pictureUrl(path: string, width: number, format: PictureFormat) {
  return `${path}/${width}.${format}`;
}

export function pictureSrcSet(path: string, format: PictureFormat) {
  return PICTURE_WIDTHS.map((width) => `${pictureUrl(path, width, format)} ${width}w`).join(", ");
}
