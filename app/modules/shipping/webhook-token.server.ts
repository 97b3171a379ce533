import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether a webhook's x-api-key is the token the owner set, compared in constant time: both are
 * hashed first, so neither their contents nor their lengths show in how long the comparison takes.
 * No token set: every webhook is refused.
 */
export function webhookTokenMatches(expected: string | null | undefined, given: string | null) {
  if (!expected || !given) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
