import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import {
  orderItems,
  orders,
  productVariants,
  profiles,
  shipmentScans,
  shipments,
} from "../../../db/schema";
import {
  type CourierProvider,
  nextShipmentState,
  packageWeightGrams,
  type ScanKind,
  type ShipmentState,
} from "../../domain/shipments";
import type { Executor, Transaction } from "../../lib/db.server";
import { enqueueJob } from "../jobs/enqueue.server";
import { payloadUuid } from "../jobs/job-kinds.server";
import { getSettings } from "../settings/settings.server";
import type { Booking, BookingRequest, CourierScan } from "./courier.server";

/** The job that books a batch of shipments with the courier and asks for their one pickup. */
export const COURIER_BOOKING_JOB = "courier-booking";

/** The orders a booking job books together (its payload names their batch), for the jobs page. */
export const BOOKING_JOB_ORDERS = sql`array(select s.order_id from ${shipments} s
  where s.batch_id = ${payloadUuid("batchId")} order by s.created_at, s.id)`;

export type Shipment = typeof shipments.$inferSelect;

/** What the booking job needs of an order: its lines with their weights, its address, its total. */
export async function bookingRequestFor(executor: Executor, orderId: string) {
  const [order] = await executor
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      address: orders.shippingAddress,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      subtotal: orders.subtotal,
      total: orders.total,
      shippingMethod: orders.shippingMethod,
      email: profiles.email,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await executor
    .select({
      name: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      hsn: orderItems.hsnCode,
      weightGrams: productVariants.weightGrams,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const settings = await getSettings(executor);
  const request: BookingRequest = {
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    address: order.address,
    email: order.email,
    items: lines.map((line) => ({
      name: line.variantLabel ? `${line.name} (${line.variantLabel})` : line.name,
      sku: line.sku ?? order.orderNumber,
      units: line.quantity,
      unitPrice: line.unitPrice,
      hsn: line.hsn,
    })),
    // A cash order whose cash was already recorded is not collected again.
    cod: order.paymentMethod === "cod" && order.paymentStatus !== "paid",
    subtotal: order.subtotal,
    total: order.total,
    weightGrams: packageWeightGrams(lines),
    size: {
      lengthCm: settings.packageLengthCm,
      breadthCm: settings.packageBreadthCm,
      heightCm: settings.packageHeightCm,
    },
    originPin: settings.postalCode,
    express: order.shippingMethod === "express",
  };
  return request;
}

/** The order's shipment, if it has one. */
export async function shipmentOfOrder(executor: Executor, orderId: string) {
  const [row] = await executor.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row ?? null;
}

/** Locks the order's shipment row; null when there is none. */
export async function lockShipmentOfOrder(tx: Transaction, orderId: string) {
  const [row] = await tx
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .for("update");
  return row ?? null;
}

/** The courier took the owner's request for another attempt after a failed one (decision 074). */
export async function markReattemptRequested(tx: Transaction, shipmentId: string, now: Date) {
  await tx
    .update(shipments)
    .set({ reattemptRequestedAt: now, updatedAt: now })
    .where(eq(shipments.id, shipmentId));
}

/** Locks the shipment an AWB belongs to; null when no shipment of this shop has it. */
export async function lockShipmentByAwb(tx: Transaction, awb: string) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.awb, awb)).for("update");
  return row ?? null;
}

/**
 * Starts booking an order's parcel: a shipment in `booking` (or a failed one back to it) in the
 * batch, and the batch's booking job, both in the caller's transaction (docs/decisions/055).
 */
export async function startBooking(
  tx: Transaction,
  input: {
    orderId: string;
    provider: CourierProvider;
    batchId: string;
    actorId: string | null;
    existing: Shipment | null;
    now: Date;
  },
) {
  const request = await bookingRequestFor(tx, input.orderId);
  if (!request) throw new Error(`order ${input.orderId} not found`);
  if (input.existing) {
    await tx
      .update(shipments)
      .set({
        state: "booking",
        batchId: input.batchId,
        error: null,
        bookedBy: input.actorId,
        weightGrams: request.weightGrams,
        updatedAt: input.now,
      })
      .where(eq(shipments.id, input.existing.id));
  } else {
    await tx.insert(shipments).values({
      orderId: input.orderId,
      provider: input.provider,
      batchId: input.batchId,
      weightGrams: request.weightGrams,
      bookedBy: input.actorId,
    });
  }
}

export async function enqueueBooking(tx: Transaction, batchId: string, now: Date) {
  await enqueueJob(tx, COURIER_BOOKING_JOB, batchId, { batchId }, now);
}

