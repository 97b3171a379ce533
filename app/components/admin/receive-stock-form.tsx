import { useState } from "react";
import { Form } from "react-router";
import type { LotFormState } from "~/components/admin/lot-actions";
import { PackagePlus } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { lastDayOfMonth, nearExpiryWarning } from "~/domain/batch-labels";
import { BATCH_NUMBER_MAX, parseMonth } from "~/domain/validation/stock-lots";

/** What the batch would warn of with this expiry month typed, or null. */
function warningFor(typed: string | undefined, shelfLife: ShelfLife) {
  const month = typed ? parseMonth(typed.trim()) : null;
  if (!month) return null;
  return nearExpiryWarning(lastDayOfMonth(month), shelfLife.today, shelfLife.minDays);
}

/** The shop's day and its minimum shelf life, as the server counts them. */
export type ShelfLife = { today: string; minDays: number };

/**
 * A size's Receive stock form (docs/decisions/059): batch number, manufacturing and expiry month
 * (a month field; where the browser shows a plain text field, MM/YYYY is read too) and quantity.
 * A refused submission comes back with its values and each message beside its field. An expiry
 * inside the minimum shelf life is warned of as it is entered (the lot may still be received; the
 * answer to the submission says it again, for a browser without JavaScript).
 */
export function ReceiveStockForm({
  sizeId,
  sizeName,
  state,
  shelfLife,
}: {
  sizeId: string;
  sizeName: string;
  state?: LotFormState;
  shelfLife: ShelfLife;
}) {
  const id = (name: string) => `receive-${sizeId}-${name}`;
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  const [warning, setWarning] = useState(() => warningFor(values.expiresOn, shelfLife));
  return (
    <Form method="post" className="grid gap-3" aria-labelledby={id("heading")}>
      <h3 id={id("heading")} className="font-semibold">
        Receive stock<span className="sr-only"> of {sizeName}</span>
      </h3>
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.form[0]}
        </p>
      ) : null}
      <input type="hidden" name="variantId" value={sizeId} />
      <div className="grid gap-3 sm:grid-cols-4">
        <Field label="Batch number" id={id("batch")} errors={errors.batchNumber}>
          {(control) => (
            <Input
              {...control}
              name="batchNumber"
              required
              maxLength={BATCH_NUMBER_MAX}
              autoComplete="off"
              defaultValue={values.batchNumber}
            />
          )}
        </Field>
        <Field
          label="Manufacturing month"
          id={id("mfg")}
          errors={errors.manufacturedOn}
          description="MM/YYYY"
        >
          {(control) => (
            <Input
              {...control}
              type="month"
              name="manufacturedOn"
              required
              placeholder="MM/YYYY"
              defaultValue={values.manufacturedOn}
            />
          )}
        </Field>
        <Field label="Expiry month" id={id("exp")} errors={errors.expiresOn} description="MM/YYYY">
          {(control) => (
            <Input
              {...control}
              type="month"
              name="expiresOn"
              required
              placeholder="MM/YYYY"
              defaultValue={values.expiresOn}
              onChange={(event) => setWarning(warningFor(event.currentTarget.value, shelfLife))}
            />
          )}
        </Field>
        <Field label="Quantity" id={id("qty")} errors={errors.quantity}>
          {(control) => (
            <Input
              {...control}
              name="quantity"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              autoComplete="off"
              defaultValue={values.quantity}
            />
          )}
        </Field>
      </div>
      <p role="status" className="text-sm">
        {warning ? <span className="font-medium text-warning">{warning}</span> : null}
      </p>
      <div>
        <Button type="submit" name="intent" value="receive">
          <PackagePlus aria-hidden="true" /> Receive stock
        </Button>
      </div>
    </Form>
  );
}
