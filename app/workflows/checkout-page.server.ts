/**
 * What the checkout page shows a signed-in shopper (docs/SPEC.md §2, docs/decisions/050, 063,
 * 071, 077): the cart priced for the address the form starts from, the saved addresses, the ways
 * to pay and the order-update choices; or, while a card order placed from it waits for its
 * payment, that order. A workflow, since the cart, the addresses, the settings, the courier, the
 * notifications and the orders each hold a part.
 */
import { cashOnDeliveryAvailability } from "../domain/cash-on-delivery";
import { MESSAGE_CHANNELS } from "../domain/order-messages";
import { EMPTY_ADDRESS } from "../domain/validation/address";
import type { Database } from "../lib/db.server";
import { listAddresses } from "../modules/accounts/addresses-read.server";
import { getCart } from "../modules/cart/cart-view.server";
import { currentConsents } from "../modules/notifications/message-consents.server";
import { channelEnabled, type Notifications } from "../modules/notifications/notifications.server";
import { findOrderAwaitingPayment } from "../modules/orders/awaiting-payment.server";
import { cardPaymentMode } from "../modules/payments/gateway.server";
import { cashOnDeliveryRules, shopSettings } from "../modules/settings/settings.server";
import { type CheckoutServices, pricedFor } from "./checkout-pricing.server";

/** What the page is made from: the database, the courier, the quote's signer and the channels. */
type CheckoutPageServices = CheckoutServices & { db: Database; notifications: Notifications };

/** `?address=new`: the saved addresses' "New address" link. */
export const NEW_ADDRESS = "new";

/** The channels the shop sends order updates on (SMS=off or WHATSAPP=off leave one out). */
export function offeredChannels(notifications: Notifications) {
  return MESSAGE_CHANNELS.filter((channel) => channelEnabled(notifications, channel));
}

/**
 * The page for `user`: `chosenId` is the address asked for (`?address=`), `rememberedPin` the
 * PIN code the shopper last checked, which a new address starts from. A cart with a line that
 * cannot be bought is sent back to the cart with the lines named; an empty cart with no order
 * awaiting payment has nothing to check out.
 */
export async function checkoutPage(
  services: CheckoutPageServices,
  user: { id: string; fullName: string; phone: string | null },
  { chosenId, rememberedPin }: { chosenId: string | null; rememberedPin: string | null },
) {
  const { db } = services;
  const cart = await getCart(db, user.id);
  if (cart.lines.length === 0) return awaitingPayment(services, user.id);
  const flagged = cart.lines.flatMap(({ name, problem, stockQuantity }) =>
    problem ? [{ name, problem, stock: stockQuantity }] : [],
  );
  if (flagged.length > 0) return { view: "needs-attention" as const, flagged };
  const [addresses, settings, consents] = await Promise.all([
    listAddresses(db, user.id),
    shopSettings(db),
    currentConsents(db, user.id),
  ]);
  // "New address" beside the saved ones starts an empty form (docs/decisions/071).
  const newAddress = chosenId === NEW_ADDRESS && addresses.length > 0;
  const chosen = newAddress
    ? null
    : (addresses.find((address) => address.id === chosenId) ??
      addresses.find((address) => address.isDefault) ??
      null);
  // docs/SPEC.md §2: without a saved address the form starts from the shop's own town.
  const prefill = chosen
    ? { ...chosen, addressLine2: chosen.addressLine2 ?? "" }
    : newAddress
      ? { ...EMPTY_ADDRESS, postalCode: rememberedPin ?? "" }
      : {
          fullName: user.fullName,
          phone: user.phone ?? "",
          addressLine1: "",
          addressLine2: "",
          city: settings.city,
          state: settings.state,
          postalCode: rememberedPin ?? settings.postalCode,
        };
  return {
    view: "checkout" as const,
    cart,
    addresses,
    chosenAddressId: chosen?.id ?? null,
    prefill,
    ...(await pricedFor(services, cart, prefill.postalCode)),
    idempotencyKey: crypto.randomUUID(),
    cardPayments: cardPaymentMode(),
    cashOnDelivery: cashOnDeliveryRules(settings),
    // docs/decisions/063: off unless the customer opted in before; a channel switched off is not offered.
    messageChoices: offeredChannels(services.notifications).map((channel) => ({
      channel,
      checked: consents.some((consent) => consent.channel === channel),
    })),
  };
}

/**
 * Placing a card order empties the cart. While that order waits for its payment, the checkout
 * shows it (docs/decisions/050): a payment left unfinished, or a reload, lands here, not on an
 * empty cart. Without such an order the cart is simply empty.
 */
async function awaitingPayment(services: CheckoutPageServices, userId: string) {
  const [order, settings] = await Promise.all([
    findOrderAwaitingPayment(services.db, userId),
    shopSettings(services.db),
  ]);
  if (!order) return { view: "empty-cart" as const };
  return {
    view: "awaiting-payment" as const,
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      total: order.total,
      payBy: order.payBy.toISOString(),
    },
    cardPayments: cardPaymentMode(),
    cashOnDelivery: cashOnDeliveryAvailability(cashOnDeliveryRules(settings), order),
  };
}
