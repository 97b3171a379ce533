import { emailDomain } from "../email-providers";
import { z } from "../zod";
import { singleLineName, singleLineText } from "./text";

/** The messages of docs/SPEC.md §5, used by the browser and by the server alike. */
export const AUTH_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  emailProvider: "Please use a standard email provider (Gmail, Yahoo, Outlook, Rediffmail, etc.)",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  fullNameRequired: "Full name is required",
  fullNameTooShort: "Name must be at least 2 characters",
  fullNameTooLong: "Name must be less than 100 characters",
  fullNameCharacters: "Name can only contain letters and spaces",
  resetEmailRequired: "Please enter your email address",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Letters of any script (with their combining marks, as in Devanagari) and spaces. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

export const emailField = singleLineText({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid, abort: true }));

export function signUpEmailField(allowedDomains: readonly string[]) {
  const allowed = new Set(allowedDomains.map((domain) => domain.toLowerCase()));
  return emailField.refine((email) => allowed.has(emailDomain(email)), {
    error: AUTH_MESSAGES.emailProvider,
  });
}

export const passwordField = singleLineText({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong, abort: true });

export const fullNameField = singleLineName({ error: AUTH_MESSAGES.fullNameRequired })
  .min(1, { error: AUTH_MESSAGES.fullNameRequired, abort: true })
  .min(2, { error: AUTH_MESSAGES.fullNameTooShort, abort: true })
  .max(100, { error: AUTH_MESSAGES.fullNameTooLong, abort: true })
  .regex(LETTERS_AND_SPACES, { error: AUTH_MESSAGES.fullNameCharacters, abort: true });

export const signInSchema = z.object({
  email: emailField,
  password: singleLineText({ error: AUTH_MESSAGES.passwordRequired }).min(1, {
    error: AUTH_MESSAGES.passwordRequired,
    abort: true,
  }),
  asAdmin: z.preprocess((value) => value === "on" || value === true, z.boolean()).default(false),
  // Where to go next is decided by safeRedirectPath; a mangled target only loses the way back.
  redirectTo: singleLineText().optional().catch(undefined),
});

export function signUpSchema(allowedDomains: readonly string[]) {
  return z.object({
    fullName: fullNameField,
    email: signUpEmailField(allowedDomains),
    password: passwordField,
    redirectTo: singleLineText().optional().catch(undefined),
  });
}

export const resetRequestSchema = z.object({
  email: singleLineText({ error: AUTH_MESSAGES.resetEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: AUTH_MESSAGES.resetEmailRequired, abort: true })
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid, abort: true })),
});

export const newPasswordSchema = z.object({
  token: singleLineText().min(1),
  password: passwordField,
});

export const adminLoginSchema = z.object({
  email: singleLineText({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: AUTH_MESSAGES.emailRequired, abort: true })
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid, abort: true })),
  password: singleLineText({ error: AUTH_MESSAGES.passwordRequired }).min(1, {
    error: AUTH_MESSAGES.passwordRequired,
    abort: true,
  }),
});
