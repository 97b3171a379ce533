import { rupeesToPaise } from "../money";
import { PRODUCT_STATUSES } from "../product-status";
import { z } from "../zod";
import { slugFrom } from "./slug-field";
import { multiLineText, singleLineName, singleLineText } from "./text";

/** Uploads (docs/DESIGN.md §6.15): at most this many files per save, each at most this large. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The limit as the forms and their messages say it: "5 MB". */
export const MAX_IMAGE_SIZE_TEXT = `${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
export const MAX_IMAGES_PER_UPLOAD = 8;
/** A product's gallery holds at most this many pictures. */
export const MAX_IMAGES_PER_PRODUCT = 12;
/** The largest multipart body the product form may post: the files plus room for the fields. */
export const MAX_PRODUCT_FORM_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024;

/** ₹10,00,000: far above any medicine's price, far below the integer column's limit. */
export const MAX_PRICE_PAISE = 100_000_000;
export const MAX_STOCK = 1_000_000;
/** GST slabs a product may be sold under (percent). */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export const DEFAULT_HSN_CODE = "3004";

const optionalText = (label: string, max: number) =>
  multiLineText()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((text) => text ?? "");

function amount(label: string, text: string, ctx: z.RefinementCtx): number {
  const paise = rupeesToPaise(text);
  if (paise === null) {
    ctx.addIssue({
      code: "custom",
      message: `${label} must be an amount in rupees with at most 2 decimals`,
    });
    return z.NEVER;
  }
  if (paise <= 0) {
    ctx.addIssue({ code: "custom", message: `${label} must be above ₹0` });
    return z.NEVER;
  }
  if (paise > MAX_PRICE_PAISE) {
    ctx.addIssue({ code: "custom", message: `${label} must be at most ₹10,00,000` });
    return z.NEVER;
  }
  return paise;
}

/**
 * docs/SPEC.md §5 admin product form, with the bounds the shop needs: price above ₹0, a discount price
 * (empty means none) below the price, stock a whole number of 0 or more. Rupees in the form,
 * paise out. An empty slug is made from the name; a typed one is cleaned the same way.
 */
export const productFormSchema = z
  .object({
    name: singleLineName({ error: "Product name is required" })
      .min(1, { error: "Product name is required", abort: true })
      .min(2, { error: "Product name must be at least 2 characters", abort: true })
      .max(150, { error: "Product name must be at most 150 characters" }),
    slug: singleLineText().trim().optional(),
    description: optionalText("Description", 500),
    detailedDescription: optionalText("Detailed description", 5000),
    categoryId: singleLineText()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return null;
        if (!z.uuid().safeParse(text).success) {
          ctx.addIssue({ code: "custom", message: "Choose a category from the list" });
          return z.NEVER;
        }
        return text;
      }),
    price: singleLineText({ error: "Price is required" })
      .trim()
      .min(1, { error: "Price is required", abort: true })
      .transform((text, ctx) => amount("Price", text, ctx)),
    discountPrice: singleLineText()
      .trim()
      .optional()
      .transform((text, ctx) => (text ? amount("Discount price", text, ctx) : null)),
    stockQuantity: singleLineText({ error: "Stock quantity is required" })
      .trim()
      .min(1, { error: "Stock quantity is required", abort: true })
      .transform((text, ctx) => {
        if (!/^\d+$/.test(text)) {
          ctx.addIssue({ code: "custom", message: "Stock must be a whole number of 0 or more" });
          return z.NEVER;
        }
        const stock = Number(text);
        if (stock > MAX_STOCK) {
          ctx.addIssue({ code: "custom", message: "Stock must be at most 10,00,000" });
          return z.NEVER;
        }
        return stock;
      }),
    ingredients: optionalText("Ingredients", 2000),
    benefits: optionalText("Benefits", 2000),
    dosageInstructions: optionalText("Dosage instructions", 2000),
    ayurvedicProperties: optionalText("Ayurvedic properties", 2000),
    certifications: multiLineText()
      .optional()
      .transform((text, ctx) => {
        const lines = (text ?? "")
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean);
        const seen = new Set<string>();
        const unique = lines.filter((line) => {
          const key = line.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        if (unique.some((line) => line.length > 100)) {
          ctx.addIssue({
            code: "custom",
            message: "Each certification must be at most 100 characters",
          });
          return z.NEVER;
        }
        if (unique.length > 20) {
          ctx.addIssue({ code: "custom", message: "List at most 20 certifications" });
          return z.NEVER;
        }
        return unique;
      }),
    isFeatured: z
      .preprocess((value) => value === "on" || value === true || value === "true", z.boolean())
      .default(false),
    /** docs/decisions/022: only published products reach shoppers. */
    status: z
      .enum(PRODUCT_STATUSES, { error: "Choose Published, Draft or Archived" })
      .default("published"),
    hsnCode: singleLineText()
      .trim()
      .optional()
      .transform((text, ctx) => {
        if (!text) return DEFAULT_HSN_CODE;
        if (!/^(\d{4}|\d{6}|\d{8})$/.test(text)) {
          ctx.addIssue({ code: "custom", message: "HSN code must be 4, 6 or 8 digits" });
          return z.NEVER;
        }
        return text;
      }),
    gstRate: singleLineText()
      .trim()
      .optional()
      .transform((text, ctx) => {
        const rate = text ? Number(text) : 5;
        if (!(GST_RATES as readonly number[]).includes(rate)) {
          ctx.addIssue({ code: "custom", message: "GST rate must be 0, 5, 12, 18 or 28%" });
          return z.NEVER;
        }
        return rate;
      }),
  })
  .transform((input, ctx) => {
    const slug = slugFrom(input, ctx);
    if (slug === null) return z.NEVER;
    if (input.discountPrice !== null && input.discountPrice >= input.price) {
      ctx.addIssue({
        code: "custom",
        path: ["discountPrice"],
        message: "Discount price must be below the price",
      });
      return z.NEVER;
    }
    return { ...input, slug };
  });

export type ProductFormValues = z.infer<typeof productFormSchema>;
