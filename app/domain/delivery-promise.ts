/**
 * What the shop promises a PIN code before an order (docs/decisions/061): whether the courier
 * delivers there, by when, and whether cash on delivery is offered. Pure: the product page's
 * "Check delivery" box, the checkout and the order service all read these answers and words.
 */
import { formatPromisedDay, promisedDeliveryDay } from "./delivery-days";
import { DELIVERY_REFUSALS } from "./delivery-refusals";
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
      /**
       * Days of the courier's fastest service that is faster than the cheapest (the one express
       * delivery books, courier-fees.ts's fasterRate); null when none is faster. Absent: unknown.
       */
      fasterDays?: number | null;
    };

/** What the shop's promises count with (docs/decisions/072): packing days and its holidays. */
export type PromiseCalendar = {
  packingDays: number;
  /**
   * Express orders are packed first: in the Shipping page's shortest packing time. Absent: as
   * long as standard orders.
   */
  expressPackingDays?: number;
  holidays: readonly string[];
};

/** The day promised for `days` of the courier from an order at `now`, "2026-12-08"; null for none. */
export function promisedDay(now: Date, days: number | null | undefined, calendar: PromiseCalendar) {
  if (days === null || days === undefined) return null;
  return promisedDeliveryDay({ orderedAt: now, courierDays: days, ...calendar });
}

/**
 * The day an order by `method` is promised for, "2026-12-08", from the courier's word: the
 * cheapest service's days for standard, the faster one's for express; null when it names none.
 */
export function promisedDayFor(
  serviceability: Serviceability | null,
  method: "standard" | "express",
  now: Date,
  calendar: PromiseCalendar,
): string | null {
  if (!serviceability?.served) return null;
  if (method === "standard") return promisedDay(now, serviceability.days, calendar);
  const packingDays = calendar.expressPackingDays ?? calendar.packingDays;
  return promisedDay(now, serviceability.fasterDays, { ...calendar, packingDays });
}

/**
 * Express's promised day where it comes before standard's, "2026-12-05"; null where it does not:
 * a faster service that packing days, a Sunday or a holiday bring to the same day as standard
 * delivery is no faster for the shopper, and is not worth ₹150.
 */
export function fasterPromisedDay(
  serviceability: Serviceability | null,
  now: Date,
  calendar: PromiseCalendar,
): string | null {
  const express = promisedDayFor(serviceability, "express", now, calendar);
  const standard = promisedDayFor(serviceability, "standard", now, calendar);
  return express !== null && (standard === null || express < standard) ? express : null;
}

/**
 * Whether express delivery is offered by the courier's word: only where it quotes a service
 * whose promised day comes before standard's. Unknown (no word, or an answer without the faster
 * service asked) keeps express offered, as the shop's own "2-3 days".
 */
export function expressOffered(
  serviceability: Serviceability | null,
  now: Date,
  calendar: PromiseCalendar,
): boolean {
  if (!serviceability?.served || serviceability.fasterDays === undefined) return true;
  return fasterPromisedDay(serviceability, now, calendar) !== null;
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
  /**
   * The promised day of express delivery ("Sat, 5 Dec") where the courier quotes a faster
   * service; null where it quotes none, and express is then not offered (docs/decisions/072).
   */
  expressBy?: string | null;
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
  calendar: PromiseCalendar,
): DeliveryAnswer {
  if (!serviceability.served) {
    return { pin, tone: "unserved", text: DELIVERY_MESSAGES.notServed(pin), by: null };
  }
  const day = promisedDayFor(serviceability, "standard", now, calendar);
  const by = day === null ? null : formatPromisedDay(day);
  const express = fasterPromisedDay(serviceability, now, calendar);
  const cod = serviceability.cod && !shopExcludesCod;
  const parts = [
    ...(by === null ? [] : [DELIVERY_MESSAGES.deliveryBy(by)]),
    cod ? DELIVERY_MESSAGES.codAvailable : DELIVERY_MESSAGES.prepaidOnly,
  ];
  return {
    pin,
    tone: cod ? "served" : "prepaid",
    text: parts.join(" · "),
    by,
    ...(serviceability.fasterDays === undefined
      ? {}
      : { expressBy: express === null ? null : formatPromisedDay(express) }),
  };
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
