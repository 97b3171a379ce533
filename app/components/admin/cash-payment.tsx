import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { ConfirmCard, ConfirmDialog } from "~/components/confirm-dialog";
import { Banknote } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { formatIstDateTime } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { type OrderStatus, type PaymentStatus, paymentArrived } from "~/domain/orders";

type CashOrder = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  paidAt: Date | string | null;
  total: number;
};

/** The order's page with the question asked (or not), for a browser without JavaScript. */
function useQuestionHref(asking: boolean) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  if (asking) params.set("confirm", "record-cash");
  else params.delete("confirm");
  const text = params.toString();
  return `${pathname}${text ? `?${text}` : ""}`;
}

/**
 * A cash-on-delivery order's cash is recorded by hand when the courier hands it over, which may be
 * days after the delivery (docs/decisions/049), so only once the order is delivered, and only
 * after asking: it marks the order paid and mails the customer a receipt (decision 074). With
 * JavaScript the question is an alertdialog; without, it is asked on the page. A paid order shows
 * when it was paid, and a cancelled one paid in cash that its money is owed back (a card payment
 * is refunded through the gateway).
 */
export function CashPayment({
  order,
  action,
  asking = false,
}: {
  order: CashOrder;
  action: string;
  /** The page asks the question (?confirm=record-cash), for a browser without JavaScript. */
  asking?: boolean;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const askHref = useQuestionHref(true);
  const backHref = useQuestionHref(false);
  if (paymentArrived(order.paymentStatus)) {
    return (
      <>
        {order.paidAt ? (
          <span className="text-muted-foreground text-xs">
            Paid{" "}
            <time dateTime={new Date(order.paidAt).toISOString()}>
              {formatIstDateTime(order.paidAt)}
            </time>
          </span>
        ) : null}
        {order.status === "cancelled" && order.paymentMethod === "cod" ? (
          <Badge variant="destructive" className="whitespace-normal!">
            Refund due: {formatRupees(order.total)} was received for this cancelled order
          </Badge>
        ) : null}
      </>
    );
  }
  if (order.paymentMethod !== "cod" || order.status !== "delivered") return null;
  const busy = fetcher.state !== "idle";
  const question = `Record the cash for order ${order.orderNumber}?`;
  const description = `Order ${order.orderNumber} is marked paid with ${formatRupees(order.total)} received, and the customer is sent a receipt. This cannot be undone.`;
  const label = (
    <>
      <Banknote aria-hidden="true" /> {busy ? "Recording..." : "Record cash received"}
    </>
  );
  if (!hydrated) {
    return asking ? (
      <ConfirmCard
        id={`record-cash-${order.id}`}
        title={question}
        description={description}
        cancelHref={backHref}
        cancelLabel="Not Yet"
      >
        <form method="post" action={action}>
          <input type="hidden" name="intent" value="record-cash" />
          <input type="hidden" name="orderId" value={order.id} />
          <Button type="submit">Yes, Record Cash</Button>
        </form>
      </ConfirmCard>
    ) : (
      <Link to={askHref} className={buttonVariants({ size: "sm", variant: "outline" })}>
        {label}
      </Link>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={question}
      description={description}
      cancelLabel="Not Yet"
      trigger={
        <Button type="button" size="sm" variant="outline" disabled={busy}>
          {label}
        </Button>
      }
    >
      <Button
        type="button"
        onClick={() => {
          setOpen(false);
          fetcher.submit({ intent: "record-cash", orderId: order.id }, { method: "post", action });
        }}
      >
        Yes, Record Cash
      </Button>
    </ConfirmDialog>
  );
}
