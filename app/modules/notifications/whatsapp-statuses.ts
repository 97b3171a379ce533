import type { DeliveryReport } from "./message-delivery.server";
import { DeliveryReportError } from "./msg91-delivery-reports";

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

const listOf = (value: unknown) => (Array.isArray(value) ? value : []);

const MESSAGE_ID = /^[A-Za-z0-9._=:+/-]{1,200}$/;

/** The first error's words, as Graph writes them: its title and details, with its code. */
function failureReason(errors: unknown) {
  const [first] = listOf(errors);
  if (!isObject(first)) return null;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const details = isObject(first.error_data) ? text(first.error_data.details) : "";
  const words = [text(first.title) || text(first.message), details].filter(Boolean).join(": ");
  const code = typeof first.code === "number" ? ` (${first.code})` : "";
  return words ? `${words}${code}` : null;
}

/**
 * The status updates in a WhatsApp Cloud API webhook (developers.facebook.com/docs/whatsapp/
 * cloud-api/webhooks/components): `{object: "whatsapp_business_account", entry: [{id, changes:
 * [{field: "messages", value: {messaging_product, metadata, statuses: [{id: "wamid...", status,
 * timestamp, recipient_id, errors?: [{code, title, message, error_data: {details}}]}]}}]}]}`.
 * `delivered` and `read` (which follows delivery) mark a message delivered, `failed` failed with
 * its reason; `sent` and anything else move nothing. Other changes (a customer's reply) carry no
 * statuses and give none. A body of another shape throws DeliveryReportError.
 */
export function parseWhatsAppStatuses(rawBody: string): DeliveryReport[] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new DeliveryReportError("expected JSON");
  }
  if (!isObject(body) || !Array.isArray(body.entry)) {
    throw new DeliveryReportError("expected an entry list");
  }
  const reports: DeliveryReport[] = [];
  for (const entry of body.entry) {
    for (const change of listOf(isObject(entry) ? entry.changes : null)) {
      const value = isObject(change) && isObject(change.value) ? change.value : null;
      for (const status of listOf(value?.statuses)) {
        if (!isObject(status) || typeof status.id !== "string" || !MESSAGE_ID.test(status.id)) {
          throw new DeliveryReportError("expected a status with a message id");
        }
        if (status.status === "delivered" || status.status === "read") {
          reports.push({ channel: "whatsapp", providerId: status.id, outcome: "delivered" });
        } else if (status.status === "failed") {
          reports.push({
            channel: "whatsapp",
            providerId: status.id,
            outcome: "failed",
            reason: failureReason(status.errors),
          });
        }
      }
    }
  }
  return reports;
}
