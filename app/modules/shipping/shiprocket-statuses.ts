import type { ScanKind } from "../../domain/shipments";
import { type CourierScan, CourierWebhookError } from "./courier.server";

/**
 * Shiprocket's shipment statuses ("sr-status-label" and its numeric id) as the shop's scans. The
 * statuses before the parcel leaves (AWB assigned, label generated, pickup scheduled, manifest,
 * out for pickup, pickup exceptions) and the rarer ones (lost, damaged, disposed) move nothing.
 */
const BY_LABEL: Record<string, ScanKind> = {
  "PICKED UP": "picked_up",
  SHIPPED: "in_transit",
  "IN TRANSIT": "in_transit",
  "REACHED AT DESTINATION HUB": "in_transit",
  "REACHED WAREHOUSE": "in_transit",
  MISROUTED: "in_transit",
  DELAYED: "in_transit",
  "OUT FOR DELIVERY": "out_for_delivery",
  DELIVERED: "delivered",
  UNDELIVERED: "failed_attempt",
  "RTO INITIATED": "rto_initiated",
  "RTO ACKNOWLEDGED": "rto_initiated",
  "RTO IN TRANSIT": "rto_initiated",
  "RTO NDR": "rto_initiated",
  "RTO OFD": "rto_initiated",
  "RTO DELIVERED": "rto_delivered",
};

const BY_ID: Record<number, ScanKind> = {
  6: "in_transit",
  7: "delivered",
  9: "rto_initiated",
  10: "rto_delivered",
  14: "rto_initiated",
  17: "out_for_delivery",
  18: "in_transit",
  21: "failed_attempt",
  22: "in_transit",
  38: "in_transit",
  39: "in_transit",
  40: "rto_initiated",
  41: "rto_initiated",
  42: "picked_up",
  46: "rto_initiated",
  48: "in_transit",
};

export function shiprocketScanKind(label: string | undefined, id: number | undefined) {
  const byLabel = label ? BY_LABEL[label.trim().toUpperCase().replace(/_/g, " ")] : undefined;
  return byLabel ?? (id === undefined ? undefined : BY_ID[id]) ?? null;
}

/**
 * Shiprocket writes times in India's time without a zone: "2023-05-19 11:59:16" in its tracking
 * and scans, "23 05 2023 11:43:52" (day month year) as a webhook's current_timestamp.
 */
export function parseShiprocketTime(text: string | undefined): Date | null {
  if (!text) return null;
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const dmy = /^(\d{2})[ -](\d{2})[ -](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1], dmy[4], dmy[5], dmy[6]]
      : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second ?? "00"}+05:30`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * A day as Shiprocket's order details write it, in India's time: "2026-11-27", "27 Nov 2026" or
 * "27 Nov 2026 05:28 PM" (its `order_date`, `created_at`), besides the times parseShiprocketTime
 * reads. Null for anything else, an empty string included.
 */
export function parseShiprocketDay(text: string | undefined | null): Date | null {
  if (!text) return null;
  const trimmed = text.trim();
  const time = parseShiprocketTime(trimmed);
  if (time) return time;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const named =
    /^(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]{3})[a-z]* (\d{4})(?:,? (\d{1,2}):(\d{2}) ?([AP]M))?$/i.exec(
      trimmed,
    );
  let parts: [string, number, number, number, number] | null = null;
  if (iso) parts = [iso[1]!, Number(iso[2]), Number(iso[3]), 0, 0];
  else if (named) {
    const month = MONTHS.indexOf(named[2]!.toLowerCase()) + 1;
    if (month === 0) return null;
    let hour = named[4] ? Number(named[4]) % 12 : 0;
    if (named[6]?.toUpperCase() === "PM") hour += 12;
    parts = [named[3]!, month, Number(named[1]), hour, Number(named[5] ?? 0)];
  }
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts;
  const two = (n: number) => String(n).padStart(2, "0");
  const date = new Date(`${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:00+05:30`);
  if (Number.isNaN(date.getTime())) return null;
  // "31 Feb" rolls over in Date; a day that does not exist is not a day.
  const back = new Date(date.getTime() + 330 * 60_000);
  return back.getUTCDate() === day ? date : null;
}

/** A field Shiprocket writes as text: a string as it is, a number as its digits, else nothing. */
function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A numeric status id, as a number or its digits; anything else is no id. */
function statusIdOf(value: unknown): number | undefined {
  const text = textOf(value)?.trim();
  return text && /^\d{1,4}$/.test(text) ? Number(text) : undefined;
}

/**
 * Shiprocket's tracking webhook: one JSON object per update, with the AWB, the shipment's current
 * status (`current_status`, `shipment_status`, `shipment_status_id`) and `current_timestamp`
 * ("23 05 2023 11:43:52", India's time). It carries no event id: the AWB, status and time name it.
 * Each field is read by its type: a field of another type counts as absent (a scan's words, its
 * place) or refuses the update (its AWB, status, time), never converted.
 */
export function parseShiprocketWebhook(body: unknown): CourierScan[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new CourierWebhookError("expected a JSON object");
  }
  const update = body as Record<string, unknown>;
  const awb = textOf(update.awb);
  if (awb === undefined || !/^[A-Za-z0-9-]{1,40}$/.test(awb)) {
    throw new CourierWebhookError("expected an AWB");
  }
  const status = [update.shipment_status, update.current_status].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  if (!status) throw new CourierWebhookError("expected a status");
  const statusId = statusIdOf(update.shipment_status_id) ?? statusIdOf(update.current_status_id);
  const at = parseShiprocketTime(
    typeof update.current_timestamp === "string" ? update.current_timestamp : undefined,
  );
  if (!at) throw new CourierWebhookError("expected current_timestamp");
  const kind = shiprocketScanKind(status, statusId);
  if (!kind) return [];
  const latest = Array.isArray(update.scans) ? update.scans.at(-1) : undefined;
  const scan: Record<string, unknown> =
    latest && typeof latest === "object" && !Array.isArray(latest) ? latest : {};
  const location = textOf(scan.location)?.trim();
  return [
    {
      awb,
      kind,
      status: status.trim().toUpperCase().slice(0, 60),
      at,
      description: (textOf(scan.activity) ?? status).slice(0, 300),
      location: location ? location.slice(0, 120) : null,
    },
  ];
}
