import { useState } from "react";
import { deferred } from "~/components/deferred";
import { ChevronLeft, ChevronRight, ZoomIn } from "~/components/icons";
import { cn } from "~/lib/cn";
import { ProductImage } from "./product-image";

/** The zoom dialog (Radix) is loaded apart from the page; it opens once its code is there. */
const ZoomDialog = deferred(() => import("./zoom-dialog").then((module) => module.ZoomDialog));

type GalleryImage = { imageId: string; path: string; alt: string };

/** docs/SPEC.md §2: main image with wrapping previous/next, thumbnails in 4 columns and a zoom dialog. */
export function Gallery({
  images,
  name,
  fallbackKey,
}: {
  images: GalleryImage[];
  name: string;
  fallbackKey: string;
}) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  if (images.length === 0) return <GeneratedImage name={name} seed={fallbackKey} />;
  const current = images[index % images.length]!;
  const step = (delta: number) => setIndex((i) => (i + delta + images.length) % images.length);
  const control =
    "absolute top-1/2 -translate-y-1/2 inline-flex size-10 items-center justify-center rounded-full bg-card/90 shadow hover:bg-card";
  return (
    <div className="grid gap-3">
      <div className="relative overflow-hidden rounded-xl border border-border bg-card">
        <ProductImage
          path={current.path}
          alt={current.alt || name}
          sizes="(min-width: 1024px) 50vw, 100vw"
          priority
          className="w-full"
        />
        {images.length > 1 ? (
          <>
            <button
              type="button"
              className={cn(control, "left-3")}
              onClick={() => step(-1)}
              aria-label="Previous image"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={cn(control, "right-3")}
              onClick={() => step(1)}
              aria-label="Next image"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="absolute right-3 bottom-3 inline-flex size-10 items-center justify-center rounded-full bg-card/90 shadow hover:bg-card"
          onClick={() => setZoomed(true)}
          aria-label="Zoom image"
        >
          <ZoomIn className="size-5" aria-hidden="true" />
        </button>
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3" aria-label="Images">
          {images.map((image, i) => (
            <li key={image.imageId}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index ? "true" : undefined}
                className={cn(
                  "overflow-hidden rounded-md border-2",
                  i === index ? "border-primary" : "border-transparent",
                )}
              >
                <ProductImage path={image.path} alt="" sizes="120px" className="w-full" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ZoomDialog
        open={zoomed}
        onOpenChange={setZoomed}
        name={name}
        path={current.path}
        alt={current.alt || name}
      />
    </div>
  );
}

/** A picture drawn from the product's slug or id when it has none (docs/SPEC.md §2). */
function GeneratedImage({ name, seed }: { name: string; seed: string }) {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
  return (
    <svg
      viewBox="0 0 400 400"
      role="img"
      aria-label={name}
      className="aspect-square w-full rounded-xl border border-border"
    >
      <rect width="400" height="400" fill={`hsl(${hue} 45% 88%)`} />
      <circle cx="200" cy="180" r="90" fill={`hsl(${hue} 40% 32%)`} />
      <text
        x="200"
        y="205"
        textAnchor="middle"
        fontSize="72"
        fontFamily="Georgia, serif"
        fill="#fff"
      >
        {initials}
      </text>
      <text
        x="200"
        y="330"
        textAnchor="middle"
        fontSize="22"
        fontFamily="system-ui, sans-serif"
        fill={`hsl(${hue} 40% 22%)`}
      >
        {name.length > 28 ? `${name.slice(0, 27)}…` : name}
      </text>
    </svg>
  );
}
