import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { SCAN_KINDS, SHIPMENT_STATES } from "../../app/domain/shipments";
import { profiles } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";
import { orders } from "./commerce";

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(","));

/**
 * An order's parcel booked with a courier (docs/decisions/060): one per order. `booking` while the
 * booking job runs; what the courier gave back (its order and shipment ids, the AWB, the label) is
 * kept as it arrives, so a retried booking continues where it stopped and never books twice.
 * Shipments booked together share a batch and are picked up together.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["test", "shiprocket"] }).notNull(),
    state: text("state", { enum: SHIPMENT_STATES }).notNull().default("booking"),
    batchId: uuid("batch_id").notNull(),
    weightGrams: integer("weight_grams").notNull(),
    courierName: text("courier_name"),
    awb: text("awb").unique(),
    providerOrderId: text("provider_order_id"),
    providerShipmentId: text("provider_shipment_id"),
    labelUrl: text("label_url"),
    /** The courier's last refusal, shown to the owner with "Retry booking". */
    error: text("error"),
    pickupRequestedAt: timestamp("pickup_requested_at", { withTimezone: true }),
    bookedBy: uuid("booked_by").references(() => profiles.id, { onDelete: "set null" }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    /** When the owner last asked the courier for another delivery attempt (a failed one). */
    reattemptRequestedAt: timestamp("reattempt_requested_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("shipments_batch_idx").on(t.batchId),
    check("shipments_provider_check", sql`${t.provider} in ('test','shiprocket')`),
    check("shipments_state_check", sql`${t.state} in (${inList(SHIPMENT_STATES)})`),
    check("shipments_weight_positive", sql`${t.weightGrams} > 0`),
    check(
      "shipments_booked_have_awb",
      sql`${t.state} in ('booking','booking_failed') or ${t.awb} is not null`,
    ),
  ],
);

/**
 * Every scan a courier reported for a shipment, oldest first when read by time. A courier repeats
 * its webhooks without an event id, so a scan is one AWB, status and time: stored once, applied
 * once.
 */
export const shipmentScans = pgTable(
  "shipment_scans",
  {
    id: id(),
    shipmentId: uuid("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    awb: text("awb").notNull(),
    kind: text("kind", { enum: SCAN_KINDS }).notNull(),
    /** The courier's own status text ("DELIVERED"). */
    status: text("status").notNull(),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    description: text("description").notNull().default(""),
    location: text("location"),
    /** "webhook", "poll", or "test" for a test courier's scan made by the owner. */
    source: text("source", { enum: ["webhook", "poll", "test"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shipment_scans_once").on(t.awb, t.status, t.scannedAt),
    index("shipment_scans_shipment_idx").on(t.shipmentId, t.scannedAt),
    check("shipment_scans_kind_check", sql`${t.kind} in (${inList(SCAN_KINDS)})`),
    check("shipment_scans_source_check", sql`${t.source} in ('webhook','poll','test')`),
  ],
);
