/**
 * The screens of order updates by SMS and WhatsApp (docs/decisions/063): the checkout's and the
 * profile's choices, the owner's Messages on an order with the number masked, and the Message
 * settings screen; each one authorized, validated, and writing nothing when refused.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { sendPhoneCode } from "~/modules/accounts/phone-sign-in.server";
import { sendDueMessages } from "~/modules/notifications/customer-message-job.server";
import { sendDueMails } from "~/modules/notifications/mail-outbox.server";
import {
  consentHistory,
  currentConsents,
  optIn,
} from "~/modules/notifications/message-consents.server";
import { getMessageSettings } from "~/modules/notifications/message-settings.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { getSettings } from "~/modules/settings/settings.server";
import {
  action as messageSettingsAction,
  loader as messageSettingsLoader,
} from "~/routes/admin/message-settings";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import {
  auditLog,
  messageConsents,
  orders,
  phoneCodes,
  rateLimits,
  settings,
} from "../../db/schema";
import { type FakeMsg91, startFakeMsg91 } from "../fakes/msg91-api";
import { callRoute, callRouteAt, createAdmin, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart } from "./support/orders";
import { type Customer, createCustomer, loadProfile, postProfile } from "./support/profile";
import { chooseSms, chooseWhatsApp, TEST_SECRET, testServices } from "./support/services";

let handle: DatabaseHandle;
let outbox: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
beforeEach(async () => {
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "message-screens-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
  chooseWhatsApp({ mode: "outbox", outboxDir: outbox });
});
afterEach(async () => {
  chooseSms(undefined);
  chooseWhatsApp(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
});
afterAll(() => handle.close());

const address = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  addressLine2: "",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

/** A signed-in customer with one product in the cart, ready to check out. */
async function shopperAtCheckout(name: string) {
  const customer = await createCustomer(name);
  const [item] = await insertProducts(handle.db, [
    { name: `Triphala ${randomUUID().slice(0, 6)}`, price: 30_000, stockQuantity: 10 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 1 }]);
  return customer;
}

type CheckoutData = { messageChoices: { channel: string; checked: boolean }[] };

function checkoutChoices(customer: Customer) {
  return callRoute<CheckoutData>(checkoutLoader, browserRequest("/checkout", customer.cookies));
}

function placeOrderAt(customer: Customer, fields: Record<string, string> = {}) {
  return callRoute(
    checkoutAction,
    postForm("/checkout", customer.cookies, {
      ...address,
      idempotencyKey: randomUUID(),
      paymentMethod: "cod",
      ...fields,
    }),
  );
}

describe(`the checkout's choices on ${DATABASE_KIND}`, () => {
  it("offers both channels unticked; a channel switched off is not offered", async () => {
    const customer = await shopperAtCheckout("Checkout Chooser");
    expect((await checkoutChoices(customer)).body!.messageChoices).toEqual([
      { channel: "whatsapp", checked: false },
      { channel: "sms", checked: false },
    ]);
    chooseWhatsApp({ mode: "off" });
    expect((await checkoutChoices(customer)).body!.messageChoices).toEqual([
      { channel: "sms", checked: false },
    ]);
    chooseSms({ mode: "off" });
    expect((await checkoutChoices(customer)).body!.messageChoices).toEqual([]);
  });

  it("a ticked box records consent from the checkout and the order placed is told; the box shows ticked next time", async () => {
    const customer = await shopperAtCheckout("Checkout Opter");
    const placed = await placeOrderAt(customer, { whatsappUpdates: "on" });
    expect(placed.status).toBe(302);
    const [consent] = await consentHistory(handle.db, customer.id);
    expect(consent).toMatchObject({
      channel: "whatsapp",
      optedInVia: "checkout",
      withdrawnAt: null,
    });
    await sendDueMessages(handle.db, testServices());
    expect(await fs.readdir(outbox)).toEqual([expect.stringContaining("-whatsapp-919876543210-")]);

    await fillCart(handle.db, customer.id, [
      {
        productId: (
          await insertProducts(handle.db, [
            { name: `Neem ${randomUUID().slice(0, 6)}`, price: 20_000, stockQuantity: 5 },
          ])
        )[0]!.id,
        quantity: 1,
      },
    ]);
    expect((await checkoutChoices(customer)).body!.messageChoices).toEqual([
      { channel: "whatsapp", checked: true },
      { channel: "sms", checked: false },
    ]);
  });

  it("boxes left unticked record nothing; a refused order records no consent", async () => {
    const customer = await shopperAtCheckout("Checkout Passer");
    expect((await placeOrderAt(customer)).status).toBe(302);
    expect(await consentHistory(handle.db, customer.id)).toEqual([]);

    const refused = await shopperAtCheckout("Checkout Refused");
    const answer = await placeOrderAt(refused, { smsUpdates: "on", postalCode: "4150" });
    expect(answer.status).toBe(400);
    expect(await consentHistory(handle.db, refused.id)).toEqual([]);
    expect(await handle.db.select().from(orders).where(eq(orders.userId, refused.id))).toEqual([]);
  });
});

