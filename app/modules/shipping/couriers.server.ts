import type { CourierMode, CourierProvider } from "../../domain/shipments";
import type { Env } from "../../lib/env.server";
import type { Courier } from "./courier.server";
import { createShiprocketCourier } from "./shiprocket-courier.server";
import { testCourier } from "./test-courier.server";

/**
 * The courier COURIER names (docs/decisions/060): null for "off" (tracking IDs typed by hand),
 * the built-in test courier, or a Shiprocket client, which keeps its token between calls.
 */
export function courierFromEnv(env: Env): Courier | null {
  const mode: CourierMode = env.COURIER;
  if (mode === "off") return null;
  if (mode === "test") return testCourier;
  return createShiprocketCourier({
    apiBase: env.SHIPROCKET_API_BASE,
    email: env.SHIPROCKET_EMAIL ?? "",
    password: env.SHIPROCKET_PASSWORD ?? "",
    pickupLocation: env.SHIPROCKET_PICKUP_LOCATION,
  });
}

/**
 * Where the customer follows a parcel booked with `provider`, whatever COURIER is now: the test
 * courier's own page, or Shiprocket's public tracking page, which needs no credentials.
 */
export function trackingUrlFor(provider: CourierProvider, awb: string) {
  if (provider === "test") return testCourier.trackingUrl(awb);
  return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
}
