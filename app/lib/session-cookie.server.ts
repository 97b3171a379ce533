import { createHmac, timingSafeEqual } from "node:crypto";
import { SESSION_COOKIE, SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS } from "./auth.server";

/** The session cookie's name: with the `__Secure-` prefix when the shop is served over HTTPS. */
export function sessionCookieName(publicUrl: string) {
  return publicUrl.startsWith("https://") ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
}

function cookieValue(cookieHeader: string, name: string) {
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The session token from its cookie, when the cookie's signature is right: Better Auth signs
 * `token.base64(HMAC-SHA256(secret, token))`, URL-encoded. Anything else is no session.
 */
export function signedSessionToken(
  cookieHeader: string | null,
  secret: string,
  name = SESSION_COOKIE,
): string | null {
  const raw = cookieHeader ? cookieValue(cookieHeader, name) : undefined;
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

/**
 * True while a session is valid and not yet due for Better Auth's daily extension (which
 * Better Auth itself must do, as it does on the first use a day after the last).
 */
export function sessionIsCurrent(expiresAt: Date, now: Date) {
  const dueForExtension =
    expiresAt.getTime() - SESSION_DAYS * 86_400_000 + SESSION_UPDATE_AGE_SECONDS * 1000;
  return expiresAt.getTime() > now.getTime() && dueForExtension > now.getTime();
}
