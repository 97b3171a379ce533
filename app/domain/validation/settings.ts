import { PIN_PREFIX, parsePinPrefixes } from "../cash-on-delivery";
import { SHIPPING_FEE_SOURCES } from "../courier-fees";
import { isHoliday, MAX_SHOP_HOLIDAYS, parseHolidays } from "../delivery-days";
import { gstinProblem } from "../gstin";
import { rupeesToPaise } from "../money";
import { MAX_MIN_SHELF_LIFE_DAYS } from "../stock-lots";
import { z } from "../zod";
import { PIN_CODE } from "./address-format";
import { multiLineText, singleLineName, singleLineText } from "./text";

/** Letters of any script and spaces, as for the checkout's city and state (docs/SPEC.md §5). */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;
/** A host name of two or more labels, like gmail.com or yahoo.co.in. */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const SETTINGS_MESSAGES = {
  shopNameShort: "Shop name must be at least 2 characters",
  shopNameLong: "Shop name must be at most 100 characters",
  phone: "Enter a phone number of 10 to 13 digits (spaces, + and - allowed)",
  email: "Please enter a valid email address",
  line1Short: "Address must be at least 5 characters",
  line1Long: "Address must be less than 200 characters",
  line2Long: "Address line 2 must be less than 200 characters",
  city: "City must be 2 to 50 letters and spaces",
  state: "State must be 2 to 50 letters and spaces",
  postalCode: "Postal code must be exactly 6 digits",
  socialLink: "Enter a full web address starting with https://",
  gstinFormat:
    "GSTIN must be 15 characters: 2-digit state code, PAN, entity number, Z and a check character",
  gstinChecksum: "This GSTIN's last character does not match the rest; check it for typos",
  threshold: "Low-stock threshold must be a whole number of 0 or more",
  minShelfLife: `Minimum shelf life must be a whole number of days from 0 to ${MAX_MIN_SHELF_LIFE_DAYS}`,
  licence: "Manufacturing licence number must be at most 60 characters",
  grievanceNameLong: "Grievance officer's name must be at most 100 characters",
  grievanceDesignationLong: "Designation must be at most 100 characters",
  grievancePhone: "Enter a phone number of 10 to 13 digits (spaces, + and - allowed)",
  grievanceContactWanted: "Give the grievance officer's e-mail or phone",
  grievanceNameWanted: "Give the grievance officer's name",
  domainsRequired: "Enter at least one e-mail provider domain",
  domainInvalid: (domain: string) => `'${domain}' is not a domain name like gmail.com`,
  codLimit: "Enter an amount in rupees above 0 and up to 1,00,00,000, such as 5000 or 4999.50",
  packageLength: "Package length (cm) must be a whole number from 1 to 200",
  packageBreadth: "Package breadth (cm) must be a whole number from 1 to 200",
  packageHeight: "Package height (cm) must be a whole number from 1 to 200",
  shippingFeesFrom: "Choose the shop's own fees or the courier's rates",
  holidayInvalid: (entry: string) =>
    `'${entry}' is not a day like 2026-11-09 (that day only) or 01-26 (every year)`,
  holidaysTooMany: `List at most ${MAX_SHOP_HOLIDAYS} holidays`,
  pinPrefixInvalid: (prefix: string) =>
    `'${prefix}' is not a PIN code or its first digits (1 to 6 digits, not starting with 0)`,
} as const;

/** ₹1 crore: far above any order this shop takes, and within the column's range. */
const MAX_COD_LIMIT_PAISE = 1_000_000_000;

export const SOCIAL_NETWORKS = [
  { key: "facebook", label: "Facebook" },
  { key: "instagram", label: "Instagram" },
  { key: "twitter", label: "X (Twitter)" },
  { key: "youtube", label: "YouTube" },
] as const;

const socialLink = singleLineText()
  .trim()
  .optional()
  .refine((value) => !value || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), {
    error: SETTINGS_MESSAGES.socialLink,
  })
  .transform((value) => value || undefined);

const place = (message: string) =>
  singleLineText({ error: message })
    .trim()
    .min(2, { error: message, abort: true })
    .max(50, { error: message, abort: true })
    .regex(LETTERS_AND_SPACES, { error: message });

/** Splits the textarea into lower-case domains, one a line (commas and spaces also separate). */
export function parseDomainList(text: string): string[] {
  const domains = text
    .split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
  return [...new Set(domains)];
}

