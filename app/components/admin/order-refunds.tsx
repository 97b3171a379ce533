import { getFormProps, useForm } from "@conform-to/react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatIstDateTime } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { customerMayCancel, type OrderStatus } from "~/domain/orders";
import {
  isRefundableByCard,
  REFUND_STATUS_LABELS,
  type RefundStatus,
  refundableAmount,
  refundTotals,
  showsRefunds,
} from "~/domain/refunds";
import { refundFormSchema } from "~/domain/validation/order-admin";
import type { OrderActionData } from "./order-action-data";

export type RefundView = {
  id: string;
  amount: number;
  reason: string;
  status: RefundStatus;
  lastError: string | null;
  createdAt: Date | string;
  requestedBy: string | null;
};

const TONES: Record<RefundStatus, BadgeVariant> = {
  pending: "warning",
  processed: "success",
  failed: "destructive",
};

export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return <Badge variant={TONES[status]}>{REFUND_STATUS_LABELS[status]}</Badge>;
}

/**
 * docs/decisions/039: a paid card order's refunds, what is left to refund, a form for a partial
 * refund (amount and reason) and a retry for a refund the gateway refused. Plain forms, so they
 * work before JavaScript loads; the server checks the amount against the payment. With
 * JavaScript a refund is confirmed first (docs/decisions/049).
 */
export function OrderRefunds({
  order,
  refunds,
  action,
}: {
  order: {
    id: string;
    status: OrderStatus;
    total: number;
    paymentMethod: string;
    paymentStatus: string;
  };
  refunds: readonly RefundView[];
  action: string;
}) {
  if (!showsRefunds(order, refunds.length)) return null;
  const paidByCard = isRefundableByCard(order);
  const { processed, pending } = refundTotals(refunds);
  const left = paidByCard ? refundableAmount(order.total, refunds) : 0;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Refunded {formatRupees(processed)}
        {pending > 0 ? ` · ${formatRupees(pending)} on its way` : ""} · {formatRupees(left)} left to
        refund
      </p>
      {refunds.length > 0 ? (
        <ul className="grid gap-2">
          {refunds.map((refund) => (
            <li
              key={refund.id}
              className="grid gap-1 rounded-md border border-border p-3 text-sm"
              aria-label={`Refund of ${formatRupees(refund.amount)}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{formatRupees(refund.amount)}</span>
                <RefundStatusBadge status={refund.status} />
              </div>
              <span className="text-muted-foreground">
                {refund.reason} ·{" "}
                <time dateTime={new Date(refund.createdAt).toISOString()}>
                  {formatIstDateTime(refund.createdAt)}
                </time>
                {refund.requestedBy ? ` · by ${refund.requestedBy}` : ""}
              </span>
              {refund.status === "failed" ? <RetryRefund refund={refund} action={action} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {left > 0 ? (
        <RefundForm
          orderId={order.id}
          left={left}
          cancelsWhenAll={customerMayCancel(order.status)}
          action={action}
        />
      ) : null}
    </div>
  );
}

function RetryRefund({ refund, action }: { refund: RefundView; action: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <div className="grid gap-2">
      {refund.lastError ? <p className="text-destructive">{refund.lastError}</p> : null}
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="retry-refund" />
        <input type="hidden" name="refundId" value={refund.id} />
        <Button type="submit" size="sm" variant="outline" disabled={busy}>
          {busy ? "Sending..." : "Retry refund"}
        </Button>
      </fetcher.Form>
    </div>
  );
}

/**
 * The amount and reason; with JavaScript a refund that the shared schema accepts is asked about
 * first, as a cancellation is, since money that has left cannot be called back. Anything the
 * schema refuses goes straight to the server, which answers with the field's message.
 */
function RefundForm({
  orderId,
  left,
  cancelsWhenAll,
  action,
}: {
  orderId: string;
  left: number;
  /** Refunding everything left cancels the order (it has not shipped; decision 049). */
  cancelsWhenAll: boolean;
  action: string;
}) {
  const fetcher = useFetcher<OrderActionData>();
  // Kept after the dialog closes, so its text stays put while it fades out.
  const [asking, setAsking] = useState<{ formData: FormData; amount: number } | null>(null);
  const [open, setOpen] = useState(false);
  const lastResult = fetcher.data?.intent === "refund" ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: `refund-${orderId}`,
    lastResult,
    onSubmit(event, { formData }) {
      const refund = refundFormSchema.safeParse(Object.fromEntries(formData));
      if (!refund.success) return;
      event.preventDefault();
      setAsking({ formData, amount: refund.data.amount });
      setOpen(true);
    },
  });
  const busy = fetcher.state !== "idle";
  return (
    <>
      <fetcher.Form
        method="post"
        action={action}
        {...getFormProps(form)}
        noValidate
        className="grid gap-3 sm:grid-cols-[10rem_1fr]"
      >
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="orderId" value={orderId} />
        <Field
          label="Refund amount (₹)"
          id={`refund-amount-${orderId}`}
          errors={fields.amount?.errors?.slice(0, 1)}
          description={`At most ${formatRupees(left)}`}
        >
          {(control) => <Input {...control} name="amount" inputMode="decimal" autoComplete="off" />}
        </Field>
        <Field
          label="Reason"
          id={`refund-reason-${orderId}`}
          errors={fields.reason?.errors?.slice(0, 1)}
          description="Shown to the customer in the refund e-mail."
        >
          {(control) => <Input {...control} name="reason" maxLength={200} autoComplete="off" />}
        </Field>
        <Button type="submit" size="sm" className="justify-self-start" disabled={busy}>
          {busy ? "Refunding..." : "Refund"}
        </Button>
      </fetcher.Form>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Refund ${formatRupees(asking?.amount ?? 0)} to the customer's card?`}
        description={
          asking && cancelsWhenAll && asking.amount === left
            ? "This cannot be undone. Nothing will be left to refund, so the order will be cancelled and its items go back into stock."
            : "This cannot be undone."
        }
        cancelLabel="Don't Refund"
      >
        <Button
          type="button"
          variant="destructive"
          onClick={() => {
            if (asking) fetcher.submit(asking.formData, { method: "post", action });
            setOpen(false);
          }}
        >
          Yes, Refund
        </Button>
      </ConfirmDialog>
    </>
  );
}
