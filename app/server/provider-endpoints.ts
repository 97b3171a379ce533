/**
 * Every endpoint a provider's servers call (docs/decisions/065): declared once, here, with the
 * route module that answers it. app/routes.ts routes them from this list and server.ts exempts
 * exactly these paths, and nothing else, from the origin rule: a provider posts server to server
 * with no Origin and no cookie, so each endpoint authenticates by the provider's own credential
 * and answers 401 without it.
 */
export type ProviderEndpoint = {
  /** The request path, exactly as the provider calls it. */
  path: string;
  provider: string;
  /** What proves the call comes from the provider. */
  credential: string;
  /** The route module, relative to app/. */
  file: string;
};

export const PROVIDER_ENDPOINTS = [
  {
    path: "/api/webhooks/razorpay",
    provider: "Razorpay",
    credential: "X-Razorpay-Signature: HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET",
    file: "routes/api/razorpay-webhook.ts",
  },
  {
    // No "shiprocket", "kartrocket", "sr" or "kr" in it: Shiprocket refuses such callback URLs.
    path: "/api/webhooks/courier",
    provider: "Shiprocket",
    credential: "x-api-key: SHIPROCKET_WEBHOOK_TOKEN",
    file: "routes/api/courier-webhook.ts",
  },
  {
    path: "/api/webhooks/sms",
    provider: "MSG91",
    credential: "?token=MSG91_WEBHOOK_TOKEN in the callback URL (MSG91 signs nothing)",
    file: "routes/api/sms-delivery-webhook.ts",
  },
  {
    path: "/api/webhooks/whatsapp",
    provider: "WhatsApp Cloud API",
    credential:
      "X-Hub-Signature-256: HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET; GET hub.verify_token = WHATSAPP_VERIFY_TOKEN",
    file: "routes/api/whatsapp-webhook.ts",
  },
] as const satisfies readonly ProviderEndpoint[];

export const PROVIDER_ENDPOINT_PATHS: string[] = PROVIDER_ENDPOINTS.map(
  (endpoint) => endpoint.path,
);

/** Query parameters that carry a provider's credential: never written to a log. */
const CREDENTIAL_PARAMETERS = ["token", "hub.verify_token"];

/** A request URL as a log line may show it: a credential in its query replaced by "redacted". */
export function withoutCredentials(url: string) {
  const query = url.indexOf("?");
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of CREDENTIAL_PARAMETERS) {
    if (params.has(name)) {
      params.set(name, "redacted");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}
