import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  orderItemLots,
  products,
  productVariants,
  stockLots,
  stockMovements,
} from "../../../db/schema";
import type { ProductStatus } from "../../domain/product-status";
import { queryRows, type Transaction } from "../../lib/db.server";
import { lockSizes, openingLotOf } from "./lots.server";
import { lotIsSellableSql, refreshSellableStock } from "./sellable.server";

/** A quantity of one pack size (docs/decisions/056) for one order line. */
export type StockLine = { variantId: string; quantity: number; orderItemId: string };

/** The units an order line took from one lot, first expiry first out (docs/decisions/059). */
export type LotTake = {
  lotId: string;
  batchNumber: string | null;
  expiresOn: string | null;
  quantity: number;
};

/** What the size and its product held as the stock was taken: the price and tax an order records. */
export type TakenStock = {
  variantId: string;
  price: number;
  discountPrice: number | null;
  hsnCode: string;
  gstRate: number;
  lots: LotTake[];
};

/**
 * A line that could not be taken, with what its size holds now (nulls: the size is gone), whether
 * the size is archived and its product's status.
 */
export type StockShortfall = Omit<StockLine, "orderItemId"> & {
  stock: number | null;
  archived: boolean;
  status: ProductStatus | null;
};

/**
 * Takes each line's quantity from its size's stock inside the caller's transaction. First one
 * conditional update per line on the size's row, whose `stock_quantity` is its sellable stock:
 * the row lock makes concurrent takes wait, and the `stock_quantity >= quantity` test, evaluated
 * again after the wait, keeps stock from going below zero. Then, under that lock, one statement
 * allocates the line across the size's sellable lots first expiry first out, records which lots
 * the order line was filled from and writes the 'sold' movements. Rows are taken in size id
 * order, the order every other stock change locks them in (lockSizes), so two transactions
 * holding the same sizes cannot deadlock. Stops at the first line that cannot be taken; the
 * caller then refuses, which rolls the transaction back. `forSale` also refuses a size that is
 * archived or whose product is no longer published.
 *
 * The product's tax codes and status are read after the size is taken, by a statement of its
 * own: it sees what an administrator's edit committed while the take waited for the size (the
 * product form writes the size and the product in one transaction), which a read joined to the
 * update would not. The lots are read by a statement after the lock for the same reason.
 */
