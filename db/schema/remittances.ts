import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./accounts";
import { createdAt, id } from "./columns";
import { orders } from "./commerce";

/**
 * A payout of cash on delivery by a courier (docs/decisions/061): the cash a courier collected at
 * the door reaches the shop only when the courier remits it, days after the deliveries. Each
 * payout names the orders it covered (`cod_remittance_orders`); an order is covered once.
 */
export const codRemittances = pgTable(
  "cod_remittances",
  {
    id: id(),
    /** The courier that paid: "test" or "shiprocket". */
    courier: text("courier").notNull(),
    /** The courier's own reference of the payout (its UTR or remittance id). */
    reference: text("reference").notNull(),
    remittedAt: timestamp("remitted_at", { withTimezone: true, mode: "date" }).notNull(),
    /** Paise paid out. */
    amount: integer("amount").notNull(),
    /** Who recorded it; null when read from the courier. */
    recordedBy: uuid("recorded_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cod_remittances_courier_reference_key").on(t.courier, t.reference),
    index("cod_remittances_remitted_at_idx").on(t.remittedAt),
    check("cod_remittances_amount_not_negative", sql`${t.amount} >= 0`),
    check("cod_remittances_courier_known", sql`${t.courier} in ('test', 'shiprocket')`),
  ],
);

/** What one payout covered: each order once, with the cash it carried for it. */
export const codRemittanceOrders = pgTable(
  "cod_remittance_orders",
  {
    remittanceId: uuid("remittance_id")
      .notNull()
      .references(() => codRemittances.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Paise collected for this order. */
    amount: integer("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.remittanceId, t.orderId] }),
    uniqueIndex("cod_remittance_orders_order_key").on(t.orderId),
    check("cod_remittance_orders_amount_not_negative", sql`${t.amount} >= 0`),
  ],
);
