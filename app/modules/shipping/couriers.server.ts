import type { CourierMode } from "../../domain/shipments";
import { getEnv } from "../../lib/env.server";
import { singleton } from "../../lib/singleton.server";
import type { Courier } from "./courier.server";
import { createShiprocketCourier } from "./shiprocket-courier.server";
import { testCourier } from "./test-courier.server";

// One per process: tests book through a stand-in of Shiprocket's API.
const chosen = singleton("courier in use", (): { courier?: Courier | null } => ({}));

/** Books through this courier instead of the configured one; undefined goes back to it. */
export function setCourier(courier?: Courier | null) {
  chosen.courier = courier;
}

/** COURIER: "off", "test" (the built-in courier) or "shiprocket" (docs/decisions/060). */
export function courierMode(): CourierMode {
  if (chosen.courier !== undefined) return chosen.courier?.provider ?? "off";
  return getEnv().COURIER;
}

/** The courier shipments are booked with; null while COURIER=off (tracking IDs typed by hand). */
export function courier(): Courier | null {
  if (chosen.courier !== undefined) return chosen.courier;
  const mode = courierMode();
  if (mode === "off") return null;
  if (mode === "test") return testCourier;
  return shiprocketCourier();
}

/** One Shiprocket client per process, so its token is kept between calls. */
function shiprocketCourier(): Courier {
  const env = getEnv();
  return singleton(`shiprocket ${env.SHIPROCKET_API_BASE} ${env.SHIPROCKET_EMAIL}`, () =>
    createShiprocketCourier({
      apiBase: env.SHIPROCKET_API_BASE,
      email: env.SHIPROCKET_EMAIL ?? "",
      password: env.SHIPROCKET_PASSWORD ?? "",
      pickupLocation: env.SHIPROCKET_PICKUP_LOCATION,
    }),
  );
}

/** The courier a shipment was booked with, for its tracking link, whatever COURIER is now. */
export function courierFor(provider: "test" | "shiprocket"): Courier {
  if (provider === "test") return testCourier;
  const current = courier();
  return current?.provider === "shiprocket" ? current : shiprocketLinks;
}

/** Shiprocket's public tracking page needs no credentials. */
const shiprocketLinks: Courier = {
  ...testCourier,
  provider: "shiprocket",
  trackingUrl: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
};