export async function takeStock(
  tx: Transaction,
  lines: StockLine[],
  options: {
    forSale: boolean;
    /** A reopened order's lines kept the lots of their cancelled allocation: replaced by this one. */
    replacesAllocation?: boolean;
  },
): Promise<{ taken: TakenStock[]; shortfall: StockShortfall | null }> {
  const taken: TakenStock[] = [];
  if (options.replacesAllocation) {
    await tx.delete(orderItemLots).where(
      inArray(
        orderItemLots.orderItemId,
        lines.map((line) => line.orderItemId),
      ),
    );
  }
  const byId = [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  for (const line of byId) {
    const [row] = await tx
      .update(productVariants)
      .set({
        stockQuantity: sql`${productVariants.stockQuantity} - ${line.quantity}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(productVariants.id, line.variantId),
          options.forSale ? isNull(productVariants.archivedAt) : undefined,
          sql`${productVariants.stockQuantity} >= ${line.quantity}`,
        ),
      )
      .returning({
        variantId: productVariants.id,
        productId: productVariants.productId,
        price: productVariants.price,
        discountPrice: productVariants.discountPrice,
        stockQuantity: productVariants.stockQuantity,
      });
    const [product] = row
      ? await tx
          .select({ hsnCode: products.hsnCode, gstRate: products.gstRate, status: products.status })
          .from(products)
          .where(eq(products.id, row.productId))
      : [];
    if (!row || !product || (options.forSale && product.status !== "published")) {
      return { taken, shortfall: await shortfallOf(tx, line) };
    }
    const lots = await allocateLots(tx, line);
    if (!lots.ok) {
      // The size's figure counted units that may no longer be sold (a lot crossed the shelf-life
      // line since the daily refresh): the caller refuses, and the refresh sets it right.
      return { taken, shortfall: { ...(await shortfallOf(tx, line)), stock: lots.sellable } };
    }
    if (lots.sellable - line.quantity < row.stockQuantity) {
      // The figure still counted a lot that crossed the line today: set it to what is left.
      // (Lots only stop being sellable with time, so a sale never raises the figure.)
      await refreshSellableStock(tx, { variantIds: [line.variantId] });
    }
    taken.push({
      variantId: row.variantId,
      price: row.price,
      discountPrice: row.discountPrice,
      hsnCode: product.hsnCode,
      gstRate: product.gstRate,
      lots: lots.takes,
    });
  }
  return { taken, shortfall: null };
}

type AllocatedRow = {
  lot_id: string;
  batch_number: string | null;
  expires_on: string | null;
  quantity: number;
  sellable: number;
  position: number;
  ok: boolean;
};

/**
 * One statement: the size's sellable lots in first-expiry-first-out order (earliest expiry, no
 * expiry last, then the earliest received), each giving what it has until the line is filled;
 * when they hold enough, their quantities drop, the order line's lots are recorded and the 'sold'
 * movements written. Not `ok` when they do not hold enough (nothing is written).
 */
export async function allocateLots(tx: Transaction, line: StockLine) {
  const rows = await queryRows<AllocatedRow>(
    tx,
    sql`
      with candidates as (
        select l.id, l.batch_number, l.expires_on, l.quantity_left,
          sum(l.quantity_left) over fefo as upto,
          sum(l.quantity_left) over () as sellable,
          row_number() over fefo as position
        from stock_lots l
        where l.variant_id = ${line.variantId} and l.quantity_left > 0
          and ${lotIsSellableSql("l")}
        window fefo as (order by l.expires_on asc nulls last, l.received_at, l.id)
      ), picks as (
        select id, batch_number, expires_on, sellable, position,
          least(quantity_left, ${line.quantity} - (upto - quantity_left))::int as quantity
        from candidates
        where upto - quantity_left < ${line.quantity}
      ), enough as (
        select coalesce(sum(quantity), 0) = ${line.quantity} as ok from picks
      ), taken as (
        update stock_lots l set quantity_left = l.quantity_left - p.quantity
        from picks p
        where l.id = p.id and (select ok from enough)
        returning l.id
      ), recorded as (
        insert into order_item_lots (order_item_id, lot_id, batch_number, expires_on, quantity)
        select ${line.orderItemId}::uuid, id, batch_number, expires_on, quantity
        from picks where (select ok from enough)
      ), moved as (
        insert into stock_movements (lot_id, variant_id, quantity, reason, order_item_id)
        select id, ${line.variantId}::uuid, -quantity, 'sold', ${line.orderItemId}::uuid
        from picks where (select ok from enough)
      )
      select p.id as lot_id, p.batch_number, p.expires_on::text as expires_on, p.quantity,
        p.sellable::int as sellable, p.position::int as position, (select ok from enough) as ok
      from picks p
    `,
  );
  const ok = rows[0]?.ok ?? false;
  const sellable = Number(rows[0]?.sellable ?? 0);
  const takes = [...rows]
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((row) => ({
      lotId: row.lot_id,
      batchNumber: row.batch_number,
      expiresOn: row.expires_on,
      quantity: Number(row.quantity),
    }));
  return { ok, takes: ok ? takes : [], sellable };
}

/** What a size that could not be taken holds now. */
async function shortfallOf(
  tx: Transaction,
  line: Omit<StockLine, "orderItemId">,
): Promise<StockShortfall> {
  const [current] = await tx
    .select({
      stock: productVariants.stockQuantity,
      archived: sql<boolean>`${productVariants.archivedAt} is not null`,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, line.variantId));
  return {
    variantId: line.variantId,
    quantity: line.quantity,
    stock: current?.stock ?? null,
    archived: current?.archived ?? false,
    status: current?.status ?? null,
  };
}

/** An order line whose units go back to stock. A size deleted since has none to take back. */
export type ReturnedLine = { orderItemId: string; variantId: string; quantity: number };

/**
 * Gives order lines' units back inside the caller's transaction, each to the lots it was taken
 * from (`order_item_lots`), with 'restocked' movements; units the line took before lots were
 * kept (or from a lot deleted since) go to the size's opening lot. The line's allocations stay,
 * so the invoice and credit note of a cancelled order still name its batches; a reopened order's
 * takeStock replaces them. Size rows are locked first, in id order
 * (lockSizes), and each size's sellable stock is set again.
 */
export async function returnStock(tx: Transaction, lines: ReturnedLine[]) {
  if (lines.length === 0) return;
  const sizes = await lockSizes(
    tx,
    lines.map((line) => line.variantId),
  );
  const present = new Set(sizes.map((size) => size.id));
  const kept = lines.filter((line) => present.has(line.variantId) && line.quantity > 0);
  if (kept.length === 0) return;
  const itemIds = kept.map((line) => line.orderItemId);
  const allocations = await tx
    .select({
      orderItemId: orderItemLots.orderItemId,
      lotId: stockLots.id,
      quantity: orderItemLots.quantity,
    })
    .from(orderItemLots)
    .innerJoin(stockLots, eq(stockLots.id, orderItemLots.lotId))
    .where(inArray(orderItemLots.orderItemId, itemIds));
  const openings = await tx
    .select({ id: stockLots.id, variantId: stockLots.variantId })
    .from(stockLots)
    .where(
      and(
        inArray(
          stockLots.variantId,
          kept.map((line) => line.variantId),
        ),
        isNull(stockLots.batchNumber),
      ),
    );
  const openingOf = new Map(openings.map((lot) => [lot.variantId, lot.id]));
  const moves: { lotId: string; variantId: string; orderItemId: string; quantity: number }[] = [];
  for (const line of kept) {
    let left = line.quantity;
    for (const allocation of allocations) {
      if (allocation.orderItemId !== line.orderItemId || left === 0) continue;
      const quantity = Math.min(allocation.quantity, left);
      moves.push({ ...line, lotId: allocation.lotId, quantity });
      left -= quantity;
    }
    if (left > 0) {
      const opening = openingOf.get(line.variantId) ?? (await openingLotOf(tx, line.variantId)).id;
      moves.push({ ...line, lotId: opening, quantity: left });
    }
  }
  const byLot = new Map<string, number>();
  for (const move of moves) byLot.set(move.lotId, (byLot.get(move.lotId) ?? 0) + move.quantity);
  const returned = sql.join(
    [...byLot].map(([lotId, quantity]) => sql`(${lotId}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update stock_lots l
    set quantity_left = l.quantity_left + r.quantity
    from (values ${returned}) as r(lot_id, quantity)
    where l.id = r.lot_id
  `);
  await tx.insert(stockMovements).values(
    moves.map((move) => ({
      lotId: move.lotId,
      variantId: move.variantId,
      quantity: move.quantity,
      reason: "restocked" as const,
      orderItemId: move.orderItemId,
    })),
  );
  await refreshSellableStock(tx, { variantIds: [...new Set(kept.map((line) => line.variantId))] });
}
