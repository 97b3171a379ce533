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

const dayParts = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** SPEC §9 'MMM d, yyyy' on the shop's calendar (India), the same on the server and in the browser. */
export function formatShopDate(value: Date | string) {
  const date = typeof value === "string" ? new Date(value) : value;
  const list = dayParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(list.find((p) => p.type === type)?.value ?? 0);
  return `${MONTHS[part("month") - 1]} ${part("day")}, ${part("year")}`;
}

/** A calendar day written yyyy-MM-dd as 'MMM d' ("Mar 7"), with no time zone involved. */
export function formatDayKey(day: string, withYear = false) {
  const [year, month, date] = day.split("-").map(Number);
  const text = `${MONTHS[(month ?? 1) - 1]} ${date}`;
  return withYear ? `${text}, ${year}` : text;
}