/** The courier's own order ids of these orders' shipments booked with `provider`, by order id. */
export async function providerOrderIdsOf(
  executor: Executor,
  provider: CourierProvider,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await executor
    .select({ orderId: shipments.orderId, providerOrderId: shipments.providerOrderId })
    .from(shipments)
    .where(
      and(
        inArray(shipments.orderId, [...orderIds]),
        eq(shipments.provider, provider),
        isNotNull(shipments.providerOrderId),
      ),
    );
  return new Map(rows.map((row) => [row.orderId, row.providerOrderId!]));
}

/** The batch's shipments still to book. */
export async function shipmentsToBook(executor: Executor, batchId: string) {
  return executor
    .select()
    .from(shipments)
    .where(and(eq(shipments.batchId, batchId), eq(shipments.state, "booking")))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
}

/** What the courier gave back so far, kept at once so a retry resumes from it. */
export async function recordBookingProgress(
  executor: Executor,
  shipmentId: string,
  progress: Partial<Booking>,
) {
  await executor
    .update(shipments)
    .set({
      ...(progress.providerOrderId ? { providerOrderId: progress.providerOrderId } : {}),
      ...(progress.providerShipmentId ? { providerShipmentId: progress.providerShipmentId } : {}),
      ...(progress.awb ? { awb: progress.awb } : {}),
      ...(progress.courierName ? { courierName: progress.courierName } : {}),
      ...(progress.labelUrl ? { labelUrl: progress.labelUrl } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(shipments.id, shipmentId), eq(shipments.state, "booking")));
}

export async function markBooked(tx: Transaction, shipmentId: string, booking: Booking, now: Date) {
  await tx
    .update(shipments)
    .set({
      state: "booked",
      providerOrderId: booking.providerOrderId,
      providerShipmentId: booking.providerShipmentId,
      awb: booking.awb,
      courierName: booking.courierName,
      labelUrl: booking.labelUrl,
      error: null,
      bookedAt: now,
      updatedAt: now,
    })
    .where(eq(shipments.id, shipmentId));
}

export async function markBookingFailed(
  executor: Executor,
  shipmentId: string,
  error: string,
  now: Date,
) {
  await executor
    .update(shipments)
    .set({ state: "booking_failed", error: error.slice(0, 500), updatedAt: now })
    .where(and(eq(shipments.id, shipmentId), eq(shipments.state, "booking")));
}

/** A booking error kept while the job will try again. */
export async function noteBookingError(executor: Executor, shipmentId: string, error: string) {
  await executor
    .update(shipments)
    .set({ error: error.slice(0, 500), updatedAt: new Date() })
    .where(eq(shipments.id, shipmentId));
}

/** The batch's booked shipments whose pickup is still to be asked for. */
export async function shipmentsAwaitingPickup(executor: Executor, batchId: string) {
  return executor
    .select()
    .from(shipments)
    .where(and(eq(shipments.batchId, batchId), eq(shipments.state, "booked")))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
}

export async function markPickupRequested(executor: Executor, shipmentIds: string[], now: Date) {
  if (shipmentIds.length === 0) return;
  await executor
    .update(shipments)
    .set({ state: "pickup_requested", pickupRequestedAt: now, error: null, updatedAt: now })
    .where(and(inArray(shipments.id, shipmentIds), eq(shipments.state, "booked")));
}

/**
 * Records a scan of a locked shipment and moves it on. A scan seen before (same AWB, status and
 * time) is neither stored nor applied again: `recorded` is false. `moved` is the new state, or
 * null when the scan changes nothing (a late scan of an earlier step, a final shipment).
 */
export async function recordScan(
  tx: Transaction,
  shipment: Shipment,
  scan: CourierScan,
  source: "webhook" | "poll" | "test",
  now: Date,
): Promise<{ recorded: boolean; moved: ShipmentState | null }> {
  const inserted = await tx
    .insert(shipmentScans)
    .values({
      shipmentId: shipment.id,
      awb: scan.awb,
      kind: scan.kind,
      status: scan.status,
      scannedAt: scan.at,
      description: scan.description,
      location: scan.location,
      source,
    })
    .onConflictDoNothing({
      target: [shipmentScans.awb, shipmentScans.status, shipmentScans.scannedAt],
    })
    .returning({ id: shipmentScans.id });
  if (inserted.length === 0) return { recorded: false, moved: null };
  const moved = nextShipmentState(shipment.state, scan.kind);
  if (moved) {
    await tx
      .update(shipments)
      .set({ state: moved, updatedAt: now })
      .where(eq(shipments.id, shipment.id));
  }
  return { recorded: true, moved };
}

export type ShipmentTimeline = {
  orderId: string;
  provider: CourierProvider;
  state: ShipmentState;
  courierName: string | null;
  awb: string | null;
  labelUrl: string | null;
  error: string | null;
  /** When the owner last asked for another attempt after a failed one (decision 074). */
  reattemptRequestedAt: Date | null;
  scans: {
    kind: ScanKind;
    at: Date;
    description: string;
    location: string | null;
    test: boolean;
  }[];
};

/** The shipments of these orders with their scans, oldest scan first, keyed by order. */
export async function shipmentTimelines(
  executor: Executor,
  orderIds: string[],
): Promise<Map<string, ShipmentTimeline>> {
  const timelines = new Map<string, ShipmentTimeline>();
  if (orderIds.length === 0) return timelines;
  const rows = await executor.select().from(shipments).where(inArray(shipments.orderId, orderIds));
  if (rows.length === 0) return timelines;
  const scans = await executor
    .select()
    .from(shipmentScans)
    .where(
      inArray(
        shipmentScans.shipmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(shipmentScans.scannedAt), asc(shipmentScans.createdAt));
  for (const row of rows) {
    timelines.set(row.orderId, {
      orderId: row.orderId,
      provider: row.provider,
      state: row.state,
      courierName: row.courierName,
      awb: row.awb,
      labelUrl: row.labelUrl,
      error: row.error,
      reattemptRequestedAt: row.reattemptRequestedAt,
      scans: scans
        .filter((scan) => scan.shipmentId === row.id)
        .map((scan) => ({
          kind: scan.kind,
          at: scan.scannedAt,
          description: scan.description,
          location: scan.location,
          test: scan.source === "test",
        })),
    });
  }
  return timelines;
}

/** The order an AWB was booked for, read without a lock (the caller locks the order first). */
export async function shipmentAwbOf(executor: Executor, awb: string) {
  const [row] = await executor
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.awb, awb));
  return row?.orderId ?? null;
}

