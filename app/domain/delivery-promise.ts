/**
 * What the shop promises a PIN code before an order (docs/decisions/061): whether the courier
 * delivers there, by when, and whether cash on delivery is offered. Pure: the product page's
 * "Check delivery" box, the checkout and the order service all read these answers and words.
 */
import { DELIVERY_REFUSALS } from "./delivery-refusals";
import { formatIstWeekdayDay } from "./india-time";
import { PIN_CODE } from "./validation/address-format";

export const DELIVERY_MESSAGES = {
  malformedPin: "Enter a 6-digit PIN code, such as 415003",
  notServed: (pin: string) => `We don't deliver to ${pin} yet`,
  prepaidOnly: "Prepaid only: cash on delivery is not available here",
  codAvailable: "Cash on delivery available",
  deliveryBy: (day: string) => `Delivery by ${day}`,
  ...DELIVERY_REFUSALS,
} as const;

/** The courier's answer for one PIN code, as the shop keeps it. */
export type Serviceability =
  | { served: false }
  | {
      served: true;
      /** The courier collects cash there. */
      cod: boolean;
      /** Days from today to standard delivery (the courier's cheapest service), when it names them. */
      days: number | null;
    };

const DAY_MS = 24 * 60 * 60_000;

/** The day `days` after `now`: whole days, so the same time of day, named on India's clock. */
export function deliveryDay(now: Date, days: number) {
  return new Date(now.getTime() + days * DAY_MS);
}

/** A checked PIN code, or why it cannot be checked. */
export function readPinCode(
  value: unknown,
): { ok: true; pin: string } | { ok: false; message: string } {
  const pin = typeof value === "string" ? value.trim() : "";
  return PIN_CODE.test(pin)
    ? { ok: true, pin }
    : { ok: false, message: DELIVERY_MESSAGES.malformedPin };
}

export type DeliveryAnswer = {
  pin: string;
  tone: "served" | "prepaid" | "unserved";
  /** One line, as the product page shows it. */
  text: string;
  /** The promised day of standard delivery ("Tue, 2 Dec"), for the checkout's options. */
  by: string | null;
};

/**
 * The product page's answer. Cash on delivery needs both the courier and the shop's own settings
 * (a PIN prefix where it is not offered, decision 037); the order-value limit is the checkout's.
 */
export function deliveryAnswer(
  pin: string,
  serviceability: Serviceability,
  shopExcludesCod: boolean,
  now: Date,
): DeliveryAnswer {
  if (!serviceability.served) {
    return { pin, tone: "unserved", text: DELIVERY_MESSAGES.notServed(pin), by: null };
  }
  const by =
    serviceability.days === null
      ? null
      : formatIstWeekdayDay(deliveryDay(now, serviceability.days));
  const cod = serviceability.cod && !shopExcludesCod;
  const parts = [
    ...(by === null ? [] : [DELIVERY_MESSAGES.deliveryBy(by)]),
    cod ? DELIVERY_MESSAGES.codAvailable : DELIVERY_MESSAGES.prepaidOnly,
  ];
  return { pin, tone: cod ? "served" : "prepaid", text: parts.join(" · "), by };
}

/**
 * Why an order to `pin` cannot be placed or cannot be paid on delivery, by the courier's answer;
 * null when nothing stands in the way. The shop's own limits are cash-on-delivery.ts's.
 */
export function courierRefusal(
  pin: string,
  serviceability: Serviceability,
  paymentMethod: string,
): { kind: "not-served" | "prepaid-only"; message: string } | null {
  if (!serviceability.served) {
    return { kind: "not-served", message: DELIVERY_MESSAGES.notServedOrder(pin) };
  }
  if (paymentMethod === "cod" && !serviceability.cod) {
    return { kind: "prepaid-only", message: DELIVERY_MESSAGES.prepaidOnlyOrder(pin) };
  }
  return null;
}
