import type { DeliveryReport } from "./message-delivery.server";

/** A body that is not one of MSG91's delivery reports: answered 400, nothing written. */
export class DeliveryReportError extends Error {}

/**
 * MSG91's report statuses (msg91.com/help, "How can I get the delivery reports on my webhook
 * URL"): 1 delivered; 2 failed, 9 NDNC, 16 and 25 rejected, 17 a blocked number. Any other is a
 * step on the way (submitted, sent to the operator) and moves nothing.
 */
const FAILED_STATUSES = new Set(["2", "9", "16", "17", "25"]);

/** A field MSG91 writes as text: a string as it is, a number as its digits, else nothing. */
function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

function reportOf(requestId: unknown, entry: Record<string, unknown>): DeliveryReport | null {
  const id = textOf(requestId);
  if (!id || !REQUEST_ID.test(id)) throw new DeliveryReportError("expected a requestId");
  const status = textOf(entry.status);
  if (status === undefined) throw new DeliveryReportError("expected a status");
  if (status === "1") return { channel: "sms", providerId: id, outcome: "delivered" };
  if (!FAILED_STATUSES.has(status)) return null;
  const reason = [textOf(entry.desc), textOf(entry.failedReason)].filter(Boolean).join(": ");
  return { channel: "sms", providerId: id, outcome: "failed", reason: reason || null };
}

/**
 * The delivery reports in one of MSG91's webhook bodies, as its panel's versions send them:
 * - v2, `application/x-www-form-urlencoded`: a `data` field holding a JSON array of
 *   `{senderId, requestId, report: [{date, number, status, desc, failedReason}], userId,
 *   campaignName}`;
 * - v3, `application/json`: one report, `{requestId, number, status, desc, date, ...}`;
 * - the v2 array, or `{data: "<that array>"}`, sent as JSON.
 * The request id is the one MSG91's Flow API answered when it took the SMS. Every field is read
 * by its type; a body of another shape throws DeliveryReportError.
 */
export function parseMsg91DeliveryReports(rawBody: string, contentType: string | null) {
  let body: unknown;
  try {
    if (/application\/x-www-form-urlencoded/i.test(contentType ?? "")) {
      const data = new URLSearchParams(rawBody).get("data");
      if (data === null) throw new DeliveryReportError("expected a data field");
      body = JSON.parse(data);
    } else {
      body = JSON.parse(rawBody);
      if (isObject(body) && typeof body.data === "string") body = JSON.parse(body.data);
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw new DeliveryReportError("expected JSON");
    throw error;
  }
  const reports: (DeliveryReport | null)[] = [];
  if (isObject(body) && !("report" in body)) {
    reports.push(reportOf(body.requestId, body));
  } else {
    const requests = Array.isArray(body) ? body : [body];
    if (requests.length === 0 || requests.length > 1000) {
      throw new DeliveryReportError("expected 1 to 1000 reports");
    }
    for (const request of requests) {
      if (!isObject(request) || !Array.isArray(request.report)) {
        throw new DeliveryReportError("expected a requestId and its report");
      }
      for (const entry of request.report) {
        if (!isObject(entry)) throw new DeliveryReportError("expected a report");
        reports.push(reportOf(request.requestId, entry));
      }
    }
  }
  return reports.filter((report): report is DeliveryReport => report !== null);
}
