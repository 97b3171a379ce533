/**
 * What the checkout offers for a PIN code (docs/decisions/064, 077): the totals under each delivery
 * method, with the shop's fees or the courier's rates for the cart's parcel, the courier's word,
 * the day of express delivery where the courier quotes a faster service, and the signed quote of
 * what it shows. The checkout's loader, its action and the pricing route share it.
 */
import { priceEveryMethod } from "../domain/pricing";
import { packageWeightGrams } from "../domain/shipments";
import type { Database } from "../lib/db.server";
import type { Signer } from "../lib/signer.server";
import { type CartView, getCart } from "../modules/cart/cart-view.server";
import { signQuote } from "../modules/orders/quote.server";
import type { Shipping } from "../modules/shipping/shipping.server";
import { courierFeesOn, shippingFeesFor } from "../modules/shipping/shipping-fees.server";

/** What pricing a checkout takes: the courier's word and rates, and the signer of its quote. */
export type CheckoutServices = { shipping: Shipping; signer: Signer };

/**
 * `mayAsk` limits the client's new PIN codes where a shopper's typing, not an order, asks the
 * courier (the pricing route); a refused one throws TooManyChecksError or answers 429 in
 * `delivery`.
 */
export async function pricedFor(
  { shipping, signer }: CheckoutServices,
  cart: CartView,
  pin: string,
  { now = new Date(), mayAsk }: { now?: Date; mayAsk?: () => Promise<string | null> } = {},
) {
  const [fees, delivery] = await Promise.all([
    shippingFeesFor(shipping, pin, async () => packageWeightGrams(cart.lines), mayAsk),
    shipping.promisesOn ? shipping.checkDelivery(pin, { now, mayAsk }) : null,
  ]);
  const totalsByMethod = priceEveryMethod(cart.lines, cart.coupon, fees.fees);
  return {
    /** The PIN code all of it is for: a fee and a day are never shown for different ones. */
    pin,
    quote: signQuote(signer, {
      lines: cart.lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
      })),
      totals: {
        standard: totalsByMethod.standard.total,
        express: totalsByMethod.express.total,
      },
    }),
    totalsByMethod,
    delivery,
    // The faster service's promised day (docs/decisions/072); null where there is none to name.
    expressBy: delivery?.ok ? (delivery.expressBy ?? null) : null,
  };
}

export type Priced = Awaited<ReturnType<typeof pricedFor>>;

/** The shopper's own cart priced for `pin`, or null when the cart is empty. */
export async function cartPricedFor(
  services: CheckoutServices & { db: Database },
  userId: string,
  pin: string,
  mayAsk?: () => Promise<string | null>,
): Promise<Priced | null> {
  const cart = await getCart(services.db, userId);
  return cart.lines.length === 0 ? null : pricedFor(services, cart, pin, { mayAsk });
}

/**
 * A refused order, priced again for the PIN code it was sent to, when the courier's rates decide
 * the fees: the page then shows what the next "Place Order" will be charged, and signs it.
 */
export async function pricedAgain(
  services: CheckoutServices & { db: Database },
  userId: string,
  pin: string,
): Promise<{ repriced?: Priced }> {
  if (!(await courierFeesOn(services.shipping))) return {};
  const repriced = await cartPricedFor(services, userId, pin);
  return repriced ? { repriced } : {};
}
