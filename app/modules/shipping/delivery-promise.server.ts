import { PROCESSING_DAYS } from "../../content/policy";
import type { CourierRate } from "../../domain/courier-fees";
import type { DeliveryAnswer, PromiseCalendar } from "../../domain/delivery-promise";
import { clientKey } from "../../lib/client-key.server";
import type { Database } from "../../lib/db.server";
import { consumeRateLimits } from "../../lib/rate-limit.server";
import type { ShopSettings } from "../settings/settings.server";

/** The courier's word on a PIN code for a parcel: served, cash collected, its services cheapest first. */
export type CourierAnswer =
  | { served: false }
  | { served: true; cod: boolean; rates: CourierRate[] };

/** A client asked the courier about too many PIN codes in a short time. */
export class TooManyChecksError extends Error {}

/**
 * What every promised day counts with (docs/decisions/072): the Shipping page's longest packing
 * time, in business days (its shortest for express orders, which are packed first), and the
 * shop's holidays from the settings.
 */
export function promiseCalendar(settings: Pick<ShopSettings, "shopHolidays">): PromiseCalendar {
  return {
    packingDays: PROCESSING_DAYS.max,
    expressPackingDays: PROCESSING_DAYS.min,
    holidays: settings.shopHolidays,
  };
}

export type DeliveryCheck =
  | ({
      ok: true;
      /** What the checkout says of this PIN code: an order refused, or cash on delivery. */
      refusal: string | null;
    } & DeliveryAnswer)
  | { ok: false; pin: string; message: string; status: 400 | 429 | 503 };

export const COURIER_UNREACHABLE_MESSAGE =
  "We could not check delivery just now. Please try again in a moment.";

/** New PIN codes one client may have the courier asked about: answers from memory are free. */
const COURIER_CHECKS_PER_CLIENT = { limit: 30, windowSeconds: 10 * 60 };

/** The limit of a client's checks that reach the courier, counted in the database. */
export function courierChecksOf(db: Database, clientIp: string | undefined) {
  return () =>
    consumeRateLimits(db, [[`delivery-check:${clientKey(clientIp)}`, COURIER_CHECKS_PER_CLIENT]]);
}
