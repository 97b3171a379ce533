import { CreditCard } from "lucide-react";
import { useFetcher } from "react-router";
import { deferred } from "~/components/deferred";
import { Button } from "~/components/ui/button";
import type { CheckoutOptions } from "~/modules/payments/card-payments.server";
import { useRootData } from "~/root";

/** The card payment (its dialog, Razorpay's script, the toasts) loads apart from the page. */
const CardPayment = deferred(() => import("./card-payment").then((module) => module.CardPayment));

/** docs/SPEC.md §2 Orders tab: a pending card order can be paid again until its payment window ends. */
export function PayNowButton({ orderId }: { orderId: string }) {
  const start = useFetcher<{ payment?: CheckoutOptions }>();
  const shopName = useRootData()?.shop.name ?? "";
  const payment = start.data?.payment;
  return (
    <>
      <start.Form method="post" action="/checkout/payment">
        <input type="hidden" name="intent" value="start" />
        <input type="hidden" name="orderId" value={orderId} />
        <Button type="submit" size="sm" disabled={start.state !== "idle"}>
          <CreditCard aria-hidden="true" />
          {start.state !== "idle" ? "Opening..." : "Pay Now"}
        </Button>
      </start.Form>
      {payment && start.state === "idle" ? (
        <CardPayment key={payment.providerOrderId} options={payment} shopName={shopName} />
      ) : null}
    </>
  );
}
