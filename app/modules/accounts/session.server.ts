import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { profiles } from "../../../db/schema";
import { sameOriginPath } from "../../domain/redirect-target";
import { auth } from "../../lib/auth.server";
import { db } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { isAdmin } from "./administrators.server";

export type CurrentUser = {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  isAdmin: boolean;
};

// Loaders of one request share the Request object, so the session is read once per request.
const perRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

async function loadCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const [profile] = await db()
    .select({ phone: profiles.phone, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, session.user.id));
  if (!profile) return null;
  return {
    id: session.user.id,
    email: session.user.email,
    fullName: profile.fullName,
    phone: profile.phone,
    isAdmin: await isAdmin(db(), session.user.id),
  };
}

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** A user-supplied target resolved against PUBLIC_URL: only the shop's own pages are followed. */
export function safeRedirectPath(target: unknown, fallback = "/") {
  return sameOriginPath(target, getEnv().PUBLIC_URL, fallback);
}

/** Signed-in customers only: visitors are sent to /auth and brought back afterwards. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const back = safeRedirectPath(`${url.pathname}${url.search}`);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(back)}`);
}

/** DESIGN §6.1: every /admin page and action; anyone else goes to /admin/login. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user?.isAdmin) return user;
  throw redirect("/admin/login");
}
