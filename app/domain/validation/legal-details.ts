import {
  MAX_NET_QUANTITY_LENGTH,
  NET_QUANTITY_MESSAGE,
  parseNetQuantity,
} from "../legal-metrology";
import { z } from "../zod";
import { singleLineName } from "./text";

/**
 * The product form's legal fields (docs/decisions/073), each optional: empty takes the default
 * (the shop at its address, India), so the spec's form saves as before.
 */

export const MAX_MANUFACTURER_NAME_LENGTH = 150;
export const MAX_MANUFACTURER_ADDRESS_LENGTH = 300;
export const MAX_COUNTRY_LENGTH = 60;

export const LEGAL_MESSAGES = {
  manufacturerNameLong: `Manufacturer must be at most ${MAX_MANUFACTURER_NAME_LENGTH} characters`,
  manufacturerAddressLong: `Manufacturer's address must be at most ${MAX_MANUFACTURER_ADDRESS_LENGTH} characters`,
  addressWanted: "Give the manufacturer's address too, or leave both empty for the shop's own",
  nameWanted: "Give the manufacturer's name too, or leave both empty for the shop's own",
  countryLong: `Country of origin must be at most ${MAX_COUNTRY_LENGTH} characters`,
  countryLetters: "Country of origin must be letters and spaces, such as India",
  netQuantityLong: `Net quantity must be at most ${MAX_NET_QUANTITY_LENGTH} characters`,
} as const;

/** Letters of any script, spaces, and the marks a country's name may hold ("Côte d'Ivoire"). */
const COUNTRY = /^[\p{L}\p{M} .'()-]+$/u;

const optionalName = (max: number, message: string) =>
  singleLineName()
    .max(max, { error: message })
    .optional()
    .transform((text) => text || null);

export const legalProductFields = {
  manufacturerName: optionalName(MAX_MANUFACTURER_NAME_LENGTH, LEGAL_MESSAGES.manufacturerNameLong),
  manufacturerAddress: optionalName(
    MAX_MANUFACTURER_ADDRESS_LENGTH,
    LEGAL_MESSAGES.manufacturerAddressLong,
  ),
  countryOfOrigin: singleLineName()
    .max(MAX_COUNTRY_LENGTH, { error: LEGAL_MESSAGES.countryLong, abort: true })
    .refine((text) => !text || COUNTRY.test(text), { error: LEGAL_MESSAGES.countryLetters })
    .optional()
    .transform((text) => text || null),
  /** A checkbox: present ("on") when the product carries a Schedule E(1) ingredient. */
  medicalSupervision: z
    .preprocess((value) => value === "on" || value === true || value === "true", z.boolean())
    .default(false),
};

type Issue = (path: (string | number)[], message: string) => void;

/** A manufacturer is a name and an address together, or neither (the shop's own). */
export function checkManufacturer(
  values: { manufacturerName: string | null; manufacturerAddress: string | null },
  issue: Issue,
) {
  if (values.manufacturerName && !values.manufacturerAddress) {
    issue(["manufacturerAddress"], LEGAL_MESSAGES.addressWanted);
  } else if (values.manufacturerAddress && !values.manufacturerName) {
    issue(["manufacturerName"], LEGAL_MESSAGES.nameWanted);
  }
}

/**
 * A size's net quantity as typed: null when empty (the form posts an empty field as none), read
 * from the size's label then; else a quantity the shop can read.
 */
export function checkedNetQuantity(
  text: string | undefined,
  issue: Issue,
  path: (string | number)[],
) {
  const typed = text?.trim().replace(/\s+/g, " ");
  if (!typed) return null;
  if (typed.length > MAX_NET_QUANTITY_LENGTH) {
    issue([...path, "netQuantity"], LEGAL_MESSAGES.netQuantityLong);
  } else if (!parseNetQuantity(typed)) {
    issue([...path, "netQuantity"], NET_QUANTITY_MESSAGE);
  }
  return typed;
}
