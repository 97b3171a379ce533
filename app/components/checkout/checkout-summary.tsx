import type { ReactNode } from "react";
import { OrderTotals } from "~/components/cart/order-totals";
import { ProductImage } from "~/components/product/product-image";
import { formatRupees } from "~/domain/money";
import type { Totals } from "~/domain/pricing";
import type { ShippingMethod } from "~/domain/shipping";
import type { CartView } from "~/modules/cart/cart-view.server";

/**
 * The order as the server priced it for the chosen delivery; the browser sends none of these
 * figures back, only the method.
 */
export function CheckoutSummary({
  cart,
  totals,
  shippingMethod,
  children,
}: {
  cart: CartView;
  totals: Totals;
  shippingMethod: ShippingMethod;
  children: ReactNode;
}) {
  return (
    <aside
      className="grid gap-4 rounded-xl border border-border bg-card p-5 lg:sticky lg:top-28"
      aria-labelledby="checkout-summary-heading"
    >
      <h2 id="checkout-summary-heading" className="font-display font-semibold text-xl">
        Order Summary
      </h2>
      <ul className="grid gap-3" aria-label="Items in your order">
        {cart.lines.map((line) => (
          <li key={line.variantId} className="grid grid-cols-[3rem_1fr_auto] items-center gap-3">
            <ProductImage path={line.imagePath} alt="" sizes="48px" className="w-12 rounded-md" />
            <span className="text-sm">
              {line.name} <span className="text-muted-foreground">× {line.quantity}</span>
            </span>
            <span className="text-sm">{formatRupees(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <div aria-live="polite">
        <OrderTotals
          totals={totals}
          shippingMethod={shippingMethod}
          couponCode={cart.coupon?.code ?? null}
          className="grid gap-2 border-border border-t pt-3 text-sm"
        />
      </div>
      {children}
    </aside>
  );
}