type ProfileData = { messageConsents: { channel: string; optedInAt: string | null }[] };

describe(`the profile's choices on ${DATABASE_KIND}`, () => {
  it("turns a channel on and withdraws it, each in one post, and shows it", async () => {
    const customer = await createCustomer("Profile Chooser");
    expect(((await loadProfile(customer.cookies)) as ProfileData).messageConsents).toEqual([
      { channel: "whatsapp", optedInAt: null },
      { channel: "sms", optedInAt: null },
    ]);
    const on = await postProfile(customer.cookies, {
      intent: "message-consent",
      channel: "sms",
      choice: "opt-in",
    });
    expect(on.status).toBe(200);
    expect(on.toast).toMatchObject({ type: "success", title: "Order updates by SMS are on" });
    const shown = ((await loadProfile(customer.cookies)) as ProfileData).messageConsents;
    expect(shown[1]).toEqual({ channel: "sms", optedInAt: expect.any(String) });

    const off = await postProfile(customer.cookies, {
      intent: "message-consent",
      channel: "sms",
      choice: "withdraw",
    });
    expect(off.toast).toMatchObject({ title: "Order updates by SMS are off" });
    expect(await currentConsents(handle.db, customer.id)).toEqual([]);
    expect(await consentHistory(handle.db, customer.id)).toMatchObject([
      { channel: "sms", optedInVia: "profile", withdrawnVia: "profile" },
    ]);
  });

  it("refuses an unknown channel or choice, and a channel switched off, with a 4xx, writing nothing", async () => {
    const customer = await createCustomer("Profile Tamperer");
    const tampered: Record<string, string>[] = [
      { channel: "pigeon", choice: "opt-in" },
      { channel: "sms", choice: "maybe" },
      { choice: "opt-in" },
    ];
    for (const fields of tampered) {
      const answer = await postProfile(customer.cookies, { intent: "message-consent", ...fields });
      expect(answer.status).toBe(400);
      expect(answer.toast?.type).toBe("error");
    }
    chooseWhatsApp({ mode: "off" });
    const off = await postProfile(customer.cookies, {
      intent: "message-consent",
      channel: "whatsapp",
      choice: "opt-in",
    });
    expect(off.status).toBe(400);
    expect(off.toast?.description).toBe(
      "The shop does not send order updates on WhatsApp at the moment",
    );
    expect(
      await handle.db.select().from(messageConsents).where(eq(messageConsents.userId, customer.id)),
    ).toEqual([]);
  });
});

