/**
 * The shop is in India: dates on screens, invoices and exports are read on India's clock
 * (Asia/Kolkata, UTC+5:30, no daylight saving), whatever the zone of the server or browser.
 */

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/**
 * India has kept one offset, UTC+5:30 without daylight saving, since 1945: its clock is UTC moved
 * by that much. Worked out by hand rather than by Intl.DateTimeFormat, whose time zone data took a
 * phone's browser about 12 ms to load with Lighthouse's slowed CPU (india-time.test.ts compares
 * the two).
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

export type IstParts = { year: number; month: number; day: number; hour: number; minute: number };

/** Calendar year, month (1-12), day, hour and minute of `value` in India. */
export function istParts(value: Date | string): IstParts {
  const time = (typeof value === "string" ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const india = new Date(time + IST_OFFSET_MS);
  return {
    year: india.getUTCFullYear(),
    month: india.getUTCMonth() + 1,
    day: india.getUTCDate(),
    hour: india.getUTCHours(),
    minute: india.getUTCMinutes(),
  };
}

const two = (n: number) => String(n).padStart(2, "0");

const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** 'd MMMM yyyy' in India ("1 November 2026"), the policy pages' dates. */
export function formatIstLongDate(value: Date | string) {
  const p = istParts(value);
  return `${p.day} ${LONG_MONTHS[p.month - 1]} ${p.year}`;
}

/** docs/SPEC.md §9 'MMM d, yyyy' in India ("Mar 31, 2026"). */
export function formatIstDate(value: Date | string) {
  const p = istParts(value);
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

/** docs/SPEC.md §9 'MMM d, yyyy HH:mm' in India, a 24-hour clock ("Jan 6, 2026 00:15"). */
export function formatIstDateTime(value: Date | string) {
  const p = istParts(value);
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

/** 'dd/MM/yy' in India ("31/03/26"), the home page's offers. */
export function formatIstShortDate(value: Date | string) {
  const p = istParts(value);
  return `${two(p.day)}/${two(p.month)}/${two(p.year % 100)}`;
}

/** 'yyyy-MM-dd' in India, the value of a date input ("2026-03-31"). */
export function formatIstDay(value: Date | string) {
  const p = istParts(value);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** A calendar day written yyyy-MM-dd as 'MMM d' ("Mar 7"), or 'MMM d, yyyy'; no zone involved. */
export function formatDayKey(day: string, withYear = false) {
  const [year, month, date] = day.split("-").map(Number);
  const text = `${MONTHS[(month ?? 1) - 1]} ${date}`;
  return withYear ? `${text}, ${year}` : text;
}

/** 'dd-MMM-yyyy' in India ("24-Nov-2026"), as the GST portal's offline tool writes dates. */
export function formatIstGstDate(value: Date | string) {
  const p = istParts(value);
  return `${two(p.day)}-${MONTHS[p.month - 1]}-${p.year}`;
}

/** 'yyyy-MM-dd HH:mm' in India, for spreadsheets ("2026-03-31 23:59"). */
export function formatIstSortable(value: Date | string) {
  const p = istParts(value);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

/**
 * The Indian financial year (1 April to 31 March, India time) that `value` falls in, as
 * "2026-27".
 */
export function financialYearOf(value: Date | string) {
  const { year, month } = istParts(value);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${two((start + 1) % 100)}`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** 'EEE, d MMM' in India ("Tue, 2 Dec"), a promised delivery day. */
export function formatIstWeekdayDay(value: Date | string) {
  const p = istParts(value);
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${p.day} ${MONTHS[p.month - 1]}`;
}
