import { type AnyColumn, eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { products, productVariants } from "../../../db/schema";
import { primaryPicturePath } from "./picture-path.server";

/**
 * Joins the pack size `variantId` names, and its product, to another area's select of lines (the
 * cart's), so it can select lineSizeColumns in its one statement.
 */
export function joinLineSize<T extends PgSelect>(query: T, variantId: AnyColumn) {
  return query
    .innerJoin(productVariants, eq(productVariants.id, variantId))
    .innerJoin(products, eq(products.id, productVariants.productId));
}

/** What a line shows and checks of its size and product, for a select joined by joinLineSize. */
export const lineSizeColumns = {
  productId: products.id,
  slug: products.slug,
  productName: products.name,
  variantId: productVariants.id,
  sku: productVariants.sku,
  sizeLabel: productVariants.label,
  price: productVariants.price,
  discountPrice: productVariants.discountPrice,
  stockQuantity: productVariants.stockQuantity,
  weightGrams: productVariants.weightGrams,
  archived: sql<boolean>`${productVariants.archivedAt} is not null`,
  imagePath: primaryPicturePath,
  status: products.status,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
};
