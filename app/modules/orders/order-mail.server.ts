import { eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import { formatPromisedDay } from "../../domain/delivery-days";
import { formatIstDateTime } from "../../domain/india-time";
import { composeMail, type MailParagraph, type MailRow } from "../../domain/mail-layout";
import type { OrderMailKind } from "../../domain/mail-outbox";
import { formatRupees } from "../../domain/money";
import { isTestPayment, paymentArrived, paymentMethodLabel } from "../../domain/orders";
import { documentLineName } from "../../domain/pack-sizes";
import { paymentStandingLabel } from "../../domain/refunds";
import { shippingMethodLabel } from "../../domain/shipping";
import { orderMailPath } from "../../domain/validation/order-history";
import type { Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import type { MailMessage } from "../../lib/mail.server";
import { customerColumns, joinCustomer } from "../accounts/customer-columns.server";
import { refundOfOrder } from "../payments/order-refunds.server";
import { getSettings } from "../settings/settings.server";
import { refundSum } from "./order-columns.server";

type ShippingAddress = (typeof orders.$inferSelect)["shippingAddress"];

/** Everything an order mail tells, read in two queries; null when the order is gone. */
export async function loadOrderForMail(executor: Executor, orderId: string) {
  const mailed = executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      subtotal: orders.subtotal,
      discount: orders.discountAmount,
      couponCode: orders.couponCode,
      shipping: orders.shippingCost,
      shippingMethod: orders.shippingMethod,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
      paymentProvider: orders.paymentProvider,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      trackingId: orders.trackingId,
      promisedDeliveryOn: orders.promisedDeliveryOn,
      address: orders.shippingAddress,
      refundedAmount: refundSum("processed"),
      refundPendingAmount: refundSum("pending"),
      // A customer whose account was deleted keeps their orders, and no longer gets mail.
      email: customerColumns.email,
      fullName: customerColumns.fullName,
    })
    .from(orders)
    .$dynamic();
  const [order] = await joinCustomer(mailed, orders.userId).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await executor
    .select({
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      total: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return {
    ...order,
    items: items.map(({ productName, variantLabel, sku, ...item }) => ({
      ...item,
      name: documentLineName({ productName, variantLabel, sku }),
    })),
  };
}

export type OrderForMail = NonNullable<Awaited<ReturnType<typeof loadOrderForMail>>>;

export function addressLines(a: ShippingAddress) {
  return [
    a.fullName,
    a.addressLine1,
    ...(a.addressLine2 ? [a.addressLine2] : []),
    `${a.city}, ${a.state} ${a.postalCode}`,
  ];
}

/** The order's lines and totals, as the confirmation and every later mail show them. */
function orderTable(order: OrderForMail): MailRow[] {
  return [
    ...order.items.map((item) => ({
      label: `${item.quantity} x ${item.name}`,
      value: formatRupees(item.total),
    })),
    { label: "Subtotal", value: formatRupees(order.subtotal) },
    ...(order.discount > 0
      ? [
          {
            label: `Discount${order.couponCode ? ` (${order.couponCode})` : ""}`,
            value: `-${formatRupees(order.discount)}`,
          },
        ]
      : []),
    {
      label: `Shipping (${shippingMethodLabel(order.shippingMethod)})`,
      value: order.shipping === 0 ? "Free" : formatRupees(order.shipping),
    },
    { label: "Total", value: formatRupees(order.total), strong: true },
    { label: "Payment", value: `${paymentMethodLabel(order)}${paymentNote(order)}` },
  ];
}

/** " (paid)", " (refunded)", " (partly refunded ₹200.50)" (docs/decisions/049); nothing unpaid. */
function paymentNote(order: OrderForMail) {
  if (!paymentArrived(order.paymentStatus)) return "";
  return ` (${paymentStandingLabel(order).toLowerCase()})`;
}

/** The customer's own order on their Orders tab. */
function orderLink(order: OrderForMail) {
  return {
    label: "View your order",
    url: `${getEnv().PUBLIC_URL}${orderMailPath(order.id)}`,
  };
}

type CustomerMail = {
  subject: string;
  title: string;
  paragraphs: readonly MailParagraph[];
  /** Rows shown above the order's lines and totals (a tracking ID). */
  rows?: readonly MailRow[];
};

async function customerMail(
  executor: Executor,
  order: OrderForMail,
  content: CustomerMail,
): Promise<MailMessage | null> {
  if (!order.email) return null;
  const shop = await getSettings(executor);
  const mail = composeMail({
    shopName: shop.shopName,
    title: content.title,
    paragraphs: [`Namaste ${order.fullName},`, ...content.paragraphs],
    table: [...(content.rows ?? []), ...orderTable(order)],
    button: orderLink(order),
  });
  return { to: order.email, subject: content.subject, ...mail };
}

/**
 * What each customer mail says, given the order as it is when the mail is sent; null when the
 * order has since moved on (a delivery undone, a cancellation reopened before the mail server
 * came back) and the mail would no longer be true.
 */
type RefundForMail = { amount: number; status: string; reason: string };

const CUSTOMER_MAILS: Record<
  Exclude<OrderMailKind, "new-order-alert">,
  (order: OrderForMail, refund: RefundForMail | null) => CustomerMail | null
> = {
  // The confirmation a customer keeps: what was ordered, what it cost, where it goes. A card
  // order is confirmed once paid, so for it this is also the receipt of the payment.
  "order-placed": (order) =>
    order.status === "cancelled"
      ? null
      : {
          subject: `Order confirmed: ${order.orderNumber}`,
          title: `Thank you for your order ${order.orderNumber}`,
          paragraphs: [
            `Thank you for your order ${order.orderNumber}. We will send it within 1-2 business days.`,
            ...(order.paymentStatus === "paid"
              ? [`We have received your payment of ${formatRupees(order.total)}.`]
              : []),
            ["Shipping to:", ...addressLines(order.address), `Phone: ${order.address.phone}`],
          ],
          // The day promised when it was placed (docs/decisions/072); none with COURIER=off.
          rows: order.promisedDeliveryOn
            ? [{ label: "Delivery by", value: formatPromisedDay(order.promisedDeliveryOn) }]
            : [],
        },
  // Cash on delivery: the cash the courier collected has reached the shop.
  "payment-received": (order) =>
    order.paymentStatus !== "paid"
      ? null
      : {
          subject: `Payment received: ${order.orderNumber}`,
          title: `Payment received for order ${order.orderNumber}`,
          paragraphs: [
            `We have received your payment of ${formatRupees(order.total)} for order ${order.orderNumber}${order.paidAt ? ` on ${formatIstDateTime(order.paidAt)}` : ""}. Thank you.`,
          ],
        },
  // docs/SPEC.md §4: the customer hears that their order shipped, with its tracking ID.
  "order-shipped": (order) =>
    !order.trackingId || (order.status !== "shipped" && order.status !== "delivered")
      ? null
      : {
          subject: `Your order ${order.orderNumber} has shipped`,
          title: `Your order ${order.orderNumber} has shipped`,
          paragraphs: [
            `Your order ${order.orderNumber} has shipped. Standard delivery takes 5-7 business days.`,
            ["It is on its way to:", ...addressLines(order.address)],
          ],
          rows: [{ label: "Tracking ID", value: order.trackingId }],
        },
  // docs/decisions/074: the courier could not deliver; it tries again, or the owner asks it to.
  "delivery-failed": (order) =>
    order.status !== "shipped"
      ? null
      : {
          subject: `Delivery attempt failed: ${order.orderNumber}`,
          title: `We could not deliver your order ${order.orderNumber}`,
          paragraphs: [
            `The courier could not deliver your order ${order.orderNumber} today. It will try again.`,
            [
              "If the address or phone number needs a change, reply to this e-mail:",
              ...addressLines(order.address),
              `Phone: ${order.address.phone}`,
            ],
            ...(order.paymentMethod === "cod" && order.paymentStatus !== "paid"
              ? [`Please keep ${formatRupees(order.total)} in cash ready for the next attempt.`]
              : []),
          ],
          rows: order.trackingId ? [{ label: "Tracking ID", value: order.trackingId }] : [],
        },
  "order-delivered": (order) =>
    order.status !== "delivered"
      ? null
      : {
          subject: `Delivered: ${order.orderNumber}`,
          title: `Your order ${order.orderNumber} has been delivered`,
          paragraphs: [
            `Your order ${order.orderNumber} has been delivered. We hope it serves you well.`,
            ...(order.paymentMethod === "cod" && order.paymentStatus === "paid"
              ? [`We have received your cash payment of ${formatRupees(order.total)}.`]
              : []),
            "If something is not right, reply to this e-mail and we will make it right.",
          ],
        },
  // docs/decisions/039: a refund started (by a cancellation or the owner) and completed.
  // A test payment took no money (docs/decisions/016), so its refund sends none back.
  "refund-initiated": (order, refund) =>
    !refund || refund.status === "failed"
      ? null
      : {
          subject: `Refund started: ${order.orderNumber}`,
          title: `A refund for order ${order.orderNumber} has been started`,
          paragraphs: [
            `We have started a refund of ${formatRupees(refund.amount)} for your order ${order.orderNumber} (${refund.reason}).`,
            isTestPayment(order)
              ? `${TEST_PAYMENT_NOTE} We will write again when the refund is recorded.`
              : "It goes back to the card you paid with; banks usually take 5-7 business days to show it. We will write again when it is done.",
          ],
        },
  "refund-processed": (order, refund) =>
    refund?.status !== "processed"
      ? null
      : isTestPayment(order)
        ? {
            subject: `Refund completed: ${order.orderNumber}`,
            title: `Your refund for order ${order.orderNumber} has been recorded`,
            paragraphs: [
              `The refund of ${formatRupees(refund.amount)} for your order ${order.orderNumber} has been recorded by the shop's test payment gateway.`,
              TEST_PAYMENT_NOTE,
            ],
          }
        : {
            subject: `Refund completed: ${order.orderNumber}`,
            title: `Your refund for order ${order.orderNumber} is on its way`,
            paragraphs: [
              `The refund of ${formatRupees(refund.amount)} for your order ${order.orderNumber} has been processed by the payment gateway and sent to your card.`,
              "Your bank may take a few business days to show it on your statement.",
            ],
          },
  "order-cancelled": (order) =>
    order.status !== "cancelled"
      ? null
      : {
          subject: `Order cancelled: ${order.orderNumber}`,
          title: `Your order ${order.orderNumber} has been cancelled`,
          paragraphs: [
            `Your order ${order.orderNumber} has been cancelled.`,
            cancellationNote(order),
          ],
        },
};

/** What the refund mails of a test payment say instead of "sent to your card". */
const TEST_PAYMENT_NOTE =
  "This order was paid through the shop's test payment gateway, which takes no real money: nothing was charged to your card, so nothing is sent back to it.";

function cancellationNote(order: OrderForMail) {
  if (isTestPayment(order) && paymentArrived(order.paymentStatus)) {
    return `Its test payment is being refunded. ${TEST_PAYMENT_NOTE}`;
  }
  if (order.paymentStatus === "refunded") {
    return `The ${formatRupees(order.total)} you paid has been refunded to your card.`;
  }
  if (order.paymentStatus === "paid" && order.paymentMethod !== "cod") {
    return `The ${formatRupees(order.total)} you paid is being refunded to your card; we will e-mail you when it is done.`;
  }
  if (order.paymentStatus === "paid") {
    return `The ${formatRupees(order.total)} you paid will be refunded to you.`;
  }
  if (order.paymentMethod !== "cod" && order.paymentStatus === "failed") {
    return "Its card payment did not arrive in time, so nothing was charged. You are welcome to order again.";
  }
  return "Nothing was charged. You are welcome to order again.";
}

/** The customer mail of `kind` about this order, or null when there is nothing true to send. */
export async function composeCustomerMail(
  kind: Exclude<OrderMailKind, "new-order-alert">,
  executor: Executor,
  orderId: string,
  occasion = "",
): Promise<MailMessage | null> {
  const order = await loadOrderForMail(executor, orderId);
  if (!order) return null;
  const refund = kind.startsWith("refund-")
    ? await refundOfOrder(executor, orderId, occasion)
    : null;
  const content = CUSTOMER_MAILS[kind](order, refund);
  return content ? customerMail(executor, order, content) : null;
}

/** The confirmation a customer keeps (see CUSTOMER_MAILS). */
export function orderConfirmationMail(executor: Executor, orderId: string) {
  return composeCustomerMail("order-placed", executor, orderId);
}
