import { PROCESSING_DAYS } from "../../content/policy";
import {
  COURIER_WEIGHT_SLAB_GRAMS,
  type CourierRate,
  fasterRate,
  weightSlabs,
} from "../../domain/courier-fees";
import {
  courierRefusal,
  type DeliveryAnswer,
  deliveryAnswer,
  type PromiseCalendar,
  readPinCode,
  type Serviceability,
} from "../../domain/delivery-promise";
import { clientKey } from "../../lib/client-key.server";
import { db } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { consumeRateLimits } from "../../lib/rate-limit.server";
import { RecentFailures } from "../../lib/recent-failures.server";
import { singleton } from "../../lib/singleton.server";
import { TtlCache } from "../../lib/ttl-cache.server";
import { cashOnDeliveryRules, shopSettings } from "../settings/settings.server";
import { courierMode } from "./couriers.server";
import { checkServiceability, resetCourierCircuits } from "./serviceability.server";

/**
 * A courier's answer for a PIN code changes rarely; asking it on every product page or checkout
 * would make the page wait on the courier (Shiprocket is a network call). Answers are kept per
 * PIN code and parcel weight (in the courier's 500 g slabs), shared by every visitor, for a
 * quarter of an hour. A failed call is remembered for a minute (docs/decisions/069): the next
 * visitor for that PIN code and weight is answered with the failure at once, not kept waiting on
 * a courier that just did not answer.
 */
const PROMISE_TTL_MS = 15 * 60_000;
const FAILURE_TTL_MS = 60_000;
/**
 * India has about 19,000 PIN codes; this many answers (each with the few services a courier
 * quotes) are a megabyte or two at most.
 */
const PROMISE_ENTRIES = 5000;
/** The promise is for a parcel of ordinary weight: weight changes the courier's charge, not its days. */
const PARCEL_GRAMS = 500;

/** The courier's word on a PIN code for a parcel: served, cash collected, its services cheapest first. */
export type CourierAnswer =
  | { served: false }
  | { served: true; cod: boolean; rates: CourierRate[] };

const answers = singleton(
  "courier answers",
  () => new TtlCache<CourierAnswer>({ maxEntries: PROMISE_ENTRIES, ttlMs: PROMISE_TTL_MS }),
);

const failures = singleton(
  "courier failures",
  () => new RecentFailures({ maxEntries: PROMISE_ENTRIES, ttlMs: FAILURE_TTL_MS }),
);

/** Whether the shop books a courier and so makes delivery promises (COURIER is not "off"). */
export function deliveryPromisesOn() {
  return courierMode() !== "off";
}

/** A client asked the courier about too many PIN codes in a short time. */
export class TooManyChecksError extends Error {}

/**
 * The courier's answer on a valid PIN code for a prepaid parcel of this weight, from memory when
 * it was asked lately (per courier, shop PIN code, PIN code and weight slab); null while
 * COURIER=off. Throws the courier's error when it cannot be reached. `mayAsk` runs before the
 * courier is asked (not for an answer from memory) and may refuse with a message.
 */
export async function courierAnswerFor(
  pin: string,
  weightGrams: number,
  mayAsk?: () => Promise<string | null>,
): Promise<CourierAnswer | null> {
  const mode = courierMode();
  if (mode === "off") return null;
  const shopPin = (await shopSettings()).postalCode;
  const slabs = weightSlabs(weightGrams);
  const key = `${mode}:${shopPin}:${pin}:${slabs}`;
  return answers.read(key, async () => {
    const failed = failures.recall(key);
    if (failed) throw failed.error;
    const refused = mayAsk ? await mayAsk() : null;
    if (refused) throw new TooManyChecksError(refused);
    // Asked for a prepaid parcel, so that the answer says whether cash is collected there too;
    // weighed as its slab, so that every weight of the slab gets the answer it would get.
    let answer: Awaited<ReturnType<typeof checkServiceability>>;
    try {
      answer = await checkServiceability(shopPin, {
        pin,
        weightGrams: slabs * COURIER_WEIGHT_SLAB_GRAMS,
        cod: false,
      });
    } catch (error) {
      failures.remember(key, error);
      throw error;
    }
    if (!answer?.serviceable) return { served: false };
    return {
      served: true,
      cod: answer.codAvailable,
      rates: answer.quotes.map((quote) => ({ charge: quote.charge, days: quote.estimatedDays })),
    };
  });
}

