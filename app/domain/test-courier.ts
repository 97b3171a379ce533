import type { Paise } from "./money";
import { PIN_CODE } from "./validation/address-format";

/**
 * The built-in test courier's rule (docs/decisions/060), deterministic so the shop runs offline:
 * - every valid Indian PIN (six digits, not starting with 0) is served, except Lakshadweep (PINs
 *   starting 68255);
 * - the Andaman and Nicobar Islands (PINs starting 744) are prepaid only (no cash on delivery);
 * - the zone, and with it the days and the charge, grows with the distance from the shop's PIN
 *   (Satara, 415003): A the same sorting district (first three digits), B the same region (first
 *   two), C the same postal zone (first digit), D the rest of India, E the far regions
 *   (Jammu & Kashmir and Ladakh 18–19, the north-east 78–79, the Andaman and Nicobar Islands 744);
 * - it quotes two services, cheapest first: surface, and a faster, dearer air service
 *   (docs/decisions/064), each charged per started 500 g by zone, plus the same charge for cash on
 *   delivery.
 */
export const TEST_COURIER_ORIGIN_PIN = "415003";

export const TEST_COURIER_ZONES = ["A", "B", "C", "D", "E"] as const;
export type TestCourierZone = (typeof TEST_COURIER_ZONES)[number];

export const TEST_COURIER_DAYS: Record<TestCourierZone, number> = { A: 2, B: 3, C: 4, D: 5, E: 7 };

/** Charge per started 500 g, by zone, in paise. */
export const TEST_COURIER_RATE_PER_SLAB: Record<TestCourierZone, Paise> = {
  A: 3000,
  B: 3500,
  C: 4500,
  D: 5500,
  E: 7500,
};

/** The air service's days by zone: fewer than surface's, at least 1. */
export const TEST_COURIER_AIR_DAYS: Record<TestCourierZone, number> = {
  A: 1,
  B: 2,
  C: 2,
  D: 3,
  E: 4,
};

/** The air service's charge per started 500 g, by zone, in paise: above surface's everywhere. */
export const TEST_COURIER_AIR_RATE_PER_SLAB: Record<TestCourierZone, Paise> = {
  A: 6000,
  B: 7000,
  C: 8500,
  D: 9500,
  E: 13000,
};

export type TestCourierService = "surface" | "air";

/** What cash on delivery adds to a quote, in paise. */
export const TEST_COURIER_COD_CHARGE: Paise = 4000;

export function isIndianPin(pin: string) {
  return PIN_CODE.test(pin);
}

export function testCourierServes(pin: string) {
  return isIndianPin(pin) && !pin.startsWith("68255");
}

export function testCourierPrepaidOnly(pin: string) {
  return pin.startsWith("744");
}

export function testCourierZone(pin: string, origin = TEST_COURIER_ORIGIN_PIN): TestCourierZone {
  if (/^(1[89]|7[89]|744)/.test(pin)) return "E";
  if (pin.slice(0, 3) === origin.slice(0, 3)) return "A";
  if (pin.slice(0, 2) === origin.slice(0, 2)) return "B";
  if (pin[0] === origin[0]) return "C";
  return "D";
}

export function testCourierCharge(
  zone: TestCourierZone,
  weightGrams: number,
  cod: boolean,
  service: TestCourierService = "surface",
): Paise {
  const slabs = Math.max(1, Math.ceil(weightGrams / 500));
  const perSlab = (service === "air" ? TEST_COURIER_AIR_RATE_PER_SLAB : TEST_COURIER_RATE_PER_SLAB)[
    zone
  ];
  return slabs * perSlab + (cod ? TEST_COURIER_COD_CHARGE : 0);
}

/** The days of a service to a zone. */
export function testCourierDays(zone: TestCourierZone, service: TestCourierService = "surface") {
  return (service === "air" ? TEST_COURIER_AIR_DAYS : TEST_COURIER_DAYS)[zone];
}
