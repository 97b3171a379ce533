/**
 * The PIN code a shopper last checked or typed, kept in a first-party cookie so that the product
 * page, the cart and the checkout start from it (docs/decisions/077). Pure: the server reads the
 * request's `Cookie` header with it, and the product page's box reads `document.cookie` with it.
 */
import { PIN_CODE } from "./validation/address-format";

export const REMEMBERED_PIN_COOKIE = "pin";

/** A year, in seconds. */
export const REMEMBERED_PIN_MAX_AGE = 365 * 24 * 60 * 60;

/** The remembered PIN code in a `Cookie` header (or `document.cookie`), or null unless valid. */
export function rememberedPin(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.split("=");
    if (name?.trim() !== REMEMBERED_PIN_COOKIE) continue;
    const value = rest.join("=").trim();
    return PIN_CODE.test(value) ? value : null;
  }
  return null;
}

/**
 * The cookie that remembers `pin` for a year (SameSite=Lax, the whole site), or null for a value
 * that is not a PIN code: nothing else is ever written into it.
 */
export function rememberPinCookie(pin: string, { secure }: { secure: boolean }): string | null {
  if (!PIN_CODE.test(pin)) return null;
  return `${REMEMBERED_PIN_COOKIE}=${pin}; Path=/; Max-Age=${REMEMBERED_PIN_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The PIN code a box starts from: the one asked, else the default address's, else the remembered one. */
export function startingPin(...candidates: (string | null | undefined)[]): string | null {
  return (
    candidates.find((pin): pin is string => typeof pin === "string" && PIN_CODE.test(pin)) ?? null
  );
}
