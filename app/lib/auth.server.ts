import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { phoneNumber } from "better-auth/plugins";
import { accounts, profiles, sessions, verifications } from "../../db/schema";
import { mobileTenDigits, placeholderEmail } from "../domain/mobile-number";
import { CLIENT_IPV6_PREFIX } from "./client-key.server";
import type { Database } from "./db.server";

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

/** What the shop's phone verification is told: `purpose` is the form's, set by the server. */
export type PhoneCodeCheck = { phoneNumber: string; code: string; purpose: unknown };

/** The path of the phone-number plugin's verification (docs/decisions/062). */
const PHONE_VERIFY_PATH = "/phone-number/verify";
const UNUSED_PHONE_ENDPOINTS = new Set([
  "/phone-number/send-otp",
  "/sign-in/phone-number",
  "/phone-number/request-password-reset",
  "/phone-number/reset-password",
]);

export function createAuth(options: {
  db: Database;
  secret: string;
  publicUrl: string;
  /** The accounts module writes the e-mail; this layer only hands it the link. */
  sendPasswordReset: (mail: PasswordResetMail) => Promise<void>;
  /**
   * Checks and uses up a sign-in code or sign-up ticket (modules/accounts/phone-codes.server.ts);
   * throws an APIError saying why when it does not hold. Codes are the shop's own, kept hashed.
   */
  checkPhoneCode: (check: PhoneCodeCheck) => Promise<void>;
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
    databaseHooks: {
      user: {
        create: {
          // An account made by mobile sign-in takes the name its customer gave in the same form
          // (validated by the route) and the number as its contact phone.
          async before(user, context) {
            if (context?.path !== PHONE_VERIFY_PATH) return { data: user };
            const body = context.body as { fullName?: unknown; phoneNumber?: unknown };
            const ten =
              typeof body.phoneNumber === "string" ? mobileTenDigits(body.phoneNumber) : null;
            if (typeof body.fullName !== "string" || !ten) return false;
            return { data: { ...user, name: body.fullName, phone: ten } };
          },
        },
      },
    },
    hooks: {
      // The plugin's other endpoints (a code it keeps in plain text, phone-and-password sign-in)
      // are never used; nothing on the server may reach them either.
      before: createAuthMiddleware(async (context) => {
        if (UNUSED_PHONE_ENDPOINTS.has(context.path)) throw new APIError("NOT_FOUND");
      }),
    },
    plugins: [
      // Sign-in with a mobile number (docs/decisions/062). Only its verification is used: the
      // shop sends and keeps the codes itself (hashed, limited), so `sendOTP` is not given and
      // `/phone-number/send-otp`, which would store a code in plain text, refuses.
      phoneNumber({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        phoneNumberValidator: (number) => mobileTenDigits(number) !== null,
        sendOTP: () => {
          throw new Error("Sign-in codes are sent by the shop, not by /phone-number/send-otp");
        },
        verifyOTP: async ({ phoneNumber, code }, context) => {
          const purpose = (context?.body as { purpose?: unknown } | undefined)?.purpose;
          await options.checkPhoneCode({ phoneNumber, code, purpose });
          return true;
        },
        signUpOnVerification: {
          getTempEmail: placeholderEmail,
          getTempName: (number) => number,
        },
      }),
    ],
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
