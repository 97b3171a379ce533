/**
 * Where and up to what total cash on delivery is offered (the settings' limits). Pure: the
 * checkout page explains it as the customer types, and the order service enforces it.
 */
import { formatRupeesShort, type Paise } from "./money";

export type CashOnDeliveryRules = {
  /** The largest order total that may be paid on delivery; null for no limit. */
  maxOrderValue: Paise | null;
  /** PIN codes, or their leading digits, where it is not offered. */
  excludedPinPrefixes: readonly string[];
};

export type CashOnDeliveryAvailability = { available: true } | { available: false; reason: string };

export const CASH_ON_DELIVERY_MESSAGES = {
  overLimit: (limit: Paise) =>
    `Cash on delivery is available for orders up to ${formatRupeesShort(limit)}. Please pay by card.`,
  excludedPin: (postalCode: string) =>
    `Cash on delivery is not available for PIN code ${postalCode}. Please pay by card.`,
} as const;

/** Whether an order of `total` going to `postalCode` may be paid on delivery, and if not why. */
export function cashOnDeliveryAvailability(
  rules: CashOnDeliveryRules,
  order: { total: Paise; postalCode: string },
): CashOnDeliveryAvailability {
  const postalCode = order.postalCode.trim();
  if (rules.maxOrderValue !== null && order.total > rules.maxOrderValue) {
    return { available: false, reason: CASH_ON_DELIVERY_MESSAGES.overLimit(rules.maxOrderValue) };
  }
  if (rules.excludedPinPrefixes.some((prefix) => prefix && postalCode.startsWith(prefix))) {
    return { available: false, reason: CASH_ON_DELIVERY_MESSAGES.excludedPin(postalCode) };
  }
  return { available: true };
}

/** A PIN code or its leading digits: one to six digits, the first not 0 (no PIN starts with 0). */
export const PIN_PREFIX = /^[1-9]\d{0,5}$/;

/** Splits the settings' textarea into prefixes, one a line (commas and spaces also separate). */
export function parsePinPrefixes(text: string): string[] {
  const prefixes = text
    .split(/[\s,]+/)
    .map((prefix) => prefix.trim())
    .filter(Boolean);
  return [...new Set(prefixes)];
}
