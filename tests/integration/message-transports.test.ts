import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_MESSAGE_FILE } from "~/modules/notifications/message-outbox.server";
import { SmsSendError, sendSms } from "~/modules/notifications/sms.server";
import { sendWhatsApp, WhatsAppSendError } from "~/modules/notifications/whatsapp.server";
import { type FakeMsg91, startFakeMsg91 } from "../fakes/msg91-api";
import { type FakeWhatsAppCloud, startFakeWhatsAppCloud } from "../fakes/whatsapp-cloud-api";
import { chooseSms, chooseWhatsApp, testServices } from "./support/services";

const sms = {
  to: "+919822012345",
  templateId: "64f1c0ffee",
  text: "123456 is your Satara Ayurveda sign-in code. It is valid for 5 minutes.",
  variables: { OTP: "123456" },
};

const whatsapp = {
  to: "+919822012345",
  template: "order_shipped",
  language: "en",
  parameters: ["Meera", "ORD-20261127-0001"],
  text: "Namaste Meera, your order ORD-20261127-0001 has been shipped.",
};

afterEach(() => {
  chooseSms(undefined);
  chooseWhatsApp(undefined);
});

describe("the outbox", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-"));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it("writes each SMS and WhatsApp message as its own named JSON file, readable by its owner only", async () => {
    chooseSms({ mode: "outbox", outboxDir: dir });
    chooseWhatsApp({ mode: "outbox", outboxDir: dir });
    const first = await sendSms(testServices().notifications.sms, sms);
    const second = await sendSms(testServices().notifications.sms, {
      ...sms,
      variables: { OTP: "654321" },
    });
    const third = await sendWhatsApp(testServices().notifications.whatsapp, whatsapp);
    expect(first).toMatchObject({ sent: true, via: "outbox" });
    expect(third).toMatchObject({ sent: true, via: "outbox" });
    const files = (await fs.readdir(dir)).sort();
    expect(files).toHaveLength(3);
    for (const file of files) expect(file).toMatch(OUTBOX_MESSAGE_FILE);
    expect(files.filter((file) => file.includes("-sms-919822012345-"))).toHaveLength(2);
    expect(new Set([first, second].map((r) => r.sent && r.id)).size).toBe(2);

    const smsFile = files.find((file) => file === (first.sent && first.id))!;
    const written = JSON.parse(await fs.readFile(path.join(dir, smsFile), "utf8"));
    expect(written).toEqual({
      channel: "sms",
      to: "+919822012345",
      sentAt: expect.any(String),
      templateId: "64f1c0ffee",
      text: sms.text,
      variables: { OTP: "123456" },
    });
    expect((await fs.stat(path.join(dir, smsFile))).mode & 0o777).toBe(0o600);

    const waFile = files.find((file) => file.includes("-whatsapp-"))!;
    expect(JSON.parse(await fs.readFile(path.join(dir, waFile), "utf8"))).toMatchObject({
      channel: "whatsapp",
      template: "order_shipped",
      language: "en",
      parameters: ["Meera", "ORD-20261127-0001"],
      text: whatsapp.text,
    });
  });

  it("sends nothing when a channel is off", async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-off-"));
    chooseSms({ mode: "off" });
    chooseWhatsApp({ mode: "off" });
    expect(await sendSms(testServices().notifications.sms, sms)).toEqual({ sent: false });
    expect(await sendWhatsApp(testServices().notifications.whatsapp, whatsapp)).toEqual({
      sent: false,
    });
    expect(await fs.readdir(empty)).toEqual([]);
    await fs.rm(empty, { recursive: true });
  });
});

