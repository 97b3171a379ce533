import { DISCOUNT_TYPES } from "../coupons";
import { rupeesToPaise } from "../money";
import { z } from "../zod";
import { singleLineText } from "./text";

const optionalRupees = (label: string) =>
  singleLineText()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const paise = rupeesToPaise(text);
      if (paise === null || paise <= 0) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be an amount above ₹0 with at most 2 decimals`,
        });
        return z.NEVER;
      }
      return paise;
    });

const optionalCount = (label: string) =>
  singleLineText()
    .trim()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      const value = Number(text);
      if (!Number.isInteger(value) || value < 1) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number of 1 or more` });
        return z.NEVER;
      }
      return value;
    });

/**
 * docs/SPEC.md §5 admin coupon form, with the bounds issue 6 adds: code upper-cased, percentage 1 to 100,
 * amounts above 0; optional values empty means none. The expiry date is the last day it works.
 */
export const couponFormSchema = z
  .object({
    code: singleLineText({ error: "Coupon code is required" })
      .trim()
      .toUpperCase()
      .min(1, { error: "Coupon code is required", abort: true })
      .max(30, { error: "Coupon code must be at most 30 characters", abort: true })
      .regex(/^[A-Z0-9_-]+$/, { error: "Use letters, digits, - and _ only" }),
    discountType: z.enum(DISCOUNT_TYPES).default("percentage"),
    discountValue: singleLineText({ error: "Discount value is required" })
      .trim()
      .min(1, { error: "Discount value is required" }),
    minOrderValue: optionalRupees("Minimum order value"),
    maxDiscount: optionalRupees("Maximum discount"),
    usageLimit: optionalCount("Usage limit"),
    perCustomerLimit: optionalCount("Per-customer limit"),
    expiresOn: singleLineText()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))) {
          ctx.addIssue({ code: "custom", message: "Expiry must be a date" });
          return z.NEVER;
        }
        // Valid through the whole of that day in India.
        return new Date(`${text}T23:59:59.999+05:30`);
      }),
    isActive: z
      .preprocess((value) => value === "on" || value === true || value === "true", z.boolean())
      .default(false),
  })
  .transform((input, ctx) => {
    let discountValue: number | null;
    if (input.discountType === "percentage") {
      const percent = Number(input.discountValue);
      discountValue = Number.isInteger(percent) && percent >= 1 && percent <= 100 ? percent : null;
      if (discountValue === null) {
        ctx.addIssue({
          code: "custom",
          path: ["discountValue"],
          message: "Percentage must be a whole number from 1 to 100",
        });
        return z.NEVER;
      }
    } else {
      discountValue = rupeesToPaise(input.discountValue);
      if (discountValue === null || discountValue <= 0) {
        ctx.addIssue({
          code: "custom",
          path: ["discountValue"],
          message: "Discount must be an amount above ₹0",
        });
        return z.NEVER;
      }
    }
    const { expiresOn, ...rest } = input;
    return { ...rest, discountValue, expiresAt: expiresOn };
  });

export type CouponFormValues = z.infer<typeof couponFormSchema>;
