import { and, eq } from "drizzle-orm";
import { refunds } from "../../../db/schema";
import { formatRupees } from "../../domain/money";
import type { OrderMessageEvent } from "../../domain/order-messages";
import { orderMailPath } from "../../domain/validation/order-history";
import type { Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import type { OrderForMail } from "./order-mail.server";

/**
 * What each order message says (docs/decisions/063), beside the order mails' texts: short, with
 * the order number, and a link to the order (which shows its tracking ID). Every template has the
 * same four parameters, so the owner registers them alike on DLT and WhatsApp:
 * {{1}} the customer's name, {{2}} the order number, {{3}} the step's detail (the total, the
 * tracking ID, the cash to keep ready, the refund) and {{4}} the order's link. For MSG91 they are
 * the variables `name`, `order`, `detail` and `link`.
 */
export type OrderMessageText = { detail: string; text: (parts: TextParts) => string };

type TextParts = { shop: string; name: string; order: string; detail: string; link: string };

type RefundForMessage = { amount: number; status: string };

/** Null when the order has moved on and the message would no longer be true. */
const ORDER_MESSAGE_TEXTS: Record<
  OrderMessageEvent,
  (order: OrderForMail, refund: RefundForMessage | null) => OrderMessageText | null
> = {
  "order-placed": (order) =>
    order.status === "cancelled"
      ? null
      : {
          detail: formatRupees(order.total),
          text: (p) =>
            `${p.shop}: Namaste ${p.name}, your order ${p.order} of ${p.detail} is confirmed. See it here: ${p.link}`,
        },
  "order-shipped": (order) =>
    !order.trackingId || (order.status !== "shipped" && order.status !== "delivered")
      ? null
      : {
          detail: order.trackingId,
          text: (p) =>
            `${p.shop}: Namaste ${p.name}, your order ${p.order} has shipped. Tracking ID ${p.detail}. Track it here: ${p.link}`,
        },
  "out-for-delivery": (order) =>
    order.status !== "shipped"
      ? null
      : {
          detail:
            order.paymentMethod === "cod" && order.paymentStatus !== "paid"
              ? `${formatRupees(order.total)} in cash`
              : "nothing, it is paid",
          text: (p) =>
            `${p.shop}: Namaste ${p.name}, your order ${p.order} is out for delivery today. To pay: ${p.detail}. Details: ${p.link}`,
        },
  "order-delivered": (order) =>
    order.status !== "delivered"
      ? null
      : {
          detail: formatRupees(order.total),
          text: (p) =>
            `${p.shop}: Namaste ${p.name}, your order ${p.order} (${p.detail}) has been delivered. Thank you! ${p.link}`,
        },
  "order-cancelled": (order) =>
    order.status !== "cancelled"
      ? null
      : {
          detail: formatRupees(order.total),
          text: (p) =>
            `${p.shop}: Namaste ${p.name}, your order ${p.order} (${p.detail}) has been cancelled. Details: ${p.link}`,
        },
  "refund-processed": (_order, refund) =>
    refund?.status !== "processed"
      ? null
      : {
          detail: formatRupees(refund.amount),
          text: (p) =>
            `${p.shop}: Namaste ${p.name}, the refund of ${p.detail} for your order ${p.order} has been processed. Details: ${p.link}`,
        },
};

/** The message of `event` about this order, or null when there is nothing true to send. */
export async function orderMessageText(
  executor: Executor,
  event: OrderMessageEvent,
  order: OrderForMail,
  occasion: string,
  shop: string,
) {
  const refund = event === "refund-processed" ? await refundOf(executor, order.id, occasion) : null;
  const content = ORDER_MESSAGE_TEXTS[event](order, refund);
  if (!content) return null;
  const parts: TextParts = {
    shop,
    name: order.fullName ?? order.address.fullName,
    order: order.orderNumber,
    detail: content.detail,
    link: `${getEnv().PUBLIC_URL}${orderMailPath(order.id)}`,
  };
  return {
    text: content.text(parts),
    parameters: [parts.name, parts.order, parts.detail, parts.link],
    variables: { name: parts.name, order: parts.order, detail: parts.detail, link: parts.link },
  };
}

/** A refund message's occasion is the refund's id, as for its mail. */
async function refundOf(executor: Executor, orderId: string, refundId: string) {
  if (!/^[0-9a-f-]{36}$/.test(refundId)) return null;
  const [refund] = await executor
    .select({ amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)));
  return refund ?? null;
}
