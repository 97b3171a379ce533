/**
 * Pack sizes (docs/decisions/056): one product, several sizes, each with its own SKU, price and
 * stock. Pure rules shared by the server and the pages.
 */

/** How a size is named wherever one is bought: "Chyawanprash – 1 kg", or the name alone. */
export function sizedName(name: string, label: string) {
  return label ? `${name} – ${label}` : name;
}

/** A size on sale as a product page offers it: its SKU and label, price, offer price and stock. */
export type SizeOnSale = {
  id: string;
  sku: string;
  label: string;
  price: number;
  discountPrice: number | null;
  stockQuantity: number;
};

/** What choosing the size a product page or card starts with needs to know of each size. */
export type SizeForChoice = { stockQuantity: number };

/**
 * The size shown first: the first in the administrator's order that is in stock, else the first.
 * `sizes` are the sizes on sale, in that order.
 */
export function defaultSize<T extends SizeForChoice>(sizes: readonly T[]): T | undefined {
  return sizes.find((size) => size.stockQuantity > 0) ?? sizes[0];
}

export const MAX_SKU_LENGTH = 160;

/**
 * The SKU a product's size gets when none is typed: its slug, as the migration to sizes made
 * them (a slug holds only a-z, 0-9 and hyphens, all allowed in a SKU).
 */
export function skuFromSlug(slug: string) {
  return slug.slice(0, MAX_SKU_LENGTH);
}

/**
 * How an order line's goods are named on the documents (invoices, credit notes, mails): the
 * size's name and its SKU as sold, "Chyawanprash – 1 kg (SKU CHY-1KG)"; a product's only size
 * (empty label) reads as the product's name alone, as before sizes existed.
 */
export function documentLineName(line: {
  productName: string;
  variantLabel: string;
  sku: string | null;
}) {
  if (!line.variantLabel) return line.productName;
  const name = sizedName(line.productName, line.variantLabel);
  return line.sku ? `${name} (SKU ${line.sku})` : name;
}

/**
 * How the packing slip names a line, beside its Size column: the product and the size's SKU,
 * "Chyawanprash (SKU CHY-1KG)", so the size is read once; a one-size line as on the documents.
 */
export function packingLineName(line: {
  productName: string;
  variantLabel: string;
  sku: string | null;
}) {
  if (!line.variantLabel) return documentLineName(line);
  return line.sku ? `${line.productName} (SKU ${line.sku})` : line.productName;
}
