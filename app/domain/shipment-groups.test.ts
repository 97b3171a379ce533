import { describe, expect, it } from "vitest";
import {
  isShipmentGroup,
  SHIPMENT_GROUP_STATES,
  SHIPMENT_GROUPS,
  shipmentGroupOf,
} from "./shipment-groups";
import { SHIPMENT_STATES } from "./shipments";

describe("the dashboard's shipment groups", () => {
  it("put each state in one group at most", () => {
    const grouped = SHIPMENT_GROUPS.flatMap((group) => SHIPMENT_GROUP_STATES[group]);
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const state of grouped) expect(SHIPMENT_STATES).toContain(state);
  });

  it("watch the parcels still with the courier, and nothing finished or not yet booked", () => {
    expect(shipmentGroupOf("pickup_requested")).toBe("awaiting-pickup");
    expect(shipmentGroupOf("out_for_delivery")).toBe("in-transit");
    expect(shipmentGroupOf("failed_attempt")).toBe("failed-attempt");
    expect(shipmentGroupOf("rto_initiated")).toBe("returning");
    for (const state of ["booking", "booking_failed", "delivered", "rto_delivered"] as const) {
      expect(shipmentGroupOf(state)).toBeNull();
    }
  });

  it("reads only its own names from an address", () => {
    expect(isShipmentGroup("in-transit")).toBe(true);
    expect(isShipmentGroup("in_transit")).toBe(false);
    expect(isShipmentGroup(undefined)).toBe(false);
  });
});
