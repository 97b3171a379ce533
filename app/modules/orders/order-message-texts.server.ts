import { formatRupees } from "../../domain/money";
import type { MessageChannel, OrderMessageEvent } from "../../domain/order-messages";
import { shortLinkPath } from "../../domain/short-links";
import {
  dltTemplateText,
  fillSmsTemplate,
  formatSmsRupees,
  gsm7Septets,
  isGsm7,
  SMS_VARIABLE_MAX,
  toGsm7,
} from "../../domain/sms-text";
import type { Executor } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { refundOfOrder } from "../payments/order-refunds.server";
import type { OrderForMail } from "./order-mail.server";

/**
 * What each order message says (docs/decisions/063 and 070), beside the order mails' texts, with
 * the order's short link (`/o/<code>`, which opens the order for its customer).
 *
 * **SMS** (one GSM-7 segment, as registered on DLT): the shop's name, the order number, the step's
 * detail (the total, the tracking ID, the cash to keep ready, the refund) and the link. The name
 * and the link's address are the template's fixed text; its variables, for MSG91 by name, are
 * `order`, `detail` and `code` (the link's eight characters), each within DLT's 30 characters.
 * An SMS carries no customer's name: it would not fit, and many are in Devanagari, which GSM-7
 * cannot carry.
 *
 * **WhatsApp** (Unicode, an approved template): four body parameters, {{1}} the customer's name,
 * {{2}} the order number, {{3}} the step's detail in ₹ and {{4}} the order's short link.
 */
export type OrderMessageContent = {
  text: string;
  parameters: string[];
  variables: Record<string, string>;
};

type RefundForMessage = { amount: number; status: string };

/** The SMS texts, `{link}` standing for the link's address and its `{code}`. */
const SMS_TEMPLATES: Record<OrderMessageEvent, string> = {
  "order-placed": "Your order {order} of {detail} is confirmed. See it at {link}",
  "order-shipped": "Your order {order} has shipped, tracking ID {detail}. Track: {link}",
  "out-for-delivery": "Your order {order} is out for delivery today. To pay: {detail}. See {link}",
  "delivery-failed": "Order {order} could not be delivered today. To pay: {detail}. See {link}",
  "order-delivered": "Your order {order} ({detail}) has been delivered. Thank you! {link}",
  "order-cancelled": "Your order {order} ({detail}) has been cancelled. See {link}",
  "refund-processed":
    "The refund of {detail} for your order {order} has been processed. See {link}",
};

/** The shop's name an SMS starts with: GSM-7 letters, at most this long. */
export const SMS_SHOP_NAME_MAX = 20;

/** What an SMS says in place of a tracking ID it cannot carry (too long, or not GSM-7). */
export const TRACKING_ID_ON_THE_PAGE = "on the order page";

/** The step's detail, in ₹ for WhatsApp and "Rs." for SMS; null when the message is no longer true. */
const DETAILS: Record<
  OrderMessageEvent,
  (
    order: OrderForMail,
    refund: RefundForMessage | null,
    rupees: (paise: number) => string,
    channel: MessageChannel,
  ) => string | null
> = {
  "order-placed": (order, _refund, rupees) =>
    order.status === "cancelled" ? null : rupees(order.total),
  "order-shipped": (order, _refund, _rupees, channel) => {
    const tracking = order.trackingId;
    if (!tracking || (order.status !== "shipped" && order.status !== "delivered")) return null;
    if (channel === "whatsapp") return tracking;
    return isGsm7(tracking) && tracking.length <= SMS_VARIABLE_MAX
      ? tracking
      : TRACKING_ID_ON_THE_PAGE;
  },
  "out-for-delivery": (order, _refund, rupees) => {
    if (order.status !== "shipped") return null;
    return order.paymentMethod === "cod" && order.paymentStatus !== "paid"
      ? `${rupees(order.total)} in cash`
      : "nothing, it is paid";
  },
  "delivery-failed": (order, _refund, rupees) => {
    if (order.status !== "shipped") return null;
    return order.paymentMethod === "cod" && order.paymentStatus !== "paid"
      ? `${rupees(order.total)} in cash`
      : "nothing, it is paid";
  },
  "order-delivered": (order, _refund, rupees) =>
    order.status !== "delivered" ? null : rupees(order.total),
  "order-cancelled": (order, _refund, rupees) =>
    order.status !== "cancelled" ? null : rupees(order.total),
  "refund-processed": (_order, refund, rupees) =>
    refund?.status !== "processed" ? null : rupees(refund.amount),
};

type WhatsAppParts = { shop: string; name: string; order: string; detail: string; link: string };

