import type { Database } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { CourierWebhookError } from "../modules/shipping/courier.server";
import { shipmentBookingStartOf } from "../modules/shipping/shipments.server";
import { parseShiprocketWebhook } from "../modules/shipping/shiprocket-statuses";
import { webhookTokenMatches } from "../modules/shipping/webhook-token.server";
import { applyCourierScans, type ScanOutcome } from "./apply-courier-scan.server";

export type CourierWebhookAnswer =
  | { status: 200; outcome: ScanOutcome | "ignored" }
  | { status: 400 | 401; error: string };

/**
 * How far a courier's clock may be from the shop's (docs/decisions/065): a scan dated more than
 * this after now, or this long before the shop began booking its shipment, is refused.
 */
export const SCAN_CLOCK_TOLERANCE_MS = 60 * 60 * 1000;

/**
 * Shiprocket's tracking webhook (docs/decisions/060): the x-api-key must be the owner's token; the
 * update's scan is stored and applied once, in one transaction, however often it is sent. An AWB
 * the shop never booked, or a status that moves nothing, is answered 200 so it is not sent again.
 * A scan dated in the future, or before its shipment was booked, is refused (400) and nothing is
 * written: no parcel is delivered before it is booked or after today.
 */
export async function handleCourierWebhook(
  database: Database,
  input: { expectedToken: string | null | undefined; givenToken: string | null; rawBody: string },
  now = new Date(),
): Promise<CourierWebhookAnswer> {
  if (!webhookTokenMatches(input.expectedToken, input.givenToken)) {
    logger.warn("courier webhook with a wrong or missing x-api-key refused");
    return { status: 401, error: "invalid token" };
  }
  let scans: ReturnType<typeof parseShiprocketWebhook>;
  try {
    scans = parseShiprocketWebhook(JSON.parse(input.rawBody));
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof CourierWebhookError) {
      return { status: 400, error: error instanceof SyntaxError ? "expected JSON" : error.message };
    }
    throw error;
  }
  if (scans.length === 0) return { status: 200, outcome: "ignored" };
  for (const scan of scans) {
    if (scan.at.getTime() > now.getTime() + SCAN_CLOCK_TOLERANCE_MS) {
      return { status: 400, error: "current_timestamp is in the future" };
    }
    const bookingStart = await shipmentBookingStartOf(database, scan.awb);
    if (bookingStart && scan.at.getTime() < bookingStart.getTime() - SCAN_CLOCK_TOLERANCE_MS) {
      return { status: 400, error: "current_timestamp is before the shipment was booked" };
    }
  }
  const [outcome] = await applyCourierScans(database, scans, "webhook", now);
  return { status: 200, outcome: outcome ?? "ignored" };
}
