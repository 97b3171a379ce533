import { eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { addresses, profiles, sessions, userRoles } from "../../../db/schema";
import { pageAddressOf } from "../../domain/data-requests";
import { sameOriginPath } from "../../domain/redirect-target";
import { getEnv } from "../../lib/env.server";
import { sharedByLoaders } from "../../lib/request-store.server";
import {
  sessionCookieName,
  sessionIsCurrent,
  signedSessionToken,
} from "../../lib/session-cookie.server";
import { cartUnitsSubquery, countCartUnits } from "../cart/cart-read.server";
import { savedProductIds, savedProductIdsSubquery } from "../wishlist/wishlist.server";
import type { Accounts } from "./accounts.server";
import { defaultAddressPin } from "./addresses-read.server";
import { isAdmin } from "./administrators.server";
import { shopperMemo, shopperTag } from "./shopper-memo.server";

export type CurrentUser = {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  isAdmin: boolean;
};

/** The signed-in customer with what every page's header and hearts show about them. */
export type Shopper = {
  user: CurrentUser;
  /** Units in the cart: the header's cart badge (docs/SPEC.md §9). */
  cartUnits: number;
  /** The saved products: the wishlist badge counts them, product cards fill their hearts. */
  savedProductIds: ReadonlySet<string>;
  /** The default address's PIN code, where the delivery box starts (docs/decisions/077). */
  defaultPin: string | null;
};

/** A session found by its token: until when it lasts, and its shopper. */
type SessionShopper = { expiresAt: Date; shopper: Shopper };

/** Sessions' shoppers kept between requests on the embedded database (shopper-memo.server.ts). */
const keptSessions = shopperMemo<SessionShopper | null>();

/** The session, profile, role, cart units and saved products in one statement. */
async function readSessionShopper(accounts: Accounts, token: string) {
  const [row] = await accounts.db
    .select({
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      phone: profiles.phone,
      expiresAt: sessions.expiresAt,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
      cartUnits: cartUnitsSubquery(profiles.id),
      savedProductIds: savedProductIdsSubquery(profiles.id),
      defaultPin: sql<
        string | null
      >`(select ${addresses.postalCode} from ${addresses} where ${addresses.userId} = ${profiles.id} and ${addresses.isDefault} limit 1)`,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  // A token that finds nothing is not kept: no announcement could drop it, and guessing tokens
  // must not fill the memory.
  if (!row) return { value: null, tags: [] };
  const found: SessionShopper = {
    expiresAt: row.expiresAt,
    shopper: {
      user: {
        id: row.id,
        email: row.email,
        fullName: row.fullName,
        phone: row.phone,
        isAdmin: Boolean(row.isAdmin),
      },
      cartUnits: Number(row.cartUnits),
      savedProductIds: new Set(row.savedProductIds),
      defaultPin: row.defaultPin ?? null,
    },
  };
  return { value: found, tags: [shopperTag(row.id)] };
}

/**
 * The signed-in customer in one query, or none: the session cookie's signature is checked as
 * Better Auth checks it, then the session, profile, role, cart count, saved products and the
 * default address's PIN code are read together. A session due for Better Auth's daily extension (or one that has just expired) goes
 * through Better Auth instead, so sessions live and end exactly as it decides.
 */
async function loadShopper(accounts: Accounts, request: Request): Promise<Shopper | null> {
  const token = signedSessionToken(
    request.headers.get("cookie"),
    accounts.secret,
    sessionCookieName(getEnv().PUBLIC_URL),
  );
  if (!token) return null;
  const found = await keptSessions.read(token, () => readSessionShopper(accounts, token));
  if (!found) return null;
  // Checked on every request: a kept session still ends on time.
  if (!sessionIsCurrent(found.expiresAt, new Date()))
    return loadThroughBetterAuth(accounts, request);
  return found.shopper;
}

async function loadThroughBetterAuth(
  accounts: Accounts,
  request: Request,
): Promise<Shopper | null> {
  const { db, auth } = accounts;
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const userId = session.user.id;
  const [profile] = await db
    .select({ phone: profiles.phone, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile) return null;
  const [admin, cartUnits, saved, defaultPin] = await Promise.all([
    isAdmin(db, userId),
    countCartUnits(db, userId),
    savedProductIds(db, userId),
    defaultAddressPin(db, userId),
  ]);
  return {
    user: {
      id: userId,
      email: session.user.email,
      fullName: profile.fullName,
      phone: profile.phone,
      isAdmin: admin,
    },
    cartUnits,
    savedProductIds: saved,
    defaultPin,
  };
}

/** The signed-in customer and their header's figures, read once for all a request's loaders. */
export function getShopper(accounts: Accounts, request: Request): Promise<Shopper | null> {
  return sharedByLoaders(request, "shopper", () => loadShopper(accounts, request));
}

/** The signed-in user, or null for a visitor. */
export async function getCurrentUser(
  accounts: Accounts,
  request: Request,
): Promise<CurrentUser | null> {
  return (await getShopper(accounts, request))?.user ?? null;
}

const NOTHING_SAVED: ReadonlySet<string> = new Set();

/** The products the signed-in customer has saved; none for a visitor. */
export async function savedProductsOf(
  accounts: Accounts,
  request: Request,
): Promise<ReadonlySet<string>> {
  return (await getShopper(accounts, request))?.savedProductIds ?? NOTHING_SAVED;
}

/** A user-supplied target resolved against PUBLIC_URL: only the shop's own pages are followed. */
export function safeRedirectPath(target: unknown, fallback = "/") {
  return sameOriginPath(target, getEnv().PUBLIC_URL, fallback);
}

/** Signed-in customers only: visitors are sent to /auth and brought back afterwards. */
export async function requireUser(accounts: Accounts, request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(accounts, request);
  if (user) return user;
  const back = safeRedirectPath(pageAddressOf(new URL(request.url)));
  throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
}

/** docs/DESIGN.md §6.1: every /admin page and action; anyone else goes to /admin/login. */
export async function requireAdmin(accounts: Accounts, request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(accounts, request);
  if (user?.isAdmin) return user;
  throw redirect("/admin/login");
}
