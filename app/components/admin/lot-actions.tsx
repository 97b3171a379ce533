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
  return (
    <details open={Boolean(adjust || writeOff)} className="lg:min-w-64">
      <summary className="cursor-pointer text-primary">
        Adjust or write off<span className="sr-only"> {name}</span>
      </summary>
      <div className="grid gap-4 pt-3">
        <LotQuantityForm
          lotId={lotId}
          name={name}
          state={adjust}
          intent="adjust"
          verb="Adjust"
          quantity={{ name: "counted", label: "Counted quantity", startsAt: String(quantityLeft) }}
          variant="outline"
        />
        {quantityLeft > 0 ? (
          <LotQuantityForm
            lotId={lotId}
            name={name}
            state={writeOff}
            intent="write-off"
            verb="Write off"
            quantity={{ name: "quantity", label: "Quantity to write off", startsAt: "" }}
            variant="destructive"
          />
        ) : null}
      </div>
    </details>
  );
}

/**
 * One of a lot's forms: a quantity and a reason, posted by intent. A count starts at what is left;
 * a write-off starts empty, so a press of the button never writes off the whole lot by default.
 */
function LotQuantityForm({
  lotId,
  name,
  state,
  intent,
  verb,
  quantity,
  variant,
}: {
  lotId: string;
  name: string;
  state?: LotFormState;
  intent: "adjust" | "write-off";
  /** The button's word, and the form's name with the lot's. */
  verb: string;
  quantity: { name: string; label: string; startsAt: string };
  variant: "outline" | "destructive";
}) {
  const id = (field: string) => `${intent}-${lotId}-${field}`;
  return (
    <Form method="post" className="grid gap-2" aria-label={`${verb} ${name}`}>
      <input type="hidden" name="lotId" value={lotId} />
      {state?.errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {state.errors.form[0]}
        </p>
      ) : null}
      <Field label={quantity.label} id={id(quantity.name)} errors={state?.errors[quantity.name]}>
        {(control) => (
          <Input
            {...control}
            name={quantity.name}
            inputMode="numeric"
            pattern="[0-9]*"
            required
            autoComplete="off"
            defaultValue={state?.values[quantity.name] ?? quantity.startsAt}
          />
        )}
      </Field>
      <Field label="Reason" id={id("reason")} errors={state?.errors.reason}>
        {(control) => (
          <Input
            {...control}
            name="reason"
            required
            maxLength={STOCK_REASON_MAX}
            defaultValue={state?.values.reason}
          />
        )}
      </Field>
      <div>
        <Button type="submit" name="intent" value={intent} size="sm" variant={variant}>
          {verb}
        </Button>
      </div>
    </Form>
  );
}