describe(`the owner's screens on ${DATABASE_KIND}`, () => {
  it("an order's Messages show each message's state with only the number's last four digits", async () => {
    const admin = await createAdmin(handle.db, "Message Reader");
    const customer = await shopperAtCheckout("Masked Buyer");
    await optIn(handle.db, customer.id, "whatsapp", "profile");
    await placeOrderAt(customer, { whatsappUpdates: "on" });
    const [order] = await handle.db.select().from(orders).where(eq(orders.userId, customer.id));
    await addTrackingId(handle.db, admin.id, order!.id, "MASK-1");
    await sendDueMessages(handle.db, testServices());
    await sendDueMails(handle.db, testServices());
    const answer = await callRouteAt<{ detail: { messages: Record<string, unknown>[] } }>(
      ordersLoader,
      `/admin/orders?view=${order!.id}`,
      admin.cookies,
    );
    // Every notice of the order on every channel: its mails beside its messages (decision 081).
    const shop = await getSettings(handle.db);
    expect(answer.body!.detail.messages).toHaveLength(5);
    expect(answer.body!.detail.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event: "new-order-alert",
          channel: "email",
          maskedRecipient: shop.email,
          state: "sent",
          providerId: expect.stringMatching(/^mail-job\./),
        }),
        expect.objectContaining({
          event: "order-placed",
          channel: "email",
          maskedRecipient: customer.email,
          state: "sent",
        }),
        expect.objectContaining({
          event: "order-placed",
          channel: "whatsapp",
          maskedRecipient: "••••••3210",
          state: "sent",
        }),
        expect.objectContaining({ event: "order-shipped", channel: "email", state: "sent" }),
        expect.objectContaining({ event: "order-shipped", channel: "whatsapp", state: "sent" }),
      ]),
    );
    // The order's address shows its phone, as before; the messages show only the last digits,
    // even where the outbox names its file by the number.
    expect(JSON.stringify(answer.body!.detail.messages)).not.toContain("9876543210");
    const placedByWhatsApp = answer.body!.detail.messages.find(
      (m) => m.event === "order-placed" && m.channel === "whatsapp",
    );
    expect(placedByWhatsApp!.providerId).toMatch(/-whatsapp-••••••3210-/);

    const none = await callRouteAt<{ detail: { messages: unknown[] } }>(
      ordersLoader,
      `/admin/orders?view=${order!.id}`,
      customer.cookies,
    );
    expect(none.status).toBe(302);
  });

  it("Message settings: administrators only; bad input is a 400 that writes nothing; a save is audited", async () => {
    const customer = await createCustomer("Settings Intruder");
    const intruder = await callRouteAt(messageSettingsLoader, "/admin/messages", customer.cookies);
    expect(intruder.status).toBe(302);
    const post = await callRouteAt(messageSettingsAction, "/admin/messages", customer.cookies, {
      whatsappLanguage: "en",
      orderMessagesPerHour: "5",
    });
    expect(post.status).toBe(302);

    const admin = await createAdmin(handle.db, "Settings Keeper");
    const before = await getMessageSettings(handle.db);
    const bad = await callRouteAt<{ result: { error: Record<string, string[]> } }>(
      messageSettingsAction,
      "/admin/messages",
      admin.cookies,
      { whatsappLanguage: "en", orderMessagesPerHour: "-3", "sms_order-placed": "DLT-1" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body!.result.error).toMatchObject({
      orderMessagesPerHour: ["The hourly cap is a whole number from 1 to 100000"],
      "sms_order-placed": ["An SMS template ID is 1 to 40 letters and digits, as MSG91 shows it"],
    });
    expect(await getMessageSettings(handle.db)).toEqual(before);

    const good = await callRouteAt(messageSettingsAction, "/admin/messages", admin.cookies, {
      whatsappLanguage: "hi",
      orderMessagesPerHour: "120",
      smsCodesPerHour: "300",
      "sms_order-placed": "1207161234567890123",
      "whatsapp_order-placed": "order_placed",
    });
    expect(good.status).toBe(200);
    expect(good.toast).toMatchObject({
      title: "Message settings saved",
      description: "Changed: WhatsApp Template Language, Order Messages per Hour, Templates",
    });
    const saved = await getMessageSettings(handle.db);
    expect(saved).toMatchObject({ whatsappLanguage: "hi", orderMessagesPerHour: 120 });
    expect(saved.templates["order-placed"]).toEqual({
      whatsapp: "order_placed",
      sms: "1207161234567890123",
    });
    const audits = await handle.db
      .select({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entity, "message-settings"));
    expect(audits).toEqual([{ actorId: admin.id }]);
    const loaded = await callRouteAt<{ settings: Record<string, string> }>(
      messageSettingsLoader,
      "/admin/messages",
      admin.cookies,
    );
    expect(loaded.body!.settings).toMatchObject({
      "sms_order-placed": "1207161234567890123",
      whatsappLanguage: "hi",
      orderMessagesPerHour: "120",
    });
  });
});

