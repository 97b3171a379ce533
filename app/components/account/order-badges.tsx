import { Badge } from "~/components/ui/badge";
import { orderStatusTone, statusLabel, TEST_PAYMENT_MARK } from "~/domain/orders";

/** docs/SPEC.md §4: yellow pending, blue processing, purple shipped, green delivered, red cancelled. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={orderStatusTone(status)}>{statusLabel(status)}</Badge>;
}

/** docs/SPEC.md §4: 'paid' in the default style, anything else in the secondary one. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge variant={status === "paid" ? "default" : "secondary"}>{statusLabel(status)}</Badge>;
}

/** A card payment of the built-in test gateway: no money moved, so the owner must not ship on it. */
export function TestPaymentBadge() {
  return (
    <Badge variant="destructive" className="whitespace-normal">
      {TEST_PAYMENT_MARK}
    </Badge>
  );
}
