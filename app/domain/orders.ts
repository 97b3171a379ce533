/** Order rules that need no database: statuses, who may cancel, numbering, card-payment expiry. */

export const ORDER_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The card value is the payment provider's name in lower case (docs/SPEC.md §3). */
export const PAYMENT_METHODS = ["cod", "razorpay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** docs/DESIGN.md §6.4. */
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The payment arrived, whatever has been refunded of it since (docs/decisions/049): a refunded
 * payment is never asked for, expired or marked paid or failed again.
 */
export const PAYMENTS_ARRIVED = ["paid", "refunded"] as const satisfies readonly PaymentStatus[];

export function paymentArrived(paymentStatus: string) {
  return (PAYMENTS_ARRIVED as readonly string[]).includes(paymentStatus);
}

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: "Cash on Delivery",
  razorpay: "Card (Razorpay)",
};

/** How the shop takes card payments (CARD_PAYMENTS): not at all, its test gateway, or Razorpay. */
export const CARD_PAYMENT_MODES = ["off", "test", "razorpay"] as const;
export type CardPaymentMode = (typeof CARD_PAYMENT_MODES)[number];

/**
 * Who took a card order's payment: Razorpay, or the built-in test gateway, through which no money
 * moves (docs/decisions/016). Null for cash on delivery, and for card orders from before it was
 * recorded whose gateway could not be told.
 */
export const PAYMENT_PROVIDERS = ["razorpay", "test"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const TEST_PAYMENT_MARK = "TEST PAYMENT — not a real payment";

/**
 * The checkout's form that has a card order awaiting payment paid in cash on delivery instead
 * (docs/decisions/050) posts this intent; here, not beside its schema, so the page needs no Zod.
 */
export const CASH_ON_DELIVERY_INTENT = "cash-on-delivery";

/** Said when CARD_PAYMENTS=off and a card payment is asked for anyway. */
export const CARD_PAYMENTS_OFF_MESSAGE =
  "Card payments are switched off. Please choose Cash on Delivery.";

type PaymentFacts = { paymentMethod: PaymentMethod; paymentProvider: PaymentProvider | null };

export function isTestPayment(order: PaymentFacts) {
  return order.paymentMethod === "razorpay" && order.paymentProvider === "test";
}

/** How an order's payment is named wherever it is shown or exported. */
export function paymentMethodLabel(order: PaymentFacts) {
  if (isTestPayment(order)) return "Card (test gateway)";
  return PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod;
}

/** docs/DESIGN.md §6.7: card orders not paid within this time are cancelled and give their stock back. */
export const CARD_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

/** docs/DESIGN.md §6.16: the customer may cancel while the order has not shipped. */
export function customerMayCancel(status: OrderStatus) {
  return status === "pending" || status === "processing";
}

/** A pending card order inside its payment window can be paid again from the Orders tab. */
export function awaitsCardPayment(
  order: {
    paymentMethod: PaymentMethod;
    paymentStatus: PaymentStatus;
    status: OrderStatus;
    createdAt: Date;
  },
  now: Date,
) {
  return (
    order.paymentMethod === "razorpay" &&
    !paymentArrived(order.paymentStatus) &&
    order.status === "pending" &&
    now.getTime() - order.createdAt.getTime() < CARD_PAYMENT_WINDOW_MS
  );
}

/**
 * docs/SPEC.md §9: 'ORD-' and a timestamp. The milliseconds make clashes rare; `attempt` adds a suffix
 * when one happens anyway (docs/DESIGN.md §6.9).
 */
export function orderNumber(now: Date, attempt = 0) {
  const stamp = String(now.getTime());
  return attempt === 0 ? `ORD-${stamp}` : `ORD-${stamp}-${attempt}`;
}

/** docs/SPEC.md §4 badge colours: yellow, blue, purple, green, red, and grey for anything else. */
export const ORDER_STATUS_TONES = {
  pending: "warning",
  processing: "info",
  shipped: "purple",
  delivered: "success",
  cancelled: "destructive",
} as const satisfies Record<OrderStatus, string>;

export type StatusTone = (typeof ORDER_STATUS_TONES)[OrderStatus] | "neutral";

/** The Badge variant for an order status. */
export function orderStatusTone(status: string): StatusTone {
  return ORDER_STATUS_TONES[status as OrderStatus] ?? "neutral";
}

export function statusLabel(status: string) {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
