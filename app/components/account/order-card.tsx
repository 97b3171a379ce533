import { PayNowButton } from "~/components/checkout/pay-now-button";
import { FileText } from "~/components/icons";
import { AddressBlock, type OrderSummaryView } from "~/components/order/order-summary";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { formatIstDateTime } from "~/domain/india-time";
import { formatRupees } from "~/domain/money";
import { customerMayCancel, isTestPayment, paymentMethodLabel } from "~/domain/orders";
import { sizedName } from "~/domain/pack-sizes";
import { isRefundedInFull } from "~/domain/refunds";
import { shippingMethodLabel } from "~/domain/shipping";
import { CancelOrderButton } from "./cancel-order-button";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-badges";

export type OrderView = OrderSummaryView & {
  paymentStatus: string;
  /** Set once the shop has issued the order's tax invoice. */
  invoiceNumber: string | null;
  /** A card order still inside its payment window (decided by the loader). */
  awaitsPayment: boolean;
  /** Money given back to the card, and money on its way there (docs/decisions/039). */
  refundedAmount: number;
  refundPendingAmount: number;
  /** GST credit notes issued against the invoice (docs/decisions/040). */
  creditNotes: { id: string; number: string }[];
  /** The shipment's courier, AWB and scans, written as escaped HTML by the server (decision 060). */
  shipmentHtml?: string | null;
};

function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between font-semibold" : "flex justify-between"}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
}

/** The order's tax invoice and its credit notes, once issued. */
function documentsOf(order: OrderView) {
  const base = `/profile/orders/${order.id}`;
  return [
    ...(order.invoiceNumber
      ? [{ href: `${base}/invoice`, label: "Tax Invoice", number: order.invoiceNumber }]
      : []),
    ...order.creditNotes.map((note) => ({
      href: `${base}/credit-notes/${note.id}`,
      label: "Credit Note",
      number: note.number,
    })),
  ];
}

/** One order of the Orders tab: items, totals, shipping address, payment and tracking. */
export function OrderCard({ order }: { order: OrderView }) {
  const titleId = `order-${order.id}-title`;
  const address = order.shippingAddress;
  // An order refunded in full is closed (docs/decisions/049); the server refuses it too.
  const mayCancel = customerMayCancel(order.status) && !isRefundedInFull(order);
  return (
    <article
      aria-labelledby={titleId}
      className="grid min-w-0 gap-4 rounded-lg border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={titleId} className="scroll-mt-36 font-semibold text-lg">
            Order {order.orderNumber}
          </h3>
          <p className="text-muted-foreground text-sm">
            Placed on{" "}
            <time dateTime={new Date(order.createdAt).toISOString()}>
              {formatIstDateTime(order.createdAt)}
            </time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Payment:</span>
        <span>{paymentMethodLabel(order)}</span>
        <PaymentStatusBadge payment={order} />
        {isTestPayment(order) ? (
          <Badge variant="warning">Test payment — no money taken</Badge>
        ) : null}
      </p>
      {order.refundedAmount > 0 || order.refundPendingAmount > 0 ? (
        <p className="flex flex-wrap gap-2 text-sm">
          <span className="text-muted-foreground">Refund:</span>
          {order.refundedAmount > 0 ? (
            <span>Refunded {formatRupees(order.refundedAmount)}</span>
          ) : null}
          {order.refundPendingAmount > 0 ? (
            <span>{formatRupees(order.refundPendingAmount)} on its way to your card</span>
          ) : null}
        </p>
      ) : null}

      {/* Fits a phone: names wrap, amounts never do, so the Total column stays on the screen. */}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Items in order {order.orderNumber}</caption>
          <thead className="border-border border-b text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Product
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                <abbr title="Quantity" className="no-underline sm:hidden">
                  Qty
                </abbr>
                <span className="hidden sm:inline">Quantity</span>
              </th>
              <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3">
                Price
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
                  {sizedName(item.productName, item.variantLabel ?? "")}
                </td>
                <td className="px-2 py-2 text-right sm:px-3">{item.quantity}</td>
                <td className="whitespace-nowrap px-2 py-2 text-right sm:px-3">
                  {formatRupees(item.unitPrice)}
                </td>
                <td className="whitespace-nowrap py-2 pl-2 text-right sm:pl-3">
                  {formatRupees(item.totalPrice)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby={`${titleId}-address`} className="grid content-start gap-1">
          <h4 id={`${titleId}-address`} className="font-medium text-sm">
            Shipping Address
          </h4>
          <AddressBlock address={address} className="text-muted-foreground text-sm" />
          {order.deliveryBy ? (
            <p className="pt-2 font-medium text-sm">Delivery by {order.deliveryBy}</p>
          ) : null}
          {order.trackingId ? (
            <p className="pt-2 text-sm">
              <span className="text-muted-foreground">Tracking ID: </span>
              <span className="font-mono">{order.trackingId}</span>
            </p>
          ) : null}
          {order.shipmentHtml ? (
            // Escaped on the server (customer-timeline.server.ts), which writes it to keep this page's script small.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped on the server
            <div dangerouslySetInnerHTML={{ __html: order.shipmentHtml }} />
          ) : null}
        </section>
        <dl className="grid content-start gap-1 text-sm">
          <SummaryRow label="Subtotal" value={formatRupees(order.subtotal)} />
          {order.discountAmount > 0 || order.couponCode ? (
            <SummaryRow
              label={order.couponCode ? `Discount (${order.couponCode})` : "Discount"}
              value={`-${formatRupees(order.discountAmount)}`}
            />
          ) : null}
          <SummaryRow
            label={`Shipping (${shippingMethodLabel(order.shippingMethod)})`}
            value={order.shippingCost === 0 ? "Free" : formatRupees(order.shippingCost)}
          />
          <SummaryRow label="Total" value={formatRupees(order.total)} strong />
        </dl>
      </div>

      {order.awaitsPayment || mayCancel || order.invoiceNumber ? (
        <footer className="flex flex-wrap justify-end gap-2">
          {documentsOf(order).map((document) => (
            // A document of its own, to print: a full page load, not an in-app navigation.
            <a
              key={document.href}
              href={document.href}
              aria-label={`${document.label} ${document.number} for order ${order.orderNumber}`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <FileText aria-hidden="true" /> {document.label}
            </a>
          ))}
          {order.awaitsPayment ? <PayNowButton orderId={order.id} /> : null}
          {mayCancel ? (
            <CancelOrderButton orderId={order.id} orderNumber={order.orderNumber} />
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}
