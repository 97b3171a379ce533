import { useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { formatRupeesShort } from "~/domain/money";
import type { SizeOnSale } from "~/domain/pack-sizes";

/**
 * A product's pack sizes as a radio group (docs/decisions/056), each with its price and whether
 * it is out of stock. The radios belong to the Add to Cart form (`form`), so the size checked is
 * the size added, with or without JavaScript (docs/decisions/071). Choosing one opens the page
 * of that size (`?size=<sku>`): with JavaScript at once, without it by the "Choose size" button,
 * which sends that form to this page, and the page answers with the size's own address. The tab
 * open stays open.
 */
export function SizePicker({
  sizes,
  chosenId,
  tab,
  formId,
}: {
  sizes: readonly SizeOnSale[];
  chosenId: string;
  tab: string | null;
  /** The id of the Add to Cart form the radios post with. */
  formId: string;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = (size: SizeOnSale) => {
    const params = new URLSearchParams(tab ? { tab } : {});
    params.set("size", size.sku);
    void navigate(`?${params}`, { preventScrollReset: true, replace: true });
  };
  return (
    // A new group for each page, so the checked radio is the page's size after back and forward.
    <div key={chosenId}>
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
                  form={formId}
                  name="variantId"
                  value={size.id}
                  defaultChecked={size.id === chosenId}
                  onChange={() => open(size)}
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
        <Button
          type="submit"
          form={formId}
          formMethod="get"
          formAction={pathname}
          // Sent only by this button: the tab open, which the cart has no use for.
          name={tab ? "tab" : undefined}
          value={tab ?? undefined}
          variant="outline"
          size="sm"
          className="mt-2"
        >
          Choose size
        </Button>
      </noscript>
    </div>
  );
}
