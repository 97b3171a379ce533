import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ArrowDown, ArrowUp, Star, Trash2 } from "~/components/icons";
import { ProductImage } from "~/components/product/product-image";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

export type GalleryImage = { id: string; path: string; isPrimary: boolean };

export const GALLERY_FETCHER_KEY = "product-gallery";
const FOCUS_LIST = "list";

/**
 * A saved product's pictures in gallery order: choose the primary one, move one up or down,
 * remove one. Each button posts at once through the form `formId` (outside the product form),
 * so the rest of the product form is left as typed. Plain buttons: keyboard usable, and without
 * JavaScript each is a form post.
 */
export function ProductGalleryEditor({
  productName,
  images,
  formId,
}: {
  productName: string;
  images: GalleryImage[];
  formId: string;
}) {
  const fetcher = useFetcher({ key: GALLERY_FETCHER_KEY });
  const busy = fetcher.state !== "idle";
  const lastPressed = useRef<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // A moved or removed picture re-renders the list: keep keyboard focus where the person was.
  useEffect(() => {
    if (fetcher.state !== "idle" || !lastPressed.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && list.current?.contains(active)) return;
    const again =
      lastPressed.current === FOCUS_LIST ? null : document.getElementById(lastPressed.current);
    (again ?? list.current)?.focus();
    lastPressed.current = null;
  }, [fetcher.state]);
  if (images.length === 0) {
    return <p className="text-muted-foreground text-sm">This product has no images yet.</p>;
  }
  const button = (action: "primary" | "up" | "down", image: GalleryImage) =>
    `gallery-${action}-${image.id}`;
  return (
    <ol
      ref={list}
      tabIndex={-1}
      aria-label={`Images of ${productName}`}
      className="grid gap-2 focus-visible:outline-none"
    >
      {images.map((image, index) => {
        const n = index + 1;
        const first = index === 0;
        const last = index === images.length - 1;
        const press = (id: string) => () => {
          lastPressed.current = id;
        };
        return (
          <li
            key={image.id}
            className="flex flex-wrap items-center gap-3 rounded-md border border-border p-2"
          >
            <ProductImage
              path={image.path}
              alt={`${productName}, image ${n}`}
              sizes="64px"
              className="size-16 rounded"
            />
            <span className="font-medium text-sm">Image {n}</span>
            {image.isPrimary ? <Badge variant="success">Primary</Badge> : null}
            <span className="ml-auto flex flex-wrap gap-1">
              {image.isPrimary ? null : (
                <Button
                  id={button("primary", image)}
                  type="submit"
                  form={formId}
                  name="imageAction"
                  value={`primary:${image.id}`}
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={press(button("primary", image))}
                >
                  <Star aria-hidden="true" /> Make primary
                  <span className="sr-only"> (image {n})</span>
                </Button>
              )}
              <Button
                id={button("up", image)}
                type="submit"
                form={formId}
                name="imageAction"
                value={`up:${image.id}`}
                variant="ghost"
                size="icon"
                aria-label={`Move image ${n} up`}
                aria-disabled={first || busy}
                onClick={(event) => {
                  if (first || busy) event.preventDefault();
                  else press(button("up", image))();
                }}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                id={button("down", image)}
                type="submit"
                form={formId}
                name="imageAction"
                value={`down:${image.id}`}
                variant="ghost"
                size="icon"
                aria-label={`Move image ${n} down`}
                aria-disabled={last || busy}
                onClick={(event) => {
                  if (last || busy) event.preventDefault();
                  else press(button("down", image))();
                }}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                type="submit"
                form={formId}
                name="imageAction"
                value={`remove:${image.id}`}
                variant="ghost"
                size="icon"
                aria-label={`Remove image ${n}`}
                disabled={busy}
                onClick={press(FOCUS_LIST)}
              >
                <Trash2 className="text-destructive" aria-hidden="true" />
              </Button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
