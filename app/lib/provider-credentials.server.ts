import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether a provider presented the shop's own token, compared in constant time: both are hashed
 * first, so neither their contents nor their lengths show in how long it takes. No token set:
 * nothing matches, and the endpoint refuses every call.
 */
export function tokenMatches(expected: string | null | undefined, given: string | null) {
  if (!expected || !given) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * Whether `signature` is the HMAC-SHA256 of the raw body with `secret`, in hex (after an optional
 * "sha256=" prefix, as Meta writes it), compared in constant time. No secret: never.
 */
export function hmacSha256Matches(
  secret: string | null | undefined,
  rawBody: string,
  signature: string | null,
) {
  if (!secret || !signature) return false;
  const given = signature
    .trim()
    .replace(/^sha256=/i, "")
    .toLowerCase();
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
  return timingSafeEqual(digest(expected), digest(given));
}
