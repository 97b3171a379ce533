import { useState } from "react";
import { useFetcher } from "react-router";
import { deferred } from "~/components/deferred";
import { CreditCard } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import type { CheckoutOptions } from "~/modules/payments/card-payments.server";
import { useRootData } from "~/root";

/** The card payment (its dialog, Razorpay's script, the toasts) loads apart from the page. */
const CardPayment = deferred(() => import("./card-payment").then((module) => module.CardPayment));

/**
 * docs/SPEC.md §2 Orders tab: a pending card order can be paid again until its payment window ends.
 * The checkout offers it too, larger and named "Pay now" (docs/decisions/050). A payment closed
 * unpaid is closed, the page stays, and each press opens it again. A card payment runs in the
 * browser, so the button waits for the page's script.
 */
export function PayNowButton({
  orderId,
  label = "Pay Now",
  size = "sm",
}: {
  orderId: string;
  label?: string;
  size?: "sm" | "lg";
}) {
  const start = useFetcher<{ payment?: CheckoutOptions }>();
  const shopName = useRootData()?.shop.name ?? "";
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<CheckoutOptions | null>(null);
  const payment = start.data?.payment;
  return (
    <>
      <start.Form method="post" action="/checkout/payment">
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="orderId" value={orderId} />
        <Button type="submit" size={size} disabled={!hydrated || start.state !== "idle"}>
          <CreditCard aria-hidden="true" />
          {start.state !== "idle" ? "Opening..." : label}
        </Button>
      </start.Form>
      {payment && payment !== closed && start.state === "idle" ? (
        <CardPayment
          key={payment.providerOrderId}
          options={payment}
          shopName={shopName}
          onDismiss={() => setClosed(payment)}
        />
      ) : null}
    </>
  );
}
