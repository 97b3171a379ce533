/**
 * A stand-in for the WhatsApp Cloud API's messages endpoint on loopback: a real HTTP server on an
 * ephemeral port, so the shop's own `fetch`, headers and JSON are exercised exactly as against
 * graph.facebook.com.
 *
 * It implements `POST /v<version>/<PHONE_NUMBER_ID>/messages` (its base URL carries the Graph
 * version, as https://graph.facebook.com/v21.0 does), as documented at
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages and
 * .../guides/send-message-templates: `Authorization: Bearer <token>`, a JSON body
 * `{messaging_product: "whatsapp", recipient_type: "individual", to, type: "template",
 * template: {name, language: {code}, components: [{type: "body", parameters: [{type: "text",
 * text}]}]}}`. It answers 200 `{messaging_product, contacts: [{input, wa_id}], messages: [{id:
 * "wamid...."}]}`; a refusal is Graph's `{error: {message, type, code, error_subcode,
 * fbtrace_id}}` (401 and code 190 for a bad token, 400 and code 100 for a bad parameter, 132001
 * for a template that does not exist).
 */
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedMessageRequest = {
  phoneNumberId: string;
  authorization: string | null;
  body: Record<string, unknown> | null;
};

/** A template message the fake accepted. */
export type AcceptedTemplateMessage = {
  id: string;
  to: string;
  template: string;
  language: string;
  /** The body component's text parameters in order. */
  parameters: string[];
};

export type FakeWhatsAppCloud = {
  baseUrl: string;
  requests: RecordedMessageRequest[];
  sent: AcceptedTemplateMessage[];
  /** Names of the approved templates; a message naming another is refused with 132001. */
  approvedTemplates: Set<string>;
  failNext(status: number, code: number, message?: string): void;
  close(): Promise<void>;
};

function readBody(request: http.IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function graphError(message: string, code: number, type = "OAuthException") {
  return {
    error: {
      message,
      type,
      code,
      error_subcode: undefined,
      fbtrace_id: randomBytes(8).toString("hex"),
    },
  };
}

export async function startFakeWhatsAppCloud(credentials: {
  token: string;
  phoneNumberId: string;
  approvedTemplates?: string[];
}): Promise<FakeWhatsAppCloud> {
  const requests: RecordedMessageRequest[] = [];
  const sent: AcceptedTemplateMessage[] = [];
  const approvedTemplates = new Set(credentials.approvedTemplates ?? []);
  let nextFailure: { status: number; code: number; message: string } | null = null;

  const server = http.createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const match = /^\/v\d+\.\d+\/([^/]+)\/messages$/.exec(request.url ?? "");
      if (request.method !== "POST" || !match) {
        send(response, 400, graphError("Unsupported request", 100, "GraphMethodException"));
        return;
      }
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const phoneNumberId = decodeURIComponent(match[1]!);
      const authorization = request.headers.authorization ?? null;
      requests.push({ phoneNumberId, authorization, body });
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        send(response, failure.status, graphError(failure.message, failure.code));
        return;
      }
      if (authorization !== `Bearer ${credentials.token}`) {
        send(response, 401, graphError("Invalid OAuth access token.", 190));
        return;
      }
      if (phoneNumberId !== credentials.phoneNumberId) {
        send(response, 400, graphError("Unsupported post request. Object does not exist.", 100));
        return;
      }
      const template = body?.template as
        | {
            name?: unknown;
            language?: { code?: unknown };
            components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
          }
        | undefined;
      if (
        body?.messaging_product !== "whatsapp" ||
        body.type !== "template" ||
        typeof body.to !== "string" ||
        !/^\d{8,15}$/.test(body.to) ||
        typeof template?.name !== "string" ||
        typeof template.language?.code !== "string"
      ) {
        send(response, 400, graphError("(#100) Invalid parameter", 100));
        return;
      }
      if (!approvedTemplates.has(template.name)) {
        send(
          response,
          404,
          graphError(`(#132001) Template name does not exist in the translation`, 132001),
        );
        return;
      }
      const parameters: string[] = [];
      for (const component of template.components ?? []) {
        if (component.type !== "body") continue;
        for (const parameter of component.parameters ?? []) {
          if (parameter.type !== "text" || typeof parameter.text !== "string") {
            send(response, 400, graphError("(#100) Invalid parameter", 100));
            return;
          }
          parameters.push(parameter.text);
        }
      }
      const id = `wamid.${randomBytes(18).toString("base64url")}`;
      sent.push({
        id,
        to: body.to,
        template: template.name,
        language: template.language.code,
        parameters,
      });
      send(response, 200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      });
    })().catch(() => send(response, 500, graphError("An unknown error occurred", 1)));
  });
  await new Promise<void>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v21.0`,
    requests,
    sent,
    approvedTemplates,
    failNext(status, code, message = "Service temporarily unavailable") {
      nextFailure = { status, code, message };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Posts a status update for a message the fake took, as the Cloud API's webhook does
 * (developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components and
 * .../graph-api/webhooks/getting-started): a JSON POST signed with `X-Hub-Signature-256:
 * sha256=<HMAC-SHA256 of the raw body with the app secret>`, body `{object:
 * "whatsapp_business_account", entry: [{id, changes: [{value: {messaging_product, metadata:
 * {display_phone_number, phone_number_id}, statuses: [{id, status, timestamp, recipient_id,
 * conversation?, pricing?, errors?}]}, field: "messages"}]}]}`. No Origin, Referer or cookie.
 * `appSecret: null` sends it unsigned. Answers the shop's reply.
 */
export async function postWhatsAppStatus(
  url: string,
  appSecret: string | null,
  message: AcceptedTemplateMessage,
  status: "sent" | "delivered" | "read" | "failed",
  phoneNumberId = "106540352242922",
) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: message.id,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: message.to,
                  ...(status === "failed"
                    ? {
                        errors: [
                          {
                            code: 131026,
                            title: "Message undeliverable",
                            message: "Message undeliverable",
                            error_data: { details: "Message Undeliverable." },
                          },
                        ],
                      }
                    : {
                        conversation: {
                          id: randomBytes(16).toString("hex"),
                          origin: { type: "utility" },
                        },
                        pricing: { billable: true, pricing_model: "CBP", category: "utility" },
                      }),
                },
              ],
            },
            field: "messages",
          },
        ],
      },
    ],
  });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (appSecret !== null) {
    headers["x-hub-signature-256"] =
      `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
  }
  const response = await fetch(url, {
    method: "POST",
    headers,
    body,
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}
