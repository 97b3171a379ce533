import type { Database } from "../lib/db.server";
import { logger } from "../lib/logger.server";
import { CourierWebhookError } from "../modules/shipping/courier.server";
import { parseShiprocketWebhook } from "../modules/shipping/shiprocket-courier.server";
import { webhookTokenMatches } from "../modules/shipping/webhook-token.server";
import { applyCourierScans, type ScanOutcome } from "./apply-courier-scan.server";

export type CourierWebhookAnswer =
  | { status: 200; outcome: ScanOutcome | "ignored" }
  | { status: 400 | 401; error: string };

/**
 * Shiprocket's tracking webhook (docs/decisions/060): the x-api-key must be the owner's token; the
 * update's scan is stored and applied once, in one transaction, however often it is sent. An AWB
 * the shop never booked, or a status that moves nothing, is answered 200 so it is not sent again.
 */
export async function handleCourierWebhook(
  database: Database,
  input: { expectedToken: string | null | undefined; givenToken: string | null; rawBody: string },
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
  const [outcome] = await applyCourierScans(database, scans, "webhook");
  return { status: 200, outcome: outcome ?? "ignored" };
}
