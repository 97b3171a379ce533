/**
 * How batches read on documents and screens (docs/decisions/059): a pack's label carries months,
 * so the shop stores a manufacture month as its first day and an expiry month as its last day,
 * and prints both as MM/YYYY. Dates travel as ISO calendar days ("2027-03-31").
 */
import { isExpired, isSellableLot, monthEnd } from "./stock-lots";

/** "2027-03-31" → "03/2027"; "" for no date. */
export function formatLabelMonth(day: string | null | undefined): string {
  if (!day) return "";
  const [year, month] = day.split("-");
  return `${month}/${year}`;
}

/** A month "2027-03" as its first day, "2027-03-01". */
export function firstDayOfMonth(month: string): string {
  return `${month}-01`;
}

/** A month "2027-02" as its last day, "2027-02-28". */
export function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return monthEnd(year, monthNumber);
}

export const LOT_STATUSES = ["sellable", "near-expiry", "expired", "held"] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  sellable: "Sellable",
  "near-expiry": "Near expiry",
  expired: "Expired",
  held: "Held: recalled",
};

/**
 * A lot whose expiry has passed is expired; one that expires within the shop's minimum shelf life
 * is near expiry (it is no longer sold: a customer must get at least that much life); any other
 * lot, and one without an expiry, is sellable. A lot held by a recall is held, whatever its dates
 * (docs/decisions/067).
 */
export function lotStatus(
  expiresOn: string | null,
  today: string,
  minShelfLifeDays: number,
  heldAt: Date | null = null,
): LotStatus {
  if (heldAt) return "held";
  if (isExpired(expiresOn, today)) return "expired";
  return isSellableLot(expiresOn, today, minShelfLifeDays) ? "sellable" : "near-expiry";
}

/**
 * What receiving a batch that expires on `expiresOn` warns of: inside the minimum shelf life it
 * may be received (the shop holds it), but it is never sold. Null for a batch that will be sold,
 * and for one already expired, which is not received at all.
 */
export function nearExpiryWarning(
  expiresOn: string,
  today: string,
  minShelfLifeDays: number,
): string | null {
  if (isExpired(expiresOn, today) || isSellableLot(expiresOn, today, minShelfLifeDays)) {
    return null;
  }
  return `Expiring ${formatLabelMonth(expiresOn)}, inside the minimum shelf life of ${minShelfLifeDays} days: its units will not be sold.`;
}

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

/**
 * What a lot's ledger row did, as its history reads (docs/decisions/075): a `restocked` row is
 * units back from an order, "Returned" when the order gave them back (cancelled, returned to the
 * shop) and "Recalled" when a recall took them back from an order not yet shipped.
 */
export const LOT_MOVEMENT_LABELS = {
  opening: "Opening stock",
  received: "Received",
  sold: "Sold",
  restocked: "Returned",
  recalled: "Recalled",
  adjusted: "Adjusted",
  written_off: "Written off",
} as const;

export type LotMovementKind = keyof typeof LOT_MOVEMENT_LABELS;

/** The kind of a ledger row, from its reason and whether a recall re-allocated its units. */
export function movementKindOf(
  reason: Exclude<LotMovementKind, "recalled">,
  byRecall: boolean,
): LotMovementKind {
  return reason === "restocked" && byRecall ? "recalled" : reason;
}
