import { formatIstSortable } from "./india-time";

/**
 * Order updates by SMS and WhatsApp (docs/decisions/063): the channels, the steps an order takes
 * that are told, the states of a message and how a number is shown. No I/O here.
 */

export const MESSAGE_CHANNELS = ["whatsapp", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  whatsapp: "WhatsApp",
  sms: "SMS",
};

/** Every channel a notice goes by: e-mail and the message channels (docs/decisions/081). */
export const NOTICE_CHANNELS = ["email", ...MESSAGE_CHANNELS] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const NOTICE_CHANNEL_LABELS: Record<NoticeChannel, string> = {
  email: "E-mail",
  ...MESSAGE_CHANNEL_LABELS,
};

/** How a sentence names the channel: "order updates on WhatsApp", "order updates by SMS". */
export const MESSAGE_CHANNEL_PHRASES: Record<MessageChannel, string> = {
  whatsapp: "on WhatsApp",
  sms: "by SMS",
};

/** The exact words of the checkout's and the profile's choices. */
export const CONSENT_LABELS: Record<MessageChannel, string> = {
  whatsapp: "Send order updates on WhatsApp",
  sms: "Send order updates by SMS",
};

/** Where a customer gave or withdrew consent. */
export const CONSENT_SOURCES = ["checkout", "profile"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The steps of an order a customer who opted in hears of, one message per chosen channel. */
export const ORDER_MESSAGE_EVENTS = [
  "order-placed",
  "order-shipped",
  "out-for-delivery",
  "delivery-failed",
  "order-delivered",
  "order-cancelled",
  "refund-processed",
] as const;
export type OrderMessageEvent = (typeof ORDER_MESSAGE_EVENTS)[number];

export const ORDER_MESSAGE_EVENT_LABELS: Record<OrderMessageEvent, string> = {
  "order-placed": "Order placed",
  "order-shipped": "Shipped",
  "out-for-delivery": "Out for delivery",
  "delivery-failed": "Delivery attempt failed",
  "order-delivered": "Delivered",
  "order-cancelled": "Cancelled",
  "refund-processed": "Refund processed",
};

/**
 * Messages that are not order updates but use the same channels, log and settings: a batch
 * recall (docs/decisions/067), about a customer rather than an order.
 */
export const SERVICE_MESSAGE_EVENTS = ["recall"] as const;

/** Every event whose SMS and WhatsApp templates the message settings keep. */
export const TEMPLATE_EVENTS = [...ORDER_MESSAGE_EVENTS, ...SERVICE_MESSAGE_EVENTS] as const;
export type TemplateEvent = (typeof TEMPLATE_EVENTS)[number];

export const TEMPLATE_EVENT_LABELS: Record<TemplateEvent, string> = {
  ...ORDER_MESSAGE_EVENT_LABELS,
  recall: "Batch recall",
};

/** How the owner reads a notice's event in the log, whatever its channel (decision 081). */
const NOTICE_EVENT_LABELS: Record<string, string> = {
  ...TEMPLATE_EVENT_LABELS,
  "order-confirmation": "Order confirmation",
  "payment-received": "Payment received",
  "refund-initiated": "Refund started",
  "new-order-alert": "New order alert",
  "sign-in-code-cap": "Sign-in codes stopped for the hour",
  "sign-in-code": "Sign-in code",
};

export function noticeEventLabel(event: string) {
  return NOTICE_EVENT_LABELS[event] ?? event;
}

/**
 * Which occurrence of a step a message is about, as for the order mails (decision 038): a step
 * that happens once per order has the empty occasion; a delivery or a cancellation that can be
 * undone and happen again is told apart by its moment; a refund by its id (given by the caller).
 * Out for delivery is told once per day in India: a courier that reports it again the same day
 * (a poll, a second scan) sends nothing more, a new attempt on another day is told. Each failed
 * attempt is told by its scan's moment.
 */
export function messageOccasion(event: string, at: Date) {
  if (event === "order-cancelled" || event === "order-delivered" || event === "delivery-failed") {
    return at.toISOString();
  }
  if (event === "out-for-delivery") return formatIstSortable(at).slice(0, 10);
  return "";
}

/**
 * A message is queued, then sent (the provider took it), failed or skipped; a sent message is
 * delivered, or failed, when the provider's delivery report says so (docs/decisions/065).
 */
export const MESSAGE_STATES = ["queued", "sent", "delivered", "failed", "skipped"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Skipped",
};

/**
 * An Indian mobile number in E.164 (+91 and ten digits starting 6-9), from what a customer typed
 * ("98220 12345", "+91-9822012345", "09822012345"); null when it is not one.
 */
export function indianMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : null;
}

/** One notice of the log as the owner sees it: a number masked to its last four digits. */
export type MessageView = {
  id: string;
  event: string;
  channel: NoticeChannel;
  maskedRecipient: string;
  state: MessageState;
  error: string | null;
  providerId: string | null;
  at: Date | string;
};

/** A number as the back office shows it: only its last four digits ("••••••1234"). */
export function maskPhone(phone: string | null | undefined) {
  if (!phone) return "";
  const digits = phone.replace(/\D/g, "");
  return `${"•".repeat(Math.max(0, Math.min(digits.length, 10) - 4))}${digits.slice(-4)}`;
}

/** The shop-wide cap on order messages sent in any hour, until the owner sets one. */
export const DEFAULT_ORDER_MESSAGES_PER_HOUR = 500;
