import { z } from "../../domain/zod";
import type { Database } from "../../lib/db.server";
import { pendingCookie } from "../../lib/pending-cookie.server";
import type { Signer } from "../../lib/signer.server";
import { productNameOf } from "../catalog/product-lookups.server";
import { addToWishlist, WishlistError } from "./wishlist.server";

/**
 * A visitor's heart pressed without JavaScript waits here while they sign in or sign up, as a
 * visitor's "Add to Cart" does (docs/decisions/021 and 053): set only by the wishlist's own POST,
 * signed, for half an hour.
 */
const pendingSave = pendingCookie("shop_pending_save", z.object({ productId: z.uuid() }));

export type PendingSave = { productId: string };

export const rememberPendingSave = (signer: Signer, pending: PendingSave, headers?: Headers) =>
  pendingSave.remember(signer, pending, headers);

/** Reads the waiting save (a tampered or stale cookie reads as none) and clears it. */
export const takePendingSave = (signer: Signer, request: Request, headers: Headers) =>
  pendingSave.take(signer, request, headers);

export type PendingSaveOutcome =
  | { saved: "added" | "already-saved"; name: string }
  | { saved: false; reason: string };

/** The save is made now that the customer is known, checked as any save: on sale, once. */
export async function completePendingSave(
  database: Database,
  userId: string,
  pending: PendingSave,
): Promise<PendingSaveOutcome> {
  try {
    const saved = await addToWishlist(database, userId, pending.productId);
    const name = await productNameOf(database, pending.productId);
    return { saved, name: name ?? "The product" };
  } catch (error) {
    if (error instanceof WishlistError) return { saved: false, reason: error.message };
    throw error;
  }
}

/** The sentence added to the welcome toast, saying what became of the waiting save. */
export function pendingSaveSentence(outcome: PendingSaveOutcome) {
  if (outcome.saved === false) return `${outcome.reason}, so it was not saved to your wishlist.`;
  return outcome.saved === "added"
    ? `${outcome.name} was saved to your wishlist.`
    : `${outcome.name} was already in your wishlist.`;
}
