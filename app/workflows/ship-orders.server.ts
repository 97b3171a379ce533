import { randomUUID } from "node:crypto";
import { paymentArrived } from "../domain/orders";
import { MAX_ORDERS_PER_SHIPMENT_BATCH } from "../domain/validation/shipping";
import type { Database } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { recordAudit } from "../modules/audit/audit.server";
import { recallHoldReason } from "../modules/inventory/batch-hold.server";
import { defineJob, type JobServices } from "../modules/jobs/job-kinds.server";
import { runJobs } from "../modules/jobs/run-jobs.server";
import { lockOrder, shipWithTrackingId } from "../modules/orders/orders-admin.server";
import { isClosedByRefund } from "../modules/payments/refunds.server";
import {
  type Booking,
  type Courier,
  CourierError,
  ShipmentError,
} from "../modules/shipping/courier.server";
import {
  BOOKING_JOB_ORDERS,
  bookingRequestFor,
  COURIER_BOOKING_JOB,
  enqueueBooking,
  enqueueTrackingPoll,
  lockShipmentOfOrder,
  markBooked,
  markBookingFailed,
  markPickupRequested,
  noteBookingError,
  recordBookingProgress,
  type Shipment,
  shipmentsAwaitingPickup,
  shipmentsToBook,
  startBooking,
  TRACKING_POLL_MS,
} from "../modules/shipping/shipments.server";

/** The most orders one "Ship selected" books together. */
export const MAX_ORDERS_PER_BATCH = MAX_ORDERS_PER_SHIPMENT_BATCH;

const BOOKING_ATTEMPTS = 5;

export type ShipOutcome = {
  batchId: string | null;
  booking: string[];
  skipped: { orderNumber: string; reason: string }[];
};

/**
 * "Ship" (docs/decisions/060): marks each order as being shipped (a shipment in `booking`) and
 * enqueues one booking job for them all in the same transaction; the job books each with the
 * courier, moves it to shipped with its AWB, and asks for one pickup. An order that cannot be
 * shipped is skipped with its reason; when none can, nothing is written and the reasons are the
 * refusal. A failed booking is retried the same way.
 */
export async function shipOrders(
  database: Database,
  current: Courier | null,
  actorId: string,
  orderIds: string[],
  now = new Date(),
): Promise<ShipOutcome> {
  if (!current) {
    throw new ShipmentError("Booking with a courier is off; add a tracking ID by hand instead");
  }
  const ids = [...new Set(orderIds)].sort();
  if (ids.length === 0) throw new ShipmentError("Select at least one order to ship", 400);
  if (ids.length > MAX_ORDERS_PER_BATCH) {
    throw new ShipmentError(`Ship at most ${MAX_ORDERS_PER_BATCH} orders at once`, 400);
  }
  return database.transaction(async (tx) => {
    const batchId = randomUUID();
    const outcome: ShipOutcome = { batchId, booking: [], skipped: [] };
    for (const orderId of ids) {
      const order = await lockOrder(tx, orderId);
      const existing = await lockShipmentOfOrder(tx, orderId);
      const reason = await (async () => {
        if (existing && existing.state !== "booking_failed") {
          return existing.state === "booking" ? "is already being booked" : "is already booked";
        }
        if (order.status === "cancelled") return "is cancelled";
        if (order.trackingId) return `already has the tracking ID ${order.trackingId}`;
        if (order.status === "shipped" || order.status === "delivered") {
          return `is already ${order.status}`;
        }
        if (order.paymentMethod !== "cod" && !paymentArrived(order.paymentStatus)) {
          return "is not paid yet";
        }
        if (await isClosedByRefund(tx, order)) return "has been refunded in full";
        return recallHoldReason(tx, orderId);
      })();
      if (reason) {
        outcome.skipped.push({ orderNumber: order.orderNumber, reason });
        continue;
      }
      await startBooking(tx, {
        orderId,
        provider: current.provider,
        batchId,
        actorId,
        existing,
        now,
      });
      await recordAudit(tx, {
        actorId,
        action: existing ? "retry-booking" : "ship",
        entity: "order",
        entityId: order.id,
        changes: { orderNumber: order.orderNumber, courier: current.provider },
      });
      outcome.booking.push(order.orderNumber);
    }
    if (outcome.booking.length === 0) {
      throw new ShipmentError(
        outcome.skipped.map((skip) => `Order ${skip.orderNumber} ${skip.reason}`).join("; "),
      );
    }
    await enqueueBooking(tx, batchId, now);
    return outcome;
  });
}

/**
 * The booking job: books each shipment of the batch still in `booking`, then asks for one pickup
 * for all the batch has booked. A courier's error that may pass (no answer, a 5xx) is kept on the
 * shipment and the job runs again; any other, or the last attempt's, fails the shipment with the
 * error for the owner to retry. The order moves to shipped only with its AWB, in one transaction.
 */
