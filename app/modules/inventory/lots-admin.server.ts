import { and, asc, eq, sql } from "drizzle-orm";
import { products, productVariants, stockLots } from "../../../db/schema";
import type { ReceiveLotInput } from "../../domain/validation/stock-lots";
import type { Database, Executor } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { InventoryError, lockSizes, moveLotStock, receiveLot } from "./lots.server";

/**
 * The lots page of a product (docs/decisions/059): each size on sale or not, with its lots, the
 * opening stock first and then by expiry. Null when there is no such product.
 */
export async function productLots(executor: Executor, productId: string) {
  const [product] = await executor
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [sizes, lots] = await Promise.all([
    executor
      .select({
        id: productVariants.id,
        label: productVariants.label,
        sku: productVariants.sku,
        stockQuantity: productVariants.stockQuantity,
        archived: sql<boolean>`${productVariants.archivedAt} is not null`,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.sortOrder), asc(productVariants.id)),
    executor
      .select({
        id: stockLots.id,
        variantId: stockLots.variantId,
        batchNumber: stockLots.batchNumber,
        manufacturedOn: stockLots.manufacturedOn,
        expiresOn: stockLots.expiresOn,
        quantityReceived: stockLots.quantityReceived,
        quantityLeft: stockLots.quantityLeft,
        receivedAt: stockLots.receivedAt,
        heldAt: stockLots.heldAt,
      })
      .from(stockLots)
      .innerJoin(productVariants, eq(productVariants.id, stockLots.variantId))
      .where(eq(productVariants.productId, productId))
      .orderBy(
        sql`${stockLots.batchNumber} is not null`,
        sql`${stockLots.expiresOn} asc nulls last`,
        asc(stockLots.receivedAt),
        asc(stockLots.id),
      ),
  ]);
  return {
    product,
    sizes: sizes.map((size) => ({
      ...size,
      lots: lots.filter((lot) => lot.variantId === size.id),
    })),
  };
}

export type ProductLotsView = NonNullable<Awaited<ReturnType<typeof productLots>>>;

/** The size, when it is one of the product's; refused otherwise (a tampered form). */
async function sizeOfProduct(executor: Executor, productId: string, variantId: string) {
  const [size] = await executor
    .select({ id: productVariants.id, label: productVariants.label, sku: productVariants.sku })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!size) throw new InventoryError("That size could not be found. Reload the page.");
  return size;
}

/** The lot with its size's row held, when it is one of the product's batches. */
async function lockedLotOfProduct(executor: Database | Executor, productId: string, lotId: string) {
  const [found] = await executor
    .select({ variantId: stockLots.variantId })
    .from(stockLots)
    .innerJoin(productVariants, eq(productVariants.id, stockLots.variantId))
    .where(and(eq(stockLots.id, lotId), eq(productVariants.productId, productId)));
  if (!found) throw new InventoryError("That lot could not be found. Reload the page.");
  return found;
}

/** Receive stock: a new batch of one of the product's sizes, with its audit entry. */
export function receiveStock(
  database: Database,
  actorId: string,
  productId: string,
  input: ReceiveLotInput,
) {
  return database.transaction(async (tx) => {
    const size = await sizeOfProduct(tx, productId, input.variantId);
    const lot = await receiveLot(tx, {
      variantId: size.id,
      batchNumber: input.batchNumber,
      manufacturedOn: input.manufacturedOn,
      expiresOn: input.expiresOn,
      quantity: input.quantity,
      actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: "receive-stock",
      entity: "product",
      entityId: productId,
      changes: {
        size: size.label || null,
        sku: size.sku,
        batchNumber: lot.batchNumber,
        manufacturedOn: lot.manufacturedOn,
        expiresOn: lot.expiresOn,
        quantity: lot.quantityReceived,
      },
    });
    return lot;
  });
}

/**
 * Sets a lot to the quantity counted on the shelf: an 'adjusted' movement of the difference,
 * with the reason as its note and an audit entry. The size's row is held while the lot is read,
 * so a sale meanwhile cannot make the difference wrong.
 */
export function adjustLot(
  database: Database,
  actorId: string,
  productId: string,
  input: { lotId: string; counted: number; reason: string },
) {
  return database.transaction(async (tx) => {
    const { variantId } = await lockedLotOfProduct(tx, productId, input.lotId);
    await lockSizes(tx, [variantId]);
    const [lot] = await tx
      .select({ batchNumber: stockLots.batchNumber, left: stockLots.quantityLeft })
      .from(stockLots)
      .where(eq(stockLots.id, input.lotId));
    const difference = input.counted - lot!.left;
    if (difference === 0) {
      throw new InventoryError(`This lot already holds ${input.counted}.`);
    }
    await moveLotStock(tx, {
      lotId: input.lotId,
      quantity: difference,
      reason: "adjusted",
      note: input.reason,
      actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: "adjust-stock",
      entity: "product",
      entityId: productId,
      changes: {
        batchNumber: lot!.batchNumber ?? "Opening stock",
        from: lot!.left,
        to: input.counted,
        reason: input.reason,
      },
    });
    return difference;
  });
}

/** Writes off units of a lot (damaged, expired, recalled), with the reason and an audit entry. */
export function writeOffLot(
  database: Database,
  actorId: string,
  productId: string,
  input: { lotId: string; quantity: number; reason: string },
) {
  return database.transaction(async (tx) => {
    await lockedLotOfProduct(tx, productId, input.lotId);
    const lot = await moveLotStock(tx, {
      lotId: input.lotId,
      quantity: -input.quantity,
      reason: "written_off",
      note: input.reason,
      actorId,
    });
    await recordAudit(tx, {
      actorId,
      action: "write-off-stock",
      entity: "product",
      entityId: productId,
      changes: {
        batchNumber: lot.batchNumber ?? "Opening stock",
        quantity: input.quantity,
        left: lot.quantityLeft,
        reason: input.reason,
      },
    });
    return lot;
  });
}
