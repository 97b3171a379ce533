/** When order mails are sent again after a failure (docs/decisions/024). No I/O here. */
import { type Backoff, retryDelay } from "./backoff";

/** The customer's confirmation and the shop's new-order alert: the mails an order becoming new sends. */
export const NEW_ORDER_MAIL_KINDS = ["order-placed", "new-order-alert"] as const;

/**
 * What the customer hears after the order is placed (docs/decisions/038): cash received, shipped
 * with its tracking ID, a delivery attempt that failed (074), delivered, cancelled, and each
 * refund started and completed (039).
 */
export const ORDER_UPDATE_MAIL_KINDS = [
  "payment-received",
  "order-shipped",
  "delivery-failed",
  "order-delivered",
  "order-cancelled",
  "refund-initiated",
  "refund-processed",
] as const;

export const ORDER_MAIL_KINDS = [...NEW_ORDER_MAIL_KINDS, ...ORDER_UPDATE_MAIL_KINDS] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** A minute, then doubling up to an hour: a mail server down for an afternoon still gets them. */
export const MAIL_RETRY: Backoff = { baseMs: 60_000, capMs: 60 * 60_000 };

/** Ten attempts spread over two to four hours; after that the mail is given up and logged. */
export const MAX_MAIL_ATTEMPTS = 10;

/**
 * How long a claimed mail belongs to the process sending it: longer than nodemailer waits on a
 * silent mail server (ten minutes), so two processes never send it at once. If the sender dies,
 * the mail is due again once its short lease lapses (docs/decisions/055).
 */
export const MAIL_CLAIM_MS = 15 * 60_000;

/**
 * After attempt number `attempts` (1 the first) failed: when to try again, or null when the mail
 * is given up.
 */
export function nextMailAttempt(attempts: number, now: Date, random = Math.random): Date | null {
  if (attempts >= MAX_MAIL_ATTEMPTS) return null;
  return new Date(now.getTime() + retryDelay(attempts - 1, MAIL_RETRY, random));
}
