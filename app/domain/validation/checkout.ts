import { z } from "zod";
import { PAYMENT_METHODS } from "../orders";
import { addressSchema } from "./address";

/**
 * The checkout form. Only the address, the payment method and a key for this attempt come from
 * the browser; prices, totals, discount and shipping are decided by the server (DESIGN §6.6).
 */
export const checkoutSchema = addressSchema.extend({
  /** A saved address the form was filled from; it must belong to the customer. */
  addressId: z.uuid({ error: "Unknown address" }).optional(),
  saveAddress: z
    .preprocess((value) => value === "on" || value === true, z.boolean())
    .default(false),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: "Choose a payment method" }).default("cod"),
  /** One per checkout page view, so a double submit places one order. */
  idempotencyKey: z.uuid({ error: "Please reload the page and try again" }),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
