import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { ConfirmCard, ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { STOCK_REASON_MAX } from "~/domain/validation/stock-lots";

/**
 * What a lot form shows again: its messages by field ("form" for the whole) and values, or, for
 * a write-off sent without JavaScript, the question to answer before it is done (`confirm`).
 */
export type LotFormState = {
  errors: Record<string, string[]>;
  values: Record<string, string>;
  confirm?: boolean;
};

/** "Write off 5 units of Batch B-12?": the question a write-off asks, which names its dialog. */
export function writeOffQuestion(quantity: string, name: string) {
  return `Write off ${quantity} ${quantity === "1" ? "unit" : "units"} of ${name}?`;
}

export const WRITE_OFF_WARNING =
  "They leave stock for good, recorded with your reason. This cannot be undone.";

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
        {quantityLeft > 0 && writeOff?.confirm ? (
          <WriteOffQuestion lotId={lotId} name={name} values={writeOff.values} />
        ) : quantityLeft > 0 ? (
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
  const formId = useId();
  const hydrated = useHydrated();
  // A write-off cannot be undone: with JavaScript a dialog asks first; without it, the server does.
  const asks = intent === "write-off" && hydrated;
  const [asking, setAsking] = useState<string | null>(null);
  return (
    <Form
      method="post"
      id={formId}
      className="grid gap-2"
      aria-label={`${verb} ${name}`}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (!asks || submitter?.getAttribute("name") === "confirmed") return;
        event.preventDefault();
        setAsking(String(new FormData(event.currentTarget).get(quantity.name) ?? "").trim());
      }}
    >
      <input type="hidden" name="intent" value={intent} />
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
        <Button type="submit" size="sm" variant={variant}>
          {verb}
        </Button>
      </div>
      {asks ? (
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(open) => setAsking(open ? asking : null)}
          title={writeOffQuestion(asking ?? "", name)}
          description={WRITE_OFF_WARNING}
        >
          <Button
            type="submit"
            form={formId}
            name="confirmed"
            value="yes"
            variant="destructive"
            onClick={() => setAsking(null)}
          >
            {verb}
          </Button>
        </ConfirmDialog>
      ) : null}
    </Form>
  );
}

/**
 * A write-off sent without JavaScript comes back as its question, on the page itself: the values
 * sent, kept in the form that goes ahead, and Cancel back to the lots.
 */
function WriteOffQuestion({
  lotId,
  name,
  values,
}: {
  lotId: string;
  name: string;
  values: Record<string, string>;
}) {
  const { pathname } = useLocation();
  return (
    <ConfirmCard
      id={`write-off-${lotId}`}
      title={writeOffQuestion(values.quantity ?? "", name)}
      description={`Reason: ${values.reason ?? ""}. ${WRITE_OFF_WARNING}`}
      cancelHref={pathname}
    >
      <Form method="post">
        <input type="hidden" name="intent" value="write-off" />
        <input type="hidden" name="lotId" value={lotId} />
        <input type="hidden" name="quantity" value={values.quantity ?? ""} />
        <input type="hidden" name="reason" value={values.reason ?? ""} />
        <Button type="submit" name="confirmed" value="yes" variant="destructive">
          Write off
        </Button>
      </Form>
    </ConfirmCard>
  );
}
