import { SCAN_KINDS } from "../shipments";
import { z } from "../zod";

const orderId = z.uuid({ error: "That order could not be found" });

/** The most orders one "Ship selected" books together. */
export const MAX_ORDERS_PER_SHIPMENT_BATCH = 50;

/** "Ship" on an order, "Retry booking", or "Ship selected" on the orders list (docs/decisions/060). */
export const shipOrdersFormSchema = z.object({
  orderId: z
    .array(orderId, { error: "Select at least one order to ship" })
    .min(1, { error: "Select at least one order to ship" })
    .max(MAX_ORDERS_PER_SHIPMENT_BATCH, {
      error: `Ship at most ${MAX_ORDERS_PER_SHIPMENT_BATCH} orders at once`,
    }),
});

/** A test courier's scan made by the owner from the order detail. */
export const testScanFormSchema = z.object({
  orderId,
  kind: z.enum(SCAN_KINDS, { error: "Unknown scan" }),
});

/** "Ask for another attempt" after a failed delivery attempt (docs/decisions/074). */
export const reattemptFormSchema = z.object({ orderId });

/** "Try now" on a shipment whose booking waits for its next attempt (docs/decisions/069). */
export const tryBookingNowFormSchema = z.object({ orderId });
