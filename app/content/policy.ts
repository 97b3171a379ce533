/**
 * The policy numbers of docs/SPEC.md §9, written once. The shipping, returns, terms and privacy pages and
 * the FAQ all read them from here, so the pages can never disagree with each other; the shipping
 * charges come from the rule the checkout applies (domain/pricing.ts), so the pages cannot
 * disagree with the checkout either.
 */
import { formatIstLongDate } from "~/domain/india-time";
import { formatRupeesShort } from "~/domain/money";
import { EXPRESS_SHIPPING, FLAT_SHIPPING, FREE_SHIPPING_ABOVE } from "~/domain/pricing";

/** Orders whose subtotal is above this many rupees ship free. */
export const FREE_SHIPPING_ABOVE_RUPEES = FREE_SHIPPING_ABOVE / 100;
/** Flat standard shipping charge, in rupees, for orders at or below the free-shipping threshold. */
export const STANDARD_SHIPPING_RUPEES = FLAT_SHIPPING / 100;
/** Express shipping charge in rupees. */
export const EXPRESS_SHIPPING_RUPEES = EXPRESS_SHIPPING / 100;

export type DayRange = { readonly min: number; readonly max: number };

/** Standard delivery time, in business days. */
export const STANDARD_DELIVERY_DAYS: DayRange = { min: 5, max: 7 };
/** Express delivery time, in days. */
export const EXPRESS_DELIVERY_DAYS: DayRange = { min: 2, max: 3 };
/** Time to pack an order before it ships, in business days. */
export const PROCESSING_DAYS: DayRange = { min: 1, max: 2 };
/** Days after delivery during which a return can be requested. */
export const RETURN_WINDOW_DAYS = 7;
/** Time to refund an approved return, in business days. */
export const REFUND_DAYS: DayRange = { min: 5, max: 7 };
/** Days a package waits at the courier before an unclaimed order is cancelled. */
export const UNCLAIMED_PACKAGE_DAYS = 7;

/** Date the policy pages were last revised (ISO date). */
export const POLICIES_LAST_UPDATED = "2026-11-01";

/** "5-7" */
export function dayRange(range: DayRange): string {
  return `${range.min}-${range.max}`;
}

/** "₹999" (rupees, Indian grouping; paise only when there are some). */
export function rupees(amount: number): string {
  return formatRupeesShort(Math.round(amount * 100));
}

/** "1 November 2026", for a calendar date ("2026-11-01"). */
export function formatLongDate(isoDate: string): string {
  return formatIstLongDate(`${isoDate}T00:00:00+05:30`);
}

/** docs/SPEC.md §9: business hours, as shown on the contact page. */
export const BUSINESS_HOURS = [
  { days: "Monday to Saturday", hours: "9 AM to 6 PM" },
  { days: "Sunday", hours: "Closed" },
] as const;
