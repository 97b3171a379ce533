import { timingSafeEqual } from "node:crypto";
import type { ShippingMethod } from "../../domain/shipping";
import type { Signer } from "../../lib/signer.server";

/**
 * What the customer saw on the checkout page: each line's unit price and quantity, and the total
 * under each delivery method it offered.
 * The server signs it into the form so that, on "Place Order", a price that changed in between
 * can be named instead of silently charged. It is never used to price anything.
 */
export type Quote = {
  /** One line per pack size (docs/decisions/056). */
  lines: { productId: string; variantId: string; unitPrice: number; quantity: number }[];
  totals: Partial<Record<ShippingMethod, number>>;
};

function mac(signer: Signer, payload: string) {
  return signer.mac(`checkout-quote:${payload}`, "base64url");
}

export function signQuote(signer: Signer, quote: Quote) {
  const payload = Buffer.from(JSON.stringify(quote)).toString("base64url");
  return `${payload}.${mac(signer, payload)}`;
}

/** The quote, or null when the token is missing, malformed or not signed by this shop. */
export function readQuote(signer: Signer, token: string | undefined | null): Quote | null {
  if (!token) return null;
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(signer, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Quote;
  } catch {
    return null;
  }
}
