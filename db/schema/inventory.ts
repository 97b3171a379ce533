import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./accounts";
import { productVariants } from "./catalog";
import { createdAt, id } from "./columns";
import { orderItems } from "./commerce";

/**
 * A batch of one pack size as it came from manufacture (docs/decisions/059): its number, dates and
 * what is left of it. A size's stock on hand is the sum of its lots' `quantity_left`. The lot with
 * no batch number is the size's opening stock: what it held before batches were entered, and what
 * the product form's stock field adjusts for an owner who does not track batches.
 */
export const stockLots = pgTable(
  "stock_lots",
  {
    id: id(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** Null for the size's opening stock. */
    batchNumber: text("batch_number"),
    manufacturedOn: date("manufactured_on", { mode: "string" }),
    /** Labels carry a month; stored as a date (the month's last day). Null: no expiry recorded. */
    expiresOn: date("expires_on", { mode: "string" }),
    quantityReceived: integer("quantity_received").notNull(),
    quantityLeft: integer("quantity_left").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
    receivedBy: uuid("received_by").references(() => profiles.id, { onDelete: "set null" }),
    /**
     * A recalled batch is held (docs/decisions/067): not sold, nor shipped, from `held_at` until
     * the hold is lifted. The last lifting stays recorded; the audit log has every one.
     */
    heldAt: timestamp("held_at", { withTimezone: true, mode: "date" }),
    heldBy: uuid("held_by").references(() => profiles.id, { onDelete: "set null" }),
    holdReason: text("hold_reason"),
    holdLiftedAt: timestamp("hold_lifted_at", { withTimezone: true, mode: "date" }),
    holdLiftedBy: uuid("hold_lifted_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("stock_lots_batch_unique")
      .on(t.variantId, sql`lower(${t.batchNumber})`)
      .where(sql`${t.batchNumber} is not null`),
    uniqueIndex("stock_lots_opening_unique").on(t.variantId).where(sql`${t.batchNumber} is null`),
    index("stock_lots_variant_expiry_idx").on(t.variantId, t.expiresOn),
    index("stock_lots_batch_idx").on(sql`lower(${t.batchNumber})`),
    check("stock_lots_quantity_left_non_negative", sql`${t.quantityLeft} >= 0`),
    check("stock_lots_quantity_received_non_negative", sql`${t.quantityReceived} >= 0`),
    check(
      "stock_lots_batch_number_format",
      sql`${t.batchNumber} is null or char_length(${t.batchNumber}) between 1 and 40`,
    ),
    check(
      "stock_lots_hold_reason_length",
      sql`${t.holdReason} is null or char_length(${t.holdReason}) <= 200`,
    ),
    check(
      "stock_lots_expiry_after_manufacture",
      sql`${t.manufacturedOn} is null or ${t.expiresOn} is null or ${t.expiresOn} > ${t.manufacturedOn}`,
    ),
  ],
);

export const STOCK_MOVEMENT_REASONS = [
  "opening",
  "received",
  "sold",
  "restocked",
  "adjusted",
  "written_off",
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * The stock ledger: every change to a lot's quantity left, signed, with its reason. For every lot
 * the movements add up to its `quantity_left`; a test and the back office's check hold the shop
 * to it.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: id(),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => stockLots.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    reason: text("reason", { enum: STOCK_MOVEMENT_REASONS }).notNull(),
    /** The order line a sale or restock belongs to. */
    orderItemId: uuid("order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    note: text("note"),
    actorId: uuid("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_movements_lot_idx").on(t.lotId, t.createdAt),
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt),
    index("stock_movements_order_item_idx").on(t.orderItemId),
    check("stock_movements_quantity_non_zero", sql`${t.quantity} <> 0`),
    check(
      "stock_movements_reason_known",
      sql`${t.reason} in ('opening', 'received', 'sold', 'restocked', 'adjusted', 'written_off')`,
    ),
    check("stock_movements_note_length", sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/**
 * Which lots an order line was filled from, first-expiry-first-out, with the batch and expiry
 * copied so that invoices and recalls read the same after the lot changes. A cancellation gives
 * the units back to these lots.
 */
export const orderItemLots = pgTable(
  "order_item_lots",
  {
    id: id(),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    lotId: uuid("lot_id").references(() => stockLots.id, { onDelete: "set null" }),
    /** Null when the units came from opening stock. */
    batchNumber: text("batch_number"),
    expiresOn: date("expires_on", { mode: "string" }),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_item_lots_order_item_idx").on(t.orderItemId),
    index("order_item_lots_lot_idx").on(t.lotId),
    index("order_item_lots_batch_idx").on(sql`lower(${t.batchNumber})`),
    check("order_item_lots_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const RECALL_LINE_OUTCOMES = ["reallocated", "held"] as const;
export type RecallLineOutcome = (typeof RECALL_LINE_OUTCOMES)[number];

/**
 * What a recall did to an order line not yet shipped that was filled from the held lot
 * (docs/decisions/067): its units were taken again from other sellable lots (`reallocated`), or,
 * none being left, the line stays on the held lot and its order cannot be shipped until the hold
 * is lifted or the order is cancelled (`held`, open while `resolved_at` is null).
 */
export const recallOrderLines = pgTable(
  "recall_order_lines",
  {
    id: id(),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => stockLots.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    outcome: text("outcome", { enum: RECALL_LINE_OUTCOMES }).notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("recall_order_lines_order_item_idx").on(t.orderItemId),
    index("recall_order_lines_lot_idx").on(t.lotId),
    uniqueIndex("recall_order_lines_open_once")
      .on(t.orderItemId, t.lotId)
      .where(sql`${t.outcome} = 'held' and ${t.resolvedAt} is null`),
    check("recall_order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("recall_order_lines_outcome_known", sql`${t.outcome} in ('reallocated', 'held')`),
  ],
);
