import { Truck } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export type DeliveryCheckAnswer =
  | {
      ok: true;
      pin: string;
      tone: "served" | "prepaid" | "unserved";
      text: string;
      by: string | null;
      refusal: string | null;
    }
  | { ok: false; pin: string; message: string };

const TONES = {
  served: "text-success",
  prepaid: "text-warning",
  unserved: "text-destructive",
} as const;

/**
 * "Check delivery" (docs/decisions/061): a plain GET form, answered by the product page itself
 * (`?pin=`) before JavaScript runs; afterwards the same form asks the delivery-estimate route and
 * the answer changes in place.
 */
export function DeliveryCheck({
  answer,
  size,
}: {
  answer: DeliveryCheckAnswer | null;
  /** The pack size shown, kept when the page is asked again without JavaScript. */
  size: string | null;
}) {
  const fetcher = useFetcher<DeliveryCheckAnswer>();
  const shown = fetcher.data ?? answer;
  return (
    <form
      method="get"
      className="grid gap-2 rounded-xl border border-border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const pin = String(new FormData(event.currentTarget).get("pin") ?? "");
        fetcher.load(`/api/delivery-estimate?pin=${encodeURIComponent(pin)}`);
      }}
    >
      <label htmlFor="delivery-pin" className="flex items-center gap-2 font-medium text-sm">
        <Truck className="size-4 text-primary" aria-hidden="true" /> Check delivery
      </label>
      <div className="flex gap-2">
        {size ? <input type="hidden" name="size" value={size} /> : null}
        <Input
          id="delivery-pin"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="PIN code"
          maxLength={6}
          defaultValue={answer?.pin}
          aria-invalid={shown && !shown.ok ? true : undefined}
          aria-describedby="delivery-answer"
          className="max-w-40"
        />
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          Check
        </Button>
      </div>
      <p
        id="delivery-answer"
        role="status"
        className={`text-sm ${shown ? (shown.ok ? TONES[shown.tone] : "text-destructive") : ""}`}
      >
        {shown ? (shown.ok ? shown.text : shown.message) : null}
      </p>
    </form>
  );
}
