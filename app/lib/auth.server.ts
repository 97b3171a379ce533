import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { accounts, profiles, sessions, verifications } from "../../db/schema";
import { CLIENT_IPV6_PREFIX } from "./client-key.server";
import type { Database } from "./db.server";
import { singleton } from "./singleton.server";

export const AUTH_BASE_PATH = "/api/auth";
export const SESSION_DAYS = 30;
/** Better Auth moves a session's expiry forward when it is used a day or more after the last move. */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;
export const SESSION_COOKIE = "shop.session_token";
/**
 * Where Better Auth finds the client's address (it records it on a new session): set by the shop
 * from the address server.ts believed (lib/client-key.server.ts), never X-Forwarded-For as the
 * browser sent it.
 */
export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";

export type PasswordResetMail = { to: string; name: string; url: string };

export function createAuth(options: {
  db: Database;
  secret: string;
  publicUrl: string;
  /** The accounts module writes the e-mail; this layer only hands it the link. */
  sendPasswordReset: (mail: PasswordResetMail) => Promise<void>;
}) {
  return betterAuth({
    appName: "Satara Ayurveda",
    baseURL: options.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [options.publicUrl],
    telemetry: { enabled: false },
    logger: { level: "error" },
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { profiles, sessions, accounts, verifications },
    }),
    // docs/SPEC.md §3 profiles *are* the users: Better Auth's `name` is the profile's full_name.
    user: {
      modelName: "profiles",
      fields: { name: "fullName" },
      additionalFields: { phone: { type: "string", required: false, input: false } },
    },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await options.sendPasswordReset({ to: user.email, name: user.name, url });
      },
    },
    // Better Auth's HTTP endpoints are not served (app/routes/api/auth.ts); the shop's forms call
    // its API on the server and are rate limited by our own database-backed limiter, which every
    // app process shares (app/lib/rate-limit.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "shop",
      useSecureCookies: options.publicUrl.startsWith("https://"),
      database: { generateId: "uuid" },
      // The same client as the shop's limits: its address, an IPv6 one grouped by its /64.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: CLIENT_IPV6_PREFIX },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const current = singleton("auth", (): { auth?: Auth } => ({}));

export function setAuth(auth: Auth | undefined) {
  current.auth = auth;
}

export function auth(): Auth {
  if (!current.auth) throw new Error("Authentication is not configured yet");
  return current.auth;
}
