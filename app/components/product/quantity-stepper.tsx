import { Minus, Plus } from "~/components/icons";
import { useHydrated } from "~/components/use-hydrated";
import { MAX_QUANTITY_PER_PRODUCT } from "~/domain/cart-limits";

/**
 * docs/SPEC.md §2: a quantity from 1 to 10 (never above the stock). The field is the form's
 * `quantity`, so without JavaScript the number typed is posted (the server checks it again); the
 * buttons, which need a script, wait for it.
 */
export function QuantityStepper({
  value,
  onChange,
  max,
  id = "quantity",
}: {
  value: number;
  onChange: (value: number) => void;
  max: number;
  id?: string;
}) {
  const hydrated = useHydrated();
  const limit = Math.max(1, Math.min(MAX_QUANTITY_PER_PRODUCT, max));
  const set = (next: number) => onChange(Math.min(limit, Math.max(1, next)));
  const button =
    "inline-flex size-11 items-center justify-center hover:bg-secondary disabled:opacity-40";
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-sm">
        Quantity
      </label>
      <div className="inline-flex w-fit items-center rounded-md border border-input bg-card">
        <button
          type="button"
          className={button}
          onClick={() => set(value - 1)}
          disabled={!hydrated || value <= 1}
          aria-label="Decrease quantity"
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          value={value}
          onChange={(event) => set(Number.parseInt(event.target.value, 10) || 1)}
          className="h-11 w-14 border-input border-x bg-transparent text-center [appearance:textfield]"
        />
        <button
          type="button"
          className={button}
          onClick={() => set(value + 1)}
          disabled={!hydrated || value >= limit}
          aria-label="Increase quantity"
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
