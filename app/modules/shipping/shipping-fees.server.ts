import {
  courierShippingFees,
  type OrderShippingFees,
  SHOP_FEES,
  type ShippingFeeSource,
} from "../../domain/courier-fees";
import { readPinCode } from "../../domain/delivery-promise";
import { logger } from "../../lib/logger.server";
import { TooManyChecksError } from "./delivery-promise.server";
import type { Shipping } from "./shipping.server";

/**
 * Whether the checkout charges the courier's rates (docs/decisions/064): the owner chose them in
 * the settings and a courier books the parcels (COURIER is not off).
 */
export async function courierFeesOn(shipping: Shipping) {
  if (!shipping.courier) return false;
  return (await shipping.shopSettings()).shippingFeesFrom === "courier";
}

/**
 * Whose fees the checkout charges, for the pages that describe them (Shipping, FAQ, Terms). The
 * settings are read only while a courier is on, and so the page depends on them (the page cache).
 */
export async function shippingFeesSource(shipping: Shipping): Promise<ShippingFeeSource> {
  return (await courierFeesOn(shipping)) ? "courier" : "shop";
}

/**
 * The shipping fees of an order to `pin`: the shop's own unless the owner chose the courier's
 * rates, else what the courier quotes for the parcel (`parcelGrams` is asked only then), from the
 * answers kept per PIN code and weight slab. The shop's own fees stand in where the courier has
 * none to give: a malformed PIN code, one it does not serve (the order is refused for that), or
 * no answer at all, which is logged and keeps the order going as the courier's word does.
 */
export async function shippingFeesFor(
  shipping: Shipping,
  pin: string,
  parcelGrams: () => Promise<number>,
  mayAsk?: () => Promise<string | null>,
): Promise<OrderShippingFees> {
  if (!(await courierFeesOn(shipping))) return SHOP_FEES;
  const read = readPinCode(pin);
  if (!read.ok) return SHOP_FEES;
  const grams = await parcelGrams();
  try {
    const answer = await shipping.courierAnswerFor(read.pin, grams, mayAsk);
    return courierShippingFees(answer?.served ? answer.rates : null);
  } catch (error) {
    // A client past its limit of new PIN codes is refused, not priced with the shop's fees.
    if (error instanceof TooManyChecksError) throw error;
    logger.warn(
      { err: error, pin: read.pin, grams },
      "the courier's rates could not be read; the shop's own shipping fees apply",
    );
    return SHOP_FEES;
  }
}
