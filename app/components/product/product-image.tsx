import { PICTURE_FORMATS, pictureSrcSet, pictureUrl } from "~/domain/picture-urls";
import { cn } from "~/lib/cn";

/**
 * Pictures are shown in square boxes (cropped, or fitted for the zoom view): the width and height give the
 * browser that shape before any byte arrives, so nothing moves when the picture loads.
 */
const BOX = 1024;

/**
 * A stored picture as AVIF, then WebP, at the width `sizes` asks for. `priority` marks the largest
 * picture above the fold: fetched first and at once; every other one waits until it is near.
 */
export function ProductImage({
  path,
  alt,
  sizes,
  className,
  priority = false,
  fit = "cover",
}: {
  /** The picture's path (picturePath), or null when the product has no picture. */
  path: string | null;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
  /** "contain" shows the whole picture inside its square (the zoom view). */
  fit?: "cover" | "contain";
}) {
  if (!path) {
    return <div className={cn("aspect-square bg-muted", className)} role="img" aria-label={alt} />;
  }
  return (
    <picture>
      {PICTURE_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={pictureSrcSet(path, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={pictureUrl(path, 640, "webp")}
        srcSet={pictureSrcSet(path, "webp")}
        sizes={sizes}
        alt={alt}
        width={BOX}
        height={BOX}
        loading={priority ? undefined : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={cn(
          "aspect-square",
          fit === "cover" ? "object-cover" : "object-contain",
          className,
        )}
      />
    </picture>
  );
}
