/**
 * What the Shipping, FAQ and Terms pages say about shipping charges, written once so the pages
 * cannot disagree: the shop's own fees (the default), or the courier's rates where the owner chose
 * them and a courier is on (docs/decisions/064), as the checkout charges them. The figures come
 * from policy.ts. Kept apart from policy.ts so that the checkout, which reads its figures, does not
 * load these texts.
 */
import type { ShippingFeeSource } from "~/domain/courier-fees";
import {
  dayRange,
  EXPRESS_DELIVERY_DAYS,
  EXPRESS_SHIPPING_RUPEES,
  FREE_SHIPPING_ABOVE_RUPEES,
  rupees,
  STANDARD_DELIVERY_DAYS,
  STANDARD_SHIPPING_RUPEES,
} from "./policy";

export type ShippingChargesText = {
  shipping: {
    /** The page's meta description. */
    description: string;
    /** The table's charge for standard delivery of an order at or below the free threshold. */
    standardCharge: string;
    /** The table's charge and delivery time for express delivery. */
    expressCharge: string;
    expressTime: string;
    /** What follows "Free shipping on orders above ₹999." in bold. */
    standard: string;
    /** The paragraph on express delivery. */
    express: string;
    /** The delivery-times list's express entry, after "Express delivery:". */
    expressDelivery: string;
    /** Said after the delivery-times list, when the checkout is where the dates are told. */
    deliveryDates: string | null;
  };
  faq: {
    /** "How much does shipping cost?" */
    cost: string;
    /** "Do you offer express shipping?" */
    express: string;
  };
  /** The Terms' shipping section, before its processing and delivery times. */
  terms: string;
};

const FREE_ABOVE = rupees(FREE_SHIPPING_ABOVE_RUPEES);
const FLAT = rupees(STANDARD_SHIPPING_RUPEES);
const EXPRESS = rupees(EXPRESS_SHIPPING_RUPEES);
const STANDARD_DAYS = dayRange(STANDARD_DELIVERY_DAYS);
const EXPRESS_DAYS = dayRange(EXPRESS_DELIVERY_DAYS);

const SHOP_FEES_TEXT: ShippingChargesText = {
  shipping: {
    description: `Free shipping across India on orders above ${FREE_ABOVE}, otherwise a flat ${FLAT}. Standard delivery in ${STANDARD_DAYS} business days; express delivery in ${EXPRESS_DAYS} days.`,
    standardCharge: FLAT,
    expressCharge: EXPRESS,
    expressTime: `${EXPRESS_DAYS} days`,
    standard: `Orders of ${FREE_ABOVE} or less carry a flat shipping charge of ${FLAT}. The exact shipping charge is always shown in your cart and at checkout before you pay.`,
    express: `Express shipping costs ${EXPRESS} and is available to locations our courier partners serve with express service, mainly larger towns and cities.`,
    expressDelivery: `${EXPRESS_DAYS} days after shipping.`,
    deliveryDates: null,
  },
  faq: {
    cost: `Shipping is free on orders above ${FREE_ABOVE}. Orders of ${FREE_ABOVE} or less carry a flat shipping charge of ${FLAT}. The exact amount is shown in your cart and at checkout before you place the order.`,
    express: `Yes. Express shipping costs ${EXPRESS} and delivers in ${EXPRESS_DAYS} days to locations our courier partners serve with express service.`,
  },
  terms: `Shipping is free on orders above ${FREE_ABOVE}; otherwise a flat charge of ${FLAT} applies. Express shipping costs ${EXPRESS} (${EXPRESS_DAYS} days).`,
};

/** The courier's rates, in the same words on every page. */
const COURIER_STANDARD = `Orders of ${FREE_ABOVE} or less are charged the courier's rate for your delivery PIN code and parcel weight.`;
const COURIER_EXPRESS = `Express delivery is charged at the courier's express rate where the courier offers one for your PIN code; otherwise it costs ${EXPRESS} and takes ${EXPRESS_DAYS} days.`;
const AT_CHECKOUT =
  "The exact charges and delivery dates are shown at checkout before you place the order.";

const COURIER_RATES_TEXT: ShippingChargesText = {
  shipping: {
    description: `Free shipping across India on orders above ${FREE_ABOVE}, otherwise the courier's rate for your PIN code and parcel weight. Charges and delivery dates are shown at checkout.`,
    standardCharge: "Courier's rate for your PIN code and parcel weight",
    expressCharge: `Courier's express rate, otherwise ${EXPRESS}`,
    expressTime: `Courier's express time, otherwise ${EXPRESS_DAYS} days`,
    standard: `${COURIER_STANDARD} ${AT_CHECKOUT}`,
    express: `${COURIER_EXPRESS} It is available to locations our courier partners serve with express service, mainly larger towns and cities.`,
    expressDelivery: `the courier's express time where it offers one for your PIN code, otherwise ${EXPRESS_DAYS} days after shipping.`,
    deliveryDates: "Delivery dates for your PIN code are shown at checkout.",
  },
  faq: {
    cost: `Shipping is free on orders above ${FREE_ABOVE}. ${COURIER_STANDARD} ${AT_CHECKOUT}`,
    express: `Yes. ${COURIER_EXPRESS} ${AT_CHECKOUT}`,
  },
  terms: `Shipping is free on orders above ${FREE_ABOVE}. ${COURIER_STANDARD} ${COURIER_EXPRESS} ${AT_CHECKOUT}`,
};

/** The texts for the fees the checkout charges. */
export function shippingChargesText(feesFrom: ShippingFeeSource): ShippingChargesText {
  return feesFrom === "courier" ? COURIER_RATES_TEXT : SHOP_FEES_TEXT;
}
