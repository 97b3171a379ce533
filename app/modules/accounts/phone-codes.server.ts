import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type PhoneCodePurpose, phoneCodes } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";

/**
 * docs/decisions/062 and 068: six digits, five minutes, three wrong tries from the client that
 * asked for it, three from all other clients together, a new one after 30 seconds.
 */
export const PHONE_CODE_RULES = {
  length: 6,
  validSeconds: 5 * 60,
  wrongTries: 3,
  /** Wrong tries of the other clients together; they close the code to them, not to its owner. */
  strangerWrongTries: 3,
  resendAfterSeconds: 30,
  /** A verified new number's ticket to the name step. */
  ticketValidSeconds: 10 * 60,
} as const;

export type CodeCheck = "ok" | "wrong" | "spent" | "expired" | "missing";

/**
 * What is kept of a code: an HMAC under the shop's secret, bound to the number and purpose, so a
 * copy of the table gives away no code (six digits are too few to hide behind a plain hash).
 */
function codeHash(secret: string, phoneNumber: string, purpose: PhoneCodePurpose, code: string) {
  return createHmac("sha256", secret)
    .update(`phone-code:${purpose}:${phoneNumber}:${code}`)
    .digest("hex");
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A uniformly random code of six digits, leading zeros kept. */
export function newSignInCode() {
  return randomInt(0, 10 ** PHONE_CODE_RULES.length)
    .toString()
    .padStart(PHONE_CODE_RULES.length, "0");
}

/** Seconds until the number may be sent another code for `purpose`; 0 when it may now. */
export async function secondsUntilResend(
  tx: Executor,
  phoneNumber: string,
  purpose: PhoneCodePurpose,
) {
  const [row] = await tx
    .select({
      wait: sql<number>`greatest(0, ceil(extract(epoch from ${phoneCodes.createdAt} + make_interval(secs => ${PHONE_CODE_RULES.resendAfterSeconds}) - now())))::int`,
    })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phoneNumber, phoneNumber), eq(phoneCodes.purpose, purpose)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return Number(row?.wait ?? 0);
}

/**
 * Keeps a new code (or ticket) for the number and purpose; earlier unused ones stop working, so
 * only the latest SMS holds. Returns the row's id.
 */
export async function storePhoneCode(
  tx: Executor,
  secret: string,
  input: {
    phoneNumber: string;
    purpose: PhoneCodePurpose;
    code: string;
    validSeconds: number;
    userId?: string | null;
    /** The client key that asked for the code; none for a ticket. */
    requestedBy?: string | null;
  },
) {
  await tx
    .update(phoneCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(phoneCodes.phoneNumber, input.phoneNumber),
        eq(phoneCodes.purpose, input.purpose),
        isNull(phoneCodes.usedAt),
      ),
    );
  const [row] = await tx
    .insert(phoneCodes)
    .values({
      phoneNumber: input.phoneNumber,
      purpose: input.purpose,
      userId: input.userId ?? null,
      requestedBy: input.requestedBy ?? null,
      codeHash: codeHash(secret, input.phoneNumber, input.purpose, input.code),
      expiresAt: sql`now() + make_interval(secs => ${input.validSeconds})`,
    })
    .returning({ id: phoneCodes.id });
  return row!.id;
}

/** A code that was never delivered must not work either. */
export async function withdrawPhoneCode(tx: Executor, id: string) {
  await tx.update(phoneCodes).set({ usedAt: sql`now()` }).where(eq(phoneCodes.id, id));
}

/**
 * Checks `code` against the number's latest unused code for `purpose` (and `userId`, for a number
 * being added to an account) and uses it up when right. The row is locked, so two tries at once
 * are counted one after the other and a right code works once. A used, replaced or expired one
 * never works again.
 *
 * Wrong tries are counted by who makes them (docs/decisions/068): three from the client that
 * asked for the code (`clientKey`, or a try without one) spend it; three from all other clients
 * together close it to them without spending it, so a stranger's guesses cannot take a
 * customer's code from them, and no code is guessed at more than six times.
 */
export async function checkPhoneCode(
  tx: Executor,
  secret: string,
  input: {
    phoneNumber: string;
    purpose: PhoneCodePurpose;
    code: string;
    userId?: string | null;
    clientKey?: string;
  },
): Promise<{ result: CodeCheck; triesLeft: number }> {
  const [row] = await tx
    .select({
      id: phoneCodes.id,
      codeHash: phoneCodes.codeHash,
      attempts: phoneCodes.attempts,
      strangerAttempts: phoneCodes.strangerAttempts,
      requestedBy: phoneCodes.requestedBy,
      userId: phoneCodes.userId,
      expired: sql<boolean>`${phoneCodes.expiresAt} <= now()`,
    })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phoneNumber, input.phoneNumber),
        eq(phoneCodes.purpose, input.purpose),
        isNull(phoneCodes.usedAt),
      ),
    )
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1)
    .for("update");
  if (!row || (input.userId !== undefined && row.userId !== (input.userId ?? null))) {
    return { result: "missing", triesLeft: 0 };
  }
  if (row.expired) {
    await withdrawPhoneCode(tx, row.id);
    return { result: "expired", triesLeft: 0 };
  }
  const stranger =
    input.clientKey !== undefined &&
    row.requestedBy !== null &&
    input.clientKey !== row.requestedBy;
  if (stranger && row.strangerAttempts >= PHONE_CODE_RULES.strangerWrongTries) {
    // Closed to every client but its owner's: not even compared.
    return { result: "spent", triesLeft: 0 };
  }
  if (sameHash(row.codeHash, codeHash(secret, input.phoneNumber, input.purpose, input.code))) {
    await tx.update(phoneCodes).set({ usedAt: sql`now()` }).where(eq(phoneCodes.id, row.id));
    return { result: "ok", triesLeft: 0 };
  }
  if (stranger) {
    const strangerAttempts = row.strangerAttempts + 1;
    await tx.update(phoneCodes).set({ strangerAttempts }).where(eq(phoneCodes.id, row.id));
    const triesLeft = PHONE_CODE_RULES.strangerWrongTries - strangerAttempts;
    return { result: triesLeft === 0 ? "spent" : "wrong", triesLeft };
  }
  const attempts = row.attempts + 1;
  const spent = attempts >= PHONE_CODE_RULES.wrongTries;
  await tx
    .update(phoneCodes)
    .set({ attempts, ...(spent ? { usedAt: sql`now()` } : {}) })
    .where(eq(phoneCodes.id, row.id));
  return {
    result: spent ? "spent" : "wrong",
    triesLeft: PHONE_CODE_RULES.wrongTries - attempts,
  };
}

/** A one-time ticket for the name step: 32 random bytes, kept hashed like a code. */
export function newSignUpTicket() {
  return randomBytes(32).toString("base64url");
}

/** What the customer is told of a code that did not hold. */
export function codeProblem(check: { result: CodeCheck; triesLeft: number }) {
  switch (check.result) {
    case "wrong":
      return `That code is not right. ${check.triesLeft} ${check.triesLeft === 1 ? "try" : "tries"} left.`;
    case "spent":
      return "That code is not right, and it has been tried 3 times, so it no longer works. Please ask for a new code.";
    case "expired":
      return "This code has expired. Please ask for a new code.";
    default:
      return "This code no longer works. Please ask for a new code.";
  }
}
