import { formatRupees } from "~/domain/money";
import type { Totals } from "~/domain/pricing";
import { shippingMethodLabel } from "~/domain/shipping";

/** Subtotal, discount, shipping and total as the server priced them: cart and checkout alike. */
export function OrderTotals({
  totals,
  couponCode,
  subtotalLabel = "Subtotal",
  shippingMethod,
  shippingText,
  className = "grid gap-2 text-sm",
}: {
  totals: Totals;
  couponCode: string | null;
  subtotalLabel?: string;
  /** Named beside the fee once the customer has a delivery choice. */
  shippingMethod?: string;
  /** Said instead of the fee while it is not known (docs/decisions/064). */
  shippingText?: string;
  className?: string;
}) {
  return (
    <dl className={className}>
      <div className="flex justify-between">
        <dt>{subtotalLabel}</dt>
        <dd>{formatRupees(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div className="flex justify-between text-success">
          <dt>Discount{couponCode ? ` (${couponCode})` : ""}</dt>
          <dd className="whitespace-nowrap">−{formatRupees(totals.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt>Shipping{shippingMethod ? ` (${shippingMethodLabel(shippingMethod)})` : ""}</dt>
        <dd>{shippingText ?? (totals.shipping === 0 ? "FREE" : formatRupees(totals.shipping))}</dd>
      </div>
      <div className="flex justify-between border-border border-t pt-2 font-semibold text-base">
        <dt>Total</dt>
        <dd>{formatRupees(totals.total)}</dd>
      </div>
    </dl>
  );
}
