import { useFetcher, useLocation } from "react-router";
import { Heart, ShoppingCart } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * One cart endpoint (POST /cart, intent=add) serves every "Add to Cart" button; it is a plain
 * form, so it works before JavaScript loads. Visitors are sent to /auth by the server, and come
 * back to this page with the item added once signed in. A card's button names no size: the
 * server adds the product's default size and, when there are several, says which
 * (docs/decisions/071).
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
      <ReturnHere />
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

/**
 * The page the form is on, for the cart or the wishlist to bring a visitor back to after signing
 * in.
 */
export function ReturnHere() {
  const location = useLocation();
  return <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />;
}

/**
 * The heart, filled when saved (docs/decisions/021). On a product card it only adds: a saved
 * product answers 'Already saved!' (docs/SPEC.md §4). With `toggle` (the product page) it also removes.
 */
export function WishlistButton({
  productId,
  productName,
  saved,
  toggle = false,
  withLabel = false,
}: {
  productId: string;
  productName: string;
  saved: boolean;
  toggle?: boolean;
  withLabel?: boolean;
}) {
  const fetcher = useFetcher();
  const pendingIntent = fetcher.formData?.get("intent");
  const showSaved = pendingIntent ? pendingIntent === "add" : saved;
  const intent = toggle && showSaved ? "remove" : "add";
  const text = showSaved ? "Saved" : "Add to Wishlist";
  // WCAG 2.5.3 Label in Name: a labelled button's name starts with the words it shows, then says
  // which product and, once saved, what pressing it does. The state is in those words, so the
  // toggle carries no aria-pressed that would contradict them.
  const label = withLabel
    ? showSaved
      ? `${text}, remove ${productName} from wishlist`
      : `${text}, ${productName}`
    : !showSaved
      ? `Add ${productName} to wishlist`
      : toggle
        ? `Remove ${productName} from wishlist`
        : `${productName} is in your wishlist`;
  return (
    <fetcher.Form method="post" action="/wishlist">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      <ReturnHere />
      <button
        type="submit"
        aria-label={label}
        aria-pressed={toggle && !withLabel ? showSaved : undefined}
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
        {withLabel ? text : null}
      </button>
    </fetcher.Form>
  );
}
