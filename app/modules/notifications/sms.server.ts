import path from "node:path";
import { AppError } from "../../lib/app-error";
import type { Env } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { SHOPPER_WAIT_MS } from "../../lib/time-budget.server";
import { writeOutboxMessage } from "./message-outbox.server";

export type SmsMessage = {
  /** E.164, "+919822012345". */
  to: string;
  /**
   * The MSG91 template (mapped there to its DLT template ID) the text was registered as. Indian
   * rules refuse an SMS whose text is not a registered template, so `msg91` needs it.
   */
  templateId?: string | null;
  /** The text as registered, filled in: what the outbox shows and the customer reads. */
  text: string;
  /** The template's variables by the names registered with MSG91 ({ OTP: "123456" }). */
  variables: Record<string, string>;
  /** The DLT header to send from, when the message settings name one; else MSG91_SENDER_ID. */
  senderId?: string | null;
};

/**
 * How long a send waits for MSG91: a shopper waiting on a sign-in code is told it failed after
 * `SHOPPER_WAIT_MS` (docs/decisions/069); a background job passes `SMS_JOB_TIMEOUT_MS`.
 */
export type SmsSendOptions = { timeoutMs?: number };
export const SMS_JOB_TIMEOUT_MS = 10_000;

export type SmsResult = { sent: false } | { sent: true; via: "outbox" | "msg91"; id: string };

export type SmsTransport =
  | { mode: "off" }
  | { mode: "outbox"; outboxDir: string }
  | { mode: "msg91"; authKey: string; senderId: string; apiBase: string };

/** MSG91 or the network failed; `retryable` when trying again later may succeed. */
export class SmsSendError extends AppError {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message, { status: 502, title: "The SMS could not be sent" });
  }
}

/** The transport SMS=off|outbox|msg91 and its settings describe (docs/decisions/062). */
export function smsTransportFromEnv(env: Env): SmsTransport {
  if (env.SMS === "off") return { mode: "off" };
  if (env.SMS === "msg91") {
    return {
      mode: "msg91",
      // Both are required by the environment check when SMS=msg91.
      authKey: env.MSG91_AUTH_KEY!,
      senderId: env.MSG91_SENDER_ID!,
      apiBase: env.MSG91_API_BASE.replace(/\/+$/, ""),
    };
  }
  return { mode: "outbox", outboxDir: path.join(env.DATA_DIR, "outbox") };
}

/**
 * Sends one SMS by `transport`: nothing with `off`, a file in the outbox, or
 * MSG91's Flow API. Throws SmsSendError when MSG91 refuses it, cannot be reached or does not
 * answer within `timeoutMs`.
 */
export async function sendSms(
  transport: SmsTransport,
  message: SmsMessage,
  { timeoutMs = SHOPPER_WAIT_MS }: SmsSendOptions = {},
): Promise<SmsResult> {
  if (transport.mode === "off") {
    logger.info("SMS=off: message not sent");
    return { sent: false };
  }
  if (transport.mode === "outbox") {
    const file = await writeOutboxMessage(transport.outboxDir, {
      channel: "sms",
      to: message.to,
      sentAt: new Date().toISOString(),
      templateId: message.templateId ?? null,
      text: message.text,
      variables: message.variables,
    });
    return { sent: true, via: "outbox", id: path.basename(file) };
  }
  return sendThroughMsg91(transport, message, timeoutMs);
}

/**
 * MSG91's Flow API (https://docs.msg91.com, "Send SMS"): POST /api/v5/flow with the `authkey`
 * header and `{template_id, sender, short_url, recipients: [{mobiles, ...variables}]}`; it answers
 * `{type: "success", message: <request id>}` or `{type: "error", message}`.
 */
async function sendThroughMsg91(
  transport: Extract<SmsTransport, { mode: "msg91" }>,
  message: SmsMessage,
  timeoutMs: number,
): Promise<SmsResult> {
  if (!message.templateId) {
    throw new SmsSendError("No MSG91 template is set for this message in Settings", false);
  }
  let response: Response;
  try {
    response = await fetch(`${transport.apiBase}/api/v5/flow`, {
      method: "POST",
      headers: {
        authkey: transport.authKey,
        accept: "application/json",
        "content-type": "application/json",
      },
      body: JSON.stringify({
        template_id: message.templateId,
        sender: message.senderId || transport.senderId,
        short_url: "0",
        recipients: [{ mobiles: message.to.replace(/^\+/, ""), ...message.variables }],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new SmsSendError(`MSG91 could not be reached: ${(error as Error).message}`, true);
  }
  const body = (await response.json().catch(() => null)) as {
    type?: string;
    message?: string;
  } | null;
  if (!response.ok || body?.type !== "success" || !body.message) {
    throw new SmsSendError(
      `MSG91 refused the SMS: ${body?.message ?? `status ${response.status}`}`,
      response.status >= 500 || response.status === 429,
    );
  }
  logger.info({ via: "msg91", request: body.message }, "SMS sent");
  return { sent: true, via: "msg91", id: body.message };
}
