import { data } from "react-router";
import { readPinCode } from "~/domain/delivery-promise";
import { rememberPinHeaders } from "~/lib/remembered-pin.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { courierChecksOf, TooManyChecksError } from "~/modules/shipping/delivery-promise.server";
import { cartPricedFor } from "~/workflows/checkout-pricing.server";
import type { Route } from "./+types/checkout-price";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The checkout priced for a PIN code the shopper typed, before "Place Order" (docs/decisions/077):
 * the signed-in shopper's own cart, with the fees, totals, the courier's word, the days and a new
 * signed quote, as a refused order's `repriced` carries them. The PIN code is remembered.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  if (!context.services.shipping.promisesOn) throw data("Not Found", { status: 404 });
  const user = await getCurrentUser(context.services.accounts, request);
  if (!user) {
    return data({ message: "Please sign in to check out." }, { status: 401, headers: PRIVATE });
  }
  const read = readPinCode(new URL(request.url).searchParams.get("pin"));
  if (!read.ok) {
    return data({ message: read.message }, { status: 400, headers: PRIVATE });
  }
  // Typing asks the courier as the product page's box does: 30 new PIN codes a client in ten
  // minutes (decision 061); an answer kept from another shopper's question costs nothing.
  let priced: Awaited<ReturnType<typeof cartPricedFor>>;
  try {
    priced = await cartPricedFor(
      context.services,
      user.id,
      read.pin,
      courierChecksOf(db, context.clientIp),
    );
  } catch (error) {
    if (!(error instanceof TooManyChecksError)) throw error;
    return data({ message: error.message }, { status: 429, headers: PRIVATE });
  }
  if (priced?.delivery && !priced.delivery.ok && priced.delivery.status === 429) {
    return data({ message: priced.delivery.message }, { status: 429, headers: PRIVATE });
  }
  if (!priced) {
    return data({ message: "Your cart is empty" }, { status: 409, headers: PRIVATE });
  }
  return data(priced, { headers: rememberPinHeaders(read.pin, new Headers(PRIVATE)) });
}
