import { SHIPMENT_STATE_LABELS } from "../domain/shipments";
import type { Database } from "../lib/db.server";
import { recordAudit } from "../modules/audit/audit.server";
import { lockOrder, shippingAddressOf } from "../modules/orders/orders-admin.server";
import { type Courier, CourierError, ShipmentError } from "../modules/shipping/courier.server";
import { lockShipmentOfOrder, markReattemptRequested } from "../modules/shipping/shipments.server";

/**
 * "Ask for another attempt" (docs/decisions/074): after a failed delivery attempt the owner asks
 * the courier to try again, at the order's address as it is now. Checked first (a booked parcel
 * whose last attempt failed), then the courier is asked outside any transaction, and what it took
 * is recorded on the shipment and audited once it answered; a courier that refuses or cannot be
 * reached leaves nothing recorded, with its reason for the owner.
 */
export async function askForAnotherAttempt(
  database: Database,
  current: Courier | null,
  actorId: string,
  orderId: string,
  now = new Date(),
) {
  const asked = await database.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const shipment = await lockShipmentOfOrder(tx, orderId);
    if (!shipment?.awb) {
      throw new ShipmentError(`Order ${order.orderNumber} has no booked shipment`, 404);
    }
    if (shipment.state !== "failed_attempt") {
      throw new ShipmentError(
        `Order ${order.orderNumber}'s parcel is “${SHIPMENT_STATE_LABELS[shipment.state]}”: another attempt is asked for after a failed one`,
      );
    }
    return {
      orderNumber: order.orderNumber,
      provider: shipment.provider,
      awb: shipment.awb,
      address: (await shippingAddressOf(tx, orderId))!,
    };
  });
  if (current?.provider !== asked.provider) {
    throw new ShipmentError(
      `The shop no longer books with ${asked.provider === "test" ? "the test courier" : "Shiprocket"}; ask the courier by phone`,
    );
  }
  try {
    await current.requestReattempt({ awb: asked.awb, address: asked.address });
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    throw new ShipmentError(`The courier did not take the request: ${error.message}`, 502);
  }
  await database.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const shipment = await lockShipmentOfOrder(tx, orderId);
    if (shipment) await markReattemptRequested(tx, shipment.id, now);
    await recordAudit(tx, {
      actorId,
      action: "request-reattempt",
      entity: "order",
      entityId: orderId,
      changes: { orderNumber: asked.orderNumber, awb: asked.awb },
    });
  });
  return { orderNumber: asked.orderNumber };
}