export async function bookBatch(
  database: Database,
  current: Courier | null,
  batchId: string,
  attempt: { number: number; last: boolean },
) {
  let again = false;
  for (const shipment of await shipmentsToBook(database, batchId)) {
    if (!current || current.provider !== shipment.provider) {
      await markBookingFailed(
        database,
        shipment.id,
        `The shop no longer books with ${shipment.provider === "test" ? "the test courier" : "Shiprocket"} (COURIER)`,
        new Date(),
      );
      continue;
    }
    const request = await bookingRequestFor(database, shipment.orderId);
    if (!request) continue;
    const held = await recallHoldReason(database, shipment.orderId);
    if (held) {
      await markBookingFailed(database, shipment.id, `The order ${held}`, new Date());
      continue;
    }
    try {
      const booking = await current.book(request, resumeOf(shipment), (progress) =>
        recordBookingProgress(database, shipment.id, progress),
      );
      await completeBooking(database, shipment, booking);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof CourierError) || error.retryable;
      logger.warn({ batchId, shipmentId: shipment.id, err: message }, "courier booking failed");
      if (retryable && !attempt.last) {
        await noteBookingError(database, shipment.id, message);
        again = true;
      } else {
        await markBookingFailed(database, shipment.id, message, new Date());
      }
    }
  }
  const awaiting = await shipmentsAwaitingPickup(database, batchId);
  if (current && awaiting.length > 0) {
    try {
      await current.requestPickup(
        awaiting.map((shipment) => ({ providerShipmentId: shipment.providerShipmentId ?? "" })),
      );
      await markPickupRequested(
        database,
        awaiting.map((shipment) => shipment.id),
        new Date(),
      );
    } catch (error) {
      const message = `Pickup not requested: ${error instanceof Error ? error.message : String(error)}`;
      for (const shipment of awaiting) await noteBookingError(database, shipment.id, message);
      if (!attempt.last) again = true;
    }
  }
  if (again) throw new Error(`booking batch ${batchId}: the courier will be asked again`);
}

function resumeOf(shipment: Shipment): Partial<Booking> {
  return {
    providerOrderId: shipment.providerOrderId ?? undefined,
    providerShipmentId: shipment.providerShipmentId ?? undefined,
    awb: shipment.awb ?? undefined,
    courierName: shipment.courierName ?? undefined,
    labelUrl: shipment.labelUrl ?? undefined,
  };
}

/**
 * The courier's booking, kept: the shipment booked and the order shipped with the AWB as its
 * tracking ID, together. An order cancelled (or given a tracking ID by hand) while it was being
 * booked is not shipped: its shipment fails with what the owner must undo at the courier.
 */
async function completeBooking(database: Database, shipment: Shipment, booking: Booking) {
  const now = new Date();
  await database.transaction(async (tx) => {
    const order = await lockOrder(tx, shipment.orderId);
    const locked = await lockShipmentOfOrder(tx, shipment.orderId);
    if (locked?.state !== "booking") return;
    const conflict =
      order.status === "cancelled"
        ? "was cancelled"
        : order.trackingId
          ? `was given the tracking ID ${order.trackingId}`
          : (await isClosedByRefund(tx, order))
            ? "was refunded in full"
            : null;
    if (conflict) {
      await markBookingFailed(
        tx,
        locked.id,
        `Order ${order.orderNumber} ${conflict} while it was being booked; cancel AWB ${booking.awb} with the courier`,
        now,
      );
      return;
    }
    await markBooked(tx, locked.id, booking, now);
    await shipWithTrackingId(tx, order, booking.awb, locked.bookedBy, now);
    if (locked.provider === "shiprocket") {
      await enqueueTrackingPoll(tx, locked.id, 1, new Date(now.getTime() + TRACKING_POLL_MS));
    }
  });
}

export const courierBookingJob = defineJob<{ batchId: string }>({
  kind: COURIER_BOOKING_JOB,
  retry: {
    baseMs: 30_000,
    capMs: 10 * 60_000,
    maxAttempts: BOOKING_ATTEMPTS,
    claimMs: 10 * 60_000,
  },
  orders: BOOKING_JOB_ORDERS,
  run: ({ batchId }, job) =>
    bookBatch(job.database, job.services.shipping.courier, batchId, {
      number: job.attempt,
      last: job.attempt >= BOOKING_ATTEMPTS,
    }),
});

/** Runs the booking jobs due; for a caller that waits (tests). */
export async function runBookingJobs(database: Database, services: JobServices) {
  await runJobs(database, services, courierBookingJob);
}
