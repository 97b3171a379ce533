import { isFinalShipmentState } from "../domain/shipments";
import type { Database } from "../lib/db.server";
import { defineJob, type JobServices } from "../modules/jobs/job-kinds.server";
import { runJobs } from "../modules/jobs/run-jobs.server";
import type { Courier } from "../modules/shipping/courier.server";
import {
  COURIER_TRACKING_JOB,
  enqueueTrackingPoll,
  MAX_TRACKING_POLLS,
  shipmentById,
  TRACKING_JOB_ORDERS,
  TRACKING_POLL_MS,
} from "../modules/shipping/shipments.server";
import { applyCourierScans } from "./apply-courier-scan.server";

/**
 * Asks Shiprocket for a booked shipment's scans every six hours until the parcel is delivered or
 * back at the shop, in case a webhook never arrives (docs/decisions/060). The scans are applied as
 * the webhook's are, so one seen both ways counts once.
 */
export async function pollShipment(
  database: Database,
  current: Courier | null,
  shipmentId: string,
  poll: number,
) {
  const shipment = await shipmentById(database, shipmentId);
  if (!shipment?.awb || isFinalShipmentState(shipment.state)) return;
  if (current?.provider !== shipment.provider || shipment.provider === "test") return;
  const scans = await current.track(shipment.awb);
  await applyCourierScans(database, scans, "poll");
  const after = await shipmentById(database, shipmentId);
  if (!after || isFinalShipmentState(after.state) || poll >= MAX_TRACKING_POLLS) return;
  await enqueueTrackingPoll(
    database,
    shipmentId,
    poll + 1,
    new Date(Date.now() + TRACKING_POLL_MS),
  );
}

export const courierTrackingJob = defineJob<{ shipmentId: string; poll: number }>({
  kind: COURIER_TRACKING_JOB,
  retry: { baseMs: 5 * 60_000, capMs: 60 * 60_000, maxAttempts: 5, claimMs: 5 * 60_000 },
  orders: TRACKING_JOB_ORDERS,
  run: ({ shipmentId, poll }, job) =>
    pollShipment(job.database, job.services.shipping.courier, shipmentId, poll),
});

/** Runs the tracking polls due; for a caller that waits (tests). */
export async function runTrackingJobs(database: Database, services: JobServices) {
  await runJobs(database, services, courierTrackingJob);
}
