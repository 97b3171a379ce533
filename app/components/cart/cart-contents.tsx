import type { ReactNode } from "react";
import { Link, useFetcher, useFetchers } from "react-router";
import { AlertTriangle, ShoppingBag, Tag, Trash2, Truck, X } from "~/components/icons";
import { Price } from "~/components/product/price";
import { ProductImage } from "~/components/product/product-image";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatRupees } from "~/domain/money";
import { freeShippingHint } from "~/domain/pricing-display";
import type { CartLineView, CartView } from "~/modules/cart/cart-view.server";
import { LineQuantity, useLineQuantity } from "./line-quantity";
import { OrderTotals } from "./order-totals";

/** docs/SPEC.md §2 Cart: lines, order summary, coupon box, free-shipping hint and the way on. */
export function CartContents({
  cart,
  deliveryCheck,
}: {
  cart: CartView;
  /** "Check delivery" for a PIN code, with a courier (docs/decisions/077). */
  deliveryCheck?: ReactNode;
}) {
  const pendingRemovals = useFetchers()
    .filter((f) => f.formData?.get("intent") === "remove")
    .map((f) => String(f.formData?.get("variantId")));
  const lines = cart.lines.filter((line) => !pendingRemovals.includes(line.variantId));
  if (lines.length === 0) {
    return (
      <section className="mx-auto grid max-w-3xl justify-items-center gap-4 px-4 py-20 text-center">
        <ShoppingBag className="size-14 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-display text-3xl">Your cart is empty</h1>
        <p className="text-muted-foreground">Looks like you have not added anything yet.</p>
        <Link to="/products" className={buttonVariants({ size: "lg" })}>
          Continue Shopping
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto grid max-w-7xl gap-8 px-4 py-10">
      <h1 className="font-display text-3xl">Shopping Cart</h1>
      <div className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]">
        <ul className="grid gap-3" aria-label="Items in your cart">
          {lines.map((line) => (
            <CartLine key={line.variantId} line={line} />
          ))}
        </ul>
        <OrderSummary cart={cart} deliveryCheck={deliveryCheck} />
      </div>
    </section>
  );
}

function CartLine({ line }: { line: CartLineView }) {
  const { quantity } = useLineQuantity(line);
  return (
    <li className="grid grid-cols-[5rem_1fr] gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-[6rem_1fr_auto]">
      <ProductImage path={line.imagePath} alt="" sizes="96px" className="w-full rounded-md" />
      <div className="grid content-start gap-1">
        {line.problem === "unavailable" ? (
          <span className="font-semibold">{line.name}</span>
        ) : (
          <Link
            to={
              line.sizeLabel
                ? `/product/${line.productId}?size=${encodeURIComponent(line.sku)}`
                : `/product/${line.productId}`
            }
            className="font-semibold hover:underline"
          >
            {line.name}
          </Link>
        )}
        <Price price={line.price} discountPrice={line.discountPrice} />
        {line.problem ? (
          <p className="flex items-center gap-1 font-medium text-destructive text-sm" role="status">
            <AlertTriangle className="size-4" aria-hidden="true" />
            {line.problem === "unavailable"
              ? "No longer available: remove it to check out"
              : line.problem === "out-of-stock"
                ? "Out of stock: remove it to check out"
                : `Only ${line.stockQuantity} left in stock: lower the quantity`}
          </p>
        ) : null}
      </div>
      <div className="col-span-2 flex items-center justify-between gap-4 sm:col-span-1 sm:flex-col sm:items-end">
        <LineQuantity line={line} />
        <p className="font-semibold">{formatRupees(line.unitPrice * quantity)}</p>
        <RemoveButton variantId={line.variantId} name={line.name} />
      </div>
    </li>
  );
}

function RemoveButton({ variantId, name }: { variantId: string; name: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action="/cart">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="variantId" value={variantId} />
      <button
        type="submit"
        className="inline-flex items-center gap-1 text-destructive text-sm hover:underline"
        aria-label={`Remove ${name} from cart`}
      >
        <Trash2 className="size-4" aria-hidden="true" /> Remove
      </button>
    </fetcher.Form>
  );
}

function OrderSummary({ cart, deliveryCheck }: { cart: CartView; deliveryCheck?: ReactNode }) {
  const { totals } = cart;
  const blocked = cart.lines.some((line) => line.problem !== null);
  return (
    <aside
      className="grid gap-4 rounded-xl border border-border bg-card p-5 lg:sticky lg:top-28"
      aria-labelledby="summary-heading"
    >
      <h2 id="summary-heading" className="font-display font-semibold text-xl">
        Order Summary
      </h2>
      <CouponBox applied={cart.coupon?.code ?? null} />
      <OrderTotals
        totals={totals}
        couponCode={cart.coupon?.code ?? null}
        subtotalLabel={`Subtotal (${cart.count} ${cart.count === 1 ? "item" : "items"})`}
        shippingText={cart.shippingAtCheckout ? "Calculated at checkout" : undefined}
      />
      {cart.freeShippingGap > 0 ? (
        <p className="flex items-center gap-2 rounded-md bg-badge-yellow p-3 text-badge-yellow-foreground text-sm">
          <Truck className="size-4 shrink-0" aria-hidden="true" />
          {freeShippingHint(cart.freeShippingGap)}
        </p>
      ) : null}
      {deliveryCheck}
      {blocked ? (
        <p className="text-destructive text-sm">
          Some items cannot be bought as they are. Adjust them to check out.
        </p>
      ) : null}
      <Link
        to="/checkout"
        aria-disabled={blocked || undefined}
        onClick={(event) => blocked && event.preventDefault()}
        className={buttonVariants({ size: "lg", className: "w-full" })}
      >
        Proceed to Checkout
      </Link>
      <Link
        to="/products"
        className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}
      >
        Continue Shopping
      </Link>
    </aside>
  );
}

function CouponBox({ applied }: { applied: string | null }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md border border-success border-dashed bg-badge-green p-3 text-badge-green-foreground">
        <span className="flex items-center gap-2 font-semibold">
          <Tag className="size-4" aria-hidden="true" /> {applied} applied
        </span>
        <fetcher.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="remove-coupon" />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-label={`Remove coupon ${applied}`}
          >
            <X aria-hidden="true" /> Remove
          </Button>
        </fetcher.Form>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart" className="grid gap-1.5">
      <input type="hidden" name="intent" value="apply-coupon" />
      <label htmlFor="coupon-code" className="font-medium text-sm">
        Coupon code
      </label>
      <div className="flex gap-2">
        <Input
          id="coupon-code"
          name="code"
          autoComplete="off"
          placeholder="Enter code"
          className="uppercase"
        />
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Applying..." : "Apply"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
