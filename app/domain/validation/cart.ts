import { MAX_QUANTITY_PER_PRODUCT } from "../cart-limits";
import { z } from "../zod";
import { singleLineText } from "./text";

export { MAX_QUANTITY_PER_PRODUCT };

/** docs/SPEC.md §9: 1 to 10 per add; anything else (0, -1, 11, 1.5, 'abc') is refused. */
export const quantityField = z.coerce
  .number({ error: "Quantity must be a whole number from 1 to 10" })
  .int({ error: "Quantity must be a whole number from 1 to 10" })
  .min(1, { error: "Quantity must be a whole number from 1 to 10" })
  .max(MAX_QUANTITY_PER_PRODUCT, { error: "Quantity must be a whole number from 1 to 10" });

export const wishlistSchema = z.object({
  intent: z.enum(["add", "remove", "toggle"]),
  productId: z.uuid({ error: "Unknown product" }),
  // The page the heart was on, to come back to after signing in (checked by sameOriginPath).
  redirectTo: singleLineText().optional().catch(undefined),
});

const productId = z.uuid({ error: "Unknown product" });
/** A cart line is one pack size (docs/decisions/056). */
const variantId = z.uuid({ error: "Unknown size" });

/** Every form that posts to /cart, told apart by `intent`. */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId,
    // The size chosen on the product page; without one, the product's default size.
    variantId: variantId.optional(),
    quantity: quantityField.default(1),
    // The page the add was made on, to come back to after signing in (checked by sameOriginPath).
    redirectTo: singleLineText().optional().catch(undefined),
  }),
  z.object({
    intent: z.literal("set-quantity"),
    variantId,
    // Below 1 is ignored by the cart (docs/SPEC.md §4), so only the form of the number is checked here.
    quantity: z.coerce
      .number({ error: "Quantity must be a whole number from 1 to 10" })
      .int({ error: "Quantity must be a whole number from 1 to 10" }),
  }),
  z.object({ intent: z.literal("remove"), variantId }),
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("apply-coupon"), code: singleLineText().max(50).default("") }),
  z.object({ intent: z.literal("remove-coupon") }),
]);
