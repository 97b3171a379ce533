import { Heart, ShoppingCart } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * One cart endpoint (POST /cart, intent=add) serves every "Add to Cart" button; it is a plain
 * form, so it works before JavaScript loads. Visitors are sent to /auth by the server.
 */
export function AddToCartButton({
  productId,
  productName,
  quantity = 1,
  disabled,
  className,
  size = "md",
}: {
  productId: string;
  productName: string;
  quantity?: number;
  disabled?: boolean;
  className?: string;
  size?: "md" | "lg";
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const label = disabled ? "Out of Stock" : "Add to Cart";
  return (
    <fetcher.Form method="post" action="/cart" className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value={quantity} />
      <Button
        type="submit"
        size={size}
        className="w-full"
        disabled={disabled || busy}
        // WCAG 2.5.3 Label in Name: the words on the button first, then which product.
        aria-label={`${label}, ${productName}`}
      >
        <ShoppingCart aria-hidden="true" />
        {label}
      </Button>
    </fetcher.Form>
  );
}

/** The heart: filled when saved; toggles the product in the customer's wishlist. */
export function WishlistButton({
  productId,
  productName,
  saved,
  withLabel = false,
}: {
  productId: string;
  productName: string;
  saved: boolean;
  withLabel?: boolean;
}) {
  const fetcher = useFetcher();
  const pendingIntent = fetcher.formData?.get("intent");
  const showSaved = pendingIntent ? pendingIntent === "add" : saved;
  const label = showSaved
    ? `Remove ${productName} from wishlist`
    : `Add ${productName} to wishlist`;
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="intent" value={showSaved ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        aria-label={label}
        aria-pressed={showSaved}
        className={cn(
          "inline-flex items-center justify-center gap-2 rounded-full border border-border bg-card text-foreground shadow-sm hover:bg-secondary",
          withLabel ? "h-12 px-5 font-medium" : "size-9",
        )}
      >
        <Heart
          aria-hidden="true"
          className={cn(
            "size-5",
            showSaved ? "fill-destructive text-destructive" : "text-foreground",
          )}
        />
        {withLabel ? (showSaved ? "Saved" : "Add to Wishlist") : null}
      </button>
    </fetcher.Form>
  );
}
