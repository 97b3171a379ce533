/**
 * Shipping fees from the courier's rates, where the owner chooses them (docs/decisions/064). Pure:
 * the checkout's page and the order service price with what this answers, from the quotes the
 * courier gave for the address's PIN code and the parcel's weight.
 */
import type { Paise } from "./money";
import { SHOP_SHIPPING_FEES, type ShippingFees } from "./pricing";

/** Where the checkout's fees come from: the shop's own, or the courier's rates. */
export const SHIPPING_FEE_SOURCES = ["shop", "courier"] as const;
export type ShippingFeeSource = (typeof SHIPPING_FEE_SOURCES)[number];

export const DEFAULT_SHIPPING_FEE_SOURCE: ShippingFeeSource = "shop";

/** One service the courier quoted: what it charges the shop, and in how many days it delivers. */
export type CourierRate = {
  charge: Paise;
  /** Whole days from today; 0 or less, or null, when the courier named none. */
  days: number | null;
};

/** Couriers weigh a parcel in started slabs of 500 g and charge per slab. */
export const COURIER_WEIGHT_SLAB_GRAMS = 500;

/** The started 500 g slabs of a parcel: the same charge, and so the same kept answer, for each. */
export function weightSlabs(grams: number) {
  return Math.max(1, Math.ceil(grams / COURIER_WEIGHT_SLAB_GRAMS));
}

/** A courier's charge in paise, rounded up to a whole rupee for the customer. */
export function upToWholeRupee(paise: Paise): Paise {
  return Math.ceil(paise / 100) * 100;
}

export type OrderShippingFees = {
  /** What standard and express delivery cost before the free-shipping offer on standard. */
  fees: ShippingFees;
  /** The courier's rates, or the shop's own (chosen, or because the courier quoted none). */
  from: ShippingFeeSource;
  /** The days of the faster service express delivery stands for, when the courier quotes one. */
  expressDays: number | null;
};

export const SHOP_FEES: OrderShippingFees = {
  fees: SHOP_SHIPPING_FEES,
  from: "shop",
  expressDays: null,
};

function knownDays(rate: CourierRate) {
  return rate.days !== null && rate.days >= 1 ? rate.days : null;
}

/**
 * The fees an order pays when they come from the courier. Standard is the cheapest service's
 * charge rounded up to a whole rupee (still free above ₹999: priceCart applies the offer).
 * Express is the fastest service quoted that is faster than the cheapest one, its charge rounded
 * up the same way, with its days; when none is faster, express keeps the shop's ₹150 and "2-3
 * days". No quotes at all (the courier could not be reached, or serves no such parcel): the
 * shop's fees.
 */
export function courierShippingFees(rates: readonly CourierRate[] | null): OrderShippingFees {
  const usable = (rates ?? []).filter((rate) => Number.isFinite(rate.charge) && rate.charge >= 0);
  if (usable.length === 0) return SHOP_FEES;
  const cheapest = cheapestRate(usable);
  const fastest = fasterRate(usable);
  return {
    from: "courier",
    fees: {
      standard: upToWholeRupee(cheapest.charge),
      express: fastest ? upToWholeRupee(fastest.charge) : SHOP_SHIPPING_FEES.express,
    },
    expressDays: fastest ? knownDays(fastest) : null,
  };
}

function cheapestRate<Rate extends CourierRate>(rates: readonly Rate[]): Rate {
  return rates.reduce((best, rate) =>
    rate.charge < best.charge ||
    (rate.charge === best.charge && (knownDays(rate) ?? Infinity) < (knownDays(best) ?? Infinity))
      ? rate
      : best,
  );
}

/**
 * The service express delivery stands for: the fastest quoted that is faster than the cheapest
 * one (the cheaper of two as fast), or null when none is. Express orders are booked with it.
 */
export function fasterRate<Rate extends CourierRate>(rates: readonly Rate[]): Rate | null {
  const usable = rates.filter((rate) => Number.isFinite(rate.charge) && rate.charge >= 0);
  if (usable.length === 0) return null;
  const cheapestDays = knownDays(cheapestRate(usable));
  let fastest: Rate | null = null;
  for (const rate of usable) {
    const days = knownDays(rate);
    if (days === null || cheapestDays === null || days >= cheapestDays) continue;
    const best = fastest ? knownDays(fastest)! : Infinity;
    if (days < best || (days === best && rate.charge < fastest!.charge)) fastest = rate;
  }
  return fastest;
}
