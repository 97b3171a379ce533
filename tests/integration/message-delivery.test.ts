/**
 * Delivery reports of order messages (docs/decisions/065): MSG91's webhook, authenticated by the
 * shop's token in its URL, and the WhatsApp Cloud API's, signed with the app secret, move a sent
 * message to delivered or failed, once, never back; a bad credential is 401 and a bad body 400,
 * each writing nothing; an id the shop never sent is 200.
 */
import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerMessages } from "~/../db/schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeHourlySend } from "~/modules/notifications/customer-messages.server";
import {
  answerWhatsAppVerification,
  handleMsg91DeliveryWebhook,
  handleWhatsAppWebhook,
} from "~/modules/notifications/delivery-webhooks.server";
import { recordDeliveryReports } from "~/modules/notifications/message-delivery.server";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { withEnv } from "./support/env";
import { routeContext } from "./support/services";

const TOKEN = "msg91-webhook-token-0123456789";
const APP_SECRET = "whatsapp-app-secret-0123456789abcdef";
const VERIFY_TOKEN = "whatsapp-verify-token-0123456789";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await useTestDatabase();
});

async function sentMessage(channel: "sms" | "whatsapp", providerId: string) {
  const now = new Date();
  const [row] = await handle.db
    .insert(customerMessages)
    .values({
      about: randomUUID(),
      event: "order-shipped",
      channel,
      state: "sent",
      recipient: "+919822012345",
      providerId,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

async function messageRow(id: string) {
  const [row] = await handle.db.select().from(customerMessages).where(eq(customerMessages.id, id));
  return row!;
}

async function allMessages() {
  return handle.db.select().from(customerMessages).orderBy(customerMessages.id);
}

/** MSG91's v2 webhook body: a form whose `data` is a JSON array of requests and their reports. */
function msg91Form(requestId: string, status: string, desc: string, failedReason = "") {
  return new URLSearchParams({
    data: JSON.stringify([
      {
        senderId: "SATARA",
        requestId,
        report: [
          { date: "2026-12-01 10:06:20", number: "919822012345", status, desc, failedReason },
        ],
        userId: "270000",
        campaignName: "API",
      },
    ]),
  }).toString();
}

const msg91 = (
  body: string,
  token: string | null = TOKEN,
  contentType = "application/x-www-form-urlencoded",
) =>
  handleMsg91DeliveryWebhook(handle.db, {
    expectedToken: TOKEN,
    givenToken: token,
    readBody: async () => body,
    contentType,
  });

function whatsAppBody(statuses: Record<string, unknown>[]) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
              statuses,
            },
            field: "messages",
          },
        ],
      },
    ],
  });
}

const sign = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

const whatsApp = (body: string, signature: string | null = sign(body)) =>
  handleWhatsAppWebhook(handle.db, { appSecret: APP_SECRET, signature, rawBody: body });

