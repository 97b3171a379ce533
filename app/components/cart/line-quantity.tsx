import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Minus, Plus } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { MAX_QUANTITY_PER_PRODUCT } from "~/domain/cart-limits";
import type { CartLineView } from "~/modules/cart/cart-view.server";

/**
 * The line's quantity as the customer sees it: what is being sent (never shown above what the
 * server will allow), else what the cart holds. The line's price follows it too.
 */
export function useLineQuantity(line: CartLineView) {
  const fetcher = useFetcher({ key: `quantity-${line.variantId}` });
  const max = Math.min(MAX_QUANTITY_PER_PRODUCT, Math.max(line.stockQuantity, 1));
  const submitted =
    fetcher.formData?.get("intent") === "set-quantity"
      ? Number(fetcher.formData.get("quantity"))
      : null;
  const quantity =
    submitted !== null && Number.isInteger(submitted) && submitted >= 1
      ? Math.min(submitted, max)
      : line.quantity;
  return { fetcher, quantity, max };
}

/**
 * docs/SPEC.md §4: − and +, or a quantity typed in. The server ignores a value below 1 and lowers one
 * above the limit or the stock, with a message; the box then shows what the cart holds. Without
 * JavaScript the typed value is sent with Update; with it, when the box loses focus.
 */
export function LineQuantity({ line }: { line: CartLineView }) {
  const { fetcher, quantity, max } = useLineQuantity(line);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const inputId = `quantity-${line.variantId}`;

  // After every answer (also an ignored or lowered value) the box shows the cart's quantity.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetcher.data marks a new answer
  useEffect(() => {
    if (fetcher.state === "idle" && input.current) input.current.value = String(line.quantity);
  }, [fetcher.state, fetcher.data, line.quantity]);

  const stepButton =
    "inline-flex size-9 items-center justify-center hover:bg-secondary disabled:opacity-40";
  return (
    <div className="grid justify-items-end gap-2">
      <fieldset className="flex items-center rounded-md border border-input">
        <legend className="sr-only">Quantity of {line.name}</legend>
        <fetcher.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="set-quantity" />
          <input type="hidden" name="variantId" value={line.variantId} />
          <input type="hidden" name="quantity" value={quantity - 1} />
          <button
            type="submit"
            className={stepButton}
            disabled={quantity <= 1}
            aria-label={`Decrease quantity of ${line.name}`}
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action="/cart" className="flex items-center">
          <input type="hidden" name="intent" value="set-quantity" />
          <input type="hidden" name="variantId" value={line.variantId} />
          <label htmlFor={inputId} className="sr-only">
            Quantity of {line.name}
          </label>
          <input
            ref={input}
            id={inputId}
            name="quantity"
            type="number"
            inputMode="numeric"
            defaultValue={line.quantity}
            onBlur={(event) => {
              if (event.currentTarget.value !== String(line.quantity))
                fetcher.submit(event.currentTarget.form);
            }}
            className="h-9 w-12 border-input border-x bg-transparent text-center [appearance:textfield]"
          />
          {hydrated ? null : (
            <Button type="submit" variant="ghost" size="sm" className="rounded-none border-r">
              Update
            </Button>
          )}
        </fetcher.Form>
        <fetcher.Form method="post" action="/cart">
          <input type="hidden" name="intent" value="set-quantity" />
          <input type="hidden" name="variantId" value={line.variantId} />
          <input type="hidden" name="quantity" value={quantity + 1} />
          <button
            type="submit"
            className={stepButton}
            disabled={quantity >= max}
            aria-label={`Increase quantity of ${line.name}`}
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </fetcher.Form>
      </fieldset>
    </div>
  );
}
