import { getFormProps, useForm } from "@conform-to/react";
import { useFetcher } from "react-router";
import {
  OrderStatusBadge,
  PaymentStatusBadge,
  TestPaymentBadge,
} from "~/components/account/order-badges";
import { Printer } from "~/components/icons";
import { AddressBlock, type OrderSummaryView } from "~/components/order/order-summary";
import { printOnOpenHref } from "~/components/order/print-on-open";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatIstDateTime } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import type { MessageView } from "~/domain/order-messages";
import {
  isTestPayment,
  type PaymentStatus,
  paymentArrived,
  paymentMethodLabel,
} from "~/domain/orders";
import { sizedName } from "~/domain/pack-sizes";
import { isRefundedInFull, type RefundedSoFar, refundTotals, showsRefunds } from "~/domain/refunds";
import type { CourierMode } from "~/domain/shipments";
import { shippingMethodLabel } from "~/domain/shipping";
import { CashPayment } from "./cash-payment";
import { MessageLog } from "./message-log";
import type { OrderActionData } from "./order-action-data";
import { OrderAddressForm } from "./order-address-form";
import { OrderRefunds, type RefundView } from "./order-refunds";
import { OrderShipment, type ShipmentView } from "./order-shipment";
import { RecallHoldBadge } from "./recall-hold-badge";

