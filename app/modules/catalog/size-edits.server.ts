import { and, asc, count, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { orderItems, productVariants } from "../../../db/schema";
import { formatRupees } from "../../domain/money";
import { skuFromSlug } from "../../domain/pack-sizes";
import type { SizeInput } from "../../domain/validation/product-sizes";
import type { Executor, Transaction } from "../../lib/db.server";
import { InventoryError, setSellableStock } from "../inventory/lots.server";
import { ProductAdminError, type ProductField } from "./products-admin-base.server";
import { sizeOrder } from "./sizes.server";

/** Every size of a product, archived ones too, in the administrator's order (the form's table). */
export async function listAllSizes(executor: Executor, productId: string) {
  return executor
    .select({
      id: productVariants.id,
      label: productVariants.label,
      sku: productVariants.sku,
      price: productVariants.price,
      discountPrice: productVariants.discountPrice,
      stockQuantity: productVariants.stockQuantity,
      weightGrams: productVariants.weightGrams,
      netQuantity: productVariants.netQuantity,
      archived: sql<boolean>`${productVariants.archivedAt} is not null`,
      ordered: sql<boolean>`exists (select 1 from order_items oi where oi.variant_id = ${productVariants.id})`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(...sizeOrder);
}

export type StoredSize = Awaited<ReturnType<typeof listAllSizes>>[number];

/**
 * A size as the audit log records it: one line a person can compare before and after. A
 * product's only size leaves its price and stock out: the entry's Price, Discount price and
 * Stock quantity already say them, as before sizes existed.
 */
export function sizeSummary(size: Omit<StoredSize, "ordered" | "id">, figures = true) {
  return [
    size.label || "(only size)",
    `SKU ${size.sku}`,
    figures ? formatRupees(size.price) : null,
    figures && size.discountPrice !== null ? `offer ${formatRupees(size.discountPrice)}` : null,
    figures ? `stock ${size.stockQuantity}` : null,
    size.weightGrams === null ? null : `${size.weightGrams} g`,
    size.netQuantity === null ? null : `net ${size.netQuantity}`,
    size.archived ? "archived" : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Where the form shows a refusal about the size at this position. */
function fieldOf(index: number, sizeRows: boolean, field: string) {
  if (sizeRows) return `sizes[${index}].${field}` as const;
  return index === 0 ? (field === "sku" ? "sku" : undefined) : ("newSize.sku" as const);
}

/** Refuses a SKU another product's size (or a size not in this form) already has. */
async function refuseTakenSkus(tx: Transaction, sizes: readonly SizeInput[], sizeRows: boolean) {
  const typed = sizes.map((size) => size.sku?.toLowerCase()).filter(Boolean) as string[];
  if (!typed.length) return;
  const ownIds = sizes.map((size) => size.id).filter(Boolean) as string[];
  const taken = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(sql`lower(${productVariants.sku})`, typed),
        ownIds.length ? notInArray(productVariants.id, ownIds) : undefined,
      ),
    );
  if (!taken.length) return;
  const takenKeys = new Set(taken.map((row) => row.sku.toLowerCase()));
  const index = sizes.findIndex((size) => size.sku && takenKeys.has(size.sku.toLowerCase()));
  throw new ProductAdminError(
    `The SKU "${sizes[index]!.sku}" is already used by another size. Choose another SKU.`,
    fieldOf(index, sizeRows, "sku"),
  );
}

async function adjustStock(
  tx: Transaction,
  change: { variantId: string; stockQuantity: number; actorId: string },
  field: ProductField,
) {
  try {
    await setSellableStock(tx, change);
  } catch (error) {
    if (error instanceof InventoryError) throw new ProductAdminError(error.message, field);
    throw error;
  }
}

async function timesSizeOrdered(tx: Transaction, sizeId: string) {
  const [{ ordered } = { ordered: 0 }] = await tx
    .select({ ordered: count() })
    .from(orderItems)
    .where(eq(orderItems.variantId, sizeId));
  return ordered;
}

/**
 * Applies the product form's sizes to a locked product (docs/decisions/056): deletes the sizes to
 * remove (refused for a size that was ordered: it is archived instead by choice), archives,
 * updates and adds the others in the form's order. With the one-size fields (`sizeRows` false)
 * the first posted size is the product's first size on sale. Returns the sizes before and after,
 * as the audit log records them. A new size's stock becomes its opening lot (migration 0021).
 */
export async function applySizes(
  tx: Transaction,
  product: { id: string; slug: string },
  sizes: readonly SizeInput[],
  sizeRows: boolean,
  actorId: string,
) {
  const stored = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(asc(productVariants.id))
    .for("no key update");
  const before = await listAllSizes(tx, product.id);
  const storedIds = new Set(stored.map((row) => row.id));
  const resolved = sizes.map((size, index) => {
    if (!sizeRows && index === 0 && !size.id) {
      const first = before.find((row) => !row.archived);
      return { ...size, id: first?.id };
    }
    return size;
  });
  for (const size of resolved) {
    if (size.id && !storedIds.has(size.id)) {
      throw new ProductAdminError("A size in the form no longer exists. Reload the page.", "sizes");
    }
  }
  await refuseTakenSkus(tx, resolved, sizeRows);

  const now = new Date();
  // Fates first, so a label freed by an archived or deleted size can be given to another.
  for (const [index, size] of resolved.entries()) {
    if (!size.id || size.action === "sell") continue;
    if (size.action === "remove") {
      if ((await timesSizeOrdered(tx, size.id)) > 0) {
        const name = before.find((row) => row.id === size.id)?.label || "This size";
        throw new ProductAdminError(
          `${name} has been ordered, so it cannot be deleted. Archive it instead.`,
          fieldOf(index, sizeRows, "action"),
        );
      }
      await tx.delete(productVariants).where(eq(productVariants.id, size.id));
    } else {
      await tx
        .update(productVariants)
        .set({ archivedAt: sql`coalesce(${productVariants.archivedAt}, ${now})`, sortOrder: index })
        .where(eq(productVariants.id, size.id));
    }
  }
  for (const [index, size] of resolved.entries()) {
    if (size.action !== "sell") continue;
    const figures = {
      price: size.price,
      discountPrice: size.discountPrice,
      stockQuantity: size.stockQuantity,
      sortOrder: index,
      ...(size.label === undefined ? {} : { label: size.label }),
      ...(size.sku === undefined ? {} : { sku: size.sku }),
      ...(size.weightGrams === undefined ? {} : { weightGrams: size.weightGrams }),
      netQuantity: size.netQuantity,
    };
    if (size.id) {
      const { stockQuantity, ...rest } = figures;
      await tx
        .update(productVariants)
        .set({ ...rest, archivedAt: null, updatedAt: now })
        .where(eq(productVariants.id, size.id));
      // The stock field is the size's sellable stock: a change is an adjustment of its opening
      // lot, recorded in the ledger (docs/decisions/059).
      await adjustStock(
        tx,
        { variantId: size.id, stockQuantity, actorId },
        sizeRows ? `sizes[${index}].stockQuantity` : "stockQuantity",
      );
    } else {
      await tx.insert(productVariants).values({
        productId: product.id,
        label: "",
        sku: skuFromSlug(product.slug),
        ...figures,
      });
    }
  }
  const [{ onSale } = { onSale: 0 }] = await tx
    .select({ onSale: count() })
    .from(productVariants)
    .where(and(eq(productVariants.productId, product.id), isNull(productVariants.archivedAt)));
  if (onSale === 0) {
    throw new ProductAdminError("A product needs at least one size on sale", "sizes");
  }
  const after = await listAllSizes(tx, product.id);
  const figures = before.length > 1 || after.length > 1;
  return {
    before: before.map((size) => sizeSummary(size, figures)),
    after: after.map((size) => sizeSummary(size, figures)),
  };
}