/** A side of the box parcels are booked in, whole centimetres from 1 to 200 (docs/decisions/060). */
const packageSide = (message: string) =>
  singleLineText({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, { error: message, abort: true })
    .transform(Number)
    .refine((cm) => cm >= 1 && cm <= 200, { error: message });

const PHONE_TEXT = /^\+?[0-9][0-9 -]*[0-9]$/;
const isPhone = (value: string) =>
  PHONE_TEXT.test(value) && /^\d{10,13}$/.test(value.replace(/\D/g, ""));

/** The grievance officer every product page names (docs/decisions/073); all empty until set. */
const grievanceOfficerFields = {
  grievanceOfficerName: singleLineName()
    .max(100, { error: SETTINGS_MESSAGES.grievanceNameLong })
    .optional()
    .transform((value) => value ?? ""),
  grievanceOfficerDesignation: singleLineName()
    .max(100, { error: SETTINGS_MESSAGES.grievanceDesignationLong })
    .optional()
    .transform((value) => value ?? ""),
  grievanceOfficerEmail: singleLineText()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (!value) return "";
      if (!z.email().safeParse(value).success) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.email });
        return z.NEVER;
      }
      return value;
    }),
  grievanceOfficerPhone: singleLineText()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return "";
      if (!isPhone(value)) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.grievancePhone });
        return z.NEVER;
      }
      return value;
    }),
};

/** A grievance officer is a name with an e-mail or a phone, or nothing yet. */
function checkGrievanceOfficer(
  value: {
    grievanceOfficerName: string;
    grievanceOfficerEmail: string;
    grievanceOfficerPhone: string;
  },
  ctx: z.RefinementCtx,
) {
  const contact = value.grievanceOfficerEmail || value.grievanceOfficerPhone;
  if (value.grievanceOfficerName && !contact) {
    ctx.addIssue({
      code: "custom",
      path: ["grievanceOfficerEmail"],
      message: SETTINGS_MESSAGES.grievanceContactWanted,
    });
  } else if (contact && !value.grievanceOfficerName) {
    ctx.addIssue({
      code: "custom",
      path: ["grievanceOfficerName"],
      message: SETTINGS_MESSAGES.grievanceNameWanted,
    });
  }
}

const settingsFields = z.object({
  shopName: singleLineName({ error: SETTINGS_MESSAGES.shopNameShort })
    .min(2, { error: SETTINGS_MESSAGES.shopNameShort, abort: true })
    .max(100, { error: SETTINGS_MESSAGES.shopNameLong }),
  phone: singleLineText({ error: SETTINGS_MESSAGES.phone })
    .trim()
    .regex(/^\+?[0-9][0-9 -]*[0-9]$/, { error: SETTINGS_MESSAGES.phone, abort: true })
    .refine((value) => /^\d{10,13}$/.test(value.replace(/\D/g, "")), {
      error: SETTINGS_MESSAGES.phone,
    }),
  email: singleLineText({ error: SETTINGS_MESSAGES.email })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: SETTINGS_MESSAGES.email })),
  addressLine1: singleLineText({ error: SETTINGS_MESSAGES.line1Short })
    .trim()
    .min(5, { error: SETTINGS_MESSAGES.line1Short, abort: true })
    .max(200, { error: SETTINGS_MESSAGES.line1Long }),
  addressLine2: singleLineText()
    .trim()
    .max(200, { error: SETTINGS_MESSAGES.line2Long })
    .optional()
    .transform((value) => value || null),
  city: place(SETTINGS_MESSAGES.city),
  state: place(SETTINGS_MESSAGES.state),
  postalCode: singleLineText({ error: SETTINGS_MESSAGES.postalCode })
    .trim()
    // The shop's PIN code is where the courier picks parcels up: a PIN code, the first digit not 0.
    .regex(PIN_CODE, { error: SETTINGS_MESSAGES.postalCode }),
  facebook: socialLink,
  instagram: socialLink,
  twitter: socialLink,
  youtube: socialLink,
  gstin: singleLineText()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value, ctx) => {
      if (!value) return "";
      const problem = gstinProblem(value);
      if (problem) {
        ctx.addIssue({
          code: "custom",
          message:
            problem === "format" ? SETTINGS_MESSAGES.gstinFormat : SETTINGS_MESSAGES.gstinChecksum,
        });
        return z.NEVER;
      }
      return value;
    }),
  lowStockThreshold: singleLineText({ error: SETTINGS_MESSAGES.threshold })
    .trim()
    .regex(/^\d{1,6}$/, { error: SETTINGS_MESSAGES.threshold })
    .transform(Number),
  /** Days a lot must still have before its expiry to be sold (docs/decisions/059). */
  minShelfLifeDays: singleLineText({ error: SETTINGS_MESSAGES.minShelfLife })
    .trim()
    .regex(/^\d{1,4}$/, { error: SETTINGS_MESSAGES.minShelfLife, abort: true })
    .transform(Number)
    .refine((days) => days <= MAX_MIN_SHELF_LIFE_DAYS, {
      error: SETTINGS_MESSAGES.minShelfLife,
    }),
  /** Printed on invoices; empty until the owner enters it. */
  manufacturingLicence: singleLineText()
    .trim()
    .max(60, { error: SETTINGS_MESSAGES.licence })
    .optional()
    .transform((value) => value ?? ""),
  ...grievanceOfficerFields,
  allowedEmailDomains: multiLineText({ error: SETTINGS_MESSAGES.domainsRequired }).transform(
    (text, ctx) => {
      const domains = parseDomainList(text);
      if (domains.length === 0) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.domainsRequired });
        return z.NEVER;
      }
      const invalid = domains.filter((domain) => !DOMAIN.test(domain));
      for (const domain of invalid) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.domainInvalid(domain) });
      }
      return invalid.length ? z.NEVER : domains;
    },
  ),
  /** Rupees as typed; empty for no limit. */
  codMaxOrderValue: singleLineText({ error: SETTINGS_MESSAGES.codLimit })
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const paise = rupeesToPaise(text);
      if (paise === null || paise <= 0 || paise > MAX_COD_LIMIT_PAISE) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.codLimit });
        return z.NEVER;
      }
      return paise;
    }),
  codExcludedPinPrefixes: multiLineText()
    .optional()
    .transform((text, ctx) => {
      const prefixes = parsePinPrefixes(text ?? "");
      const invalid = prefixes.filter((prefix) => !PIN_PREFIX.test(prefix));
      for (const prefix of invalid) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.pinPrefixInvalid(prefix) });
      }
      return invalid.length ? z.NEVER : prefixes;
    }),
});

