/**
 * The dashboard's shipment panels (docs/decisions/061): where parcels with the courier stand, each
 * group a set of shipment states (decision 060) and a filter of the orders list.
 */
import type { OrderStatus } from "./orders";
import type { ShipmentState } from "./shipments";

/** The groups of shipment states. */
export const SHIPMENT_STATE_GROUPS = [
  "awaiting-pickup",
  "in-transit",
  "failed-attempt",
  "returning",
] as const;
export type ShipmentStateGroup = (typeof SHIPMENT_STATE_GROUPS)[number];

/** The panel's groups: the states', and the orders late for the day promised (decision 072). */
export const SHIPMENT_GROUPS = [...SHIPMENT_STATE_GROUPS, "late"] as const;
export type ShipmentGroup = (typeof SHIPMENT_GROUPS)[number];

export const SHIPMENT_GROUP_STATES: Record<ShipmentStateGroup, readonly ShipmentState[]> = {
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
  late: "Late",
};

/** An order in any of these is no longer waited for: it arrived, or it will not. */
export const NOT_LATE_ORDER_STATUSES: readonly OrderStatus[] = ["delivered", "cancelled"];
/** A parcel in any of these reached someone: the customer, or the shop again. */
export const NOT_LATE_SHIPMENT_STATES: readonly ShipmentState[] = ["delivered", "rto_delivered"];

/**
 * Whether an order is late (docs/decisions/072): it was promised a day, that day has passed on
 * India's clock (`today`, "2026-12-09"), and it is neither delivered, cancelled nor returned.
 */
export function isLateOrder(
  order: {
    promisedDeliveryOn: string | null;
    status: OrderStatus;
    shipmentState?: ShipmentState | null;
  },
  today: string,
): boolean {
  if (!order.promisedDeliveryOn || order.promisedDeliveryOn >= today) return false;
  if (NOT_LATE_ORDER_STATUSES.includes(order.status)) return false;
  return !(order.shipmentState && NOT_LATE_SHIPMENT_STATES.includes(order.shipmentState));
}

export function isShipmentGroup(value: unknown): value is ShipmentGroup {
  return typeof value === "string" && (SHIPMENT_GROUPS as readonly string[]).includes(value);
}

/** The group a state belongs to, or null (booking, delivered, returned: nothing to watch). */
export function shipmentGroupOf(state: ShipmentState): ShipmentStateGroup | null {
  return (
    SHIPMENT_STATE_GROUPS.find((group) => SHIPMENT_GROUP_STATES[group].includes(state)) ?? null
  );
}
