import { APIError } from "better-auth/api";
import { and, eq, sql } from "drizzle-orm";
import { type PhoneCodePurpose, profiles, userRoles } from "../../../db/schema";
import { mobileTenDigits } from "../../domain/mobile-number";
import { clientKey, clientNetworks, type NetworkWidth } from "../../lib/client-key.server";
import { violatedUniqueConstraint } from "../../lib/database-errors.server";
import type { Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { signInCodeRefusals, signInCodesSent } from "../../lib/metrics.server";
import { consumeRateLimitsOrRefusal, type RateLimitRule } from "../../lib/rate-limit.server";
import { logSentNotice, SIGN_IN_CODE_EVENT } from "../notifications/customer-messages.server";
import { type SmsTransport, sendSms } from "../notifications/sms.server";
import { getSettings } from "../settings/settings.server";
import type { Accounts } from "./accounts.server";

/** What the accounts area checks codes with: its database and the secret codes are hashed under. */
type AccountKeys = Pick<Accounts, "db" | "secret">;

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
import {
  budgetOfKey,
  type NumberKind,
  shopBudgetKey,
  tellOwnerOfCap,
} from "./sign-in-code-caps.server";

const HOUR = 60 * 60;

/**
 * Codes sent in an hour (docs/decisions/062 and 068): per number, per client (lib/client-key: an
 * IPv6 client's whole /64 is one client), per account adding a number, and per wider network for
 * each kind of number (known: an account signs in with it; new), so rotating /64s inside one /48
 * or addresses inside one /24 gains nothing, and a flood of new numbers from a network leaves its
 * customers' codes alone. The whole shop's two hourly budgets are the setting
 * `sms_codes_per_hour` each (sign-in-code-caps.server.ts).
 */
export const PHONE_CODE_LIMITS = {
  perNumber: { limit: 5, windowSeconds: HOUR },
  perClient: { limit: 10, windowSeconds: HOUR },
  /** Numbers an account may ask to add, another account's number refused among them. */
  perAccount: { limit: 5, windowSeconds: HOUR },
  /**
   * A college hostel or a carrier's NAT shares a /24 or a /48; a carrier puts a whole region of
   * phones in one /32, so that allowance is high.
   */
  perNetwork: {
    "v4/24": { limit: 30, windowSeconds: HOUR },
    "v6/48": { limit: 30, windowSeconds: HOUR },
    "v6/32": { limit: 200, windowSeconds: HOUR },
  },
} satisfies Record<string, RateLimitRule | Record<NetworkWidth, RateLimitRule>>;

/**
 * Code tries in an hour, counted before the code is looked at: a customer needs at most three a
 * code and has at most five codes an hour.
 */
export const VERIFY_LIMITS = {
  perClient: { limit: 20, windowSeconds: HOUR },
  perNetwork: {
    "v4/24": { limit: 60, windowSeconds: HOUR },
    "v6/48": { limit: 60, windowSeconds: HOUR },
    "v6/32": { limit: 600, windowSeconds: HOUR },
  },
} satisfies Record<string, RateLimitRule | Record<NetworkWidth, RateLimitRule>>;

/** How long a known number's proved code has to reach Better Auth's verification. */
const HANDOVER_SECONDS = 60;

/** A count to take, named for the metrics by its scope ("client", "v6/48", "number"...). */
type CountedLimit = { limit: string; key: string; rule: RateLimitRule };

/** Counts each limit in turn and stops at the first refusal, named. */
async function firstRefusal(executor: Executor, limits: CountedLimit[]) {
  const refusal = await consumeRateLimitsOrRefusal(
    executor,
    limits.map(({ key, rule }) => [key, rule]),
  );
  if (!refusal) return null;
  return { ...refusal, limit: limits.find(({ key }) => key === refusal.key)?.limit ?? "unknown" };
}

/** The client's wider networks' counts under `scope` (and for one kind of number). */
function networkLimits(
  scope: string,
  clientIp: string,
  rules: Record<NetworkWidth, RateLimitRule>,
): CountedLimit[] {
  return clientNetworks(clientIp).map(({ width, key }) => ({
    limit: width,
    key: `${scope}:net:${key}`,
    rule: rules[width],
  }));
}

export const ADMIN_USES_EMAIL = "Administrators sign in with e-mail and password.";
export const NUMBER_TAKEN = "This mobile number is already used by another account.";
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
 * less than 30 seconds ago, when the account has asked for its numbers of the hour, when the
 * number is another account's (for adding), or when the client, one of its networks, the number
 * or the shop's budget for this kind of number has had its codes for the hour; each refusal says
 * when to try again. The first refusal of a shop budget's hour is mailed to the owner.
 */
export async function sendPhoneCode(
  { db: database, secret }: AccountKeys,
  sms: SmsTransport,
  input: {
    phoneNumber: string;
    purpose: Extract<PhoneCodePurpose, "sign-in" | "add-number">;
    clientIp: string;
    userId?: string;
  },
): Promise<PhoneOutcome> {
  if (sms.mode === "off") return { ok: false, reason: "unavailable", message: SMS_UNAVAILABLE };
  const code = newSignInCode();
  const stored = await database.transaction(async (tx): Promise<StoredCode> => {
    // One sender per number at a time, so two quick requests cannot both pass the 30 seconds.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`phone-code:${input.phoneNumber}`}))`,
    );
    const wait = await secondsUntilResend(tx, input.phoneNumber, input.purpose);
    if (wait > 0) {
      return refusedSend("too-soon", {
        reason: "too-soon",
        message: `Please wait ${wait} second${wait === 1 ? "" : "s"} before asking for a new code.`,
      });
    }
    if (input.userId) {
      // Counted before the number's owner is looked at: it bounds what the refusal tells.
      const tooMany = await firstRefusal(tx, [
        {
          limit: "account",
          key: `phone-code:account:${input.userId}`,
          rule: PHONE_CODE_LIMITS.perAccount,
        },
      ]);
      if (tooMany)
        return refusedSend("account", { reason: "rate-limited", message: tooMany.message });
    }
    const owner = await ownerOfNumber(tx, input.phoneNumber);
    if (input.userId && owner && owner.id !== input.userId) {
      return refusedSend("taken", { reason: "taken", message: NUMBER_TAKEN });
    }
    const kind: NumberKind = owner ? "known" : "new";
    const settings = await getSettings(tx);
    const refusal = await firstRefusal(tx, [
      {
        limit: "client",
        key: `phone-code:client:${clientKey(input.clientIp)}`,
        rule: PHONE_CODE_LIMITS.perClient,
      },
      ...networkLimits(`phone-code:${kind}`, input.clientIp, PHONE_CODE_LIMITS.perNetwork),
      {
        limit: "number",
        key: `phone-code:number:${input.phoneNumber}`,
        rule: PHONE_CODE_LIMITS.perNumber,
      },
      {
        limit: `shop-${kind}`,
        key: shopBudgetKey(kind),
        rule: { limit: settings.smsCodesPerHour, windowSeconds: HOUR },
      },
    ]);
    if (refusal) {
      const budget = budgetOfKey(refusal.key);
      if (budget && refusal.firstOfWindow) await tellOwnerOfCap(tx, budget);
      return refusedSend(refusal.limit, { reason: "rate-limited", message: refusal.message });
    }
    const id = await storePhoneCode(tx, secret, {
      phoneNumber: input.phoneNumber,
      purpose: input.purpose,
      code,
      validSeconds: PHONE_CODE_RULES.validSeconds,
      userId: input.userId ?? null,
      requestedBy: clientKey(input.clientIp),
    });
    return {
      ok: true,
      id,
      kind,
      templateId: settings.smsSignInTemplateId,
      userId: input.userId ?? owner?.id ?? null,
    };
  });
  if (!stored.ok) return stored;
  // In the notifications log with every other notice (docs/decisions/081), without its text.
  const logged = {
    event: SIGN_IN_CODE_EVENT,
    about: stored.id,
    occasion: "",
    channel: "sms" as const,
    userId: stored.userId,
    recipient: input.phoneNumber,
  };
  try {
    const sent = await sendSms(sms, {
      to: input.phoneNumber,
      templateId: stored.templateId,
      text: smsText(code),
      variables: { OTP: code },
    });
    if (sent.sent) {
      await logSentNotice(database, { ...logged, outcome: { state: "sent", providerId: sent.id } });
    }
  } catch (error) {
    logger.error({ err: error }, "the sign-in code SMS was not sent");
    await withdrawPhoneCode(database, stored.id);
    const reason = error instanceof Error ? error.message : String(error);
    await logSentNotice(database, { ...logged, outcome: { state: "failed", error: reason } });
    return { ok: false, reason: "failed", message: NOT_SENT };
  }
  signInCodesSent.inc({ kind: stored.kind });
  return { ok: true };
}

