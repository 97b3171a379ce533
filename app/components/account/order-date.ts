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

/** The shop is in India: server and browser show the same clock, whatever their own zone. */
const parts = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** SPEC §9: order details as 'MMM d, yyyy HH:mm' ("Jan 6, 2026 00:15"), India time. */
export function formatOrderDateTime(value: Date | string) {
  const date = typeof value === "string" ? new Date(value) : value;
  const list = parts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    list.find((p) => p.type === type)?.value ?? "";
  const month = MONTHS[Number(part("month")) - 1];
  return `${month} ${Number(part("day"))}, ${part("year")} ${part("hour")}:${part("minute")}`;
}
