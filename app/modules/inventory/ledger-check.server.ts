import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../lib/db.server";
import { lotIsSellableSql } from "./sellable.server";

/** A size whose stock figures disagree, with each figure. */
export type LedgerMismatch = {
  variantId: string;
  productId: string;
  productName: string;
  sizeLabel: string;
  sku: string;
  /** The sum of its lots' quantity left. */
  onHand: number;
  /** The sum of its ledger's movements. */
  ledger: number;
  /** How many of its lots disagree with their own movements. */
  lotsOff: number;
  /** What the shop sells from: `product_variants.stock_quantity`. */
  stockQuantity: number;
  /** The sum of its sellable lots' quantity left, which `stockQuantity` should be. */
  sellable: number;
};

/**
 * The stock check (docs/decisions/059): every size whose lots disagree with the ledger (a lot's
 * quantity left is not the sum of its movements), or whose stock figure is not the units its
 * sellable lots hold. An empty list: the identity holds everywhere.
 */
export async function findLedgerMismatches(executor: Executor): Promise<LedgerMismatch[]> {
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`
      with lots as (
        select l.id, l.variant_id, l.quantity_left,
          ${lotIsSellableSql("l")} as sellable,
          coalesce((select sum(m.quantity) from stock_movements m where m.lot_id = l.id), 0)
            as moved
        from stock_lots l
      ), sizes as (
        select v.id, v.product_id, v.label, v.sku, v.stock_quantity,
          coalesce(sum(lots.quantity_left), 0)::int as on_hand,
          coalesce(sum(lots.moved), 0)::int as ledger,
          count(*) filter (where lots.moved <> lots.quantity_left)::int as lots_off,
          coalesce(sum(lots.quantity_left) filter (where lots.sellable), 0)::int as sellable
        from product_variants v left join lots on lots.variant_id = v.id
        group by v.id
      )
      select sizes.*, p.name as product_name
      from sizes join products p on p.id = sizes.product_id
      where sizes.lots_off > 0 or sizes.on_hand <> sizes.ledger
        or sizes.stock_quantity <> sizes.sellable
      order by p.name, sizes.label, sizes.id
    `,
  );
  return rows.map((row) => ({
    variantId: String(row.id),
    productId: String(row.product_id),
    productName: String(row.product_name),
    sizeLabel: String(row.label),
    sku: String(row.sku),
    onHand: Number(row.on_hand),
    ledger: Number(row.ledger),
    lotsOff: Number(row.lots_off),
    stockQuantity: Number(row.stock_quantity),
    sellable: Number(row.sellable),
  }));
}
