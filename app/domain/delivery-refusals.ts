/**
 * The checkout's refusals by the courier's word (docs/decisions/061), apart from the rest of the
 * delivery promise so the checkout page carries only these sentences.
 */
export const DELIVERY_REFUSALS = {
  /** An order to a PIN code the courier does not serve. */
  notServedOrder: (pin: string) =>
    `We don't deliver to ${pin} yet. Please choose another delivery address.`,
  /** Cash on delivery where the courier collects none. */
  prepaidOnlyOrder: (pin: string) =>
    `Cash on delivery is not available for PIN code ${pin}: the courier takes only prepaid parcels there. Please pay by card.`,
  /** Express delivery where the courier quotes no service faster than standard (decision 072). */
  expressUnavailableOrder: (pin: string) =>
    `Express delivery is not available for PIN code ${pin}: no faster service goes there. Please choose Standard delivery.`,
} as const;
