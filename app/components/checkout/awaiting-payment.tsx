import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Banknote, Clock } from "~/components/icons";
import { Button } from "~/components/ui/button";
import type { CashOnDeliveryAvailability } from "~/domain/cash-on-delivery";
import { formatIstDateTime } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { CASH_ON_DELIVERY_INTENT, type CardPaymentMode } from "~/domain/orders";
import { PayNowButton } from "./pay-now-button";

/**
 * docs/decisions/050: the card order placed at this checkout is waiting for its payment. The buyer
 * pays now (the payment opens again, as often as needed) or, where the shop's limits allow it,
 * pays in cash on delivery instead; the server decides both again. Unpaid, the order is cancelled
 * when its payment window ends, as from the Orders tab.
 */
export function AwaitingPayment({
  order,
  cardPayments,
  cashOnDelivery,
}: {
  order: { id: string; orderNumber: string; total: number; payBy: string };
  cardPayments: CardPaymentMode;
  cashOnDelivery: CashOnDeliveryAvailability;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const switching =
    navigation.state !== "idle" && navigation.formData?.get("intent") === CASH_ON_DELIVERY_INTENT;
  // The payment's dialog had the focus and is gone, and the longer form it covered too: the news
  // is this panel, at the top of the page.
  useEffect(() => {
    if (document.activeElement !== document.body) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      aria-labelledby="awaiting-payment-heading"
      className="grid max-w-2xl gap-4 rounded-xl border border-warning bg-card p-6"
    >
      <h2
        id="awaiting-payment-heading"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-display font-semibold text-2xl outline-none"
      >
        <Clock className="size-6 text-warning" aria-hidden="true" /> Payment not completed
      </h2>
      <p>
        Your order {order.orderNumber} for {formatRupees(order.total)} is waiting for its payment.
        Its items are kept for you until {formatIstDateTime(order.payBy)} (India time); unpaid, the
        order is then cancelled.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {cardPayments === "off" ? null : (
          <PayNowButton orderId={order.id} label="Pay now" size="lg" />
        )}
        {cashOnDelivery.available ? (
          <Form method="post" action="/checkout">
            <input type="hidden" name="intent" value={CASH_ON_DELIVERY_INTENT} />
            <input type="hidden" name="orderId" value={order.id} />
            <Button type="submit" size="lg" variant="outline" disabled={switching}>
              <Banknote aria-hidden="true" />
              {switching ? "Switching..." : "Switch to Cash on Delivery"}
            </Button>
          </Form>
        ) : null}
      </div>
      {cashOnDelivery.available ? null : (
        <p className="text-muted-foreground text-sm">{cashOnDelivery.reason}</p>
      )}
      <noscript>
        <p className="text-muted-foreground text-sm">
          Paying by card needs JavaScript in your browser.
        </p>
      </noscript>
      <p className="text-sm">
        The order is also in{" "}
        <Link to="/profile?tab=orders" className="underline underline-offset-4">
          your orders
        </Link>
        .
      </p>
    </section>
  );
}
