import { createHash } from "node:crypto";
import {
  isIndianPin,
  testCourierCharge,
  testCourierDays,
  testCourierPrepaidOnly,
  testCourierServes,
  testCourierZone,
} from "../../domain/test-courier";
import type { Courier } from "./courier.server";

export const TEST_COURIER_NAME = "Test Courier";
/** The test courier's faster service (docs/decisions/064). */
export const TEST_COURIER_AIR_NAME = "Test Courier Air";

/** The test courier's AWB of an order: the same every time it is booked, so it never books twice. */
export function testAwb(orderNumber: string) {
  const digits = BigInt(`0x${createHash("sha256").update(orderNumber).digest("hex").slice(0, 15)}`);
  return `TEST${(digits % 10_000_000_000n).toString().padStart(10, "0")}`;
}

/**
 * The built-in courier of the two-command demo (docs/decisions/060): it answers from a fixed rule
 * (app/domain/test-courier.ts) and reaches no one. Its scans are made by the owner from the order
 * detail, each applied exactly as a courier's webhook would be.
 */
export const testCourier: Courier = {
  provider: "test",
  async serviceability({ pin, weightGrams, cod }) {
    if (!isIndianPin(pin)) {
      return {
        serviceable: false,
        reason: "invalid_pin",
        message: "Please enter a valid 6-digit PIN code",
      };
    }
    if (!testCourierServes(pin)) {
      return {
        serviceable: false,
        reason: "not_serviced",
        message: `We do not deliver to PIN code ${pin} yet`,
      };
    }
    const codAvailable = !testCourierPrepaidOnly(pin);
    if (cod && !codAvailable) {
      return {
        serviceable: false,
        reason: "cod_unavailable",
        message: `Cash on delivery is not available for PIN code ${pin}; please pay online`,
      };
    }
    const zone = testCourierZone(pin);
    return {
      serviceable: true,
      codAvailable,
      // Cheapest first: surface, then air (fewer days, a higher charge).
      quotes: [
        {
          courierId: `test-${zone}`,
          courierName: TEST_COURIER_NAME,
          charge: testCourierCharge(zone, weightGrams, cod),
          estimatedDays: testCourierDays(zone),
        },
        {
          courierId: `test-air-${zone}`,
          courierName: TEST_COURIER_AIR_NAME,
          charge: testCourierCharge(zone, weightGrams, cod, "air"),
          estimatedDays: testCourierDays(zone, "air"),
        },
      ],
    };
  },
  async book(request) {
    return {
      providerOrderId: `test-${request.orderNumber}`,
      providerShipmentId: `test-${request.orderNumber}`,
      // Express goes by air, the faster service it was charged for.
      courierName: request.express ? TEST_COURIER_AIR_NAME : TEST_COURIER_NAME,
      awb: testAwb(request.orderNumber),
      labelUrl: null,
    };
  },
  async requestPickup() {
    return { pickupOn: null };
  },
  // The owner's next test scan is the courier's next attempt.
  async requestReattempt() {},
  async track() {
    return [];
  },
  trackingUrl(awb) {
    return `/profile?tab=orders#shipment-${awb}`;
  },
};
