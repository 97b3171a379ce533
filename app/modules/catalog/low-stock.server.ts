import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { products, productVariants } from "../../../db/schema";
import { sizedName } from "../../domain/pack-sizes";
import type { Executor } from "../../lib/db.server";

/** One pack size low on stock: `id` is the size's, `name` the product's with the size's label. */
export type LowStockProduct = {
  id: string;
  productId: string;
  name: string;
  slug: string;
  sku: string;
  stockQuantity: number;
};

/**
 * docs/DESIGN.md §6.10: stock at or below the threshold of the settings, lowest first, counted per
 * pack size on sale (docs/decisions/056).
 */
export async function getLowStockProducts(
  executor: Executor,
  threshold: number,
  limit = 5,
): Promise<LowStockProduct[]> {
  const rows = await executor
    .select({
      id: productVariants.id,
      productId: products.id,
      productName: products.name,
      label: productVariants.label,
      slug: products.slug,
      sku: productVariants.sku,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(lte(productVariants.stockQuantity, threshold), isNull(productVariants.archivedAt)))
    .orderBy(
      asc(productVariants.stockQuantity),
      asc(products.name),
      asc(productVariants.sortOrder),
      asc(productVariants.id),
    )
    .limit(limit);
  return rows.map(({ productName, label, ...row }) => ({
    ...row,
    name: sizedName(productName, label),
  }));
}
