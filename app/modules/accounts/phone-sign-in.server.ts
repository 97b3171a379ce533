import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { type PhoneCodePurpose, profiles, userRoles } from "../../../db/schema";
import { mobileTenDigits } from "../../domain/mobile-number";
import { auth } from "../../lib/auth.server";
import { clientKey } from "../../lib/client-key.server";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import type { Database, Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { consumeRateLimits, type RateLimitRule } from "../../lib/rate-limit.server";
import { sendSms, smsEnabled } from "../notifications/sms.server";
import { getSettings } from "../settings/settings.server";
import { apiMessage, authHeaders, cookieHeaders } from "./credentials.server";
import {
  checkPhoneCode,
  codeProblem,
  newSignInCode,
  newSignUpTicket,
  PHONE_CODE_RULES,
  secondsUntilResend,
  storePhoneCode,
  withdrawPhoneCode,
} from "./phone-codes.server";

/**
 * Codes sent per number and per client in an hour (docs/decisions/062); the whole shop's hourly
 * ceiling is the setting `sms_codes_per_hour`. A client is counted by its key
 * (lib/client-key.server.ts): an IPv6 client's whole /64 is one client.
 */
export const PHONE_CODE_LIMITS = {
  perNumber: { limit: 5, windowSeconds: 60 * 60 },
  perClient: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const ADMIN_USES_EMAIL = "Administrators sign in with e-mail and password.";
export const SMS_UNAVAILABLE = "Sign-in with a mobile number is not available at the moment.";
const NOT_SENT = "We could not send the code. Please try again in a few minutes.";

export type PhoneOutcome<T = object> =
  | ({ ok: true } & T)
  | {
      ok: false;
      reason: "unavailable" | "too-soon" | "rate-limited" | "code" | "admin" | "taken" | "failed";
      message: string;
    };

/** The account whose sign-in number this is, and whether it is an administrator. */
async function ownerOfNumber(executor: Executor, phoneNumber: string) {
  const [row] = await executor
    .select({
      id: profiles.id,
      isAdmin: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.id} and ${userRoles.role} = 'admin')`,
    })
    .from(profiles)
    .where(eq(profiles.phoneNumber, phoneNumber))
    .limit(1);
  return row ?? null;
}

function smsText(code: string) {
  return `${code} is your Satara Ayurveda verification code. It is valid for 5 minutes. Do not share it with anyone.`;
}

/**
 * Sends a new code by SMS to `phoneNumber` (E.164) for signing in or for adding the number to the
 * signed-in account `userId`. Refused, before anything is sent, when a code went to the number
 * less than 30 seconds ago, or when the client, the number or the whole shop has had its codes
 * for the hour; each refusal says when to try again.
 */
export async function sendPhoneCode(
  database: Database,
  input: {
    phoneNumber: string;
    purpose: Extract<PhoneCodePurpose, "sign-in" | "add-number">;
    clientIp: string;
    userId?: string;
  },
): Promise<PhoneOutcome> {
  if (!smsEnabled()) return { ok: false, reason: "unavailable", message: SMS_UNAVAILABLE };
  const code = newSignInCode();
  const stored = await database.transaction(async (tx) => {
    // One sender per number at a time, so two quick requests cannot both pass the 30 seconds.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${input.phoneNumber}`}))`,
    );
    const wait = await secondsUntilResend(tx, input.phoneNumber, input.purpose);
    if (wait > 0) {
      return {
        ok: false as const,
        reason: "too-soon" as const,
        message: `Please wait ${wait} second${wait === 1 ? "" : "s"} before asking for a new code.`,
      };
    }
    const settings = await getSettings(tx);
    const tooMany = await consumeRateLimits(tx, [
      [`phone-code:client:${clientKey(input.clientIp)}`, PHONE_CODE_LIMITS.perClient],
      [`phone-code:number:${input.phoneNumber}`, PHONE_CODE_LIMITS.perNumber],
      ["phone-code:shop", { limit: settings.smsCodesPerHour, windowSeconds: 60 * 60 }],
    ]);
    if (tooMany) return { ok: false as const, reason: "rate-limited" as const, message: tooMany };
    const id = await storePhoneCode(tx, {
      phoneNumber: input.phoneNumber,
      purpose: input.purpose,
      code,
      validSeconds: PHONE_CODE_RULES.validSeconds,
      userId: input.userId ?? null,
    });
    return { ok: true as const, id, templateId: settings.smsSignInTemplateId };
  });
  if (!stored.ok) return stored;
  try {
    await sendSms({
      to: input.phoneNumber,
      templateId: stored.templateId,
      text: smsText(code),
      variables: { OTP: code },
    });
  } catch (error) {
    logger.error({ err: error }, "the sign-in code SMS was not sent");
    await withdrawPhoneCode(database, stored.id);
    return { ok: false, reason: "failed", message: NOT_SENT };
  }
  return { ok: true };
}

/**
 * Better Auth's phone-number plugin asks this whether a code holds (lib/auth.server.ts
 * `checkPhoneCode`): `sign-in` is an SMS code of an existing customer, `sign-up` the ticket of a
 * verified new number. The attempt is counted whatever the answer; an administrator's number is
 * refused once its code is proved.
 */
export async function checkCodeForAuth(
  database: Database,
  input: { phoneNumber: string; code: string; purpose: unknown },
) {
  const { purpose } = input;
  if (purpose !== "sign-in" && purpose !== "sign-up") {
    throw new APIError("BAD_REQUEST", { message: "Unknown verification" });
  }
  const outcome = await database.transaction(async (tx) => {
    const owner = await ownerOfNumber(tx, input.phoneNumber);
    // A ticket makes a new account; a sign-in code opens an existing one.
    if ((purpose === "sign-up") === Boolean(owner)) return { check: null, owner };
    const check = await checkPhoneCode(tx, {
      phoneNumber: input.phoneNumber,
      purpose,
      code: input.code,
    });
    return { check, owner };
  });
  if (!outcome.check || outcome.check.result === "missing") {
    throw new APIError("BAD_REQUEST", {
      message: codeProblem({ result: "missing", triesLeft: 0 }),
    });
  }
  if (outcome.check.result !== "ok") {
    throw new APIError("BAD_REQUEST", { message: codeProblem(outcome.check) });
  }
  if (outcome.owner?.isAdmin) throw new APIError("FORBIDDEN", { message: ADMIN_USES_EMAIL });
}

/**
 * A customer's code: the account of the number is signed in (its cookies returned), or a new
 * number gets a one-time ticket for the name step, which makes the account.
 */
export async function verifySignInCode(
  database: Database,
  input: { phoneNumber: string; code: string },
  request: Request,
  clientIp: string,
): Promise<
  PhoneOutcome<
    { kind: "signed-in"; headers: Headers; userId: string } | { kind: "new"; ticket: string }
  >
> {
  const owner = await ownerOfNumber(database, input.phoneNumber);
  if (owner) {
    try {
      const { headers, response } = await auth().api.verifyPhoneNumber({
        body: { phoneNumber: input.phoneNumber, code: input.code, purpose: "sign-in" },
        headers: authHeaders(request, clientIp),
        returnHeaders: true,
      });
      return {
        ok: true,
        kind: "signed-in",
        headers: cookieHeaders(headers),
        userId: response.user.id,
      };
    } catch (error) {
      return refusal(error);
    }
  }
  const ticket = newSignUpTicket();
  const check = await database.transaction(async (tx) => {
    const result = await checkPhoneCode(tx, { ...input, purpose: "sign-in" });
    if (result.result === "ok") {
      await storePhoneCode(tx, {
        phoneNumber: input.phoneNumber,
        purpose: "sign-up",
        code: ticket,
        validSeconds: PHONE_CODE_RULES.ticketValidSeconds,
      });
    }
    return result;
  });
  if (check.result !== "ok") return { ok: false, reason: "code", message: codeProblem(check) };
  return { ok: true, kind: "new", ticket };
}

/** The name step: makes the account of a verified new number and signs it in. */
export async function createAccountWithMobile(
  input: { phoneNumber: string; ticket: string; fullName: string },
  request: Request,
  clientIp: string,
): Promise<PhoneOutcome<{ headers: Headers; userId: string }>> {
  try {
    const { headers, response } = await auth().api.verifyPhoneNumber({
      body: {
        phoneNumber: input.phoneNumber,
        code: input.ticket,
        purpose: "sign-up",
        fullName: input.fullName,
      },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(headers), userId: response.user.id };
  } catch (error) {
    return refusal(error);
  }
}

function refusal(error: unknown): PhoneOutcome<never> {
  const message = apiMessage(error);
  if (!message) {
    logger.error({ err: error }, "mobile sign-in failed");
    return { ok: false, reason: "failed", message: "Something went wrong. Please try again." };
  }
  if (message === ADMIN_USES_EMAIL) return { ok: false, reason: "admin", message };
  return { ok: false, reason: "code", message };
}

/**
 * A signed-in customer's code for a number they are adding: it becomes their sign-in number
 * (and their contact phone, when they had none). Administrators keep e-mail and password.
 */
export async function confirmAddedNumber(
  database: Database,
  input: { userId: string; phoneNumber: string; code: string },
): Promise<PhoneOutcome> {
  try {
    return await database.transaction(async (tx): Promise<PhoneOutcome> => {
      const check = await checkPhoneCode(tx, { ...input, purpose: "add-number" });
      if (check.result !== "ok") return { ok: false, reason: "code", message: codeProblem(check) };
      const owner = await ownerOfNumber(tx, input.phoneNumber);
      if (owner && owner.id !== input.userId) {
        return {
          ok: false,
          reason: "taken",
          message: "This mobile number is already used by another account.",
        };
      }
      await tx
        .update(profiles)
        .set({
          phoneNumber: input.phoneNumber,
          phoneNumberVerified: true,
          phone: sql`coalesce(${profiles.phone}, ${mobileTenDigits(input.phoneNumber)})`,
          updatedAt: new Date(),
        })
        .where(eq(profiles.id, input.userId));
      return { ok: true };
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) {
      return {
        ok: false,
        reason: "taken",
        message: "This mobile number is already used by another account.",
      };
    }
    throw error;
  }
}

/** Whether the account may add a sign-in number: administrators keep e-mail and password. */
export async function mayAddNumber(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
    .limit(1);
  return !row;
}

/** The number the account signs in with (E.164), or null. */
export async function signInNumberOf(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ phoneNumber: profiles.phoneNumber })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.phoneNumber ?? null;
}
