import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { orderItemLots, orderItems, orders } from "../../../db/schema";
import type { Database, Transaction } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import {
  type HeldAllocation,
  holdLots,
  liftLotHolds,
  reallocateFromHeldLot,
  recallHoldsOfOrders,
} from "../inventory/batch-hold.server";
import { lockSizes } from "../inventory/lots.server";
import { refreshSellableStock } from "../inventory/sellable.server";
import type { Notifications } from "../notifications/notifications.server";
import { lotsOfBatch, recipientsOfBatch } from "./batch-recall.server";
import { OrderAdminError } from "./order-errors";
import { type CustomerNotice, queueRecallNotices } from "./recall-notices.server";

/** The statuses of an order whose parcel has not left: a recall takes its units back. */
const UNSHIPPED = ["pending", "processing"] as const;

/** Unshipped orders' units on the lots, in a fixed order. */
function unshippedAllocations(tx: Transaction, lotIds: string[]) {
  return tx
    .select({
      allocationId: orderItemLots.id,
      orderItemId: orderItemLots.orderItemId,
      orderId: orderItems.orderId,
      orderNumber: orders.orderNumber,
      variantId: sql<string>`${orderItems.variantId}`,
      lotId: sql<string>`${orderItemLots.lotId}`,
      quantity: orderItemLots.quantity,
    })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItemLots.lotId, lotIds),
        inArray(orders.status, [...UNSHIPPED]),
        sql`${orderItems.variantId} is not null`,
      ),
    )
    .orderBy(asc(orders.id), asc(orderItemLots.orderItemId), asc(orderItemLots.id));
}

/** Locks orders' rows in id order, the lock every change to an order takes first. */
async function lockOrders(tx: Transaction, orderIds: string[]) {
  const ids = [...new Set(orderIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(asc(orders.id))
    .for("update");
}

export type RecallOutcome = {
  batch: string;
  /** Lots this recall put on hold (0: they were held already). */
  newlyHeld: number;
  reallocated: string[];
  needsAttention: string[];
  notices: CustomerNotice[];
};

const DEADLOCK = "40P01";

/**
 * Recalls a batch (docs/decisions/067), in one transaction: its lots go on hold (no longer sold,
 * the sizes' figures set again); every order not yet shipped that was filled from them is filled
 * again from the size's other sellable lots, first expiry first out, or, where none is left,
 * held ("Needs attention", not shippable); every customer who received the batch is sent the
 * notice on every channel they can receive, each once. Audited.
 *
 * Locks: the unshipped orders first, in id order, then the sizes (lockSizes), the order cancel and
 * ship take them in. An order a checkout committed between the two is locked after the sizes; a
 * deadlock that may cause (with a cancellation of that very order) is tried once more.
 */
export async function recallBatch(
  database: Database,
  notifications: Pick<Notifications, "sms" | "whatsapp">,
  actorId: string,
  batch: string,
  now = new Date(),
): Promise<RecallOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.transaction((tx) => recallIn(tx, notifications, actorId, batch, now));
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || ((error as { code?: string }).code ?? code) !== DEADLOCK) throw error;
    }
  }
}

async function recallIn(
  tx: Transaction,
  notifications: Pick<Notifications, "sms" | "whatsapp">,
  actorId: string,
  batch: string,
  now: Date,
) {
  const lots = await lotsOfBatch(tx, batch);
  const lotIds = lots.map((lot) => lot.lotId);
  if (lots.length === 0 && (await recipientsOfBatch(tx, batch)).length === 0) {
    throw new OrderAdminError("No batch has this number", 404);
  }
  const batchNumber = lots[0]?.batchNumber ?? batch;
  const locked = new Set<string>();
  if (lotIds.length > 0) {
    const before = await unshippedAllocations(tx, lotIds);
    await lockOrders(
      tx,
      before.map((row) => row.orderId),
    );
    for (const row of before) locked.add(row.orderId);
  }
  await lockSizes(
    tx,
    lots.map((lot) => lot.variantId),
  );
  const newlyHeld = await holdLots(tx, lotIds, {
    actorId,
    reason: `Recall of batch ${batchNumber}`,
    now,
  });
  const reallocated = new Set<string>();
  const needsAttention = new Set<string>();
  if (lotIds.length > 0) {
    const allocations = await unshippedAllocations(tx, lotIds);
    const late = allocations.filter((row) => !locked.has(row.orderId));
    await lockOrders(
      tx,
      late.map((row) => row.orderId),
    );
    // Read again under the orders' locks: a late order may have moved on since.
    const current = late.length > 0 ? await unshippedAllocations(tx, lotIds) : allocations;
    const alreadyHeld = await recallHoldsOfOrders(tx, [
      ...new Set(current.map((row) => row.orderId)),
    ]);
    for (const row of current) {
      if (alreadyHeld.has(row.orderId)) {
        needsAttention.add(row.orderNumber);
        continue;
      }
      const outcome = await reallocateFromHeldLot(tx, row as HeldAllocation, {
        note: `Recall of batch ${batchNumber}: taken again from another lot`,
        actorId,
      });
      (outcome === "reallocated" ? reallocated : needsAttention).add(row.orderNumber);
    }
    for (const number of needsAttention) reallocated.delete(number);
    await refreshSellableStock(tx, { variantIds: [...new Set(lots.map((lot) => lot.variantId))] });
  }
  const notices = await queueRecallNotices(
    tx,
    notifications,
    batchNumber,
    await recipientsOfBatch(tx, batch),
  );
  const outcome: RecallOutcome = {
    batch: batchNumber,
    newlyHeld: newlyHeld.length,
    reallocated: [...reallocated],
    needsAttention: [...needsAttention],
    notices,
  };
  const fresh = notices.filter((n) => n.channels.some((c) => c.outcome === "queued"));
  if (newlyHeld.length > 0 || fresh.length > 0) {
    await recordAudit(tx, {
      actorId,
      action: "recall-batch",
      entity: "batch",
      entityId: null,
      label: batchNumber,
      changes: {
        batch: batchNumber,
        heldLots: newlyHeld.length,
        reallocated: outcome.reallocated,
        needsAttention: outcome.needsAttention,
        mailed: notices
          .filter((n) => n.channels.some((c) => c.channel === "email" && c.outcome === "queued"))
          .map((n) => n.customerId),
        notices: Object.fromEntries(
          fresh.map((n) => [
            n.customerId,
            n.channels.filter((c) => c.outcome === "queued").map((c) => c.channel),
          ]),
        ),
      },
    });
  }
  return outcome;
}

/**
 * Lifts a batch's hold (a mistaken recall): its lots are sold again and the orders held on them
 * may be shipped; audited. Notices already sent stay sent. False when nothing was held.
 */
export async function liftBatchHold(
  database: Database,
  actorId: string,
  batch: string,
  now = new Date(),
) {
  return database.transaction(async (tx) => {
    const lots = (await lotsOfBatch(tx, batch)).filter((lot) => lot.heldAt);
    if (lots.length === 0) return false;
    await lockSizes(
      tx,
      lots.map((lot) => lot.variantId),
    );
    const lifted = await liftLotHolds(
      tx,
      lots.map((lot) => ({ id: lot.lotId, variantId: lot.variantId })),
      { actorId, now },
    );
    if (lifted.length === 0) return false;
    await recordAudit(tx, {
      actorId,
      action: "lift-batch-hold",
      entity: "batch",
      entityId: null,
      label: lots[0]!.batchNumber,
      changes: { batch: lots[0]!.batchNumber, lots: lifted.length },
    });
    return true;
  });
}
