import { Badge } from "~/components/ui/badge";
import { orderStatusTone, statusLabel, TEST_PAYMENT_MARK } from "~/domain/orders";
import { paymentStandingLabel, type RefundedSoFar } from "~/domain/refunds";

/** docs/SPEC.md §4: yellow pending, blue processing, purple shipped, green delivered, red cancelled. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={orderStatusTone(status)}>{statusLabel(status)}</Badge>;
}

/**
 * docs/SPEC.md §4: 'paid' in the default style, anything else in the secondary one. A paid card
 * payment refunded in part says how much so far; one refunded in full reads "Refunded"
 * (docs/decisions/049).
 */
export function PaymentStatusBadge({
  payment,
}: {
  payment: { paymentStatus: string } & RefundedSoFar;
}) {
  return (
    <Badge variant={payment.paymentStatus === "paid" ? "default" : "secondary"}>
      {paymentStandingLabel(payment)}
    </Badge>
  );
}

/** A card payment of the built-in test gateway: no money moved, so the owner must not ship on it. */
export function TestPaymentBadge() {
  return (
    <Badge variant="destructive" className="whitespace-normal!">
      {TEST_PAYMENT_MARK}
    </Badge>
  );
}
