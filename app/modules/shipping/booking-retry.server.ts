import type { Database, Executor } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { jobSchedule, runJobNow } from "../jobs/job-schedule.server";
import { ShipmentError } from "./courier.server";
import { COURIER_BOOKING_JOB, lockShipmentOfOrder, shipmentOfOrder } from "./shipments.server";

/**
 * When the shop asks the courier again for a shipment whose booking failed for now
 * (docs/decisions/069): `at` its booking job's next attempt, or `now` while an attempt runs or is
 * due. Null when the shipment is not waiting on a retry (booked, failed for good, no error yet).
 */
export type BookingRetry = { at: Date } | { now: true };

export async function bookingRetryOf(
  executor: Executor,
  orderId: string,
  now = new Date(),
): Promise<BookingRetry | null> {
  const shipment = await shipmentOfOrder(executor, orderId);
  if (shipment?.state !== "booking" || !shipment.error) return null;
  const job = await jobSchedule(executor, COURIER_BOOKING_JOB, shipment.batchId);
  if (!job || job.state === "done" || job.state === "failed") return null;
  if (job.state === "running" || job.runAt.getTime() <= now.getTime()) return { now: true };
  return { at: job.runAt };
}

export const NOT_WAITING_MESSAGE = "This shipment is not waiting for another try";

/**
 * "Try now": the booking job of the order's shipment runs at once instead of at its next attempt.
 * It is moved, not run here: the job runner of whichever process claims it books, once, under
 * the job's lease, however many owners press and whatever the job does meanwhile. `started`
 * is false when an attempt was already under way (nothing changed). Audited.
 */
export async function tryBookingNow(
  database: Database,
  actorId: string,
  orderId: string,
  now = new Date(),
): Promise<{ started: boolean }> {
  return database.transaction(async (tx) => {
    const shipment = await lockShipmentOfOrder(tx, orderId);
    if (shipment?.state !== "booking") throw new ShipmentError(NOT_WAITING_MESSAGE);
    const started = await runJobNow(tx, COURIER_BOOKING_JOB, shipment.batchId, now);
    if (!started) {
      const job = await jobSchedule(tx, COURIER_BOOKING_JOB, shipment.batchId);
      if (job?.state !== "running") throw new ShipmentError(NOT_WAITING_MESSAGE);
      return { started: false };
    }
    await recordAudit(tx, {
      actorId,
      action: "try-booking-now",
      entity: "order",
      entityId: orderId,
      changes: { courier: shipment.provider },
    });
    return { started: true };
  });
}
