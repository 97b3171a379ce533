import { INDIAN_MOBILE, MOBILE_NUMBER_RULE, mobileE164, readMobileNumber } from "../mobile-number";
import { z } from "../zod";
import { fullNameField, passwordField, signUpEmailField } from "./auth";
import { singleLineText } from "./text";

/** The forms of mobile sign-in (docs/decisions/062), checked alike on the server and in tests. */
export const MOBILE_MESSAGES = {
  numberRequired: "Mobile number is required",
  numberInvalid: MOBILE_NUMBER_RULE,
  codeRequired: "Enter the 6-digit code from the SMS",
  codeInvalid: "The code is 6 digits",
} as const;

/**
 * Ten digits, first 6–9; read as E.164 ("+91…"). However it is written: spaces, dashes, a leading
 * +91, 0091 or 0, or 91 before ten digits (`readMobileNumber`, docs/decisions/066).
 */
export const mobileNumberField = singleLineText({ error: MOBILE_MESSAGES.numberRequired })
  .trim()
  .min(1, { error: MOBILE_MESSAGES.numberRequired, abort: true })
  .overwrite((value) => readMobileNumber(value) ?? value)
  .regex(INDIAN_MOBILE, { error: MOBILE_MESSAGES.numberInvalid })
  .transform(mobileE164);

/** A one-time secret the shop handed out: 32 random bytes, base64url, so 43 URL-safe characters. */
const oneTimeTokenField = singleLineText().regex(/^[A-Za-z0-9_-]{43}$/);

export const signInCodeField = singleLineText({ error: MOBILE_MESSAGES.codeRequired })
  .trim()
  .min(1, { error: MOBILE_MESSAGES.codeRequired, abort: true })
  .regex(/^\d{6}$/, { error: MOBILE_MESSAGES.codeInvalid });

export const sendCodeSchema = z.object({
  phoneNumber: mobileNumberField,
  redirectTo: singleLineText().optional().catch(undefined),
});

export const verifyCodeSchema = z.object({
  phoneNumber: mobileNumberField,
  code: signInCodeField,
  redirectTo: singleLineText().optional().catch(undefined),
});

export const mobileNameSchema = z.object({
  phoneNumber: mobileNumberField,
  ticket: oneTimeTokenField,
  fullName: fullNameField,
  redirectTo: singleLineText().optional().catch(undefined),
});

/** A mobile-only customer's own address (an accepted provider, as at sign-up) and a password. */
export function addEmailSchema(allowedDomains: readonly string[]) {
  return z.object({ email: signUpEmailField(allowedDomains), password: passwordField });
}

/** The button of the link mailed to confirm an added address: the token the link carried. */
export const confirmAddedEmailSchema = z.object({
  token: oneTimeTokenField,
});
