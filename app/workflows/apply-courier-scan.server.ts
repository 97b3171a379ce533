import { nextShipmentState, SCAN_LABELS, type ScanKind } from "../domain/shipments";
import type { Database, Transaction } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { recordAudit } from "../modules/audit/audit.server";
import { notifyOrderStep } from "../modules/orders/order-notices.server";
import { lockOrder, OrderAdminError } from "../modules/orders/orders-admin.server";
import { type CourierScan, ShipmentError } from "../modules/shipping/courier.server";
import {
  lockShipmentByAwb,
  lockShipmentOfOrder,
  recordScan,
  shipmentAwbOf,
} from "../modules/shipping/shipments.server";
import { changeOrderStatus } from "./change-order-status.server";

export type ScanOutcome = "applied" | "recorded" | "duplicate" | "unknown";

/**
 * A courier's scans (webhook, poll, or the test courier's buttons), each stored and applied in one
 * transaction, once: a scan seen before changes nothing (docs/decisions/060). What it does to the
 * order:
 * - delivered: the order is delivered and the customer told (the status change's own mail);
 * - out for delivery: a customer who opted in is told by SMS or WhatsApp (decision 063), in the
 *   scan's own transaction; a second scan the same day tells nothing more;
 * - a failed delivery attempt: the shipment's state flags the order for the owner, and the
 *   customer is told by mail and the messages they chose (docs/decisions/074);
 * - returned to the shop (RTO delivered): the order is cancelled through the cancellation
 *   workflow: its units back to stock, its coupon use back, a paid card order refunded.
 */
export async function applyCourierScans(
  database: Database,
  scans: CourierScan[],
  source: "webhook" | "poll" | "test",
  now = new Date(),
): Promise<ScanOutcome[]> {
  const outcomes: ScanOutcome[] = [];
  for (const scan of scans) {
    outcomes.push(await database.transaction((tx) => applyScan(tx, scan, source, now)));
  }
  return outcomes;
}

async function applyScan(
  tx: Transaction,
  scan: CourierScan,
  source: "webhook" | "poll" | "test",
  now: Date,
): Promise<ScanOutcome> {
  const orderId = await shipmentAwbOf(tx, scan.awb);
  if (!orderId) return "unknown";
  // The order first, then its shipment: the order every change to an order locks in.
  const order = await lockOrder(tx, orderId);
  const shipment = await lockShipmentByAwb(tx, scan.awb);
  if (!shipment) return "unknown";
  const { recorded, moved } = await recordScan(tx, shipment, scan, source, now);
  if (!recorded) return "duplicate";
  if (!moved) return "recorded";
  if (moved === "out_for_delivery") {
    await notifyOrderStep(tx, "out-for-delivery", order.id, scan.at);
  }
  if (moved === "failed_attempt" && order.status === "shipped") {
    await notifyOrderStep(tx, "delivery-failed", order.id, scan.at);
  }
  const target =
    moved === "delivered" && order.status === "shipped"
      ? "delivered"
      : moved === "rto_delivered" && order.status !== "cancelled"
        ? "cancelled"
        : null;
  if (target) {
    try {
      await changeOrderStatus(tx, null, order.id, target, now);
    } catch (error) {
      // A refunded order keeps its status (decision 049); the scan is kept all the same.
      if (!(error instanceof OrderAdminError)) throw error;
      logger.warn({ awb: scan.awb, err: error.message }, "courier scan left the order as it was");
    }
  } else {
    await recordAudit(tx, {
      actorId: null,
      actorKind: "courier",
      action: "courier-scan",
      entity: "order",
      entityId: order.id,
      changes: { orderNumber: order.orderNumber, awb: scan.awb, shipment: moved },
    });
  }
  return "applied";
}

/**
 * The owner moves a test courier's shipment on, one scan at a time, each applied exactly as a
 * courier's webhook would be and marked as a test. Refused for a real courier's shipment and for
 * a step the shipment cannot take.
 */
export async function applyTestScan(
  database: Database,
  orderId: string,
  kind: ScanKind,
  now = new Date(),
) {
  const awb = await database.transaction(async (tx) => {
    const shipment = await lockShipmentOfOrder(tx, orderId);
    if (!shipment?.awb) throw new ShipmentError("This order has no booked shipment", 404);
    if (shipment.provider !== "test") {
      throw new ShipmentError("Only a test courier's shipment can be moved by hand");
    }
    if (!nextShipmentState(shipment.state, kind)) {
      throw new ShipmentError(
        `A test shipment that is ${shipment.state.replace(/_/g, " ")} cannot be marked “${SCAN_LABELS[kind]}”`,
      );
    }
    return shipment.awb;
  });
  const [outcome] = await applyCourierScans(
    database,
    [
      {
        awb,
        kind,
        status: `TEST ${kind.toUpperCase()}`,
        at: now,
        description: `${SCAN_LABELS[kind]} (test scan)`,
        location: null,
      },
    ],
    "test",
    now,
  );
  return outcome;
}
