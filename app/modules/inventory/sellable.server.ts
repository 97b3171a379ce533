import { type SQL, sql } from "drizzle-orm";
import { DEFAULT_MIN_SHELF_LIFE_DAYS } from "../../domain/stock-lots";
import { type Executor, queryRows } from "../../lib/db.server";

/**
 * The earliest expiry a lot may have to be sold (docs/decisions/059): the shop's date (India)
 * plus the settings' minimum shelf life, worked out inside the statement that uses it so the
 * checkout reads no setting of its own. `today` (YYYY-MM-DD) stands in for the shop's date.
 */
export function sellableFromSql(today?: string): SQL {
  const date = today ? sql`${today}::date` : sql`(now() at time zone 'Asia/Kolkata')::date`;
  return sql`(${date} + coalesce((select s.min_shelf_life_days from settings s where s.id = 1), ${DEFAULT_MIN_SHELF_LIFE_DAYS}))`;
}

/**
 * Whether the lot aliased `lot` may be sold: not held by a recall (docs/decisions/067), and no
 * expiry or expiring on or after the line. Every sellable figure, the checkout's allocation and
 * the next lot's expiry read it, so a hold stops a lot's sales in the statement that sets it.
 */
export function lotIsSellableSql(lot: string, today?: string): SQL {
  const alias = sql.raw(lot);
  return sql`(${alias}.held_at is null and (${alias}.expires_on is null or ${alias}.expires_on >= ${sellableFromSql(today)}))`;
}

/**
 * Sets each size's `stock_quantity` to its sellable stock: the units left in its lots that may be
 * sold today. `variantIds` limits it to those sizes; without them every size is checked (the
 * daily refresh, a shelf-life change). Only sizes whose figure changes are written, so their pages
 * alone are refreshed. Returns how many changed.
 */
export async function refreshSellableStock(
  executor: Executor,
  options: { variantIds?: string[]; today?: string } = {},
): Promise<number> {
  const { variantIds, today } = options;
  if (variantIds && variantIds.length === 0) return 0;
  const only = variantIds
    ? sql`where v2.id in (${sql.join(
        variantIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const changed = await queryRows<{ id: string }>(
    executor,
    sql`
      update product_variants v
      set stock_quantity = s.sellable, updated_at = now()
      from (
        select v2.id,
          coalesce(sum(l.quantity_left) filter (where ${lotIsSellableSql("l", today)}), 0)::int
            as sellable
        from product_variants v2 left join stock_lots l on l.variant_id = v2.id
        ${only}
        group by v2.id
      ) s
      where v.id = s.id and v.stock_quantity <> s.sellable
      returning v.id
    `,
  );
  return changed.length;
}

/**
 * The expiry (YYYY-MM-DD, or null) of the lot the size aliased `variant` would ship next, first
 * expiry first out among its sellable lots with units left; null as well when that lot has no
 * expiry (opening stock). A subquery, so a page reads it with its size.
 */
export function nextLotExpirySql(variant: string): SQL {
  return sql`(
    select nl.expires_on::text from stock_lots nl
    where nl.variant_id = ${sql.raw(variant)}.id and nl.quantity_left > 0
      and ${lotIsSellableSql("nl")}
    order by nl.expires_on asc nulls last, nl.received_at, nl.id
    limit 1
  )`;
}
