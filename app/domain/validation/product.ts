import { rupeesToPaise } from "../money";
import { PRODUCT_STATUSES } from "../product-status";
import { z } from "../zod";
import { checkedNetQuantity, checkManufacturer, legalProductFields } from "./legal-details";
import {
  checkedAction,
  checkedLabel,
  checkedSku,
  checkedWeight,
  checkSizeList,
  isBlankSize,
  MAX_SIZES_PER_PRODUCT,
  type RawSize,
  rawSizeFields,
  rawSizeSchema,
  rupeeAmount,
  type SizeInput,
} from "./product-sizes";
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

type Issue = (path: (string | number)[], message: string) => void;

/**
 * A size's price, discount price and stock (docs/SPEC.md §5's rules and messages), each error on
 * the field at `path`: the form's own fields for a product's only size, a row's for several.
 */
function sizeFigures(raw: RawSize, path: (string | number)[], issue: Issue) {
  let valid = true;
  const fail = (field: string) => (message: string) => {
    valid = false;
    issue([...path, field], message);
  };
  const priceText = raw.price?.trim() ?? "";
  if (!priceText) fail("price")("Price is required");
  const price = priceText
    ? rupeeAmount("Price", priceText, rupeesToPaise, MAX_PRICE_PAISE, fail("price"))
    : null;
  const discountText = raw.discountPrice?.trim() ?? "";
  const discountPrice = discountText
    ? rupeeAmount(
        "Discount price",
        discountText,
        rupeesToPaise,
        MAX_PRICE_PAISE,
        fail("discountPrice"),
      )
    : null;
  const stockText = raw.stockQuantity?.trim() ?? "";
  let stockQuantity: number | null = null;
  if (!stockText) fail("stockQuantity")("Stock quantity is required");
  else if (!/^\d+$/.test(stockText)) {
    fail("stockQuantity")("Stock must be a whole number of 0 or more");
  } else if (Number(stockText) > MAX_STOCK) {
    fail("stockQuantity")("Stock must be at most 10,00,000");
  } else stockQuantity = Number(stockText);
  if (!valid || price === null || stockQuantity === null) return null;
  if (discountPrice !== null && discountPrice >= price) {
    issue([...path, "discountPrice"], "Discount price must be below the price");
    return null;
  }
  return { price, discountPrice, stockQuantity };
}

/** One posted size made a SizeInput, or null when one of its fields is refused. */
function sizeFrom(
  raw: RawSize,
  path: (string | number)[],
  issue: Issue,
  options: { id?: string; skuRequired: boolean },
): SizeInput | null {
  let valid = true;
  const noted: Issue = (at, message) => {
    valid = false;
    issue(at, message);
  };
  const action = checkedAction(raw.action);
  const id = options.id ?? (raw.id && z.uuid().safeParse(raw.id).success ? raw.id : undefined);
  const label = checkedLabel(raw.label, noted, path);
  const sku = checkedSku(raw.sku, noted, path, options.skuRequired && !id);
  const weightGrams = checkedWeight(raw.weightGrams, noted, path);
  const netQuantity = checkedNetQuantity(raw.netQuantity, noted, path);
  // A size being archived or deleted keeps its figures: only its fate is read.
  const figures =
    action === "sell" || !id
      ? sizeFigures(raw, path, noted)
      : { price: 1, discountPrice: null, stockQuantity: 0 };
  if (!valid || !figures) return null;
  return { id, label, sku, weightGrams, netQuantity, action, ...figures };
}

/** The order of the posted rows: by their Position field when given, else as posted. */
function inPositionOrder(rows: readonly RawSize[]) {
  return rows
    .map((row, index) => {
      const position = Number(row.position?.trim());
      return {
        row,
        index,
        key: Number.isFinite(position) && row.position?.trim() ? position : index + 1,
      };
    })
    .sort((a, b) => a.key - b.key || a.index - b.index);
}

/**
 * docs/SPEC.md §5 admin product form, with the bounds the shop needs: price above ₹0, a discount price
 * (empty means none) below the price, stock a whole number of 0 or more. Rupees in the form,
 * paise out. An empty slug is made from the name; a typed one is cleaned the same way.
 */
/**
 * A one-size product's Price, Discount price and Stock are checked before the rest, so their
 * messages come with the other fields' even when those are refused too.
 */
function checkOnlySizeFigures(value: unknown, ctx: z.RefinementCtx) {
  if (typeof value !== "object" || value === null) return value;
  const posted = value as Record<string, unknown>;
  if (Array.isArray(posted.sizes) && posted.sizes.length) return value;
  const text = (key: string) =>
    typeof posted[key] === "string" ? (posted[key] as string) : undefined;
  sizeFigures(
    {
      price: text("price"),
      discountPrice: text("discountPrice"),
      stockQuantity: text("stockQuantity"),
    },
    [],
    (path, message) => ctx.addIssue({ code: "custom", path, message }),
  );
  return value;
}

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
    // A product's only size: the spec's fields, plus its label, SKU and weight and a new size.
    price: rawSizeFields.price,
    discountPrice: rawSizeFields.discountPrice,
    stockQuantity: rawSizeFields.stockQuantity,
    label: rawSizeFields.label,
    sku: rawSizeFields.sku,
    weightGrams: rawSizeFields.weightGrams,
    netQuantity: rawSizeFields.netQuantity,
    newSize: rawSizeSchema.optional(),
    // Several sizes: a row each (docs/decisions/056).
    sizes: z
      .array(rawSizeSchema)
      .max(MAX_SIZES_PER_PRODUCT + 1)
      .optional(),
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
    ...legalProductFields,
  })
  .superRefine((input, ctx) => void checkOnlySizeFigures(input, ctx), { when: () => true })
  .transform((input, ctx) => {
    const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path, message });
    const {
      price,
      discountPrice,
      stockQuantity,
      label,
      sku,
      weightGrams,
      netQuantity,
      newSize,
      sizes: rows,
      ...product
    } = input;
    const sizes: (SizeInput | null)[] = [];
    if (rows?.length) {
      for (const { row, index } of inPositionOrder(rows)) {
        if (!row.id && isBlankSize(row)) continue;
        sizes.push(sizeFrom(row, ["sizes", index], issue, { skuRequired: true }));
      }
    } else {
      const only = { price, discountPrice, stockQuantity, label, sku, weightGrams, netQuantity };
      sizes.push(sizeFrom(only, [], issue, { skuRequired: false }));
      if (newSize && !isBlankSize(newSize)) {
        sizes.push(
          sizeFrom({ ...newSize, id: undefined }, ["newSize"], issue, { skuRequired: true }),
        );
      }
    }
    const slug = slugFrom(input, ctx);
    let manufacturerValid = true;
    checkManufacturer(product, (path, message) => {
      manufacturerValid = false;
      issue(path, message);
    });
    if (slug === null || !manufacturerValid || sizes.some((size) => size === null)) {
      return z.NEVER;
    }
    const valid = sizes as SizeInput[];
    checkSizeList(valid, issue);
    const first = valid.find((size) => size.action === "sell");
    if (!first) return z.NEVER;
    return {
      ...product,
      slug,
      // The first size on sale's figures: what a one-size product's form shows.
      price: first.price,
      discountPrice: first.discountPrice,
      stockQuantity: first.stockQuantity,
      sizes: valid,
      /** Whether the form posted a row per size (several sizes) or the one-size fields. */
      sizeRows: Boolean(rows?.length),
    };
  });

export type ProductFormValues = z.infer<typeof productFormSchema>;