describe(`Message settings: sign-in codes (docs/decisions/062) on ${DATABASE_KIND}`, () => {
  const SIGN_IN_CAP = "Sign-in codes per hour is a whole number from 1 to 100000, in digits only";
  const DLT = "An SMS template ID is 1 to 40 letters and digits, as MSG91 shows it";
  const base = { whatsappLanguage: "en", orderMessagesPerHour: "200", smsCodesPerHour: "300" };
  let fake: FakeMsg91;

  beforeAll(async () => {
    fake = await startFakeMsg91({ authKey: "msg91-key" });
  });
  afterAll(() => fake.close());
  afterEach(async () => {
    await handle.db
      .update(settings)
      .set({ smsCodesPerHour: 300, smsSignInTemplateId: null })
      .where(eq(settings.id, 1));
    await handle.db.delete(rateLimits).where(like(rateLimits.key, "phone-code:%"));
  });

  function signInSettings() {
    return handle.db
      .select({
        smsSignInTemplateId: settings.smsSignInTemplateId,
        smsCodesPerHour: settings.smsCodesPerHour,
      })
      .from(settings)
      .where(eq(settings.id, 1));
  }

  async function save(cookies: string[], fields: Record<string, string>) {
    return callRouteAt<{ result: { error: Record<string, string[]> } }>(
      messageSettingsAction,
      "/admin/messages",
      cookies,
      fields,
    );
  }

  it("shows both fields, saves them in one post and audits them; saving again changes nothing", async () => {
    const admin = await createAdmin(handle.db, "Sign-in Keeper");
    const shown = await callRouteAt<{ settings: Record<string, string> }>(
      messageSettingsLoader,
      "/admin/messages",
      admin.cookies,
    );
    expect(shown.body!.settings).toMatchObject({ smsSignInTemplateId: "", smsCodesPerHour: "300" });
    const fields = {
      ...base,
      smsSignInTemplateId: " 1207160000000000042 ",
      smsCodesPerHour: " 40 ",
    };
    const saved = await save(admin.cookies, fields);
    expect(saved.status).toBe(200);
    expect(saved.toast?.description).toContain(
      "Sign-in code template ID (MSG91), Sign-in codes per hour (whole shop)",
    );
    expect(await signInSettings()).toEqual([
      { smsSignInTemplateId: "1207160000000000042", smsCodesPerHour: 40 },
    ]);
    const [audit] = await handle.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audit).toMatchObject({
      entity: "message-settings",
      changes: {
        before: { smsSignInTemplateId: null, smsCodesPerHour: 300 },
        after: { smsSignInTemplateId: "1207160000000000042", smsCodesPerHour: 40 },
      },
    });
    const loaded = await callRouteAt<{ settings: Record<string, string> }>(
      messageSettingsLoader,
      "/admin/messages",
      admin.cookies,
    );
    expect(loaded.body!.settings).toMatchObject({
      smsSignInTemplateId: "1207160000000000042",
      smsCodesPerHour: "40",
    });
    const again = await save(admin.cookies, fields);
    expect(again.toast?.description).toBe("Nothing had changed");

    // An emptied template id is stored as none.
    const cleared = await save(admin.cookies, { ...fields, smsSignInTemplateId: "" });
    expect(cleared.status).toBe(200);
    expect(await signInSettings()).toEqual([{ smsSignInTemplateId: null, smsCodesPerHour: 40 }]);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audits).toHaveLength(2);
  });

  it("refuses each bad value with its message and a 400, writing nothing", async () => {
    const admin = await createAdmin(handle.db, "Sign-in Checker");
    const before = await signInSettings();
    const bad: [Record<string, string>, Record<string, string[]>][] = [
      [{ smsCodesPerHour: "0" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsCodesPerHour: "100001" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsCodesPerHour: "-5" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsCodesPerHour: "2.5" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsCodesPerHour: "1e3" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsCodesPerHour: "forty" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsCodesPerHour: "" }, { smsCodesPerHour: [SIGN_IN_CAP] }],
      [{ smsSignInTemplateId: "64f1-otp" }, { smsSignInTemplateId: [DLT] }],
      [{ smsSignInTemplateId: "1".repeat(41) }, { smsSignInTemplateId: [DLT] }],
    ];
    for (const [fields, errors] of bad) {
      const answer = await save(admin.cookies, { ...base, ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body!.result.error).toMatchObject(errors);
    }
    const { smsCodesPerHour: _dropped, ...withoutCap } = base;
    const missing = await save(admin.cookies, withoutCap);
    expect(missing.status).toBe(400);
    expect(missing.body!.result.error).toMatchObject({ smsCodesPerHour: [SIGN_IN_CAP] });
    expect(await signInSettings()).toEqual(before);
    expect(await handle.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).toEqual(
      [],
    );
  });

  it("the saved cap is the shop's: with a cap of 1 a second number's code is refused", async () => {
    const admin = await createAdmin(handle.db, "Sign-in Limiter");
    expect((await save(admin.cookies, { ...base, smsCodesPerHour: "1" })).status).toBe(200);
    const first = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber: "+919822000101",
        purpose: "sign-in",
        clientIp: "10.91.0.1",
      },
    );
    expect(first.ok).toBe(true);
    const second = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber: "+919822000102",
        purpose: "sign-in",
        clientIp: "10.91.0.2",
      },
    );
    expect(second).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(
      await handle.db
        .select({ id: phoneCodes.id })
        .from(phoneCodes)
        .where(eq(phoneCodes.phoneNumber, "+919822000102")),
    ).toEqual([]);
  });

  it("the saved template id is the one MSG91 is sent, whichever SMS mode the screen was saved in", async () => {
    const admin = await createAdmin(handle.db, "Sign-in Templater");
    // Saved while SMS goes to the outbox: an owner prepares the template before switching.
    const saved = await save(admin.cookies, { ...base, smsSignInTemplateId: "1207161122334455" });
    expect(saved.status).toBe(200);
    chooseSms({
      mode: "msg91",
      authKey: "msg91-key",
      senderId: "SATAYU",
      apiBase: fake.baseUrl,
    });
    const sent = await sendPhoneCode(
      { db: handle.db, secret: TEST_SECRET },
      testServices().notifications.sms,
      {
        phoneNumber: "+919822000201",
        purpose: "sign-in",
        clientIp: "10.92.0.1",
      },
    );
    expect(sent.ok).toBe(true);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      template_id: "1207161122334455",
      recipients: [{ mobiles: "919822000201", OTP: expect.stringMatching(/^\d{6}$/) }],
    });
  });
});
