import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { shipments } from "../../../db/schema";
import type { ShipmentState } from "../../domain/shipments";

/**
 * Whether the order `orderId` names has its shipment in one of `states`, for another area's
 * filter (the orders list's ?shipment=, its late orders). An order has one shipment, its state
 * kept by the courier's scans (docs/decisions/060).
 */
export function shipmentIn(orderId: AnyColumn, states: readonly ShipmentState[]): SQL {
  const listed = states.map((state) => sql`${state}`);
  return sql`exists (select 1 from ${shipments} s where s.order_id = ${orderId} and s.state in (${sql.join(listed, sql`, `)}))`;
}
