import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { PROVIDER_ENDPOINTS } from "../../app/server/provider-endpoints";
import { postMsg91DeliveryReport } from "../fakes/msg91-api";
import { postShiprocketWebhook } from "../fakes/shiprocket-api";
import { postWhatsAppStatus } from "../fakes/whatsapp-cloud-api";
import { SPEC_SHOP_PORTS } from "./config";
import { type ShopProcess, shopTracker, waitForHealth } from "./support/shop-process";

/**
 * Every endpoint a provider calls (app/server/provider-endpoints.ts, docs/decisions/065), through
 * the running production server, called the way its provider calls it: server to server, with no
 * Origin, no Referer and no cookie, the provider's own headers and body. With the right credential
 * each answers 200; without it, or with a wrong one, 401. Before the list, the origin rule refused
 * Shiprocket's tracking webhook with 403 before it ran.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

// Its own port (tests/e2e/config.ts lists every spec's).
const PORT = SPEC_SHOP_PORTS.providerEndpoints;
const ORIGIN = `http://127.0.0.1:${PORT}`;

const SECRETS = {
  RAZORPAY_WEBHOOK_SECRET: "razorpay-webhook-secret-for-the-walk",
  SHIPROCKET_WEBHOOK_TOKEN: "shiprocket-token-for-the-walk",
  MSG91_WEBHOOK_TOKEN: "msg91-token-for-the-walk",
  WHATSAPP_APP_SECRET: "whatsapp-app-secret-for-the-walk",
  WHATSAPP_VERIFY_TOKEN: "whatsapp-verify-token-for-the-walk",
};

type Answer = { status: number; body: string };

/** How each provider calls its endpoint: with its credential, and with none or a wrong one. */
const PROVIDER_CALLS: Record<
  string,
  { credentialed: () => Promise<Answer>; refused: (() => Promise<Answer>)[] }
