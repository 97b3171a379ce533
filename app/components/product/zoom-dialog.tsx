import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";
import { ProductImage } from "./product-image";

/** The product's current picture, large, in a dialog (docs/SPEC.md §2). */
export function ZoomDialog({
  open,
  onOpenChange,
  name,
  path,
  alt,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  path: string;
  alt: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogTitle className="sr-only">{name}</DialogTitle>
        <ProductImage
          path={path}
          alt={alt}
          sizes="(min-width: 896px) 896px, 100vw"
          fit="contain"
          className="h-auto w-full rounded-md"
        />
      </DialogContent>
    </Dialog>
  );
}
