import type { Database } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { hmacSha256Matches, tokenMatches } from "../../lib/provider-credentials.server";
import { type DeliveryReport, recordDeliveryReports } from "./message-delivery.server";
import { DeliveryReportError, parseMsg91DeliveryReports } from "./msg91-delivery-reports";
import { parseWhatsAppStatuses } from "./whatsapp-statuses";

export type DeliveryWebhookAnswer =
  | { status: 200; recorded: number }
  | { status: 400 | 401; error: string };

async function record(database: Database, parse: () => DeliveryReport[]) {
  let reports: DeliveryReport[];
  try {
    reports = parse();
  } catch (error) {
    if (error instanceof DeliveryReportError) return { status: 400, error: error.message } as const;
    throw error;
  }
  const outcomes = await recordDeliveryReports(database, reports);
  return {
    status: 200,
    recorded: outcomes.filter((o) => o === "delivered" || o === "failed").length,
  } as const;
}

/**
 * MSG91's delivery report webhook (docs/decisions/065). MSG91 signs nothing and sends no header
 * of the shop's choosing, so the callback URL carries the shop's own MSG91_WEBHOOK_TOKEN; the
 * token is checked before the body is read. Unknown request ids are answered 200.
 */
export async function handleMsg91DeliveryWebhook(
  database: Database,
  input: {
    expectedToken: string | null | undefined;
    givenToken: string | null;
    readBody: () => Promise<string>;
    contentType: string | null;
  },
): Promise<DeliveryWebhookAnswer> {
  if (!tokenMatches(input.expectedToken, input.givenToken)) {
    logger.warn("SMS delivery report with a wrong or missing token refused");
    return { status: 401, error: "invalid token" };
  }
  const rawBody = await input.readBody();
  return record(database, () => parseMsg91DeliveryReports(rawBody, input.contentType));
}

/**
 * The WhatsApp Cloud API's webhook (docs/decisions/065): X-Hub-Signature-256 must be the
 * HMAC-SHA256 of the raw body with the app's secret (WHATSAPP_APP_SECRET); unset refuses all.
 */
export async function handleWhatsAppWebhook(
  database: Database,
  input: { appSecret: string | null | undefined; signature: string | null; rawBody: string },
): Promise<DeliveryWebhookAnswer> {
  if (!hmacSha256Matches(input.appSecret, input.rawBody, input.signature)) {
    logger.warn("WhatsApp webhook with an invalid signature refused");
    return { status: 401, error: "invalid signature" };
  }
  return record(database, () => parseWhatsAppStatuses(input.rawBody));
}

/**
 * Meta's subscription check: GET with hub.mode=subscribe, hub.verify_token (the shop's own
 * WHATSAPP_VERIFY_TOKEN) and hub.challenge, which is answered back as it came.
 */
export function answerWhatsAppVerification(
  expectedToken: string | null | undefined,
  query: URLSearchParams,
): { status: 200; challenge: string } | { status: 400 | 401; error: string } {
  if (
    query.get("hub.mode") !== "subscribe" ||
    !tokenMatches(expectedToken, query.get("hub.verify_token"))
  ) {
    logger.warn("WhatsApp webhook verification with a wrong or missing token refused");
    return { status: 401, error: "invalid verify token" };
  }
  const challenge = query.get("hub.challenge") ?? "";
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(challenge))
    return { status: 400, error: "expected hub.challenge" };
  return { status: 200, challenge };
}
