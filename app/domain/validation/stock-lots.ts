import { firstDayOfMonth, lastDayOfMonth } from "../batch-labels";
import { shopDate } from "../stock-lots";
import { z } from "../zod";
import { singleLineText } from "./text";

export const BATCH_NUMBER_MAX = 40;
export const LOT_QUANTITY_MAX = 100_000;
export const STOCK_REASON_MAX = 200;

const BATCH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/.-]*$/;

/**
 * A batch number as printed on the pack: 1 to 40 letters, digits, "-", "/" and ".", starting with
 * a letter or digit. Kept as typed; the shop compares batch numbers ignoring case.
 */
export const batchNumberSchema = singleLineText({ error: "Batch number is required" })
  .trim()
  .min(1, { error: "Batch number is required", abort: true })
  .max(BATCH_NUMBER_MAX, {
    error: `Batch number must be at most ${BATCH_NUMBER_MAX} characters`,
    abort: true,
  })
  .regex(BATCH_PATTERN, { error: "Use letters, digits, -, / and . only" });

/**
 * A month as a month field sends it ("2027-03") or as a person types it where the browser shows a
 * plain text field ("03/2027"); returned as "2027-03", or null when it is neither.
 */
export function parseMonth(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})$/.exec(text);
  const typed = /^(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month] = iso
    ? [Number(iso[1]), Number(iso[2])]
    : typed
      ? [Number(typed[2]), Number(typed[1])]
      : [0, 0];
  if (year < 2000 || year > 2099 || month < 1 || month > 12) return null;
  return `${year}-${String(month).padStart(2, "0")}`;
}

function monthField(label: string) {
  return singleLineText({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .transform((text, ctx) => {
      const month = parseMonth(text);
      if (!month) {
        ctx.addIssue({ code: "custom", message: `Enter the ${label.toLowerCase()} as MM/YYYY` });
        return z.NEVER;
      }
      return month;
    });
}

/** A whole number typed with digits only ("12", not "12.0", "1e3" or "+5"), from `min` up. */
function wholeNumber(label: string, min: number) {
  return singleLineText({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .regex(/^\d+$/, { error: `${label} must be a whole number`, abort: true })
    .transform(Number)
    .refine((n) => n >= min, {
      error: min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`,
      abort: true,
    })
    .refine((n) => n <= LOT_QUANTITY_MAX, {
      error: `${label} must be at most ${LOT_QUANTITY_MAX}`,
    });
}

const reasonSchema = singleLineText({ error: "Reason is required" })
  .trim()
  .min(1, { error: "Reason is required", abort: true })
  .min(3, { error: "Reason must be at least 3 characters", abort: true })
  .max(STOCK_REASON_MAX, { error: `Reason must be at most ${STOCK_REASON_MAX} characters` });

/**
 * The Receive stock form of a size (docs/decisions/059). Months as on the pack's label: the
 * manufacture month is stored as its first day, the expiry month as its last day (a pack marked
 * "Exp. 03/2027" may be sold through 31 March 2027). The manufacture month may not be after this
 * month, the expiry month must come after it and not have passed.
 */
export function receiveLotSchema(now: Date = new Date()) {
  const today = shopDate(now);
  return z
    .object({
      variantId: z.uuid({ error: "Choose the size you received" }),
      batchNumber: batchNumberSchema,
      manufacturedOn: monthField("Manufacturing month"),
      expiresOn: monthField("Expiry month"),
      quantity: wholeNumber("Quantity", 1),
    })
    .transform((input, ctx) => {
      const manufacturedOn = firstDayOfMonth(input.manufacturedOn);
      const expiresOn = lastDayOfMonth(input.expiresOn);
      if (manufacturedOn > today) {
        ctx.addIssue({
          code: "custom",
          path: ["manufacturedOn"],
          message: "The manufacturing month cannot be in the future",
        });
        return z.NEVER;
      }
      if (input.expiresOn <= input.manufacturedOn) {
        ctx.addIssue({
          code: "custom",
          path: ["expiresOn"],
          message: "The expiry month must be after the manufacturing month",
        });
        return z.NEVER;
      }
      if (expiresOn < today) {
        ctx.addIssue({
          code: "custom",
          path: ["expiresOn"],
          message: "This expiry month has passed",
        });
        return z.NEVER;
      }
      return { ...input, manufacturedOn, expiresOn };
    });
}

export type ReceiveLotInput = z.output<ReturnType<typeof receiveLotSchema>>;

/** Adjust a lot to what was counted on the shelf, with the reason for the difference. */
export const adjustLotSchema = z.object({
  lotId: z.uuid({ error: "That lot could not be found" }),
  counted: wholeNumber("Counted quantity", 0),
  reason: reasonSchema,
});

/** Write off units of a lot (damaged, expired, recalled), with the reason. */
export const writeOffLotSchema = z.object({
  lotId: z.uuid({ error: "That lot could not be found" }),
  quantity: wholeNumber("Quantity to write off", 1),
  reason: reasonSchema,
});

/** A batch number in an address (/admin/batches/:batch). */
export const batchParamSchema = z.object({ batch: batchNumberSchema });
