import { Truck, Zap } from "~/components/icons";
import { dayRange, EXPRESS_DELIVERY_DAYS, STANDARD_DELIVERY_DAYS } from "~/content/policy";
import { formatRupees } from "~/domain/money";
import type { Totals } from "~/domain/pricing";
import { SHIPPING_METHOD_LABELS, SHIPPING_METHODS, type ShippingMethod } from "~/domain/shipping";

const DELIVERY_TIMES: Record<ShippingMethod, string> = {
  standard: `${dayRange(STANDARD_DELIVERY_DAYS)} business days`,
  express: `${dayRange(EXPRESS_DELIVERY_DAYS)} days`,
};

const ICONS: Record<ShippingMethod, typeof Truck> = { standard: Truck, express: Zap };

/**
 * Standard or Express, each with the fee and total the server priced. Only the method is posted;
 * without JavaScript the summary keeps showing the first choice, so each option names its own
 * total too.
 */
export function ShippingOptions({
  totalsByMethod,
  selected,
  onSelect,
  error,
  errorId,
  disabled,
  standardBy,
  expressBy,
  expressOffered = true,
}: {
  totalsByMethod: Record<ShippingMethod, Totals>;
  /** The courier's day for standard delivery to the PIN code typed (docs/decisions/061). */
  standardBy?: string | null;
  /** The courier's day for its faster service, where its rates decide the fees (decision 064). */
  expressBy?: string | null;
  /**
   * False where the courier quotes no service faster than standard for the PIN code: express is
   * then not offered (docs/decisions/072).
   */
  expressOffered?: boolean;
  selected: ShippingMethod;
  onSelect: (method: ShippingMethod) => void;
  error?: string;
  errorId: string;
  disabled?: boolean;
}) {
  const methods: readonly ShippingMethod[] = expressOffered
    ? SHIPPING_METHODS
    : SHIPPING_METHODS.filter((method) => method !== "express");
  const checked = methods.includes(selected) ? selected : methods[0];
  return (
    <fieldset
      // Drawn anew when express comes or goes, so that the choice shown is one offered.
      key={methods.length}
      className="grid gap-3 rounded-xl border border-border bg-card p-5"
    >
      <legend className="px-1 font-display font-semibold text-xl">Delivery</legend>
      {methods.map((method) => {
        const id = `shipping-${method}`;
        const totals = totalsByMethod[method];
        const Icon = ICONS[method];
        const by = method === "standard" ? standardBy : expressBy;
        return (
          <label
            key={method}
            htmlFor={id}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-4 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              id={id}
              type="radio"
              name="shippingMethod"
              value={method}
              defaultChecked={method === checked}
              onChange={() => onSelect(method)}
              disabled={disabled}
              aria-describedby={`${id}-description${error ? ` ${errorId}` : ""}`}
              className="mt-1 size-4 accent-primary"
            />
            <span className="grid flex-1 gap-1">
              <span className="flex items-center justify-between gap-2 font-medium">
                <span className="flex items-center gap-2">
                  <Icon className="size-5" aria-hidden="true" /> {SHIPPING_METHOD_LABELS[method]}
                </span>
                <span>{totals.shipping === 0 ? "FREE" : formatRupees(totals.shipping)}</span>
              </span>
              <span id={`${id}-description`} className="text-muted-foreground text-sm">
                {by ? `Delivery by ${by}` : `Delivery in ${DELIVERY_TIMES[method]}`}. Order total{" "}
                {formatRupees(totals.total)}.
              </span>
            </span>
          </label>
        );
      })}
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
