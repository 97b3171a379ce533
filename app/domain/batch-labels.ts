/**
 * How batches read on documents and screens (docs/decisions/059): a pack's label carries months,
 * so the shop stores a manufacture month as its first day and an expiry month as its last day,
 * and prints both as MM/YYYY. Dates travel as ISO calendar days ("2027-03-31").
 */
import { istParts } from "./india-time";

const two = (n: number) => String(n).padStart(2, "0");

/** "2027-03-31" → "03/2027"; "" for no date. */
export function formatLabelMonth(day: string | null | undefined): string {
  if (!day) return "";
  const [year, month] = day.split("-");
  return `${month}/${year}`;
}

/** Today's calendar day in India, "2026-11-27". */
export function istToday(now: Date = new Date()): string {
  const { year, month, day } = istParts(now);
  return `${year}-${two(month)}-${two(day)}`;
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A month "2027-03" as its first day, "2027-03-01". */
export function firstDayOfMonth(month: string): string {
  return `${month}-01`;
}

/** A month "2027-02" as its last day, "2027-02-28". */
export function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${two(last)}`;
}

export const LOT_STATUSES = ["sellable", "near-expiry", "expired"] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  sellable: "Sellable",
  "near-expiry": "Near expiry",
  expired: "Expired",
};

/**
 * A lot whose expiry has passed is expired; one that expires within the shop's minimum shelf life
 * is near expiry (it is no longer sold: a customer must get at least that much life); any other
 * lot, and one without an expiry, is sellable.
 */
export function lotStatus(
  expiresOn: string | null,
  today: string,
  minShelfLifeDays: number,
): LotStatus {
  if (!expiresOn) return "sellable";
  if (expiresOn < today) return "expired";
  if (expiresOn < addDays(today, minShelfLifeDays)) return "near-expiry";
  return "sellable";
}

/** How far ahead the dashboard warns of expiry: the shelf-life window and two months more. */
export const EXPIRY_WARNING_EXTRA_DAYS = 60;

/** One batch an order line was filled from, as printed on its documents. */
export type LineBatch = { batchNumber: string; expiresOn: string | null; quantity: number };

/**
 * "Batch B-101, Exp. 03/2027" for a line from one batch; each batch with its quantity when the
 * line came from several ("Batch B-101, Exp. 03/2027 (4)").
 */
export function lineBatchTexts(batches: readonly LineBatch[]): string[] {
  return batches.map((batch) => {
    const expiry = batch.expiresOn ? `, Exp. ${formatLabelMonth(batch.expiresOn)}` : "";
    const quantity = batches.length > 1 ? ` (${batch.quantity})` : "";
    return `Batch ${batch.batchNumber}${expiry}${quantity}`;
  });
}
