import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { STOCK_REASON_MAX } from "~/domain/validation/stock-lots";

/** What a refused lot form shows again: its messages by field ("form" for the whole) and values. */
export type LotFormState = { errors: Record<string, string[]>; values: Record<string, string> };

/**
 * A lot's Adjust and Write off forms, folded in a disclosure that works without JavaScript and
 * opens by itself when one of them was refused, so its messages show.
 */
export function LotActions({
  lotId,
  name,
  quantityLeft,
  adjust,
  writeOff,
}: {
  lotId: string;
  name: string;
  quantityLeft: number;
  adjust?: LotFormState;
  writeOff?: LotFormState;
}) {
  const id = (form: string, field: string) => `${form}-${lotId}-${field}`;
  return (
    <details open={Boolean(adjust || writeOff)} className="min-w-64">
      <summary className="cursor-pointer text-primary">
        Adjust or write off<span className="sr-only"> {name}</span>
      </summary>
      <div className="grid gap-4 pt-3">
        <Form method="post" className="grid gap-2" aria-label={`Adjust ${name}`}>
          <input type="hidden" name="lotId" value={lotId} />
          {adjust?.errors.form ? (
            <p role="alert" className="text-destructive text-sm">
              {adjust.errors.form[0]}
            </p>
          ) : null}
          <Field
            label="Counted quantity"
            id={id("adjust", "counted")}
            errors={adjust?.errors.counted}
          >
            {(control) => (
              <Input
                {...control}
                name="counted"
                inputMode="numeric"
                pattern="[0-9]*"
                required
                autoComplete="off"
                defaultValue={adjust?.values.counted ?? String(quantityLeft)}
              />
            )}
          </Field>
          <Field label="Reason" id={id("adjust", "reason")} errors={adjust?.errors.reason}>
            {(control) => (
              <Input
                {...control}
                name="reason"
                required
                maxLength={STOCK_REASON_MAX}
                defaultValue={adjust?.values.reason}
              />
            )}
          </Field>
          <div>
            <Button type="submit" name="intent" value="adjust" size="sm" variant="outline">
              Adjust
            </Button>
          </div>
        </Form>
        {quantityLeft > 0 ? (
          <Form method="post" className="grid gap-2" aria-label={`Write off ${name}`}>
            <input type="hidden" name="lotId" value={lotId} />
            {writeOff?.errors.form ? (
              <p role="alert" className="text-destructive text-sm">
                {writeOff.errors.form[0]}
              </p>
            ) : null}
            <Field
              label="Quantity to write off"
              id={id("write-off", "quantity")}
              errors={writeOff?.errors.quantity}
            >
              {(control) => (
                <Input
                  {...control}
                  name="quantity"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  required
                  autoComplete="off"
                  defaultValue={writeOff?.values.quantity ?? String(quantityLeft)}
                />
              )}
            </Field>
            <Field label="Reason" id={id("write-off", "reason")} errors={writeOff?.errors.reason}>
              {(control) => (
                <Input
                  {...control}
                  name="reason"
                  required
                  maxLength={STOCK_REASON_MAX}
                  defaultValue={writeOff?.values.reason}
                />
              )}
            </Field>
            <div>
              <Button type="submit" name="intent" value="write-off" size="sm" variant="destructive">
                Write off
              </Button>
            </div>
          </Form>
        ) : null}
      </div>
    </details>
  );
}
