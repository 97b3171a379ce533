import { cn } from "~/lib/cn";

const WIDTHS = [320, 640, 1024];

/** A stored picture with a srcset, sized for its slot by `sizes`. */
export function ProductImage({
  imageId,
  alt,
  sizes,
  className,
  priority = false,
}: {
  imageId: string | null;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  if (!imageId) {
    return <div className={cn("aspect-square bg-muted", className)} role="img" aria-label={alt} />;
  }
  return (
    <img
      src={`/images/${imageId}/640.webp`}
      srcSet={WIDTHS.map((w) => `/images/${imageId}/${w}.webp ${w}w`).join(", ")}
      sizes={sizes}
      alt={alt}
      width={1024}
      height={1024}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={cn("aspect-square object-cover", className)}
    />
  );
}
