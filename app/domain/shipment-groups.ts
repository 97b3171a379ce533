/**
 * The dashboard's shipment panels (docs/decisions/061): where parcels with the courier stand, each
 * group a set of shipment states (decision 060) and a filter of the orders list.
 */
import type { ShipmentState } from "./shipments";

export const SHIPMENT_GROUPS = [
  "awaiting-pickup",
  "in-transit",
  "failed-attempt",
  "returning",
] as const;
export type ShipmentGroup = (typeof SHIPMENT_GROUPS)[number];

export const SHIPMENT_GROUP_STATES: Record<ShipmentGroup, readonly ShipmentState[]> = {
  "awaiting-pickup": ["booked", "pickup_requested"],
  "in-transit": ["picked_up", "in_transit", "out_for_delivery"],
  "failed-attempt": ["failed_attempt"],
  returning: ["rto_initiated"],
};

export const SHIPMENT_GROUP_LABELS: Record<ShipmentGroup, string> = {
  "awaiting-pickup": "Waiting for pickup",
  "in-transit": "In transit",
  "failed-attempt": "Failed delivery attempt",
  returning: "Returning to the shop",
};

export function isShipmentGroup(value: unknown): value is ShipmentGroup {
  return typeof value === "string" && (SHIPMENT_GROUPS as readonly string[]).includes(value);
}

/** The group a state belongs to, or null (booking, delivered, returned: nothing to watch). */
export function shipmentGroupOf(state: ShipmentState): ShipmentGroup | null {
  return SHIPMENT_GROUPS.find((group) => SHIPMENT_GROUP_STATES[group].includes(state)) ?? null;
}