> = {
  "/api/webhooks/razorpay": (() => {
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_walk",
      event: "payment.authorized",
      contains: ["payment"],
      payload: { payment: { entity: { id: "pay_walk", order_id: "order_walk", amount: 100 } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const post = (signature: string | null) => async () => {
      const response = await fetch(`${ORIGIN}/api/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-event-id": `evt_walk_${Date.now()}`,
          ...(signature === null ? {} : { "x-razorpay-signature": signature }),
        },
        body,
      });
      return { status: response.status, body: await response.text() };
    };
    const sign = (secret: string) => createHmac("sha256", secret).update(body).digest("hex");
    return {
      credentialed: post(sign(SECRETS.RAZORPAY_WEBHOOK_SECRET)),
      refused: [post(null), post(sign("another-secret"))],
    };
  })(),
  "/api/webhooks/courier": (() => {
    const body = {
      awb: "19041400000001",
      courier_name: "Delhivery Surface",
      current_status: "DELIVERED",
      current_status_id: 7,
      shipment_status: "DELIVERED",
      shipment_status_id: 7,
      current_timestamp: "01 12 2026 10:00:00",
      order_id: "ORD-NONE",
      scans: [],
    };
    const url = `${ORIGIN}/api/webhooks/courier`;
    return {
      credentialed: () =>
        postShiprocketWebhook(url, SECRETS.SHIPROCKET_WEBHOOK_TOKEN, {
          ...body,
          current_timestamp: istWebhookNow(),
        }),
      refused: [
        () => postShiprocketWebhook(url, null, body),
        () => postShiprocketWebhook(url, `${SECRETS.SHIPROCKET_WEBHOOK_TOKEN}x`, body),
      ],
    };
  })(),
  "/api/webhooks/sms": (() => {
    const sms = {
      requestId: "3466e0f1a2b3c4d5e6f70000",
      templateId: "1207161234567890123",
      sender: "SATARA",
      mobiles: "919822012345",
      variables: {},
    };
    const base = `${ORIGIN}/api/webhooks/sms`;
    return {
      credentialed: () =>
        postMsg91DeliveryReport(`${base}?token=${SECRETS.MSG91_WEBHOOK_TOKEN}`, sms),
      refused: [
        () => postMsg91DeliveryReport(base, sms),
        () => postMsg91DeliveryReport(`${base}?token=wrong-token-of-some-length`, sms),
      ],
    };
  })(),
  "/api/webhooks/whatsapp": (() => {
    const message = {
      id: "wamid.HBgMOTE5ODIyMDEyMzQ1FQIAERgSWALK",
      to: "919822012345",
      template: "order_placed",
      language: "en",
      parameters: [],
    };
    const url = `${ORIGIN}/api/webhooks/whatsapp`;
    const verify = (token: string) => async () => {
      const query = new URLSearchParams({
        "hub.mode": "subscribe",
        "hub.verify_token": token,
        "hub.challenge": "1158201444",
      });
      const response = await fetch(`${url}?${query}`);
      return { status: response.status, body: await response.text() };
    };
    return {
      credentialed: async () => {
        // Meta first checks the URL with the verify token, then posts signed statuses.
        const verified = await verify(SECRETS.WHATSAPP_VERIFY_TOKEN)();
        expect(verified).toEqual({ status: 200, body: "1158201444" });
        return postWhatsAppStatus(url, SECRETS.WHATSAPP_APP_SECRET, message, "delivered");
      },
      refused: [
        () => postWhatsAppStatus(url, null, message, "delivered"),
        () => postWhatsAppStatus(url, "another-app-secret", message, "delivered"),
        verify("wrong-verify-token-of-some-length"),
      ],
    };
  })(),
};

/** Shiprocket's webhook time, "DD MM YYYY HH:mm:ss" in India's time, for now. */
function istWebhookNow() {
  const [date, time] = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 19).split("T");
  const [year, month, day] = date!.split("-");
  return `${day} ${month} ${year} ${time}`;
}

const shops = shopTracker();
let shop: ShopProcess;
test.beforeAll(async () => {
  shop = shops.spawn({
    env: {
      // Request lines are written at info.
      LOG_LEVEL: "info",
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: shops.migratedDataDir("provider-endpoints"),
      RAZORPAY_KEY_ID: "rzp_test_walk",
      RAZORPAY_KEY_SECRET: "razorpay-key-secret-for-the-walk",
      // Nothing here calls Razorpay: a closed port on this machine.
      RAZORPAY_API_BASE: "http://127.0.0.1:9",
      ...SECRETS,
    },
  });
  await waitForHealth(PORT);
});
test.afterAll(async () => {
  await shops.killAll();
  shops.cleanUp();
});

test("every provider endpoint in the list has its provider's call here", () => {
  expect(Object.keys(PROVIDER_CALLS).sort()).toEqual(PROVIDER_ENDPOINTS.map((e) => e.path).sort());
});

for (const endpoint of PROVIDER_ENDPOINTS) {
  test(`${endpoint.provider} reaches ${endpoint.path} as it calls it, with no Origin or cookie: 200 with its credential, 401 without`, async () => {
    const calls = PROVIDER_CALLS[endpoint.path]!;
    for (const refused of calls.refused) {
      const answer = await refused();
      expect(answer.status, answer.body).toBe(401);
      expect(answer.body).not.toMatch(/cross-origin/i);
    }
    const answer = await calls.credentialed();
    expect(answer.status, answer.body).toBe(200);
  });
}

test("a path merely like a provider endpoint is still refused by the origin rule", async () => {
  for (const pathname of [
    "/api/webhooks/courier/x",
    "/api/webhooks/courierX",
    "/api/webhooks/courier/",
    "/api/webhooks/sms.data",
  ]) {
    const response = await fetch(`${ORIGIN}${pathname}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-api-key": SECRETS.SHIPROCKET_WEBHOOK_TOKEN,
      },
      body: "{}",
    });
    expect(response.status, pathname).toBe(403);
    expect(await response.text()).toMatch(/cross-origin request refused/i);
  }
});

test("the request log does not keep a token sent in the URL", async () => {
  await fetch(`${ORIGIN}/api/webhooks/sms?token=${SECRETS.MSG91_WEBHOOK_TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "data=%5B%5D",
  });
  await fetch(
    `${ORIGIN}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${SECRETS.WHATSAPP_VERIFY_TOKEN}&hub.challenge=1`,
  );
  await expect.poll(() => shop.output()).toContain('"url":"/api/webhooks/sms?token=redacted"');
  const output = shop.output();
  expect(output).toContain("hub.verify_token=redacted");
  expect(output).not.toContain(SECRETS.MSG91_WEBHOOK_TOKEN);
  expect(output).not.toContain(SECRETS.WHATSAPP_VERIFY_TOKEN);
});
