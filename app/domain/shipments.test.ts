import { describe, expect, it } from "vitest";
import {
  mayRetryBooking,
  nextShipmentState,
  packageWeightGrams,
  SCAN_KINDS,
  SHIPMENT_STATES,
} from "./shipments";

describe("nextShipmentState", () => {
  it("follows the forward journey from booked to delivered", () => {
    expect(nextShipmentState("pickup_requested", "picked_up")).toBe("picked_up");
    expect(nextShipmentState("booked", "picked_up")).toBe("picked_up");
    expect(nextShipmentState("picked_up", "in_transit")).toBe("in_transit");
    expect(nextShipmentState("in_transit", "out_for_delivery")).toBe("out_for_delivery");
    expect(nextShipmentState("out_for_delivery", "delivered")).toBe("delivered");
  });

  it("lets a step be skipped, as couriers do", () => {
    expect(nextShipmentState("pickup_requested", "in_transit")).toBe("in_transit");
    expect(nextShipmentState("booked", "delivered")).toBe("delivered");
  });

  it("alternates a failed attempt and out for delivery while the courier tries again", () => {
    expect(nextShipmentState("out_for_delivery", "failed_attempt")).toBe("failed_attempt");
    expect(nextShipmentState("failed_attempt", "out_for_delivery")).toBe("out_for_delivery");
    expect(nextShipmentState("failed_attempt", "delivered")).toBe("delivered");
  });

  it("never moves a shipment back for a late scan of an earlier step", () => {
    expect(nextShipmentState("in_transit", "picked_up")).toBeNull();
    expect(nextShipmentState("out_for_delivery", "in_transit")).toBeNull();
    expect(nextShipmentState("in_transit", "in_transit")).toBeNull();
  });

  it("takes a return from any step with the courier, and then only its end", () => {
    expect(nextShipmentState("failed_attempt", "rto_initiated")).toBe("rto_initiated");
    expect(nextShipmentState("picked_up", "rto_initiated")).toBe("rto_initiated");
    expect(nextShipmentState("rto_initiated", "delivered")).toBeNull();
    expect(nextShipmentState("rto_initiated", "in_transit")).toBeNull();
    expect(nextShipmentState("rto_initiated", "rto_delivered")).toBe("rto_delivered");
  });

  it("moves no final, failed or unbooked shipment", () => {
    for (const state of ["delivered", "rto_delivered", "booking", "booking_failed"] as const) {
      for (const scan of SCAN_KINDS) expect(nextShipmentState(state, scan)).toBeNull();
    }
  });

  it("answers for every state and scan", () => {
    for (const state of SHIPMENT_STATES) {
      for (const scan of SCAN_KINDS) {
        const next = nextShipmentState(state, scan);
        expect(next === null || SHIPMENT_STATES.includes(next)).toBe(true);
      }
    }
  });
});

describe("mayRetryBooking", () => {
  it("is only for a failed booking", () => {
    expect(SHIPMENT_STATES.filter(mayRetryBooking)).toEqual(["booking_failed"]);
  });
});

describe("packageWeightGrams", () => {
  it("adds the lines' weights, counting a missing one as 250 g", () => {
    expect(
      packageWeightGrams([
        { weightGrams: 100, quantity: 3 },
        { weightGrams: null, quantity: 2 },
      ]),
    ).toBe(800);
  });
  it("is at least one gram", () => {
    expect(packageWeightGrams([])).toBe(1);
  });
});