/** When the shop began booking the shipment an AWB belongs to; null when none has it. */
export async function shipmentBookingStartOf(executor: Executor, awb: string) {
  const [row] = await executor
    .select({ createdAt: shipments.createdAt })
    .from(shipments)
    .where(eq(shipments.awb, awb));
  return row?.createdAt ?? null;
}

/** The state of each of these orders' shipments, for the orders list's flags. */
export async function shipmentStates(executor: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return {};
  const rows = await executor
    .select({ orderId: shipments.orderId, state: shipments.state })
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds));
  return Object.fromEntries(rows.map((row) => [row.orderId, row.state])) as Record<
    string,
    ShipmentState
  >;
}

/** What the test courier's printable label shows; null when the order has no test AWB. */
export async function testLabelOf(executor: Executor, orderId: string) {
  const shipment = await shipmentOfOrder(executor, orderId);
  if (!shipment?.awb || shipment.provider !== "test") return null;
  const request = await bookingRequestFor(executor, orderId);
  if (!request) return null;
  const settings = await getSettings(executor);
  return {
    awb: shipment.awb,
    courierName: shipment.courierName ?? "Test Courier",
    orderNumber: request.orderNumber,
    to: request.address,
    from: {
      name: settings.shopName,
      addressLine1: settings.addressLine1,
      addressLine2: settings.addressLine2,
      city: settings.city,
      state: settings.state,
      postalCode: settings.postalCode,
      phone: settings.phone,
    },
    weightGrams: shipment.weightGrams,
    size: request.size,
    collect: request.cod ? request.total : null,
  };
}

/** The job that asks the courier for a shipment's scans, in case its webhooks do not arrive. */
export const COURIER_TRACKING_JOB = "courier-tracking";

/** The order of the shipment a tracking poll asks after, for the jobs page. */
export const TRACKING_JOB_ORDERS = sql`array(select s.order_id from ${shipments} s
  where s.id = ${payloadUuid("shipmentId")})`;

/** How long after booking, and then between polls, the courier is asked for scans. */
export const TRACKING_POLL_MS = 6 * 60 * 60 * 1000;

/** Polls stop after this many (about two weeks), whatever the parcel's state. */
export const MAX_TRACKING_POLLS = 56;

export async function enqueueTrackingPoll(
  tx: Executor,
  shipmentId: string,
  poll: number,
  runAt: Date,
) {
  await enqueueJob(tx, COURIER_TRACKING_JOB, `${shipmentId}:${poll}`, { shipmentId, poll }, runAt);
}

export async function shipmentById(executor: Executor, shipmentId: string) {
  const [row] = await executor.select().from(shipments).where(eq(shipments.id, shipmentId));
  return row ?? null;
}
