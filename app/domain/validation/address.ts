import { nationalDigits } from "../mobile-number";
import { z } from "../zod";
import { PIN_CODE } from "./address-format";
import { fullNameField } from "./auth";
import { singleLineText } from "./text";

/** Letters of any script and spaces, as for names (docs/SPEC.md §5). */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

export const ADDRESS_MESSAGES = {
  phone: "Phone must be exactly 10 digits",
  postalCode: "Postal code must be exactly 6 digits",
  line1Short: "Address must be at least 5 characters",
  line1Long: "Address must be less than 200 characters",
  line2Long: "Address line 2 must be less than 200 characters",
  cityShort: "City must be at least 2 characters",
  cityLong: "City must be less than 50 characters",
  cityCharacters: "City can only contain letters and spaces",
  stateShort: "State must be at least 2 characters",
  stateLong: "State must be less than 50 characters",
  stateCharacters: "State can only contain letters and spaces",
} as const;

/**
 * The spec's ten digits however they are written: "+91 98500 11223", "098500-11223" and
 * "919850011223" are 9850011223, as the field makes them with JavaScript (docs/decisions/066);
 * anything else is kept as written for the rule to refuse.
 */
const writtenPhone = (value: string) => nationalDigits(value) ?? value;

export const phoneField = singleLineText({ error: ADDRESS_MESSAGES.phone })
  .trim()
  .overwrite(writtenPhone)
  .regex(/^\d{10}$/, { error: ADDRESS_MESSAGES.phone });

function placeField(messages: { short: string; long: string; chars: string }) {
  return singleLineText({ error: messages.short })
    .trim()
    .min(2, { error: messages.short, abort: true })
    .max(50, { error: messages.long, abort: true })
    .regex(LETTERS_AND_SPACES, { error: messages.chars, abort: true });
}

/** docs/SPEC.md §5 checkout address; saved addresses follow the same rules so either can ship an order. */
export const addressSchema = z.object({
  fullName: fullNameField,
  phone: phoneField,
  addressLine1: singleLineText({ error: ADDRESS_MESSAGES.line1Short })
    .trim()
    .min(5, { error: ADDRESS_MESSAGES.line1Short, abort: true })
    .max(200, { error: ADDRESS_MESSAGES.line1Long, abort: true }),
  addressLine2: singleLineText()
    .trim()
    .max(200, { error: ADDRESS_MESSAGES.line2Long })
    .optional()
    .transform((value) => (value ? value : null)),
  city: placeField({
    short: ADDRESS_MESSAGES.cityShort,
    long: ADDRESS_MESSAGES.cityLong,
    chars: ADDRESS_MESSAGES.cityCharacters,
  }),
  state: placeField({
    short: ADDRESS_MESSAGES.stateShort,
    long: ADDRESS_MESSAGES.stateLong,
    chars: ADDRESS_MESSAGES.stateCharacters,
  }),
  // The courier's PIN code rule, so no address is saved that cannot be shipped to.
  postalCode: singleLineText({ error: ADDRESS_MESSAGES.postalCode })
    .trim()
    .regex(PIN_CODE, { error: ADDRESS_MESSAGES.postalCode }),
});

export { joinAddressErrors } from "./address-format";

export type AddressInput = z.infer<typeof addressSchema>;

/** An address form with nothing written in it yet. */
export const EMPTY_ADDRESS: Record<keyof AddressInput, string> = {
  fullName: "",
  phone: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  postalCode: "",
};

/** The saved-address form (Addresses tab): add or edit, told apart by the id. */
export const savedAddressSchema = addressSchema.extend({
  addressId: z.uuid({ error: "Unknown address" }).optional(),
  isDefault: z.preprocess((value) => value === "on" || value === true, z.boolean()).default(false),
});

export const addressActionSchema = z.discriminatedUnion("intent", [
  savedAddressSchema.extend({ intent: z.literal("save-address") }),
  z.object({
    intent: z.literal("delete-address"),
    addressId: z.uuid({ error: "Unknown address" }),
  }),
  z.object({
    intent: z.literal("default-address"),
    addressId: z.uuid({ error: "Unknown address" }),
  }),
]);

/** Profile tab: full name and phone; e-mail is read-only. An empty phone clears it. */
export const profileSchema = z.object({
  fullName: fullNameField,
  phone: singleLineText()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(
      singleLineText()
        .overwrite(writtenPhone)
        .regex(/^\d{10}$/, { error: ADDRESS_MESSAGES.phone })
        .nullable(),
    ),
});