/**
 * The days besides Sundays the shop neither packs nor delivers on (docs/decisions/072), one a
 * line: "2026-11-09" for that day only, "01-26" for that day every year.
 */
function shopHolidays() {
  return multiLineText()
    .optional()
    .transform((text, ctx) => {
      const entries = parseHolidays(text ?? "");
      const invalid = entries.filter((entry) => !isHoliday(entry));
      for (const entry of invalid) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.holidayInvalid(entry) });
      }
      if (entries.length > MAX_SHOP_HOLIDAYS) {
        ctx.addIssue({ code: "custom", message: SETTINGS_MESSAGES.holidaysTooMany });
      }
      return invalid.length || entries.length > MAX_SHOP_HOLIDAYS ? z.NEVER : entries.sort();
    });
}

function withSocialLinks<
  T extends { facebook?: string; instagram?: string; twitter?: string; youtube?: string },
>({ facebook, instagram, twitter, youtube, ...rest }: T) {
  return {
    ...rest,
    socialLinks: Object.fromEntries(
      Object.entries({ facebook, instagram, twitter, youtube }).filter(([, url]) => url),
    ) as { facebook?: string; instagram?: string; twitter?: string; youtube?: string },
  };
}

/** The back office's settings form (docs/DESIGN.md §3, §6.2, §6.10); one schema for browser and server. */
export const settingsFormSchema = settingsFields
  .superRefine(checkGrievanceOfficer)
  .transform(withSocialLinks);

/** The choices of where the checkout's shipping fees come from, as the settings screen names them. */
export const SHIPPING_FEE_SOURCE_OPTIONS = [
  { value: "shop", label: "The shop's own fees" },
  { value: "courier", label: "The courier's rates" },
] as const satisfies readonly { value: (typeof SHIPPING_FEE_SOURCES)[number]; label: string }[];

/**
 * The same form while a courier books parcels (COURIER is not off): it also sets the box parcels
 * are booked in (docs/decisions/060) and where the checkout's shipping fees come from
 * (docs/decisions/064). With COURIER=off the form has no such fields and they stay as they were.
 */
export const courierSettingsFormSchema = settingsFields
  .extend({
    packageLengthCm: packageSide(SETTINGS_MESSAGES.packageLength),
    packageBreadthCm: packageSide(SETTINGS_MESSAGES.packageBreadth),
    packageHeightCm: packageSide(SETTINGS_MESSAGES.packageHeight),
    shippingFeesFrom: z.enum(SHIPPING_FEE_SOURCES, { error: SETTINGS_MESSAGES.shippingFeesFrom }),
    shopHolidays: shopHolidays(),
  })
  .superRefine(checkGrievanceOfficer)
  .transform(withSocialLinks);

export function settingsSchemaFor(courier: boolean) {
  return courier ? courierSettingsFormSchema : settingsFormSchema;
}
