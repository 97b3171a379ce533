import { type FieldMeta, InputField, SelectField } from "~/components/forms";
import { NetQuantityField } from "./legal-details-fields";

/** A size as the edit form lists it (docs/decisions/056). */
export type SizeRowProduct = {
  id: string;
  label: string;
  sku: string;
  price: number;
  discountPrice: number | null;
  stockQuantity: number;
  weightGrams: number | null;
  netQuantity: string | null;
  archived: boolean;
  ordered: boolean;
};

type SizeFieldset = {
  id: FieldMeta;
  label: FieldMeta;
  sku: FieldMeta;
  price: FieldMeta;
  discountPrice: FieldMeta;
  stockQuantity: FieldMeta;
  weightGrams: FieldMeta;
  netQuantity: FieldMeta;
  position: FieldMeta;
  action: FieldMeta;
};

const rupees = (paise: number | null) => (paise === null ? "" : (paise / 100).toFixed(2));

/** A stored size as the row's fields start. */
export function sizeRowDefaults(size: SizeRowProduct, index: number) {
  return {
    id: size.id,
    label: size.label,
    sku: size.sku,
    price: rupees(size.price),
    discountPrice: rupees(size.discountPrice),
    stockQuantity: String(size.stockQuantity),
    weightGrams: size.weightGrams === null ? "" : String(size.weightGrams),
    netQuantity: size.netQuantity ?? "",
    position: String(index + 1),
    action: size.archived ? "archive" : "sell",
  };
}

/** The figures of one size: the same fields and bounds as the one-size form's. */
/** The input of a rupee amount: by the paisa, from ₹0.01. */
export const RUPEES_INPUT = {
  type: "number",
  step: "0.01",
  min: "0.01",
  inputMode: "decimal",
} as const;

/** The input of a stock count: whole units, from 0. */
export const UNITS_INPUT = { type: "number", step: "1", min: "0", inputMode: "numeric" } as const;

function Figures({
  fields,
  named = (label) => label,
}: {
  /** The labels as shown: the rows' own, or "New size: …" beside the one-size form's fields. */
  named?: (label: string) => string;
  fields: Pick<SizeFieldset, "price" | "discountPrice" | "stockQuantity" | "weightGrams">;
}) {
  return (
    <>
      <InputField meta={fields.price} label={named("Price (₹)")} {...RUPEES_INPUT} />
      <InputField
        meta={fields.discountPrice}
        label={named("Discount Price (₹)")}
        {...RUPEES_INPUT}
      />
      <InputField meta={fields.stockQuantity} label={named("Stock Quantity")} {...UNITS_INPUT} />
      <InputField
        meta={fields.weightGrams}
        label={named("Weight (g)")}
        type="number"
        step="1"
        min="1"
        inputMode="numeric"
      />
    </>
  );
}

/**
 * A product's sizes, a row each: name, SKU, price, discount price, stock, weight, position (the
 * order shoppers see them in) and what to do with it. A size that was ordered can be archived,
 * one never ordered deleted. The last, empty row adds a size. Plain fields: works without
 * JavaScript.
 */
export function SizeRows({ rows, stored }: { rows: SizeFieldset[]; stored: SizeRowProduct[] }) {
  return (
    <div className="grid gap-3 sm:col-span-2">
      <p className="text-muted-foreground text-sm">
        Each size has its own SKU, price and stock. Shoppers see the sizes on sale in the order of
        their positions. Leave the last row empty to add no size.
      </p>
      {rows.map((row, index) => {
        const size = stored[index];
        return (
          <fieldset
            key={row.id.key ?? index}
            className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-4"
          >
            <legend className="px-1 font-medium text-sm">
              {size ? size.label || `Size ${index + 1}` : "Add a size"}
            </legend>
            <input type="hidden" name={row.id.name} defaultValue={size?.id ?? ""} />
            <InputField meta={row.label} label="Size" placeholder="e.g. 500 g" maxLength={40} />
            <InputField meta={row.sku} label="SKU" maxLength={160} />
            <Figures fields={row} />
            <NetQuantityField meta={row.netQuantity} sizeLabel={size?.label ?? ""} />
            <InputField
              meta={row.position}
              label="Position"
              type="number"
              step="1"
              min="1"
              inputMode="numeric"
            />
            {size ? (
              <SelectField meta={row.action} label="Status">
                <option value="sell">On sale</option>
                <option value="archive">Archived (kept for its orders, not sold)</option>
                {size.ordered ? null : <option value="remove">Delete this size</option>}
              </SelectField>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}

/**
 * For a product with one size: its name, SKU and weight, and a second size to add, folded away
 * so the form reads as docs/SPEC.md §5 has it until the owner opens it.
 */
export function MoreSizes({
  only,
  added,
}: {
  only: Pick<SizeFieldset, "label" | "sku" | "weightGrams">;
  added: SizeFieldset;
}) {
  return (
    <details className="grid gap-3 sm:col-span-2">
      <summary className="cursor-pointer font-medium text-sm">Pack sizes and SKU</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <InputField
          meta={only.label}
          label="This size"
          description="Needed once there are two sizes, e.g. 500 g."
          maxLength={40}
        />
        <InputField meta={only.sku} label="SKU" description="Empty: the slug." maxLength={160} />
        <InputField
          meta={only.weightGrams}
          label="Weight (g)"
          type="number"
          step="1"
          min="1"
          inputMode="numeric"
        />
      </div>
      <fieldset className="mt-3 grid gap-3 rounded-md border border-border p-3 sm:grid-cols-4">
        <legend className="px-1 font-medium text-sm">Add a size</legend>
        <InputField meta={added.label} label="New size" placeholder="e.g. 1 kg" maxLength={40} />
        <InputField meta={added.sku} label="New size's SKU" maxLength={160} />
        <Figures fields={added} named={(label) => `New size's ${label.toLowerCase()}`} />
        <NetQuantityField meta={added.netQuantity} sizeLabel="" label="New size's net quantity" />
      </fieldset>
    </details>
  );
}
