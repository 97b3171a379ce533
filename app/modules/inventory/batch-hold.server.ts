import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { orderItemLots, recallOrderLines, stockLots, stockMovements } from "../../../db/schema";
import { type Executor, queryRows, type Transaction } from "../../lib/db.server";
import { refreshSellableStock } from "./sellable.server";
import { allocateLots } from "./stock.server";

/**
 * A recalled batch on hold (docs/decisions/067). The caller locks the orders it changes, then the
 * sizes (lockSizes), in that order, as every other writer does; these functions only write.
 */

/** Puts the lots on hold; returns the ids of those this call held (not held before). */
export async function holdLots(
  tx: Transaction,
  lotIds: string[],
  hold: { actorId: string | null; reason: string; now: Date },
) {
  if (lotIds.length === 0) return [];
  const held = await tx
    .update(stockLots)
    .set({ heldAt: hold.now, heldBy: hold.actorId, holdReason: hold.reason })
    .where(and(inArray(stockLots.id, lotIds), isNull(stockLots.heldAt)))
    .returning({ id: stockLots.id });
  return held.map((lot) => lot.id);
}

/** An order line's units taken from a held lot. */
export type HeldAllocation = {
  allocationId: string;
  orderItemId: string;
  variantId: string;
  lotId: string;
  quantity: number;
};

/**
 * Takes a line's units from a held lot again from the size's other sellable lots, first expiry
 * first out, in the caller's transaction: the new lots are recorded with 'sold' movements, the
 * units go back to the held lot ('restocked') and its allocation is removed. When the other lots
 * do not hold enough, nothing moves and the line is recorded held: its order cannot be shipped
 * until the hold is lifted or the order cancelled. The caller sets the sizes' figures again.
 */
export async function reallocateFromHeldLot(
  tx: Transaction,
  allocation: HeldAllocation,
  recall: { note: string; actorId: string | null },
): Promise<"reallocated" | "held"> {
  const { note, actorId } = recall;
  const { orderItemId, variantId, lotId, quantity } = allocation;
  const taken = await allocateLots(tx, { orderItemId, variantId, quantity });
  if (!taken.ok) {
    await tx
      .insert(recallOrderLines)
      .values({ orderItemId, lotId, quantity, outcome: "held" })
      .onConflictDoNothing();
    return "held";
  }
  await tx
    .update(stockLots)
    .set({ quantityLeft: sql`${stockLots.quantityLeft} + ${quantity}` })
    .where(eq(stockLots.id, lotId));
  await tx
    .insert(stockMovements)
    .values({ lotId, variantId, quantity, reason: "restocked", orderItemId, note, actorId });
  await tx.delete(orderItemLots).where(eq(orderItemLots.id, allocation.allocationId));
  await tx
    .insert(recallOrderLines)
    .values({ orderItemId, lotId, quantity, outcome: "reallocated" });
  return "reallocated";
}

/**
 * Lifts the hold of the lots (a mistaken recall): they are sold again, and the order lines held
 * on them are released. Returns the ids of the lots this call released.
 */
export async function liftLotHolds(
  tx: Transaction,
  lots: { id: string; variantId: string }[],
  lift: { actorId: string | null; now: Date },
) {
  if (lots.length === 0) return [];
  const ids = lots.map((lot) => lot.id);
  const lifted = await tx
    .update(stockLots)
    .set({ heldAt: null, holdLiftedAt: lift.now, holdLiftedBy: lift.actorId })
    .where(and(inArray(stockLots.id, ids), isNotNull(stockLots.heldAt)))
    .returning({ id: stockLots.id });
  await tx
    .update(recallOrderLines)
    .set({ resolvedAt: lift.now })
    .where(
      and(
        inArray(recallOrderLines.lotId, ids),
        eq(recallOrderLines.outcome, "held"),
        isNull(recallOrderLines.resolvedAt),
      ),
    );
  await refreshSellableStock(tx, { variantIds: [...new Set(lots.map((lot) => lot.variantId))] });
  return lifted.map((lot) => lot.id);
}

/**
 * Whether a held line still holds its order: not released by a lifted hold, the order not
 * cancelled, and the line still filled from the held lot (a reopened order took its units again
 * from sellable lots). SQL over `recall_order_lines` as `r`.
 */
const stillHolds = sql`r.outcome = 'held' and r.resolved_at is null
  and exists (select 1 from order_item_lots a where a.order_item_id = r.order_item_id and a.lot_id = r.lot_id)
  and exists (select 1 from order_items i join orders o on o.id = i.order_id
    where i.id = r.order_item_id and o.status <> 'cancelled')`;

/**
 * The batches holding each of the orders ("Needs attention": it cannot be shipped until the hold
 * is lifted or the order cancelled); an order not in the map is not held.
 */
export async function recallHoldsOfOrders(executor: Executor, orderIds: string[]) {
  const holds = new Map<string, string[]>();
  if (orderIds.length === 0) return holds;
  const rows = await queryRows<{ order_id: string; batch_number: string }>(
    executor,
    sql`
      select distinct i.order_id, l.batch_number
      from recall_order_lines r
      join order_items i on i.id = r.order_item_id
      join stock_lots l on l.id = r.lot_id
      where i.order_id in (${sql.join(
        orderIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ${stillHolds}
      order by l.batch_number
    `,
  );
  for (const row of rows)
    holds.set(row.order_id, [...(holds.get(row.order_id) ?? []), row.batch_number]);
  return holds;
}

/** Why an order cannot be shipped because of a recall, or null. */
export async function recallHoldReason(executor: Executor, orderId: string) {
  const batches = (await recallHoldsOfOrders(executor, [orderId])).get(orderId);
  if (!batches) return null;
  return `is held: batch ${batches.join(", ")} is recalled and no other stock was left. Lift the hold or cancel the order`;
}

/** Every line a recall of these lots re-allocated or held, for the batch's page. */
export function recallLinesOfLots(executor: Executor, lotIds: string[]) {
  if (lotIds.length === 0) return Promise.resolve([]);
  return executor
    .select({
      orderItemId: recallOrderLines.orderItemId,
      lotId: recallOrderLines.lotId,
      quantity: recallOrderLines.quantity,
      outcome: recallOrderLines.outcome,
      resolvedAt: recallOrderLines.resolvedAt,
      createdAt: recallOrderLines.createdAt,
    })
    .from(recallOrderLines)
    .where(inArray(recallOrderLines.lotId, lotIds))
    .orderBy(asc(recallOrderLines.createdAt), asc(recallOrderLines.id));
}
