import path from "node:path";
import { AppError } from "../../lib/app-error";
import type { Env } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { SHOPPER_WAIT_MS } from "../../lib/time-budget.server";
import { writeOutboxMessage } from "./message-outbox.server";

export type WhatsAppMessage = {
  /** E.164, "+919822012345". */
  to: string;
  /** The approved template's name ("order_shipped"). */
  template: string;
  /** Its language code ("en", "mr"). */
  language: string;
  /** The body parameters in order: {{1}}, {{2}}, ... */
  parameters: string[];
  /** The template's text filled in: what the outbox shows and the customer reads. */
  text: string;
};

/**
 * How long a send waits for the Cloud API: `SHOPPER_WAIT_MS` unless told otherwise, as for SMS
 * (docs/decisions/069); a background job passes `WHATSAPP_JOB_TIMEOUT_MS`.
 */
export type WhatsAppSendOptions = { timeoutMs?: number };
export const WHATSAPP_JOB_TIMEOUT_MS = 10_000;

export type WhatsAppResult = { sent: false } | { sent: true; via: "outbox" | "cloud"; id: string };

export type WhatsAppTransport =
  | { mode: "off" }
  | { mode: "outbox"; outboxDir: string }
  | { mode: "cloud"; token: string; phoneNumberId: string; apiBase: string };

/** The Cloud API or the network failed; `retryable` when trying again later may succeed. */
export class WhatsAppSendError extends AppError {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message, { status: 502, title: "The WhatsApp message could not be sent" });
  }
}

/** The transport WHATSAPP=off|outbox|cloud and its settings describe (docs/decisions/062). */
export function whatsAppTransportFromEnv(env: Env): WhatsAppTransport {
  if (env.WHATSAPP === "off") return { mode: "off" };
  if (env.WHATSAPP === "cloud") {
    return {
      mode: "cloud",
      // Both are required by the environment check when WHATSAPP=cloud.
      token: env.WHATSAPP_TOKEN!,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
      apiBase: env.WHATSAPP_API_BASE.replace(/\/+$/, ""),
    };
  }
  return { mode: "outbox", outboxDir: path.join(env.DATA_DIR, "outbox") };
}

/**
 * Sends one template message by `transport`: nothing with `off`, a file in the
 * outbox, or the WhatsApp Cloud API. Throws WhatsAppSendError when the API refuses it or cannot be
 * reached.
 */
export async function sendWhatsApp(
  transport: WhatsAppTransport,
  message: WhatsAppMessage,
  { timeoutMs = SHOPPER_WAIT_MS }: WhatsAppSendOptions = {},
): Promise<WhatsAppResult> {
  if (transport.mode === "off") {
    logger.info("WHATSAPP=off: message not sent");
    return { sent: false };
  }
  if (transport.mode === "outbox") {
    const file = await writeOutboxMessage(transport.outboxDir, {
      channel: "whatsapp",
      to: message.to,
      sentAt: new Date().toISOString(),
      template: message.template,
      language: message.language,
      parameters: message.parameters,
      text: message.text,
    });
    return { sent: true, via: "outbox", id: path.basename(file) };
  }
  return sendThroughCloudApi(transport, message, timeoutMs);
}

/**
 * The WhatsApp Cloud API (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
 * POST /<phone number id>/messages with `Authorization: Bearer <token>` and
 * `{messaging_product: "whatsapp", to, type: "template", template: {name, language: {code},
 * components: [{type: "body", parameters: [{type: "text", text}]}]}}`; it answers
 * `{messages: [{id: "wamid..."}]}` or `{error: {message, code, ...}}`.
 */
async function sendThroughCloudApi(
  transport: Extract<WhatsAppTransport, { mode: "cloud" }>,
  message: WhatsAppMessage,
  timeoutMs: number,
): Promise<WhatsAppResult> {
  let response: Response;
  try {
    response = await fetch(
      `${transport.apiBase}/${encodeURIComponent(transport.phoneNumberId)}/messages`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${transport.token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          recipient_type: "individual",
          to: message.to.replace(/^\+/, ""),
          type: "template",
          template: {
            name: message.template,
            language: { code: message.language },
            components:
              message.parameters.length === 0
                ? []
                : [
                    {
                      type: "body",
                      parameters: message.parameters.map((text) => ({ type: "text", text })),
                    },
                  ],
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
  } catch (error) {
    throw new WhatsAppSendError(
      `The WhatsApp Cloud API could not be reached: ${(error as Error).message}`,
      true,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    messages?: { id?: string }[];
    error?: { message?: string; code?: number };
  } | null;
  const id = body?.messages?.[0]?.id;
  if (!response.ok || !id) {
    throw new WhatsAppSendError(
      `The WhatsApp Cloud API refused the message: ${body?.error?.message ?? `status ${response.status}`}`,
      response.status >= 500 || response.status === 429,
    );
  }
  logger.info({ via: "cloud", id }, "WhatsApp message sent");
  return { sent: true, via: "cloud", id };
}