/**
 * The courier's word on a valid PIN code, from memory when it was asked lately; null while
 * COURIER=off. Throws the courier's error when it cannot be reached.
 */
export async function serviceabilityFor(
  pin: string,
  mayAsk?: () => Promise<string | null>,
): Promise<Serviceability | null> {
  const answer = await courierAnswerFor(pin, PARCEL_GRAMS, mayAsk);
  if (!answer) return null;
  if (!answer.served) return { served: false };
  // The cheapest service is the one standard delivery books (the courier lists it first);
  // express books the fastest one faster than it, where there is one (docs/decisions/064, 072).
  return {
    served: true,
    cod: answer.cod,
    days: answer.rates[0]?.days ?? null,
    fasterDays: fasterRate(answer.rates)?.days ?? null,
  };
}

/**
 * What every promised day counts with (docs/decisions/072): the Shipping page's longest packing
 * time, in business days (its shortest for express orders, which are packed first), and the
 * shop's holidays from the settings.
 */
export async function promiseCalendar(): Promise<PromiseCalendar> {
  return {
    packingDays: PROCESSING_DAYS.max,
    expressPackingDays: PROCESSING_DAYS.min,
    holidays: (await shopSettings()).shopHolidays,
  };
}

/**
 * Forgets every kept answer and failure, and closes the courier's circuit (a test, or the shop's
 * PIN code changed).
 */
export function forgetDeliveryPromises() {
  answers.clear();
  failures.clear();
  resetCourierCircuits();
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

/**
 * The "Check delivery" box's answer for what the shopper typed: the promise, or why there is none.
 * Cash on delivery is promised only where the shop's own settings offer it too (decision 037).
 */
export async function checkDelivery(
  typed: unknown,
  { now = new Date(), mayAsk }: { now?: Date; mayAsk?: () => Promise<string | null> } = {},
): Promise<DeliveryCheck> {
  const read = readPinCode(typed);
  const shown = typeof typed === "string" ? typed.trim().slice(0, 12) : "";
  if (!read.ok) return { ok: false, pin: shown, message: read.message, status: 400 };
  let serviceability: Serviceability | null;
  try {
    serviceability = await serviceabilityFor(read.pin, mayAsk);
  } catch (error) {
    if (error instanceof TooManyChecksError) {
      return { ok: false, pin: read.pin, message: error.message, status: 429 };
    }
    logger.warn({ err: error, pin: read.pin }, "the courier's serviceability could not be read");
    return { ok: false, pin: read.pin, message: COURIER_UNREACHABLE_MESSAGE, status: 503 };
  }
  if (!serviceability)
    return { ok: false, pin: read.pin, message: COURIER_UNREACHABLE_MESSAGE, status: 503 };
  const settings = await shopSettings();
  const rules = cashOnDeliveryRules(settings);
  const shopExcludesCod = rules.excludedPinPrefixes.some((prefix) => read.pin.startsWith(prefix));
  return {
    ok: true,
    ...deliveryAnswer(read.pin, serviceability, shopExcludesCod, now, await promiseCalendar()),
    refusal: courierRefusal(read.pin, serviceability, "cod")?.message ?? null,
  };
}

/**
 * The courier's word for an order's PIN code, or null when there is none to go by: COURIER=off,
 * or the courier could not be reached. An order is not refused because the courier's service was
 * down for a moment; the booking, later, meets whatever it says then.
 */
export async function courierWordFor(pin: string): Promise<Serviceability | null> {
  const read = readPinCode(pin);
  if (!read.ok) return null;
  try {
    return await serviceabilityFor(read.pin);
  } catch (error) {
    logger.warn({ err: error, pin: read.pin }, "the courier's serviceability could not be read");
    return null;
  }
}

/** New PIN codes one client may have the courier asked about: answers from memory are free. */
const COURIER_CHECKS_PER_CLIENT = { limit: 30, windowSeconds: 10 * 60 };

/** The limit of a client's checks that reach the courier, counted in the database. */
export function courierChecksOf(clientIp: string | undefined) {
  return () =>
    consumeRateLimits(db(), [[`delivery-check:${clientKey(clientIp)}`, COURIER_CHECKS_PER_CLIENT]]);
}