describe("MSG91 (against its stand-in)", () => {
  let fake: FakeMsg91;
  beforeAll(async () => {
    fake = await startFakeMsg91({ authKey: "msg91-key" });
  });
  afterAll(() => fake.close());

  function live(authKey = "msg91-key") {
    chooseSms({ mode: "msg91", authKey, senderId: "SATAYU", apiBase: fake.baseUrl });
  }

  it("posts the flow with the auth key, template, sender and the number without +", async () => {
    live();
    const result = await sendSms(testServices().notifications.sms, sms);
    expect(result).toMatchObject({ sent: true, via: "msg91" });
    const request = fake.requests.at(-1)!;
    expect(request.authKey).toBe("msg91-key");
    expect(request.contentType).toBe("application/json");
    expect(request.body).toEqual({
      template_id: "64f1c0ffee",
      sender: "SATAYU",
      short_url: "0",
      recipients: [{ mobiles: "919822012345", OTP: "123456" }],
    });
    expect(fake.sent.at(-1)).toMatchObject({
      mobiles: "919822012345",
      variables: { OTP: "123456" },
    });
    expect(result.sent && result.id).toBe(fake.sent.at(-1)!.requestId);
  });

  it("refuses a message without a template before calling MSG91", async () => {
    live();
    const before = fake.requests.length;
    await expect(
      sendSms(testServices().notifications.sms, { ...sms, templateId: null }),
    ).rejects.toThrow(SmsSendError);
    expect(fake.requests).toHaveLength(before);
  });

  it("reports MSG91's refusal with its message, retryable only for its own failures", async () => {
    live("wrong-key");
    const refused = await sendSms(testServices().notifications.sms, sms).catch((error) => error);
    expect(refused).toBeInstanceOf(SmsSendError);
    expect(refused.message).toContain("Authentication failure");
    expect(refused.retryable).toBe(false);
    live();
    fake.failNext(503, "Service unavailable");
    const unavailable = await sendSms(testServices().notifications.sms, sms).catch(
      (error) => error,
    );
    expect(unavailable.retryable).toBe(true);
  });

  it("reports an unreachable MSG91 as retryable", async () => {
    chooseSms({
      mode: "msg91",
      authKey: "msg91-key",
      senderId: "SATAYU",
      apiBase: "http://127.0.0.1:9",
    });
    const error = await sendSms(testServices().notifications.sms, sms).catch((caught) => caught);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error.retryable).toBe(true);
  });
});

describe("the WhatsApp Cloud API (against its stand-in)", () => {
  let fake: FakeWhatsAppCloud;
  beforeAll(async () => {
    fake = await startFakeWhatsAppCloud({
      token: "wa-token",
      phoneNumberId: "106540352242922",
      approvedTemplates: ["order_shipped"],
    });
  });
  afterAll(() => fake.close());

  function live(token = "wa-token") {
    chooseWhatsApp({
      mode: "cloud",
      token,
      phoneNumberId: "106540352242922",
      apiBase: fake.baseUrl,
    });
  }

  it("posts the template with its language and body parameters to the number's messages", async () => {
    live();
    const result = await sendWhatsApp(testServices().notifications.whatsapp, whatsapp);
    expect(result).toMatchObject({ sent: true, via: "cloud" });
    const request = fake.requests.at(-1)!;
    expect(request.phoneNumberId).toBe("106540352242922");
    expect(request.authorization).toBe("Bearer wa-token");
    expect(request.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919822012345",
      type: "template",
      template: {
        name: "order_shipped",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Meera" },
              { type: "text", text: "ORD-20261127-0001" },
            ],
          },
        ],
      },
    });
    expect(result.sent && result.id).toBe(fake.sent.at(-1)!.id);
    expect(fake.sent.at(-1)!.id).toMatch(/^wamid\./);
  });

  it("reports a bad token and an unknown template with Graph's message, not retryable", async () => {
    live("expired");
    const badToken = await sendWhatsApp(testServices().notifications.whatsapp, whatsapp).catch(
      (error) => error,
    );
    expect(badToken).toBeInstanceOf(WhatsAppSendError);
    expect(badToken.message).toContain("Invalid OAuth access token");
    expect(badToken.retryable).toBe(false);
    live();
    const unknown = await sendWhatsApp(testServices().notifications.whatsapp, {
      ...whatsapp,
      template: "no_such",
    }).catch((e) => e);
    expect(unknown.message).toContain("132001");
    expect(unknown.retryable).toBe(false);
  });

  it("reports a Graph outage as retryable", async () => {
    live();
    fake.failNext(503, 2, "Service temporarily unavailable");
    const error = await sendWhatsApp(testServices().notifications.whatsapp, whatsapp).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(WhatsAppSendError);
    expect(error.retryable).toBe(true);
  });
});
