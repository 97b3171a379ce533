import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { productVariants, stockLots, stockMovements } from "../../../db/schema";
import type { StockMovementReason } from "../../../db/schema/inventory";
import type { Executor, Transaction } from "../../lib/db.server";
import { refreshSellableStock } from "./sellable.server";

/** A refusal an administrator can act on: nothing was written. */
export class InventoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InventoryError";
  }
}

export type StockLot = typeof stockLots.$inferSelect;

/**
 * Locks the sizes' rows in id order, the order the checkout takes them in (takeStock), so two
 * transactions moving the same sizes' stock cannot deadlock. Every change to a size's lots holds
 * its row first: the checkout's conditional update on it serialises the takers of one size, and a
 * lot is never changed behind a take's back. The lock is the one an update of a non-key column
 * takes: `for update` would also wait on a checkout whose order lines reference the row.
 * Returns the sizes found with the stock they show.
 */
export async function lockSizes(tx: Transaction, variantIds: string[]) {
  if (variantIds.length === 0) return [];
  return tx
    .select({ id: productVariants.id, stockQuantity: productVariants.stockQuantity })
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(variantIds)]))
    .orderBy(asc(productVariants.id))
    .for("no key update");
}

/**
 * The size's opening lot (no batch number): its stock before batches were entered, and what the
 * product form's stock field adjusts. Every size has one (migration 0021 makes it when the size is
 * made); one missing is made empty.
 */
export async function openingLotOf(executor: Executor, variantId: string): Promise<StockLot> {
  const where = and(eq(stockLots.variantId, variantId), isNull(stockLots.batchNumber));
  const [lot] = await executor.select().from(stockLots).where(where);
  if (lot) return lot;
  await executor
    .insert(stockLots)
    .values({ variantId, batchNumber: null, quantityReceived: 0, quantityLeft: 0 })
    .onConflictDoNothing();
  const [made] = await executor.select().from(stockLots).where(where);
  return made!;
}

/** Which way each reason moves stock; `adjusted` goes either way. */
const SIGN: Record<StockMovementReason, 1 | -1 | 0> = {
  opening: 1,
  received: 1,
  restocked: 1,
  sold: -1,
  written_off: -1,
  adjusted: 0,
};

export type LotMove = {
  lotId: string;
  /** Signed: units into the lot (positive) or out of it (negative). */
  quantity: number;
  reason: Exclude<StockMovementReason, "opening">;
  orderItemId?: string | null;
  note?: string | null;
  actorId?: string | null;
};

/**
 * Moves stock into or out of one lot inside the caller's transaction: the lot's quantity left
 * changes, the ledger records the movement with its reason, and the size's sellable stock is set
 * again. The size's row is locked first (see lockSizes). A move that would leave the lot below
 * zero is refused with an InventoryError.
 */
export async function moveLotStock(tx: Transaction, move: LotMove) {
  if (!Number.isInteger(move.quantity) || move.quantity === 0) {
    throw new InventoryError("Enter a whole number of units other than zero.");
  }
  const sign = SIGN[move.reason];
  if (sign !== 0 && Math.sign(move.quantity) !== sign) {
    throw new InventoryError(`A ${move.reason.replace("_", " ")} movement cannot go that way.`);
  }
  const [found] = await tx
    .select({ variantId: stockLots.variantId })
    .from(stockLots)
    .where(eq(stockLots.id, move.lotId));
  if (!found) throw new InventoryError("That lot no longer exists. Reload the page.");
  await lockSizes(tx, [found.variantId]);
  const [lot] = await tx
    .update(stockLots)
    .set({ quantityLeft: sql`${stockLots.quantityLeft} + ${move.quantity}` })
    .where(
      and(eq(stockLots.id, move.lotId), sql`${stockLots.quantityLeft} + ${move.quantity} >= 0`),
    )
    .returning();
  if (!lot) {
    const [current] = await tx
      .select({ left: stockLots.quantityLeft })
      .from(stockLots)
      .where(eq(stockLots.id, move.lotId));
    const left = current?.left ?? 0;
    throw new InventoryError(
      `Only ${left} ${left === 1 ? "unit is" : "units are"} left in this lot.`,
    );
  }
  await tx.insert(stockMovements).values({
    lotId: lot.id,
    variantId: lot.variantId,
    quantity: move.quantity,
    reason: move.reason,
    orderItemId: move.orderItemId ?? null,
    note: move.note ?? null,
    actorId: move.actorId ?? null,
  });
  await refreshSellableStock(tx, { variantIds: [lot.variantId] });
  return lot;
}

export type NewLot = {
  variantId: string;
  batchNumber: string;
  /** YYYY-MM-DD; labels carry a month, stored as its first (manufacture) or last (expiry) day. */
  manufacturedOn?: string | null;
  expiresOn?: string | null;
  quantity: number;
  actorId?: string | null;
  note?: string | null;
  receivedAt?: Date;
};

