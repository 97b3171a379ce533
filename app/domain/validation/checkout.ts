import { CASH_ON_DELIVERY_INTENT, PAYMENT_METHODS } from "../orders";
import { DEFAULT_SHIPPING_METHOD, SHIPPING_METHODS } from "../shipping";
import { z } from "../zod";
import { addressSchema } from "./address";
import { ticked } from "./order-messages";

/**
 * The checkout form. Only the address, the payment and delivery methods and a key for this attempt
 * come from the browser; prices, totals, discount and the shipping fee are decided by the server
 * (docs/DESIGN.md §6.6).
 */
export const checkoutSchema = addressSchema.extend({
  /** A saved address the form was filled from; it must belong to the customer. */
  addressId: z.uuid({ error: "Unknown address" }).optional(),
  saveAddress: z
    .preprocess((value) => value === "on" || value === true, z.boolean())
    .default(false),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose a payment method" }).default("cod"),
  shippingMethod: z
    .enum(SHIPPING_METHODS, { error: "Choose a delivery option" })
    .default(DEFAULT_SHIPPING_METHOD),
  /** Order updates by message (docs/decisions/063): off unless ticked. */
  whatsappUpdates: ticked,
  smsUpdates: ticked,
  /** One per checkout page view, so a double submit places one order. */
  idempotencyKey: z.uuid({ error: "Please reload the page and try again" }),
});

/** The checkout's "Switch to Cash on Delivery" for a card order awaiting payment (decision 050). */
export const cashOnDeliverySwitchSchema = z.object({
  intent: z.literal(CASH_ON_DELIVERY_INTENT),
  orderId: z.uuid({ error: "Unknown order" }),
});