export type OrderDetailView = OrderSummaryView & {
  paymentStatus: PaymentStatus;
  invoiceNumber: string | null;
  paidAt: Date | null;
  customerName: string | null;
  customerEmail: string | null;
  refunds: RefundView[];
  creditNotes: { id: string; number: string; issuedAt: Date | string; amount: number }[];
  /** Its SMS and WhatsApp messages (docs/decisions/063); none for a customer who never opted in. */
  messages: MessageView[];
  /** The recalled batches holding it (docs/decisions/067); null when none does. */
  recallHold?: readonly string[] | null;
  /** Past its promised day and not yet arrived (docs/decisions/072). */
  deliveryLate?: boolean;
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-2">
      <h3 id={id} className="font-semibold text-base">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * docs/SPEC.md §4: an order without a tracking ID takes one (and is marked shipped); once set it is shown
 * read-only. The server checks the ID and answers with a toast and the field's error.
 */
function TrackingForm({
  order,
  action,
  refundedInFull,
}: {
  order: OrderDetailView;
  action: string;
  refundedInFull: boolean;
}) {
  const fetcher = useFetcher<OrderActionData>();
  const lastResult = fetcher.data?.intent === "tracking" ? fetcher.data.result : undefined;
  const [form, fields] = useForm({ id: `tracking-${order.id}`, lastResult });
  const inputId = `tracking-id-${order.id}`;
  if (order.trackingId) {
    return (
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="font-medium text-sm">
          Tracking ID
        </label>
        <Input
          id={inputId}
          value={order.trackingId}
          readOnly
          aria-readonly="true"
          className="bg-muted font-mono"
        />
      </div>
    );
  }
  if (order.status === "cancelled") {
    return <p className="text-muted-foreground text-sm">A cancelled order cannot be shipped.</p>;
  }
  if (refundedInFull) {
    return (
      <p className="text-muted-foreground text-sm">An order refunded in full cannot be shipped.</p>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      noValidate
      className="grid gap-2"
    >
      <input type="hidden" name="intent" value="tracking" />
      <input type="hidden" name="orderId" value={order.id} />
      <Field
        label="Tracking ID"
        id={inputId}
        errors={fields.trackingId?.errors?.slice(0, 1)}
        description="Saving it marks the order shipped and tells the customer."
      >
        {(control) => (
          <Input {...control} name="trackingId" autoComplete="off" className="font-mono" />
        )}
      </Field>
      <Button type="submit" size="sm" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : "Add Tracking ID"}
      </Button>
    </fetcher.Form>
  );
}

/** docs/SPEC.md §2's order detail: customer, payment, items, address, tracking, totals and the invoice. */
export function OrderDetail({
  order,
  action,
  idPrefix,
  shipping,
  confirm = null,
}: {
  order: OrderDetailView;
  action: string;
  /** The courier in use and the order's shipment (docs/decisions/060). */
  shipping?: { courierMode: CourierMode; shipment: ShipmentView | null };
  /** The question the page asks, for a browser without JavaScript (docs/decisions/074). */
  confirm?: "record-cash" | null;
  /** Makes the ids of the section headings unique on the page. */
  idPrefix: string;
}) {
  const address = order.shippingAddress;
  const prefix = `${idPrefix}-`;
  const { processed, pending } = refundTotals(order.refunds);
  const refunded: RefundedSoFar = { refundedAmount: processed, refundPendingAmount: pending };
  const refundedInFull = isRefundedInFull({ ...order, ...refunded });
  const awaitingCard = order.paymentMethod !== "cod" && !paymentArrived(order.paymentStatus);
  const canPrint =
    Boolean(order.invoiceNumber) ||
    (order.status !== "cancelled" && !awaitingCard && order.paymentStatus !== "refunded");
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <Section id={`${prefix}customer`} title="Customer">
          <dl className="grid gap-1">
            <Row label="Name">{order.customerName || "Guest"}</Row>
            <Row label="Email">{order.customerEmail ?? "N/A"}</Row>
            <Row label="Phone">{address.phone}</Row>
          </dl>
        </Section>
        <Section id={`${prefix}order`} title="Order">
          <dl className="grid gap-1">
            <Row label="Date">
              <time dateTime={new Date(order.createdAt).toISOString()}>
                {formatIstDateTime(order.createdAt)}
              </time>
            </Row>
            <Row label="Status">
              <span className="inline-flex flex-wrap items-center gap-2">
                <OrderStatusBadge status={order.status} />
                {order.recallHold ? <RecallHoldBadge batches={order.recallHold} /> : null}
              </span>
            </Row>
            <Row label="Payment">
              <span className="inline-flex flex-wrap items-center gap-2">
                {paymentMethodLabel(order)}
                <PaymentStatusBadge payment={{ ...order, ...refunded }} />
                {isTestPayment(order) ? <TestPaymentBadge /> : null}
                <CashPayment order={order} action={action} asking={confirm === "record-cash"} />
              </span>
            </Row>
            <Row label="Coupon">{order.couponCode ?? "None"}</Row>
            {order.invoiceNumber ? <Row label="Invoice">{order.invoiceNumber}</Row> : null}
          </dl>
        </Section>
      </div>

      <Section id={`${prefix}items`} title="Items">
        {/* Fits a phone: names wrap, amounts never do, so the Total column stays in view. */}
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-border border-b text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium sm:pr-3">
                  Product
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                  Price
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                  <abbr title="Quantity" className="no-underline sm:hidden">
                    Qty
                  </abbr>
                  <span className="hidden sm:inline">Quantity</span>
                </th>
                <th scope="col" className="py-2 pl-2 text-right font-medium sm:pl-3">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-border border-b last:border-0">
                  <td className="py-2 pr-2 [overflow-wrap:anywhere] sm:pr-3">
                    {item.variantLabel
                      ? sizedName(item.productName, item.variantLabel)
                      : item.productName}
                    {item.variantLabel && item.sku ? (
                      <span className="block text-muted-foreground text-xs">SKU {item.sku}</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 text-right sm:px-3">
                    {formatRupees(item.unitPrice)}
                  </td>
                  <td className="px-2 py-2 text-right sm:px-3">{item.quantity}</td>
                  <td className="whitespace-nowrap py-2 pl-2 text-right sm:pl-3">
                    {formatRupees(item.totalPrice)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <div className="grid gap-6 sm:grid-cols-2">
        <Section id={`${prefix}address`} title="Shipping Address">
          <AddressBlock address={address} className="text-sm leading-relaxed" />
          {shipping?.shipment?.state === "failed_attempt" && !refundedInFull ? (
            <OrderAddressForm
              key={JSON.stringify(address)}
              orderId={order.id}
              address={address}
              invoiceNumber={order.invoiceNumber}
              action={action}
            />
          ) : null}
        </Section>
        <Section id={`${prefix}tracking`} title="Tracking Information">
          {order.deliveryBy ? (
            <p className="flex items-center gap-2 text-sm">
              <span>
                <span className="text-muted-foreground">Promised: </span>Delivery by{" "}
                {order.deliveryBy}
              </span>
              {order.deliveryLate ? <Badge variant="destructive">Late</Badge> : null}
            </p>
          ) : null}
          {/* Kept after a full refund: the parcel is the evidence of a return or a dispute. */}
          {shipping ? (
            <OrderShipment
              order={order}
              shipment={shipping.shipment}
              courierMode={shipping.courierMode}
              action={action}
              awaitingPayment={awaitingCard}
              closed={refundedInFull}
            />
          ) : null}
          <TrackingForm order={order} action={action} refundedInFull={refundedInFull} />
        </Section>
      </div>

      {showsRefunds(order, order.refunds.length) ? (
        <Section id={`${prefix}refunds`} title="Refunds">
          <OrderRefunds order={order} refunds={order.refunds} action={action} />
        </Section>
      ) : null}

      {order.messages.length > 0 ? (
        <Section id={`${prefix}messages`} title="Messages">
          <MessageLog messages={order.messages} action={action} />
        </Section>
      ) : null}

      <dl className="grid gap-1 border-border border-t pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd>{formatRupees(order.subtotal)}</dd>
        </div>
        {order.discountAmount > 0 ? (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">
              Discount{order.couponCode ? ` (${order.couponCode})` : ""}
            </dt>
            <dd className="whitespace-nowrap">-{formatRupees(order.discountAmount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt className="text-muted-foreground">
            Shipping ({shippingMethodLabel(order.shippingMethod)})
          </dt>
          <dd>{order.shippingCost === 0 ? "FREE" : formatRupees(order.shippingCost)}</dd>
        </div>
        <div className="flex justify-between font-semibold text-base">
          <dt>Total</dt>
          <dd>{formatRupees(order.total)}</dd>
        </div>
      </dl>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {order.status === "cancelled" ? null : (
          <a
            href={printOnOpenHref(`/admin/orders/${order.id}/packing-slip`)}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: "outline" })}
          >
            <Printer aria-hidden="true" /> Packing Slip
          </a>
        )}
        {order.creditNotes.map((note) => (
          <a
            key={note.id}
            href={printOnOpenHref(`/admin/orders/${order.id}/credit-notes/${note.id}`)}
            target="_blank"
            rel="noopener"
            aria-label={`Credit Note ${note.number}, ${formatRupees(note.amount)}`}
            className={buttonVariants({ variant: "outline" })}
          >
            <Printer aria-hidden="true" /> Credit Note
          </a>
        ))}
        {canPrint ? (
          // A plain form: the invoice opens in a new tab, is numbered on its first print, and
          // the browser's print dialog opens there.
          <form
            method="post"
            action={`/admin/orders/${order.id}/invoice`}
            target="_blank"
            rel="noopener"
          >
            <Button type="submit">
              <Printer aria-hidden="true" /> Print Invoice
            </Button>
          </form>
        ) : (
          <p className="text-muted-foreground text-sm">
            {order.status === "cancelled"
              ? "A cancelled order has no invoice."
              : order.paymentStatus === "refunded"
                ? "An order refunded in full has no invoice."
                : "The invoice can be printed once the card payment is received."}
          </p>
        )}
      </div>
    </div>
  );
}
