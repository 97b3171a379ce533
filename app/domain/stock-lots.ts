import { istParts } from "./india-time";

/**
 * Pure rules of stock kept in lots (docs/decisions/059). Dates are calendar dates written
 * `YYYY-MM-DD`, read on the shop's clock (India); a lot with no expiry (the opening stock) is
 * always sellable.
 */

export const DEFAULT_MIN_SHELF_LIFE_DAYS = 90;
export const MAX_MIN_SHELF_LIFE_DAYS = 1095;
/** Lots expiring within the shelf-life window plus this many days are "expiring soon". */
export const EXPIRING_SOON_EXTRA_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const two = (n: number) => String(n).padStart(2, "0");

/** Today's date in the shop (India), whatever the server's zone. */
export function shopDate(now: Date = new Date()): string {
  const { year, month, day } = istParts(now);
  return `${year}-${two(month)}-${two(day)}`;
}

function parse(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a date: ${date}`);
  }
  return time;
}

export function addDays(date: string, days: number): string {
  return new Date(parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The earliest expiry a lot may have to be sold on `today`: a shopper receives at least the
 * minimum shelf life. A lot expiring on this day is still sellable.
 */
export function sellableFrom(today: string, minShelfLifeDays: number): string {
  return addDays(today, minShelfLifeDays);
}

export function isSellableLot(
  expiresOn: string | null,
  today: string,
  minShelfLifeDays: number,
): boolean {
  return expiresOn === null || expiresOn >= sellableFrom(today, minShelfLifeDays);
}

export function isExpired(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn < today;
}

/** Lots expiring before this date (and not yet unsellable) are expiring soon. */
export function expiringSoonBefore(today: string, minShelfLifeDays: number): string {
  return addDays(today, minShelfLifeDays + EXPIRING_SOON_EXTRA_DAYS);
}

/** Labels carry a month: the expiry stored for "MM/YYYY" is that month's last day. */
export function monthEnd(year: number, month: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError("month");
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${two(month)}-${two(last)}`;
}

/** "YYYY-MM" of the month `offset` months from the one `today` ("YYYY-MM-DD") is in. */
export function monthFrom(today: string, offset: number): string {
  parse(today);
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 2027": the month and year a label prints, from a stored expiry. */
export function expiryMonth(expiresOn: string): string {
  parse(expiresOn);
  return `${MONTHS[Number(expiresOn.slice(5, 7)) - 1]} ${expiresOn.slice(0, 4)}`;
}

/** The product page's line for the lot that would ship next; null when it has no expiry. */
export function bestBeforeText(expiresOn: string | null): string | null {
  return expiresOn ? `Best before ${expiryMonth(expiresOn)}` : null;
}

export type FefoLot = { id: string; expiresOn: string | null; receivedAt: Date | string };

/** First expiry first out: earliest expiry first, no expiry last, then the earliest received. */
export function compareFefo(a: FefoLot, b: FefoLot): number {
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  const received = new Date(a.receivedAt).getTime() - new Date(b.receivedAt).getTime();
  if (received !== 0) return received;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
