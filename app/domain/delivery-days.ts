/**
 * The one rule for every day the shop promises a delivery (docs/decisions/072). Pure: the product
 * page's box, the checkout's Standard and Express options, the order-placed mail and the order
 * itself all name the day this answers.
 *
 * An order is packed in the shop's business days (Monday to Saturday, less the shop's holidays)
 * after the day it is placed on India's clock: the Shipping page's "we pack within 1-2 business
 * days" is promised at its longest, and an order placed on a Sunday or a holiday starts on the
 * next business day like any other. The courier then takes its days for the PIN code and service
 * (calendar days, as couriers quote them) from the day the parcel leaves, and a day that falls on
 * a Sunday or a holiday, when nothing is delivered from the shop's side, moves to the next
 * business day.
 */
import { formatIstDay, formatIstWeekdayDay, istParts } from "./india-time";

/** India's national holidays and Maharashtra Day, every year: what a shop starts with. */
export const DEFAULT_SHOP_HOLIDAYS: readonly string[] = ["01-26", "05-01", "08-15", "10-02"];

/** At most this many holidays: a year's worth and more. */
export const MAX_SHOP_HOLIDAYS = 60;

/** A courier naming more days than this is not believed (no promise is made). */
export const MAX_COURIER_DAYS = 60;

/** "2026-11-09" for that day only, "01-26" for that day every year. */
const HOLIDAY = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/;

const DAY_MS = 24 * 60 * 60_000;

/** The holidays as the owner typed them: one a line (commas separate too), once each. */
export function parseHolidays(text: string): string[] {
  const entries = text
    .split(/[\r\n,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  return [...new Set(entries)];
}

/** Whether an entry names a real day: 2027-02-29 does not, 02-29 does (in leap years). */
export function isHoliday(entry: string): boolean {
  const match = HOLIDAY.exec(entry);
  if (!match) return false;
  const year = match[1] === undefined ? 2028 : Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 2000 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar day, as midnight UTC of that date (no zone involved in the arithmetic). */
type Day = Date;

function dayKey(day: Day) {
  return day.toISOString().slice(0, 10);
}

function nextDay(day: Day): Day {
  return new Date(day.getTime() + DAY_MS);
}

/** The calendar day `moment` falls on in India. */
export function indiaDayOf(moment: Date): Day {
  const p = istParts(moment);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
}

/** Monday to Saturday, and not one of the shop's holidays. */
export function isBusinessDay(day: Day, holidays: readonly string[]): boolean {
  if (day.getUTCDay() === 0) return false;
  const key = dayKey(day);
  return !holidays.includes(key) && !holidays.includes(key.slice(5));
}

function nextBusinessDay(day: Day, holidays: readonly string[]): Day {
  let next = nextDay(day);
  // Bounded: a list of holidays cannot close every day for long (MAX_SHOP_HOLIDAYS).
  while (!isBusinessDay(next, holidays)) next = nextDay(next);
  return next;
}

export type PromiseInput = {
  /** When the order is (or would be) placed. */
  orderedAt: Date;
  /** Business days to pack (the Shipping page's longest, PROCESSING_DAYS.max). */
  packingDays: number;
  /** The courier's days for the PIN code and service. */
  courierDays: number;
  /** The shop's holidays: "2026-11-09" or, every year, "01-26". */
  holidays: readonly string[];
};

/**
 * The promised delivery day ("2026-12-08"), or null when the courier's days are not a whole
 * number from 1 to MAX_COURIER_DAYS (nothing is promised on a figure that makes no sense).
 */
export function promisedDeliveryDay({
  orderedAt,
  packingDays,
  courierDays,
  holidays,
}: PromiseInput): string | null {
  if (!Number.isInteger(courierDays) || courierDays < 1 || courierDays > MAX_COURIER_DAYS) {
    return null;
  }
  if (Number.isNaN(orderedAt.getTime())) return null;
  const packing = Number.isInteger(packingDays) && packingDays > 0 ? packingDays : 0;
  let day = indiaDayOf(orderedAt);
  for (let packed = 0; packed < packing; packed++) day = nextBusinessDay(day, holidays);
  day = new Date(day.getTime() + courierDays * DAY_MS);
  if (!isBusinessDay(day, holidays)) day = nextBusinessDay(day, holidays);
  return dayKey(day);
}

/** A promised day ("2026-12-08") as the shop names it: "Tue, 8 Dec" (noon in India that day). */
export function formatPromisedDay(day: string): string {
  return formatIstWeekdayDay(`${day}T12:00:00+05:30`);
}

/** Whether a promised day has passed on India's clock: the day after it has begun there. */
export function isPromisedDayPast(day: string, now: Date): boolean {
  return indiaToday(now) > day;
}

/** India's date today ("2026-12-02"), to compare with promised days. */
export function indiaToday(now: Date): string {
  return formatIstDay(now);
}

/**
 * What the customer's order says of its promised day: "Tue, 8 Dec" until it is delivered (or
 * cancelled); null for an order promised none.
 */
export function customerDeliveryBy(order: {
  promisedDeliveryOn: string | null;
  status: string;
}): string | null {
  if (!order.promisedDeliveryOn || order.status === "delivered" || order.status === "cancelled") {
    return null;
  }
  return formatPromisedDay(order.promisedDeliveryOn);
}