/** A received batch's row: its batch number trimmed, all of it left to sell. */
function lotRowOf(lot: NewLot) {
  return {
    variantId: lot.variantId,
    batchNumber: lot.batchNumber.trim(),
    manufacturedOn: lot.manufacturedOn ?? null,
    expiresOn: lot.expiresOn ?? null,
    quantityReceived: lot.quantity,
    quantityLeft: lot.quantity,
    receivedBy: lot.actorId ?? null,
    ...(lot.receivedAt ? { receivedAt: lot.receivedAt } : {}),
  };
}

/**
 * Records a batch received for a size inside the caller's transaction: the lot, its 'received'
 * movement and the size's sellable stock. A batch number the size already has (in any case) is
 * refused with an InventoryError.
 */
export async function receiveLot(tx: Transaction, lot: NewLot): Promise<StockLot> {
  if (!Number.isInteger(lot.quantity) || lot.quantity <= 0) {
    throw new InventoryError("Enter the number of units received, at least 1.");
  }
  const batchNumber = lot.batchNumber.trim();
  if (!batchNumber) throw new InventoryError("Enter the batch number printed on the pack.");
  const [size] = await lockSizes(tx, [lot.variantId]);
  if (!size) throw new InventoryError("That size no longer exists. Reload the page.");
  const [clash] = await tx
    .select({ id: stockLots.id })
    .from(stockLots)
    .where(
      and(
        eq(stockLots.variantId, lot.variantId),
        sql`lower(${stockLots.batchNumber}) = lower(${batchNumber})`,
      ),
    );
  if (clash) {
    throw new InventoryError(`Batch ${batchNumber} is already recorded for this size.`);
  }
  const [created] = await tx.insert(stockLots).values(lotRowOf(lot)).returning();
  await tx.insert(stockMovements).values({
    lotId: created!.id,
    variantId: lot.variantId,
    quantity: lot.quantity,
    reason: "received",
    note: lot.note ?? null,
    actorId: lot.actorId ?? null,
  });
  await refreshSellableStock(tx, { variantIds: [lot.variantId] });
  return created!;
}

/**
 * The product form's stock field, for an owner who does not track batches: the size's sellable
 * stock becomes `stockQuantity` by an 'adjusted' movement of the difference on its opening lot.
 * A decrease larger than the opening lot holds is refused: the rest is in batches, changed on the
 * lots page. Returns the movement's quantity (0: nothing changed).
 */
export async function setSellableStock(
  tx: Transaction,
  change: { variantId: string; stockQuantity: number; actorId?: string | null; note?: string },
): Promise<number> {
  const [size] = await lockSizes(tx, [change.variantId]);
  if (!size) throw new InventoryError("That size no longer exists. Reload the page.");
  const difference = change.stockQuantity - size.stockQuantity;
  if (difference === 0) return 0;
  const opening = await openingLotOf(tx, change.variantId);
  if (opening.quantityLeft + difference < 0) {
    throw new InventoryError(
      `Stock can be lowered here by at most ${opening.quantityLeft}, the opening stock; the rest is in batches. Adjust or write off batches on the size's stock lots page.`,
    );
  }
  await moveLotStock(tx, {
    lotId: opening.id,
    quantity: difference,
    reason: "adjusted",
    note: change.note ?? "Stock quantity changed on the product form",
    actorId: change.actorId ?? null,
  });
  return difference;
}

/**
 * Many batches at once (the demo catalog), each with its 'received' movement, and the sizes'
 * sellable stock set once at the end. The batch numbers must be new: the unique index refuses a
 * repeated one.
 */
export async function receiveLots(tx: Transaction, lots: NewLot[]): Promise<StockLot[]> {
  if (lots.length === 0) return [];
  const variantIds = [...new Set(lots.map((lot) => lot.variantId))];
  await lockSizes(tx, variantIds);
  const created = await tx.insert(stockLots).values(lots.map(lotRowOf)).returning();
  const keyOf = (variantId: string, batch: string | null) =>
    `${variantId}:${batch?.trim().toLowerCase()}`;
  const asked = new Map(lots.map((lot) => [keyOf(lot.variantId, lot.batchNumber), lot]));
  await tx.insert(stockMovements).values(
    created.map((lot) => {
      const from = asked.get(keyOf(lot.variantId, lot.batchNumber))!;
      return {
        lotId: lot.id,
        variantId: lot.variantId,
        quantity: lot.quantityLeft,
        reason: "received" as const,
        note: from.note ?? null,
        actorId: from.actorId ?? null,
        createdAt: lot.receivedAt,
      };
    }),
  );
  await refreshSellableStock(tx, { variantIds });
  return created;
}
