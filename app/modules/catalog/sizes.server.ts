import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { products, productVariants } from "../../../db/schema";
import { type SizeOnSale, skuFromSlug } from "../../domain/pack-sizes";
import type { Executor, Transaction } from "../../lib/db.server";

/** The columns every read of a size on sale starts from. */
const sizeColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  label: productVariants.label,
  price: productVariants.price,
  discountPrice: productVariants.discountPrice,
  stockQuantity: productVariants.stockQuantity,
  weightGrams: productVariants.weightGrams,
};

export type Size = SizeOnSale & {
  weightGrams: number | null;
  /** The expiry of the lot that would ship next, on the product page (docs/decisions/059). */
  nextExpiry?: string | null;
  /** The owner's net quantity; null: the label's (docs/decisions/073). */
  netQuantity?: string | null;
};

/** The administrator's order of a product's sizes (docs/decisions/056). */
export const sizeOrder = [asc(productVariants.sortOrder), asc(productVariants.id)];

/**
 * The size a cart add is about, locked against a concurrent change of its stock until the
 * transaction ends: the one named, when it belongs to the product, else the product's default
 * size (the first in stock in the administrator's order, else the first: the one its card
 * shows). Archived sizes are found too, so the refusal can say so; null when there is none. With
 * it, how many sizes the product has on sale.
 */
export async function lockSizeToBuy(
  tx: Transaction,
  input: { productId: string; variantId?: string },
) {
  const [size] = await tx
    .select({
      variantId: productVariants.id,
      label: productVariants.label,
      stock: productVariants.stockQuantity,
      archived: sql<boolean>`${productVariants.archivedAt} is not null`,
      name: products.name,
      status: products.status,
      sizesOnSale: sql<number>`(
        select count(*)::int from product_variants o
        where o.product_id = ${productVariants.productId} and o.archived_at is null
      )`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.productId, input.productId),
        input.variantId
          ? eq(productVariants.id, input.variantId)
          : isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(sql`${productVariants.stockQuantity} > 0 desc`, ...sizeOrder)
    .limit(1)
    .for("share", { of: productVariants });
  return size ?? null;
}

/** The price and stock fields of one size, as the product form edits them. */
export type SizeValues = { price: number; discountPrice: number | null; stockQuantity: number };

/**
 * The size the one-size product form edits (docs/decisions/056): the product's first size on
 * sale in the administrator's order, locked for the rest of the transaction when `tx` is one.
 */
export async function firstSizeOf(executor: Executor, productId: string, lock = false) {
  const query = executor
    .select({ ...sizeColumns })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(...sizeOrder)
    .limit(1);
  const [size] = lock ? await query.for("no key update") : await query;
  return size ?? null;
}

/** A new product's only size: no label, its slug as SKU. */
export async function addOnlySize(
  tx: Transaction,
  product: { id: string; slug: string },
  values: SizeValues,
) {
  const [size] = await tx
    .insert(productVariants)
    .values({ productId: product.id, label: "", sku: skuFromSlug(product.slug), ...values })
    .returning(sizeColumns);
  return size!;
}
