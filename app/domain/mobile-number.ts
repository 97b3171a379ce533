/**
 * An Indian mobile number as the shop takes it: ten digits, the first 6 to 9 (numbering plan of
 * the Department of Telecommunications), +91 implied. Stored and sent as E.164 ("+919822012345"),
 * which is what the sign-in keeps in `user.phone_number` and what SMS and WhatsApp expect.
 */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export const MOBILE_NUMBER_RULE = "Enter a 10-digit mobile number starting with 6, 7, 8 or 9";

/**
 * What people write between a number's digits: spaces (a pasted non-breaking one too), hyphens and
 * dashes, dots and brackets ("+91 98500 11223", "+91-98500-11223", "(0) 98500 11223").
 */
const SEPARATORS = /[\s\-\u2010-\u2015.()]/g;

/**
 * The national digits of a phone number as a person writes it (docs/decisions/066): separators
 * dropped, then "+91" or "0091" before them, "91" before ten more digits, or "0" before ten more,
 * read as the prefixes they are. Any other count of digits is given back as it is, for the caller
 * to refuse. Null when it is not digits at all, or names another country ("+1 415 555 0100");
 * only ASCII digits count, so "९८५०..." or fullwidth digits are null too.
 */
export function nationalDigits(written: string): string | null {
  const match = /^(\+|00)?(\d*)$/.exec(written.replace(SEPARATORS, ""));
  if (!match) return null;
  const [, international, digits = ""] = match;
  if (international) {
    if (!digits.startsWith("91")) return null;
    return withoutTrunkZero(digits.slice(2));
  }
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  return withoutTrunkZero(digits);
}

/** "098500 11223" is dialled within India with its trunk prefix 0: the number is the ten after it. */
function withoutTrunkZero(digits: string) {
  return /^0\d{10}$/.test(digits) ? digits.slice(1) : digits;
}

/** The ten digits of an Indian mobile number however it is written, or null when it is not one. */
export function readMobileNumber(written: string): string | null {
  const digits = nationalDigits(written.trim());
  return digits !== null && INDIAN_MOBILE.test(digits) ? digits : null;
}

/** "+91" and the ten digits. */
export function mobileE164(tenDigits: string) {
  return `+91${tenDigits}`;
}

/** The ten digits of "+91XXXXXXXXXX", or null for anything else. */
export function mobileTenDigits(e164: string): string | null {
  const match = /^\+91([6-9]\d{9})$/.exec(e164);
  return match ? match[1]! : null;
}

/** "+91 98220 12345": how a number is shown back to its owner. */
export function formatMobile(e164: string) {
  const ten = mobileTenDigits(e164);
  return ten ? `+91 ${ten.slice(0, 5)} ${ten.slice(5)}` : e164;
}

/**
 * Better Auth needs an e-mail address on every account; one made by mobile sign-in gets this one
 * until the customer adds their own. `.invalid` can never receive mail (RFC 2606), the mailer
 * drops it, and the screens show it as no address at all.
 */
export const PLACEHOLDER_EMAIL_DOMAIN = "@no-email.invalid";

export function placeholderEmail(e164: string) {
  return `mobile-${e164.replace(/\D/g, "")}${PLACEHOLDER_EMAIL_DOMAIN}`;
}

export function isPlaceholderEmail(email: string) {
  return email.toLowerCase().endsWith(PLACEHOLDER_EMAIL_DOMAIN);
}

/** The address to show: the customer's own, or "" for the placeholder. */
export function shownEmail(email: string) {
  return isPlaceholderEmail(email) ? "" : email;
}