describe(`MSG91's delivery reports on ${DATABASE_KIND}`, () => {
  it("refuses a wrong or missing token, and any while none is set, before reading the body", async () => {
    const message = await sentMessage("sms", "3461aa0000000000000001");
    const body = msg91Form("3461aa0000000000000001", "1", "DELIVERED");
    let read = 0;
    for (const [expected, given] of [
      [TOKEN, null],
      [TOKEN, `${TOKEN}x`],
      [TOKEN, ""],
      [undefined, TOKEN],
    ] as const) {
      expect(
        await handleMsg91DeliveryWebhook(handle.db, {
          expectedToken: expected,
          givenToken: given,
          readBody: async () => {
            read += 1;
            return body;
          },
          contentType: "application/x-www-form-urlencoded",
        }),
      ).toEqual({ status: 401, error: "invalid token" });
    }
    expect(read).toBe(0);
    expect((await messageRow(message.id)).state).toBe("sent");
  });

  it("marks a sent SMS delivered once, and a late or repeated report changes nothing", async () => {
    const message = await sentMessage("sms", "3461aa0000000000000002");
    const delivered = msg91Form("3461aa0000000000000002", "1", "DELIVERED");
    expect(await msg91(delivered)).toEqual({ status: 200, recorded: 1 });
    const row = await messageRow(message.id);
    expect(row).toMatchObject({ state: "delivered", error: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row.sentAt).toEqual(message.sentAt);
    expect(await msg91(delivered)).toEqual({ status: 200, recorded: 0 });
    // A failure reported after delivery does not undo it.
    expect(await msg91(msg91Form("3461aa0000000000000002", "2", "FAILED", "Absent"))).toEqual({
      status: 200,
      recorded: 0,
    });
    expect(await messageRow(message.id)).toMatchObject({
      state: "delivered",
      deliveredAt: row.deliveredAt,
    });
  });

  it("marks a failure with MSG91's reason; a step on the way moves nothing; v3 JSON is read too", async () => {
    const failed = await sentMessage("sms", "3461aa0000000000000003");
    const pending = await sentMessage("sms", "3461aa0000000000000004");
    const json = await sentMessage("sms", "3461aa0000000000000005");
    expect(
      await msg91(msg91Form("3461aa0000000000000003", "17", "Blocked number", "DND blocked")),
    ).toEqual({ status: 200, recorded: 1 });
    expect(await messageRow(failed.id)).toMatchObject({
      state: "failed",
      error: "Blocked number: DND blocked",
    });
    expect(await msg91(msg91Form("3461aa0000000000000004", "8", "SUBMITTED"))).toEqual({
      status: 200,
      recorded: 0,
    });
    expect((await messageRow(pending.id)).state).toBe("sent");
    const v3 = JSON.stringify({
      date: "2026-12-01 09:58:16",
      number: "919822012345",
      senderId: "SATARA",
      requestId: "3461aa0000000000000005",
      status: "1",
      desc: "DELIVERED",
    });
    expect(await msg91(v3, TOKEN, "application/json")).toEqual({ status: 200, recorded: 1 });
    expect((await messageRow(json.id)).state).toBe("delivered");
  });

  it("answers 200 to a request id it never sent, and 400 to a body that is no report, writing nothing", async () => {
    const before = await allMessages();
    expect(await msg91(msg91Form("ffffffffffffffffffffff", "1", "DELIVERED"))).toEqual({
      status: 200,
      recorded: 0,
    });
    for (const [body, type] of [
      ["data=not-json", "application/x-www-form-urlencoded"],
      ["nothing=here", "application/x-www-form-urlencoded"],
      ["{", "application/json"],
      ["[]", "application/json"],
      ['[{"requestId":"abc","report":"x"}]', "application/json"],
      ['[{"requestId":{"toString":1},"report":[{"status":"1"}]}]', "application/json"],
      ['{"requestId":"abc","status":{"toString":1,"valueOf":1}}', "application/json"],
      ['{"requestId":"a b","status":"1"}', "application/json"],
    ] as const) {
      const answer = await msg91(body, TOKEN, type);
      expect(answer.status, body).toBe(400);
    }
    expect(await allMessages()).toEqual(before);
  });

  it("moves a message once when two reports arrive at once", async () => {
    const message = await sentMessage("sms", "3461aa0000000000000006");
    const body = msg91Form("3461aa0000000000000006", "1", "DELIVERED");
    const answers = await Promise.all([msg91(body), msg91(body), msg91(body)]);
    expect(answers.map((a) => ("recorded" in a ? a.recorded : -1)).sort()).toEqual([0, 0, 1]);
    expect((await messageRow(message.id)).state).toBe("delivered");
  });
});

describe(`the WhatsApp Cloud API's status webhook on ${DATABASE_KIND}`, () => {
  it("refuses a wrong, missing or other app's signature with 401, and all while no secret is set", async () => {
    const message = await sentMessage("whatsapp", "wamid.HBgLOTE5ODIyMDEyMzQ1FQIAERgSAAA=");
    const body = whatsAppBody([{ id: message.providerId, status: "delivered", timestamp: "1" }]);
    for (const signature of [
      null,
      "",
      sign(body, "another-app-secret"),
      sign(`${body} `),
      "sha256=00",
    ]) {
      expect(await whatsApp(body, signature)).toEqual({ status: 401, error: "invalid signature" });
    }
    expect(
      await handleWhatsAppWebhook(handle.db, {
        appSecret: undefined,
        signature: sign(body),
        rawBody: body,
      }),
    ).toMatchObject({ status: 401 });
    expect((await messageRow(message.id)).state).toBe("sent");
  });

  it("marks delivered on delivered or read, failed with Graph's reason, and never goes back", async () => {
    const first = await sentMessage("whatsapp", "wamid.first0000000000000000000");
    const second = await sentMessage("whatsapp", "wamid.second000000000000000000");
    const third = await sentMessage("whatsapp", "wamid.third0000000000000000000");
    const body = whatsAppBody([
      {
        id: first.providerId,
        status: "sent",
        timestamp: "1700000000",
        recipient_id: "919822012345",
      },
      { id: first.providerId, status: "delivered", timestamp: "1700000001" },
      { id: second.providerId, status: "read", timestamp: "1700000002" },
      {
        id: third.providerId,
        status: "failed",
        timestamp: "1700000003",
        errors: [
          {
            code: 131026,
            title: "Message undeliverable",
            message: "Message undeliverable",
            error_data: { details: "Receiver is incapable of receiving this message" },
          },
        ],
      },
    ]);
    expect(await whatsApp(body)).toEqual({ status: 200, recorded: 3 });
    expect((await messageRow(first.id)).state).toBe("delivered");
    expect((await messageRow(second.id)).state).toBe("delivered");
    expect(await messageRow(third.id)).toMatchObject({
      state: "failed",
      error: "Message undeliverable: Receiver is incapable of receiving this message (131026)",
    });
    // A late "sent", a "read" after "delivered", and the same body again change nothing.
    const late = whatsAppBody([
      { id: first.providerId, status: "sent", timestamp: "1700000000" },
      { id: first.providerId, status: "read", timestamp: "1700000009" },
    ]);
    expect(await whatsApp(late)).toEqual({ status: 200, recorded: 0 });
    expect(await whatsApp(body)).toEqual({ status: 200, recorded: 0 });
    expect((await messageRow(first.id)).state).toBe("delivered");
  });

  it("reads only WhatsApp messages by their id: an SMS with the same provider id is not moved", async () => {
    const sms = await sentMessage("sms", "wamid.shared0000000000000000000");
    expect(
      await whatsApp(whatsAppBody([{ id: sms.providerId, status: "delivered", timestamp: "1" }])),
    ).toEqual({ status: 200, recorded: 0 });
    expect((await messageRow(sms.id)).state).toBe("sent");
  });

  it("answers 200 to an unknown id or a body with no statuses, 400 to a body of another shape", async () => {
    const before = await allMessages();
    expect(
      await whatsApp(
        whatsAppBody([{ id: "wamid.neverSent", status: "delivered", timestamp: "1" }]),
      ),
    ).toEqual({ status: 200, recorded: 0 });
    const reply = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "1", changes: [{ field: "messages", value: { messages: [{ id: "x" }] } }] }],
    });
    expect(await whatsApp(reply)).toEqual({ status: 200, recorded: 0 });
    for (const body of [
      "{",
      "[]",
      '{"entry":{"toString":1}}',
      whatsAppBody([{ id: { toString: 1 }, status: "delivered" }]),
      whatsAppBody([null as never]),
    ]) {
      expect((await whatsApp(body)).status, body).toBe(400);
    }
    expect(await allMessages()).toEqual(before);
  });

  it("answers Meta's verification with the challenge only for the shop's verify token", () => {
    const query = (token: string | null, mode = "subscribe", challenge = "1158201444") =>
      new URLSearchParams({
        "hub.mode": mode,
        ...(token === null ? {} : { "hub.verify_token": token }),
        "hub.challenge": challenge,
      });
    expect(answerWhatsAppVerification(VERIFY_TOKEN, query(VERIFY_TOKEN))).toEqual({
      status: 200,
      challenge: "1158201444",
    });
    expect(answerWhatsAppVerification(VERIFY_TOKEN, query("wrong"))).toMatchObject({ status: 401 });
    expect(answerWhatsAppVerification(VERIFY_TOKEN, query(null))).toMatchObject({ status: 401 });
    expect(
      answerWhatsAppVerification(VERIFY_TOKEN, query(VERIFY_TOKEN, "unsubscribe")),
    ).toMatchObject({ status: 401 });
    expect(answerWhatsAppVerification(undefined, query(VERIFY_TOKEN))).toMatchObject({
      status: 401,
    });
    expect(
      answerWhatsAppVerification(VERIFY_TOKEN, query(VERIFY_TOKEN, "subscribe", "<script>")),
    ).toMatchObject({ status: 400 });
  });

  it("the routes read their credentials from the environment", async () => {
    const message = await sentMessage("whatsapp", "wamid.route00000000000000000000");
    const sms = await sentMessage("sms", "3461aa0000000000000099");
    await withEnv(
      { WHATSAPP_APP_SECRET: APP_SECRET, MSG91_WEBHOOK_TOKEN: TOKEN },
      async () => ({
        whatsapp: await import("~/routes/api/whatsapp-webhook"),
        sms: await import("~/routes/api/sms-delivery-webhook"),
      }),
      async (routes) => {
        const body = whatsAppBody([
          { id: message.providerId, status: "delivered", timestamp: "1" },
        ]);
        const post = (headers: Record<string, string>) =>
          routes.whatsapp.action({
            request: new Request("http://localhost/api/webhooks/whatsapp", {
              method: "POST",
              headers: { "content-type": "application/json", ...headers },
              body,
            }),
            context: routeContext(),
          } as never);
        expect((await post({})).status).toBe(401);
        const accepted = await post({ "x-hub-signature-256": sign(body) });
        expect(accepted.status).toBe(200);
        expect(await accepted.json()).toEqual({ recorded: 1 });
        const report = (query: string) =>
          routes.sms.action({
            request: new Request(`http://localhost/api/webhooks/sms${query}`, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              body: msg91Form(sms.providerId!, "1", "DELIVERED"),
            }),
            context: routeContext(),
          } as never);
        expect((await report("")).status).toBe(401);
        expect((await report("?token=wrong")).status).toBe(401);
        expect((await report(`?token=${TOKEN}`)).status).toBe(200);
      },
    );
    expect((await messageRow(message.id)).state).toBe("delivered");
    expect((await messageRow(sms.id)).state).toBe("delivered");
  });

  it("the hourly cap still counts a delivered or undelivered message as one of the hour's sends", async () => {
    const delivered = await sentMessage("sms", "3461aa0000000000000100");
    const undelivered = await sentMessage("sms", "3461aa0000000000000101");
    await recordDeliveryReports(handle.db, [
      { channel: "sms", providerId: delivered.providerId!, outcome: "delivered" },
      { channel: "sms", providerId: undelivered.providerId!, outcome: "failed", reason: "Absent" },
    ]);
    const [queued] = await handle.db
      .insert(customerMessages)
      .values({ about: randomUUID(), event: "order-placed", channel: "sms", state: "queued" })
      .returning();
    const sends = (await allMessages()).filter(
      (row) => row.id !== queued!.id && row.sentAt && row.state !== "skipped",
    ).length;
    expect(await takeHourlySend(handle.db, queued!.id, sends)).toBe(false);
    expect(await takeHourlySend(handle.db, queued!.id, sends + 1)).toBe(true);
  });
});