type Refusal = Extract<PhoneOutcome, { ok: false }>;
type StoredCode =
  | Refusal
  | { ok: true; id: string; kind: NumberKind; templateId: string | null; userId: string | null };

function refusedSend(limit: string, refusal: Omit<Refusal, "ok">): Refusal {
  signInCodeRefusals.inc({ step: "send", limit });
  return { ok: false, ...refusal };
}

/**
 * Better Auth's phone-number plugin asks this whether a code holds (lib/auth.server.ts
 * `checkPhoneCode`): `sign-in` is an SMS code of an existing customer, `sign-up` the ticket of a
 * verified new number. The attempt is counted whatever the answer; an administrator's number is
 * refused once its code is proved.
 */
export async function checkCodeForAuth(
  { db: database, secret }: AccountKeys,
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
    const check = await checkPhoneCode(tx, secret, {
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
 *
 * Every try takes the same work whoever has the number (docs/decisions/068): the client's and its
 * networks' counts, then one transaction that looks up the number's account and checks the code.
 * Only a right code goes on, for a known number through Better Auth's verification with a
 * one-time ticket in place of the spent code, so the time of a refusal tells nothing of whether
 * the number has an account.
 */
export async function verifySignInCode(
  accounts: Accounts,
  input: { phoneNumber: string; code: string },
  request: Request,
  clientIp: string,
): Promise<
  PhoneOutcome<
    { kind: "signed-in"; headers: Headers; userId: string } | { kind: "new"; ticket: string }
  >
> {
  const client = clientKey(clientIp);
  const { db: database, secret } = accounts;
  const tooMany = await firstRefusal(database, [
    { limit: "client", key: `phone-verify:client:${client}`, rule: VERIFY_LIMITS.perClient },
    ...networkLimits("phone-verify", clientIp, VERIFY_LIMITS.perNetwork),
  ]);
  if (tooMany) {
    signInCodeRefusals.inc({ step: "verify", limit: tooMany.limit });
    return { ok: false, reason: "rate-limited", message: tooMany.message };
  }
  const ticket = newSignUpTicket();
  const { owner, check } = await database.transaction(async (tx) => {
    const owner = await ownerOfNumber(tx, input.phoneNumber);
    const check = await checkPhoneCode(tx, secret, {
      ...input,
      purpose: "sign-in",
      clientKey: client,
    });
    if (check.result === "ok") {
      await storePhoneCode(tx, secret, {
        phoneNumber: input.phoneNumber,
        purpose: owner ? "sign-in" : "sign-up",
        code: ticket,
        validSeconds: owner ? HANDOVER_SECONDS : PHONE_CODE_RULES.ticketValidSeconds,
      });
    }
    return { owner, check };
  });
  if (check.result !== "ok") return { ok: false, reason: "code", message: codeProblem(check) };
  if (!owner) return { ok: true, kind: "new", ticket };
  try {
    const { headers, response } = await accounts.auth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phoneNumber, code: ticket, purpose: "sign-in" },
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

/** The name step: makes the account of a verified new number and signs it in. */
export async function createAccountWithMobile(
  accounts: Accounts,
  input: { phoneNumber: string; ticket: string; fullName: string },
  request: Request,
  clientIp: string,
): Promise<PhoneOutcome<{ headers: Headers; userId: string }>> {
  try {
    const { headers, response } = await accounts.auth.api.verifyPhoneNumber({
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
  { db: database, secret }: AccountKeys,
  input: { userId: string; phoneNumber: string; code: string },
): Promise<PhoneOutcome> {
  try {
    return await database.transaction(async (tx): Promise<PhoneOutcome> => {
      const check = await checkPhoneCode(tx, secret, { ...input, purpose: "add-number" });
      if (check.result !== "ok") return { ok: false, reason: "code", message: codeProblem(check) };
      const owner = await ownerOfNumber(tx, input.phoneNumber);
      if (owner && owner.id !== input.userId) {
        return {
          ok: false,
          reason: "taken",
          message: NUMBER_TAKEN,
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
        message: NUMBER_TAKEN,
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
