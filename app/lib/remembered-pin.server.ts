import { rememberedPin, rememberPinCookie } from "../domain/remembered-pin";

/** The PIN code the shopper's browser remembers (docs/decisions/077), or null. */
export function rememberedPinOf(request: Request) {
  return rememberedPin(request.headers.get("Cookie"));
}

/**
 * Headers that remember `pin` in the shopper's browser for a year; nothing for a value that is
 * not a PIN code. Never on an answer that a shared cache may keep.
 */
export function rememberPinHeaders(pin: string, headers = new Headers()) {
  const cookie = rememberPinCookie(pin, {
    secure: process.env.PUBLIC_URL?.startsWith("https://") ?? false,
  });
  if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}
