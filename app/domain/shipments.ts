/**
 * Couriers and the life of a shipment (docs/decisions/060). Pure rules shared with the browser: the
 * modes, the states a shipment passes through, the scans that move it and how each is named.
 */
export const COURIER_MODES = ["off", "test", "shiprocket"] as const;
export type CourierMode = (typeof COURIER_MODES)[number];

/** Couriers that book shipments (every mode but "off"). */
export type CourierProvider = Exclude<CourierMode, "off">;

/** What a courier's scan says happened, normalized from every courier's own codes. */
export const SCAN_KINDS = [
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "failed_attempt",
  "delivered",
  "rto_initiated",
  "rto_delivered",
] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/**
 * A shipment's states. `booking` while the booking job runs; `booking_failed` keeps the courier's
 * error until the owner retries; from the pickup on, the states are the scans that move the parcel.
 */
export const SHIPMENT_STATES = [
  "booking",
  "booking_failed",
  "booked",
  "pickup_requested",
  ...SCAN_KINDS,
] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

export function isScanKind(value: unknown): value is ScanKind {
  return typeof value === "string" && (SCAN_KINDS as readonly string[]).includes(value);
}

export const SCAN_LABELS: Record<ScanKind, string> = {
  picked_up: "Picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  failed_attempt: "Delivery attempt failed",
  delivered: "Delivered",
  rto_initiated: "Returning to the shop",
  rto_delivered: "Returned to the shop",
};

export const SHIPMENT_STATE_LABELS: Record<ShipmentState, string> = {
  booking: "Booking with the courier",
  booking_failed: "Booking failed",
  booked: "Booked",
  pickup_requested: "Pickup requested",
  ...SCAN_LABELS,
};

/** States in which the parcel is with the courier and scans are expected. */
const TRACKED: readonly ShipmentState[] = [
  "booked",
  "pickup_requested",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "failed_attempt",
  "rto_initiated",
];

/** How far along the forward journey each state is; a scan never moves a shipment backwards. */
const FORWARD_RANK: Partial<Record<ShipmentState, number>> = {
  booked: 0,
  pickup_requested: 1,
  picked_up: 2,
  in_transit: 3,
  failed_attempt: 4,
  out_for_delivery: 4,
  delivered: 5,
};

/**
 * The state a scan moves a shipment to, or null when the scan changes nothing (recorded in the
 * timeline all the same). Final states (delivered, rto_delivered) take no more scans; once
 * returning, only the return's end moves it; a late scan of an earlier step (couriers send scans
 * out of order) is kept in the timeline but does not move the shipment back. A failed attempt and
 * out for delivery alternate while the courier tries again.
 */
export function nextShipmentState(current: ShipmentState, scan: ScanKind): ShipmentState | null {
  if (!TRACKED.includes(current)) return null;
  if (current === "rto_initiated") return scan === "rto_delivered" ? "rto_delivered" : null;
  if (scan === "rto_initiated") return "rto_initiated";
  if (scan === "rto_delivered") return "rto_delivered";
  if (scan === current) return null;
  const from = FORWARD_RANK[current] ?? 0;
  const to = FORWARD_RANK[scan] ?? 0;
  return to >= from ? scan : null;
}

/** A parcel delivered, or back at the shop: no more scans are expected. */
export function isFinalShipmentState(state: ShipmentState) {
  return state === "delivered" || state === "rto_delivered";
}

/** The owner may retry a booking only after it failed. */
export function mayRetryBooking(state: ShipmentState) {
  return state === "booking_failed";
}

/** The package the shop ships in, from settings; its weight is the lines' weights added up. */
export type PackageSize = { lengthCm: number; breadthCm: number; heightCm: number };

/** Weight used for a pack size whose weight was never entered. */
export const DEFAULT_ITEM_WEIGHT_GRAMS = 250;

/** What a package weighs: the lines' weights (a missing one counted as the default), at least 1 g. */
export function packageWeightGrams(lines: { weightGrams: number | null; quantity: number }[]) {
  const total = lines.reduce(
    (sum, line) => sum + (line.weightGrams ?? DEFAULT_ITEM_WEIGHT_GRAMS) * line.quantity,
    0,
  );
  return Math.max(1, total);
}
