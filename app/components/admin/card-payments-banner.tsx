import { AlertTriangle, Info } from "~/components/icons";
import type { CardPaymentMode } from "~/domain/orders";

/**
 * Says on every back-office page when card payments are not live, so a test payment is never
 * taken for money received (docs/decisions/016).
 */
export function CardPaymentsBanner({ mode }: { mode: CardPaymentMode }) {
  if (mode === "test") {
    return (
      <section
        aria-label="Card payments"
        className="mb-6 flex gap-3 rounded-lg border-2 border-badge-red-foreground bg-badge-red p-4 text-badge-red-foreground"
      >
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold text-base">Card payments are in test mode</p>
          <p>
            Card payments go to the built-in test gateway and no money is taken. Orders paid this
            way are marked “TEST PAYMENT — not a real payment”: do not ship them as paid. Set
            RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for live payments, or CARD_PAYMENTS=off to offer
            cash on delivery only.
          </p>
        </div>
      </section>
    );
  }
  if (mode === "off") {
    return (
      <section
        aria-label="Card payments"
        className="mb-6 flex gap-3 rounded-lg border border-border bg-card p-4 text-sm"
      >
        <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>
          <span className="font-semibold">Card payments are switched off</span> (CARD_PAYMENTS=off):
          the checkout offers cash on delivery only.
        </p>
      </section>
    );
  }
  return null;
}
