import { MAX_SKU_LENGTH } from "../pack-sizes";
import { z } from "../zod";
import { singleLineText } from "./text";

/**
 * A product's pack sizes as the product form posts them (docs/decisions/056). Each size's price,
 * discount price and stock follow docs/SPEC.md §5's rules and messages, reported on that size's
 * own fields; the product-level rules (at least one size on sale, labels when there are several)
 * are checked on the whole list.
 */

export const MAX_LABEL_LENGTH = 40;
/** 100 kg: far above any pack the shop sends. */
export const MAX_WEIGHT_GRAMS = 100_000;
export const MAX_SIZES_PER_PRODUCT = 20;
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** What the form may do with a size: keep it on sale, archive it, or delete it (never ordered). */
export const SIZE_ACTIONS = ["sell", "archive", "remove"] as const;
export type SizeAction = (typeof SIZE_ACTIONS)[number];

/** The text fields of one size, as posted. */
export const rawSizeFields = {
  id: singleLineText().trim().optional(),
  label: singleLineText().optional(),
  sku: singleLineText().optional(),
  price: singleLineText().optional(),
  discountPrice: singleLineText().optional(),
  stockQuantity: singleLineText().optional(),
  weightGrams: singleLineText().optional(),
  netQuantity: singleLineText().optional(),
  position: singleLineText().optional(),
  action: singleLineText().optional(),
};
export const rawSizeSchema = z.object(rawSizeFields);
export type RawSize = z.infer<typeof rawSizeSchema>;

/** A size as the service applies it; `id` absent for a new size, or for the only size edited. */
export type SizeInput = {
  id: string | undefined;
  /** undefined: the only size's label is left as it is. */
  label: string | undefined;
  /** undefined: left as it is (a new product's only size takes its slug). */
  sku: string | undefined;
  price: number;
  discountPrice: number | null;
  stockQuantity: number;
  /** undefined: left as it is; null: none. */
  weightGrams: number | null | undefined;
  /** null: read from the label (docs/decisions/073). */
  netQuantity: string | null;
  action: SizeAction;
};

type Issue = (path: (string | number)[], message: string) => void;

export function rupeeAmount(
  label: string,
  text: string,
  toPaise: (text: string) => number | null,
  max: number,
  fail: (message: string) => void,
): number | null {
  const paise = toPaise(text);
  if (paise === null) {
    fail(`${label} must be an amount in rupees with at most 2 decimals`);
    return null;
  }
  if (paise <= 0) {
    fail(`${label} must be above ₹0`);
    return null;
  }
  if (paise > max) {
    fail(`${label} must be at most ₹10,00,000`);
    return null;
  }
  return paise;
}

/** Whether a posted row holds anything: an empty "new size" row is no size. */
export function isBlankSize(raw: RawSize) {
  const fields = ["label", "sku", "price", "discountPrice", "stockQuantity", "weightGrams"];
  return [...fields, "netQuantity"].every((key) => !(raw[key as keyof RawSize] ?? "").trim());
}

export function checkedLabel(text: string | undefined, issue: Issue, path: (string | number)[]) {
  if (text === undefined) return undefined;
  const label = text.trim().replace(/\s+/g, " ");
  if (label.length > MAX_LABEL_LENGTH) {
    issue([...path, "label"], `Size must be at most ${MAX_LABEL_LENGTH} characters`);
  }
  return label;
}

export function checkedSku(
  text: string | undefined,
  issue: Issue,
  path: (string | number)[],
  required: boolean,
) {
  const sku = text?.trim();
  if (!sku) {
    if (required) issue([...path, "sku"], "SKU is required");
    return undefined;
  }
  if (sku.length > MAX_SKU_LENGTH) {
    issue([...path, "sku"], `SKU must be at most ${MAX_SKU_LENGTH} characters`);
  } else if (!SKU_PATTERN.test(sku)) {
    issue(
      [...path, "sku"],
      "SKU may hold letters, digits and . _ / - and must start with a letter or digit",
    );
  }
  return sku;
}

export function checkedWeight(text: string | undefined, issue: Issue, path: (string | number)[]) {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!trimmed) return null;
  const grams = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || grams <= 0) {
    issue([...path, "weightGrams"], "Weight must be a whole number of grams above 0");
    return null;
  }
  if (grams > MAX_WEIGHT_GRAMS) {
    issue([...path, "weightGrams"], "Weight must be at most 1,00,000 g");
    return null;
  }
  return grams;
}

export function checkedAction(text: string | undefined): SizeAction {
  return (SIZE_ACTIONS as readonly string[]).includes(text ?? "") ? (text as SizeAction) : "sell";
}

/** The product-level rules of a product's sizes once each is valid on its own. */
export function checkSizeList(sizes: readonly SizeInput[], issue: Issue) {
  const onSale = sizes.filter((size) => size.action === "sell");
  if (onSale.length === 0) {
    issue(["sizes"], "A product needs at least one size on sale");
    return;
  }
  if (sizes.length > MAX_SIZES_PER_PRODUCT) {
    issue(["sizes"], `A product can have at most ${MAX_SIZES_PER_PRODUCT} sizes`);
    return;
  }
  if (onSale.length > 1) {
    const seen = new Map<string, number>();
    sizes.forEach((size, index) => {
      if (size.action !== "sell" || size.label === undefined) return;
      const path = ["sizes", index, "label"];
      if (!size.label) {
        issue(path, "Each size needs a name when a product has more than one, e.g. 500 g");
        return;
      }
      const key = size.label.toLowerCase();
      if (seen.has(key)) issue(path, `Two sizes are both called "${size.label}"`);
      seen.set(key, index);
    });
  }
  const skus = new Set<string>();
  sizes.forEach((size, index) => {
    if (!size.sku) return;
    const key = size.sku.toLowerCase();
    if (skus.has(key)) issue(["sizes", index, "sku"], `Two sizes have the SKU "${size.sku}"`);
    skus.add(key);
  });
}
