import { sql } from "drizzle-orm";
import {
  orderItems,
  orders,
  profiles,
  recallOrderLines,
  type StockMovementReason,
  stockMovements,
} from "../../../db/schema";
import { type LotMovementKind, movementKindOf } from "../../domain/batch-labels";
import { type Executor, queryRows } from "../../lib/db.server";

/** The newest movements a lot's history shows; the page says how many there are in all. */
export const LOT_HISTORY_LIMIT = 100;

export type LotMovement = {
  id: string;
  kind: LotMovementKind;
  /** Signed: into the lot (positive) or out of it. */
  quantity: number;
  at: Date;
  order: { id: string; orderNumber: string } | null;
  /** Who moved it: the person recorded, else the customer of its order; null when neither. */
  who: string | null;
  note: string | null;
};

export type LotHistory = { movements: LotMovement[]; count: number };

/**
 * Each lot's ledger (docs/decisions/075), newest first and at most `limit` rows a lot, with how
 * many it has: received, sold, returned, recalled (the units a recall took back from an order not
 * yet shipped), adjusted or written off, each with its order and who moved it.
 */
export async function lotHistories(
  executor: Executor,
  lotIds: readonly string[],
  limit = LOT_HISTORY_LIMIT,
): Promise<Map<string, LotHistory>> {
  const histories = new Map<string, LotHistory>(
    lotIds.map((id) => [id, { movements: [], count: 0 }]),
  );
  if (lotIds.length === 0) return histories;
  const rows = await queryRows<{
    id: string;
    lot_id: string;
    reason: StockMovementReason;
    quantity: number;
    created_at: Date | string;
    note: string | null;
    order_id: string | null;
    order_number: string | null;
    actor_name: string | null;
    customer_name: string | null;
    recalled: boolean;
    total: number;
  }>(
    executor,
    sql`
      select * from (
        select m.id, m.lot_id, m.reason, m.quantity, m.created_at, m.note,
          o.id as order_id, o.order_number,
          nullif(trim(a.full_name), '') as actor_name,
          coalesce(nullif(trim(c.full_name), ''), o.shipping_address->>'fullName') as customer_name,
          exists (
            select 1 from ${recallOrderLines} r
            where m.reason = 'restocked' and r.outcome = 'reallocated'
              and r.lot_id = m.lot_id and r.order_item_id = m.order_item_id
          ) as recalled,
          row_number() over (partition by m.lot_id order by m.created_at desc, m.id desc) as place,
          count(*) over (partition by m.lot_id)::int as total
        from ${stockMovements} m
        left join ${orderItems} i on i.id = m.order_item_id
        left join ${orders} o on o.id = i.order_id
        left join ${profiles} a on a.id = m.actor_id
        left join ${profiles} c on c.id = o.user_id
        where m.lot_id in (${sql.join(
          lotIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      ) ranked
      where place <= ${limit}
      order by created_at desc, id desc
    `,
  );
  for (const row of rows) {
    const history = histories.get(row.lot_id)!;
    history.count = Number(row.total);
    history.movements.push({
      id: row.id,
      kind: movementKindOf(row.reason, row.recalled),
      quantity: Number(row.quantity),
      at: new Date(row.created_at),
      order:
        row.order_id && row.order_number
          ? { id: row.order_id, orderNumber: row.order_number }
          : null,
      who: row.actor_name ?? (row.order_id ? row.customer_name : null),
      note: row.note,
    });
  }
  return histories;
}
