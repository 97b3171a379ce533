import { z } from "~/domain/zod";
import { quantityField } from "../../domain/validation/cart";
import type { Database } from "../../lib/db.server";
import { pendingCookie } from "../../lib/pending-cookie.server";
import type { Signer } from "../../lib/signer.server";
import { addToCart, CartError } from "./cart.server";

/**
 * A visitor's "Add to Cart" waits here while they sign in or sign up (docs/decisions/021). It is a
 * signed cookie, so only the shop's own cart form can set it, and it lapses after half an hour.
 */
const pendingAddSchema = z.object({
  productId: z.uuid(),
  /** The pack size chosen (docs/decisions/056); without one, the product's default size. */
  variantId: z.uuid().optional(),
  quantity: quantityField,
});

export type PendingAdd = z.infer<typeof pendingAddSchema>;

const pendingAdd = pendingCookie("shop_pending_add", pendingAddSchema);

export const rememberPendingAdd = (signer: Signer, pending: PendingAdd, headers?: Headers) =>
  pendingAdd.remember(signer, pending, headers);

/** Reads the waiting add (a tampered or stale cookie reads as none) and clears it. */
export const takePendingAdd = (signer: Signer, request: Request, headers: Headers) =>
  pendingAdd.take(signer, request, headers);

export type PendingAddOutcome = { added: true; name: string } | { added: false; reason: string };

/**
 * The add is checked again now that the customer is known: the size must still be on sale and
 * in stock, and the line may not pass the limit or the stock together with what the cart holds.
 */
export async function completePendingAdd(
  database: Database,
  userId: string,
  pending: PendingAdd,
): Promise<PendingAddOutcome> {
  try {
    const result = await addToCart(database, { userId, ...pending });
    return { added: true, name: result.name };
  } catch (error) {
    if (error instanceof CartError) return { added: false, reason: error.message };
    throw error;
  }
}

/** The sentence added to the welcome toast, saying what became of the waiting add. */
export function pendingAddSentence(outcome: PendingAddOutcome) {
  return outcome.added
    ? `${outcome.name} was added to your cart.`
    : `${outcome.reason}, so it was not added to your cart.`;
}
