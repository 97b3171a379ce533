import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { formatRupeesShort } from "~/domain/money";

export type SizeOption = {
  id: string;
  sku: string;
  label: string;
  price: number;
  discountPrice: number | null;
  stockQuantity: number;
};

/**
 * A product's pack sizes as a radio group (docs/decisions/056), each with its price and whether
 * it is out of stock. Choosing one opens the page of that size (`?size=<sku>`): with JavaScript
 * at once, without it by the "Choose size" button. The tab open stays open.
 */
export function SizePicker({
  sizes,
  chosenId,
  tab,
}: {
  sizes: readonly SizeOption[];
  chosenId: string;
  tab: string | null;
}) {
  const submit = useSubmit();
  return (
    <Form
      // A new form for each page, so the checked radio is the page's size after back and forward.
      key={chosenId}
      method="get"
      preventScrollReset
      replace
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Size</legend>
        <div className="flex flex-wrap gap-2">
          {sizes.map((size) => {
            const id = `size-${size.id}`;
            const soldOut = size.stockQuantity <= 0;
            return (
              <label
                key={size.id}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border bg-card px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  id={id}
                  type="radio"
                  name="size"
                  value={size.sku}
                  defaultChecked={size.id === chosenId}
                  className="size-4 accent-primary"
                />
                <span className="grid">
                  <span className="font-medium">{size.label}</span>
                  <span className="text-muted-foreground text-sm">
                    {soldOut
                      ? `${formatRupeesShort(size.discountPrice ?? size.price)} · Out of stock`
                      : formatRupeesShort(size.discountPrice ?? size.price)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <noscript>
        <Button type="submit" variant="outline" size="sm" className="mt-2">
          Choose size
        </Button>
      </noscript>
    </Form>
  );
}
