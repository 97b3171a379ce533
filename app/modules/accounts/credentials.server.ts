import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import { CLIENT_ADDRESS_HEADER } from "../../lib/auth.server";
import { clientKey, normalizeClientAddress } from "../../lib/client-key.server";
import { logger } from "../../lib/logger.server";
import { consumeRateLimits, type RateLimitRule, resetRateLimit } from "../../lib/rate-limit.server";
import type { Accounts } from "./accounts.server";
import { isAdmin } from "./administrators.server";

/**
 * Attempts allowed per window (docs/decisions/012). Sign-in counts per address *and client*, so an
 * attacker elsewhere cannot lock the owner out cheaply; a much higher ceiling per address across
 * all clients bounds guessing from many clients; the client limits are wide enough for a busy
 * office network. A client is counted by its key (lib/client-key.server.ts, docs/decisions/052):
 * an IPv6 client's whole /64 is one client.
 */
export const RATE_LIMITS = {
  signInPerClient: { limit: 300, windowSeconds: 15 * 60 },
  signInPerEmailAndClient: { limit: 10, windowSeconds: 15 * 60 },
  signInPerEmail: { limit: 100, windowSeconds: 15 * 60 },
  signUpPerAddress: { limit: 100, windowSeconds: 60 * 60 },
  resetPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 50, windowSeconds: 60 * 60 },
  resetLinkPerAddress: { limit: 60, windowSeconds: 60 * 60 },
  newPasswordPerClient: { limit: 50, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export type Outcome<T = object> =
  | ({ ok: true; headers: Headers } & T)
  | { ok: false; reason: "invalid" | "rate-limited" | "not-admin" | "failed"; message?: string };

function limited(accounts: Accounts, rules: [string, RateLimitRule][]) {
  return consumeRateLimits(accounts.db, rules);
}

export function apiMessage(error: unknown) {
  if (error instanceof APIError) return error.body?.message ?? error.message;
  return undefined;
}

/**
 * The request's headers with the client's address in the one header Better Auth reads it from
 * (lib/auth.server.ts), whatever X-Forwarded-For or that header the browser sent.
 */
export function authHeaders(request: Request, clientIp: string) {
  const headers = new Headers(request.headers);
  const address = normalizeClientAddress(clientIp);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  else headers.delete(CLIENT_ADDRESS_HEADER);
  return headers;
}

/** Copies only the cookies Better Auth set, for the route's response. */
export function cookieHeaders(headers: Headers | undefined) {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

export async function signUp(
  accounts: Accounts,
  input: { fullName: string; email: string; password: string },
  request: Request,
  clientIp: string,
): Promise<Outcome<{ userId: string }>> {
  const tooMany = await limited(accounts, [
    [`sign-up:ip:${clientKey(clientIp)}`, RATE_LIMITS.signUpPerAddress],
  ]);
  if (tooMany) return { ok: false, reason: "rate-limited", message: tooMany };
  try {
    const { headers, response } = await accounts.auth.api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(headers), userId: response.user.id };
  } catch (error) {
    const message = apiMessage(error);
    if (!message) logger.error({ err: error }, "sign-up failed");
    return { ok: false, reason: "failed", message };
  }
}

/**
 * Signs in; with `requireAdmin` the account must hold the admin role, or the new session is
 * revoked at once and no cookie is sent (docs/SPEC.md §6: a non-admin is signed out again).
 */
export async function signIn(
  accounts: Accounts,
  input: { email: string; password: string; requireAdmin?: boolean },
  request: Request,
  clientIp: string,
): Promise<Outcome<{ userId: string; isAdmin: boolean }>> {
  // Checked in this order and stopped at the first refusal, so attempts a client may no longer
  // make on an address do not count towards the address's ceiling.
  const client = clientKey(clientIp);
  const pairKey = `sign-in:email-ip:${input.email}|${client}`;
  const tooMany = await limited(accounts, [
    [`sign-in:ip:${client}`, RATE_LIMITS.signInPerClient],
    [pairKey, RATE_LIMITS.signInPerEmailAndClient],
    [`sign-in:email:${input.email}`, RATE_LIMITS.signInPerEmail],
  ]);
  if (tooMany) return { ok: false, reason: "rate-limited", message: tooMany };
  let result: { headers: Headers; response: { user: { id: string }; token: string } };
  try {
    result = await accounts.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
  } catch (error) {
    const message = apiMessage(error);
    if (!message) logger.error({ err: error }, "sign-in failed");
    return { ok: false, reason: "invalid", message };
  }
  await resetRateLimit(accounts.db, pairKey);
  const userId = result.response.user.id;
  const admin = await isAdmin(accounts.db, userId);
  if (input.requireAdmin && !admin) {
    await accounts.db.delete(sessions).where(eq(sessions.token, result.response.token));
    return { ok: false, reason: "not-admin" };
  }
  return { ok: true, headers: cookieHeaders(result.headers), userId, isAdmin: admin };
}

/** Ends the current session (if any) and returns the cookie-clearing headers. */
export async function signOut(accounts: Accounts, request: Request) {
  try {
    const { headers } = await accounts.auth.api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return cookieHeaders(headers);
  } catch {
    return clearSessionCookies();
  }
}

/** Expires the session cookies without asking the server (used when no session exists). */
export function clearSessionCookies() {
  const headers = new Headers();
  for (const name of ["shop.session_token", "__Secure-shop.session_token"]) {
    headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  return headers;
}

/** Always answers the same way whether or not the address has an account. */
export async function requestPasswordReset(
  accounts: Accounts,
  email: string,
  clientIp: string,
): Promise<Outcome> {
  const tooMany = await limited(accounts, [
    [`reset:email:${email}`, RATE_LIMITS.resetPerEmail],
    [`reset:ip:${clientKey(clientIp)}`, RATE_LIMITS.resetPerAddress],
  ]);
  if (tooMany) return { ok: false, reason: "rate-limited", message: tooMany };
  try {
    await accounts.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth" } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    const message = apiMessage(error);
    logger.error({ err: error }, "password reset request failed");
    return { ok: false, reason: "failed", message };
  }
}

/** Sets the new password of an e-mailed reset link, limited per client like the request. */
export async function resetPassword(
  accounts: Accounts,
  token: string,
  newPassword: string,
  clientIp: string,
): Promise<Outcome> {
  const tooMany = await limited(accounts, [
    [`new-password:ip:${clientKey(clientIp)}`, RATE_LIMITS.newPasswordPerClient],
  ]);
  if (tooMany) return { ok: false, reason: "rate-limited", message: tooMany };
  try {
    await accounts.auth.api.resetPassword({ body: { token, newPassword } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return { ok: false, reason: "invalid", message: apiMessage(error) };
  }
}

/** Better Auth's reset tokens are short random strings; anything else is refused unread. */
const RESET_TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Checks the token of an e-mailed reset link without using it, so the link can open the form
 * or say at once that it has expired.
 */
export async function checkResetLink(
  accounts: Accounts,
  token: string,
  clientIp: string,
): Promise<{ ok: true } | { ok: false; reason: "invalid" | "rate-limited"; message?: string }> {
  const tooMany = await limited(accounts, [
    [`reset-link:ip:${clientKey(clientIp)}`, RATE_LIMITS.resetLinkPerAddress],
  ]);
  if (tooMany) return { ok: false, reason: "rate-limited", message: tooMany };
  if (!RESET_TOKEN_SHAPE.test(token)) return { ok: false, reason: "invalid" };
  const context = await accounts.auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  if (!verification || verification.expiresAt < new Date()) return { ok: false, reason: "invalid" };
  return { ok: true };
}
