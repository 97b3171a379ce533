/**
 * A search box's text read as (part of) an Indian phone number, the way people quote one on a
 * call: "+91 98220 12345", "098220-12345", "(982) 201 2345" or the last few digits. Numbers are
 * stored as their ten digits (docs/SPEC.md §5), so the search compares digits only.
 */

/** Fewer digits than this match too many numbers (and parts of order numbers) to be a phone. */
export const PHONE_SEARCH_MIN_DIGITS = 5;

/**
 * The digits to look for in stored phone numbers, or null when the text is not phone-shaped (it
 * holds anything but digits, spaces, "+", "-", "." and brackets) or too short. India's country
 * code (+91, 0091, or 91 before ten digits) and the trunk 0 before ten digits are dropped.
 */
export function phoneSearchDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+91")) digits = digits.slice(2);
  else if (digits.startsWith("0091")) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null;
}
