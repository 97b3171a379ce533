import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Truck } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { rememberedPin, rememberPinCookie } from "~/domain/remembered-pin";

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
 * "Check delivery" (docs/decisions/061, 077): a plain GET form, answered by the page itself
 * (`?pin=`, the product page or the cart) before JavaScript runs; afterwards the same form asks
 * the delivery-estimate route and the answer changes in place. The field starts from the PIN code
 * asked, else the default address's (`prefill`), else the one this browser remembers: read here,
 * in the browser, so that a product page kept for every visitor stays the same for all of them.
 */
export function DeliveryCheck({
  answer,
  size,
  prefill,
}: {
  answer: DeliveryCheckAnswer | null;
  /** The pack size shown, kept when the page is asked again without JavaScript. */
  size: string | null;
  /** The signed-in shopper's default address's PIN code (or, on the cart, the remembered one). */
  prefill?: string | null;
}) {
  const fetcher = useFetcher<DeliveryCheckAnswer>();
  const shown = fetcher.data ?? answer;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const remembered = rememberedPin(document.cookie);
    if (input.current && !input.current.value && remembered) input.current.value = remembered;
  }, []);
  return (
    <form
      method="get"
      aria-labelledby="delivery-check-title"
      className="grid gap-2 rounded-xl border border-border bg-card p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const pin = String(new FormData(event.currentTarget).get("pin") ?? "").trim();
        const cookie = rememberPinCookie(pin, { secure: location.protocol === "https:" });
        // biome-ignore lint/suspicious/noDocumentCookie: built by rememberPinCookie from a checked PIN code; the Cookie Store API is not in every browser the shop serves
        if (cookie) document.cookie = cookie;
        fetcher.load(`/api/delivery-estimate?pin=${encodeURIComponent(pin)}`);
      }}
    >
      <h2 id="delivery-check-title" className="flex items-center gap-2 font-medium text-sm">
        <Truck className="size-4 text-primary" aria-hidden="true" /> Check delivery
      </h2>
      <label htmlFor="delivery-pin" className="text-muted-foreground text-sm">
        PIN code
      </label>
      <div className="flex gap-2">
        {size ? <input type="hidden" name="size" value={size} /> : null}
        <Input
          ref={input}
          id="delivery-pin"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          defaultValue={answer?.pin ?? prefill ?? undefined}
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