const WHATSAPP_TEXTS: Record<OrderMessageEvent, (p: WhatsAppParts) => string> = {
  "order-placed": (p) =>
    `${p.shop}: Namaste ${p.name}, your order ${p.order} of ${p.detail} is confirmed. See it here: ${p.link}`,
  "order-shipped": (p) =>
    `${p.shop}: Namaste ${p.name}, your order ${p.order} has shipped. Tracking ID ${p.detail}. Track it here: ${p.link}`,
  "out-for-delivery": (p) =>
    `${p.shop}: Namaste ${p.name}, your order ${p.order} is out for delivery today. To pay: ${p.detail}. Details: ${p.link}`,
  "delivery-failed": (p) =>
    `${p.shop}: Namaste ${p.name}, the courier could not deliver your order ${p.order} today and will try again. To pay: ${p.detail}. Details: ${p.link}`,
  "order-delivered": (p) =>
    `${p.shop}: Namaste ${p.name}, your order ${p.order} (${p.detail}) has been delivered. Thank you! ${p.link}`,
  "order-cancelled": (p) =>
    `${p.shop}: Namaste ${p.name}, your order ${p.order} (${p.detail}) has been cancelled. Details: ${p.link}`,
  "refund-processed": (p) =>
    `${p.shop}: Namaste ${p.name}, the refund of ${p.detail} for your order ${p.order} has been processed. Details: ${p.link}`,
};

/**
 * The shop's name as an SMS's fixed text: GSM-7, at most 20 characters, cut at a word ("Satara
 * Ayurveda Pharmacy Pvt Ltd" is "Satara Ayurveda"); a name GSM-7 has no letters for is the shop's
 * web address instead. Braces are left out: they would read as a variable.
 */
export function smsShopName(shopName: string, publicUrl = getEnv().PUBLIC_URL) {
  const name = toGsm7(shopName.replace(/[{}]/g, ""), SMS_SHOP_NAME_MAX);
  return name || toGsm7(new URL(publicUrl).host, SMS_SHOP_NAME_MAX);
}

/**
 * An event's SMS template with its variables named (`{order}`, `{detail}`, `{code}`) and the
 * shop's name and address written in: what MSG91 holds, and, each variable as `{#var#}`, what the
 * owner registers on DLT.
 */
export function smsTemplate(
  event: OrderMessageEvent,
  shopName: string,
  publicUrl = getEnv().PUBLIC_URL,
) {
  const body = SMS_TEMPLATES[event].replace("{link}", `${publicUrl}${shortLinkPath("{code}")}`);
  return `${smsShopName(shopName, publicUrl)}: ${body}`;
}

/** The variables of an event's SMS template in the order they appear in it. */
export function smsTemplateVariables(event: OrderMessageEvent) {
  return [...SMS_TEMPLATES[event].matchAll(/\{([a-z]+)\}/g)].map(([, name]) =>
    name === "link" ? "code" : name!,
  );
}

/**
 * The longest each variable can be, for the Message settings' count: the longest order number
 * (with a clash's suffix), amount (Rs.99,99,999.99), tracking ID and code.
 */
function longestVariables(event: OrderMessageEvent): Record<string, string> {
  const amount = formatSmsRupees(999_999_999);
  return {
    order: "ORD-9999999999999-19",
    detail:
      event === "order-shipped"
        ? "X".repeat(SMS_VARIABLE_MAX)
        : event === "out-for-delivery" || event === "delivery-failed"
          ? `${amount} in cash`
          : amount,
    code: "XXXXXXXX",
  };
}

/** Each SMS template as the owner registers it on DLT, with its variables and longest length. */
export function smsTemplatesForRegistration(shopName: string, publicUrl = getEnv().PUBLIC_URL) {
  return (Object.keys(SMS_TEMPLATES) as OrderMessageEvent[]).map((event) => {
    const template = smsTemplate(event, shopName, publicUrl);
    return {
      event,
      dltText: dltTemplateText(template),
      variables: smsTemplateVariables(event),
      longest: gsm7Septets(fillSmsTemplate(template, longestVariables(event))),
    };
  });
}

/**
 * The message of `event` about this order on `channel`, or null when there is nothing true to
 * send. `code` is the order's short link.
 */
export function orderMessageContent(
  event: OrderMessageEvent,
  order: OrderForMail,
  refund: RefundForMessage | null,
  channel: MessageChannel,
  context: { shopName: string; code: string; publicUrl?: string },
): OrderMessageContent | null {
  const publicUrl = context.publicUrl ?? getEnv().PUBLIC_URL;
  if (channel === "sms") {
    const detail = DETAILS[event](order, refund, formatSmsRupees, channel);
    if (detail === null) return null;
    const variables = { order: order.orderNumber, detail, code: context.code };
    return {
      text: fillSmsTemplate(smsTemplate(event, context.shopName, publicUrl), variables),
      parameters: [],
      variables,
    };
  }
  const detail = DETAILS[event](order, refund, formatRupees, channel);
  if (detail === null) return null;
  const parts: WhatsAppParts = {
    shop: context.shopName,
    name: order.fullName ?? order.address.fullName,
    order: order.orderNumber,
    detail,
    link: `${publicUrl}${shortLinkPath(context.code)}`,
  };
  return {
    text: WHATSAPP_TEXTS[event](parts),
    parameters: [parts.name, parts.order, parts.detail, parts.link],
    variables: {},
  };
}

/** The message of `event` about this order, read with its refund; null when no longer true. */
export async function orderMessageText(
  executor: Executor,
  event: OrderMessageEvent,
  order: OrderForMail,
  occasion: string,
  context: { channel: MessageChannel; shopName: string; code: string },
) {
  const refund =
    event === "refund-processed" ? await refundOfOrder(executor, order.id, occasion) : null;
  return orderMessageContent(event, order, refund, context.channel, context);
}
