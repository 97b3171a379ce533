/**
 * An Indian mobile number as the shop takes it: ten digits, the first 6 to 9 (numbering plan of
 * the Department of Telecommunications), +91 implied. Stored and sent as E.164 ("+919822012345"),
 * which is what the sign-in keeps in `user.phone_number` and what SMS and WhatsApp expect.
 */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;

export const MOBILE_NUMBER_RULE = "Enter a 10-digit mobile number starting with 6, 7, 8 or 9";

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
