import type { Database } from "../lib/db.server";
import type { Signer } from "../lib/signer.server";
import {
  completePendingAdd,
  pendingAddSentence,
  takePendingAdd,
} from "../modules/cart/pending-add.server";
import {
  completePendingSave,
  pendingSaveSentence,
  takePendingSave,
} from "../modules/wishlist/pending-save.server";

/**
 * A visitor's "Add to Cart" or heart that waited for this sign-in or sign-up, by e-mail or by
 * mobile, is checked again and made now (docs/decisions/021, 053 and 062). Taking the waiting
 * actions clears their cookies on `headers`; the sentences say what became of each.
 */
export async function completeWaitingActions(
  { db: database, signer }: { db: Database; signer: Signer },
  request: Request,
  userId: string,
  headers: Headers,
) {
  const [add, save] = await Promise.all([
    takePendingAdd(signer, request, headers),
    takePendingSave(signer, request, headers),
  ]);
  const sentences: string[] = [];
  if (add) sentences.push(pendingAddSentence(await completePendingAdd(database, userId, add)));
  if (save) sentences.push(pendingSaveSentence(await completePendingSave(database, userId, save)));
  return sentences;
}

/** The welcome toast's sentence followed by what became of the waiting actions. */
export function withPending(sentence: string, pending: string[]) {
  return [sentence, ...pending].join(" ");
}
