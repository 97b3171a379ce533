import { describe, expect, it } from "vitest";
import {
  isLateOrder,
  isShipmentGroup,
  SHIPMENT_GROUP_STATES,
  SHIPMENT_GROUPS,
  SHIPMENT_STATE_GROUPS,
  shipmentGroupOf,
} from "./shipment-groups";
import { SHIPMENT_STATES } from "./shipments";

describe("the dashboard's shipment groups", () => {
  it("put each state in one group at most", () => {
    const grouped = SHIPMENT_STATE_GROUPS.flatMap((group) => SHIPMENT_GROUP_STATES[group]);
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
    expect(isShipmentGroup("late")).toBe(true);
    expect(SHIPMENT_GROUPS).toContain("late");
    expect(isShipmentGroup("in_transit")).toBe(false);
    expect(isShipmentGroup(undefined)).toBe(false);
  });
});

describe("a late order (decision 072)", () => {
  const order = { promisedDeliveryOn: "2026-12-08", status: "shipped" as const };

  it("is one whose promised day has passed in India and that has not arrived", () => {
    expect(isLateOrder(order, "2026-12-09")).toBe(true);
    expect(isLateOrder({ ...order, status: "pending" }, "2026-12-09")).toBe(true);
    expect(isLateOrder({ ...order, status: "processing" }, "2027-01-01")).toBe(true);
    expect(isLateOrder({ ...order, shipmentState: "in_transit" }, "2026-12-09")).toBe(true);
    expect(isLateOrder({ ...order, shipmentState: "rto_initiated" }, "2026-12-09")).toBe(true);
  });

  it("is not late on the promised day itself, nor before", () => {
    expect(isLateOrder(order, "2026-12-08")).toBe(false);
    expect(isLateOrder(order, "2026-12-01")).toBe(false);
  });

  it("is not late delivered, cancelled, returned, or never promised a day", () => {
    expect(isLateOrder({ ...order, status: "delivered" }, "2026-12-09")).toBe(false);
    expect(isLateOrder({ ...order, status: "cancelled" }, "2026-12-09")).toBe(false);
    expect(isLateOrder({ ...order, shipmentState: "delivered" }, "2026-12-09")).toBe(false);
    expect(isLateOrder({ ...order, shipmentState: "rto_delivered" }, "2026-12-09")).toBe(false);
    expect(isLateOrder({ ...order, promisedDeliveryOn: null }, "2030-01-01")).toBe(false);
  });
});
