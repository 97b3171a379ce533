import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { formatRupees } from "~/domain/money";
import { ORDER_STATUSES, type OrderStatus, orderStatusTone, statusLabel } from "~/domain/orders";
import { cn } from "~/lib/cn";

/** The select takes its status's badge colour (docs/SPEC.md §4): yellow, blue, purple, green, red. */
const TONE_CLASSES = {
  warning: "bg-badge-yellow text-badge-yellow-foreground",
  info: "bg-badge-blue text-badge-blue-foreground",
  purple: "bg-badge-purple text-badge-purple-foreground",
  success: "bg-badge-green text-badge-green-foreground",
  destructive: "bg-badge-red text-badge-red-foreground",
  neutral: "bg-badge-grey text-badge-grey-foreground",
} as const;

const shapeClass = "h-9 rounded-full border border-transparent px-3 font-medium text-sm";
const selectClass = `${shapeClass} cursor-pointer disabled:cursor-wait disabled:opacity-70`;

/**
 * docs/SPEC.md §2: the inline status dropdown of an orders row, any status from any other. Choosing
 * Cancelled asks first, since it gives back the stock and coupon; choosing another status for a
 * cancelled order reopens it and takes them again (the server refuses when they are gone). For a
 * paid card order the question says how much goes back to the card (docs/decisions/074).
 * Before JavaScript loads it is a plain form with an Update button. An order refunded in full is
 * closed (docs/decisions/049): its status shows, with nothing to choose.
 */
export function OrderStatusSelect({
  orderId,
  orderNumber,
  status,
  action,
  closed = false,
  cardRefund = 0,
}: {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  action: string;
  closed?: boolean;
  /** What cancelling refunds to the customer's card, in paise: what is left of a card payment. */
  cardRefund?: number;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const label = `Status of order ${orderNumber}`;
  if (closed) {
    return (
      <select
        aria-label={label}
        title="Refunded in full: this order is closed"
        defaultValue={status}
        disabled
        className={cn(shapeClass, TONE_CLASSES[orderStatusTone(status)])}
      >
        <option value={status} className="bg-card text-foreground">
          {statusLabel(status)}
        </option>
      </select>
    );
  }
  const submitting = fetcher.formData?.get("status");
  const shown = (typeof submitting === "string" ? submitting : status) as OrderStatus;
  const options = ORDER_STATUSES.map((value) => (
    <option key={value} value={value} className="bg-card text-foreground">
      {statusLabel(value)}
    </option>
  ));
  const submit = (next: OrderStatus) =>
    fetcher.submit({ intent: "status", orderId, status: next }, { method: "post", action });

  if (!hydrated) {
    return (
      <fetcher.Form method="post" action={action} className="flex items-center gap-2">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="orderId" value={orderId} />
        <select
          name="status"
          aria-label={label}
          defaultValue={status}
          className={cn(selectClass, TONE_CLASSES[orderStatusTone(status)])}
        >
          {options}
        </select>
        <Button type="submit" size="sm" variant="outline">
          Update
        </Button>
      </fetcher.Form>
    );
  }
  return (
    <>
      <select
        aria-label={label}
        value={shown}
        disabled={fetcher.state !== "idle"}
        onChange={(event) => {
          const next = event.currentTarget.value as OrderStatus;
          if (next === "cancelled") setConfirming(true);
          else submit(next);
        }}
        className={cn(selectClass, TONE_CLASSES[orderStatusTone(shown)])}
      >
        {options}
      </select>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel order ${orderNumber}?`}
        description={`${cardRefund > 0 ? `${formatRupees(cardRefund)} paid by card will be refunded to the customer's card. ` : ""}Its items go back into stock and its coupon use is given back. Reopening it later takes them again, if they are still there.`}
        cancelLabel="Keep Order"
      >
        <Button
          type="button"
          variant="destructive"
          onClick={() => {
            setConfirming(false);
            submit("cancelled");
          }}
        >
          Yes, Cancel Order
        </Button>
      </ConfirmDialog>
    </>
  );
}
