import { COURIER_WEIGHT_SLAB_GRAMS, fasterRate, weightSlabs } from "../../domain/courier-fees";
import {
  courierRefusal,
  deliveryAnswer,
  readPinCode,
  type Serviceability,
} from "../../domain/delivery-promise";
import type { CourierMode } from "../../domain/shipments";
import { logger } from "../../lib/logger.server";
import { RecentFailures } from "../../lib/recent-failures.server";
import { TtlCache } from "../../lib/ttl-cache.server";
import { cashOnDeliveryRules, type ShopSettings } from "../settings/settings.server";
import type { Courier } from "./courier.server";
import {
  COURIER_UNREACHABLE_MESSAGE,
  type CourierAnswer,
  type DeliveryCheck,
  promiseCalendar,
  TooManyChecksError,
} from "./delivery-promise.server";
import { createServiceabilityCheck } from "./serviceability.server";

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

/** Asks the courier before it is asked (not for an answer from memory); may refuse with a message. */
type MayAsk = () => Promise<string | null>;

/**
 * The shop's courier and its word on PIN codes, made once per start (docs/decisions/079): the
 * answers and failures it remembers and its circuit belong to it, not to the process.
 */
export type Shipping = {
  /** COURIER: "off", "test" (the built-in courier) or "shiprocket" (docs/decisions/060). */
  mode: CourierMode;
  /** The courier shipments are booked with; null while COURIER=off (tracking IDs typed by hand). */
  courier: Courier | null;
  /** Whether the shop books a courier and so makes delivery promises (COURIER is not "off"). */
  promisesOn: boolean;
  /**
   * The courier's answer on a valid PIN code for a prepaid parcel of this weight, from memory
   * when it was asked lately (per shop PIN code, PIN code and weight slab); null while
   * COURIER=off. Throws the courier's error when it cannot be reached.
   */
  courierAnswerFor(
    pin: string,
    weightGrams: number,
    mayAsk?: MayAsk,
  ): Promise<CourierAnswer | null>;
  /**
   * The courier's word on a valid PIN code, from memory when it was asked lately; null while
   * COURIER=off. Throws the courier's error when it cannot be reached.
   */
  serviceabilityFor(pin: string, mayAsk?: MayAsk): Promise<Serviceability | null>;
  /**
   * The "Check delivery" box's answer for what the shopper typed: the promise, or why there is
   * none. Cash on delivery is promised only where the shop's own settings offer it too (decision
   * 037).
   */
  checkDelivery(typed: unknown, options?: { now?: Date; mayAsk?: MayAsk }): Promise<DeliveryCheck>;
  /**
   * The courier's word for an order's PIN code, or null when there is none to go by: COURIER=off,
   * or the courier could not be reached. An order is not refused because the courier's service
   * was down for a moment; the booking, later, meets whatever it says then.
   */
  courierWordFor(pin: string): Promise<Serviceability | null>;
  /** The shop's settings its answers go by: its PIN code, holidays, fees and cash on delivery. */
  shopSettings(): Promise<ShopSettings>;
  /** Forgets every kept answer and failure and closes the circuit (the shop's PIN code changed). */
  forget(): void;
};

export function createShipping(
  courier: Courier | null,
  settings: () => Promise<ShopSettings>,
): Shipping {
  const mode: CourierMode = courier?.provider ?? "off";
  const serviceability = createServiceabilityCheck(courier);
  const answers = new TtlCache<CourierAnswer>({
    maxEntries: PROMISE_ENTRIES,
    ttlMs: PROMISE_TTL_MS,
  });
  const failures = new RecentFailures({ maxEntries: PROMISE_ENTRIES, ttlMs: FAILURE_TTL_MS });

  const courierAnswerFor: Shipping["courierAnswerFor"] = async (pin, weightGrams, mayAsk) => {
    if (!courier) return null;
    const shopPin = (await settings()).postalCode;
    const slabs = weightSlabs(weightGrams);
    const key = `${shopPin}:${pin}:${slabs}`;
    return answers.read(key, async () => {
      const failed = failures.recall(key);
      if (failed) throw failed.error;
      const refused = mayAsk ? await mayAsk() : null;
      if (refused) throw new TooManyChecksError(refused);
      // Asked for a prepaid parcel, so that the answer says whether cash is collected there too;
      // weighed as its slab, so that every weight of the slab gets the answer it would get.
      let answer: Awaited<ReturnType<typeof serviceability.check>>;
      try {
        answer = await serviceability.check(shopPin, {
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
  };

  const serviceabilityFor: Shipping["serviceabilityFor"] = async (pin, mayAsk) => {
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
  };

  return {
    mode,
    courier,
    promisesOn: courier !== null,
    courierAnswerFor,
    serviceabilityFor,
    async checkDelivery(typed, { now = new Date(), mayAsk } = {}) {
      const read = readPinCode(typed);
      const shown = typeof typed === "string" ? typed.trim().slice(0, 12) : "";
      if (!read.ok) return { ok: false, pin: shown, message: read.message, status: 400 };
      let answer: Serviceability | null;
      try {
        answer = await serviceabilityFor(read.pin, mayAsk);
      } catch (error) {
        if (error instanceof TooManyChecksError) {
          return { ok: false, pin: read.pin, message: error.message, status: 429 };
        }
        logger.warn(
          { err: error, pin: read.pin },
          "the courier's serviceability could not be read",
        );
        return { ok: false, pin: read.pin, message: COURIER_UNREACHABLE_MESSAGE, status: 503 };
      }
      if (!answer) {
        return { ok: false, pin: read.pin, message: COURIER_UNREACHABLE_MESSAGE, status: 503 };
      }
      const shop = await settings();
      const rules = cashOnDeliveryRules(shop);
      const shopExcludesCod = rules.excludedPinPrefixes.some((prefix) =>
        read.pin.startsWith(prefix),
      );
      return {
        ok: true,
        ...deliveryAnswer(read.pin, answer, shopExcludesCod, now, promiseCalendar(shop)),
        refusal: courierRefusal(read.pin, answer, "cod")?.message ?? null,
      };
    },
    async courierWordFor(pin) {
      const read = readPinCode(pin);
      if (!read.ok) return null;
      try {
        return await serviceabilityFor(read.pin);
      } catch (error) {
        logger.warn(
          { err: error, pin: read.pin },
          "the courier's serviceability could not be read",
        );
        return null;
      }
    },
    shopSettings: settings,
    forget() {
      answers.clear();
      failures.clear();
      serviceability.reset();
    },
  };
}
