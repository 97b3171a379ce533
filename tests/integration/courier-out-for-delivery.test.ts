/**
 * A courier's "out for delivery" scan tells a customer who opted in by SMS or WhatsApp
 * (docs/decisions/060, 063): the message is written in the scan's own transaction, once for a
 * scan sent again, and never for a customer who did not opt in. Against the stand-in of
 * Shiprocket's API (the webhook) and the test courier's button, on PGlite and PostgreSQL.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { CUSTOMER_MESSAGE_JOB } from "~/modules/notifications/customer-message-job.server";
import { optIn } from "~/modules/notifications/message-consents.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { applyTestScan } from "~/workflows/apply-courier-scan.server";
import { handleCourierWebhook } from "~/workflows/courier-webhook.server";
import { runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import { backgroundJobs, customerMessages, shipments } from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { placeTestOrder } from "./support/orders";
import { chooseCourier, chooseSms, chooseWhatsApp, testServices } from "./support/services";

const EMAIL = "api-user@shop.example";
const PASSWORD = "api-password-0123";
const TOKEN = "webhook-token-0123456789abcdef";
const OUT_FOR_DELIVERY = 17;

let handle: DatabaseHandle;
let adminId: string;
let fake: FakeShiprocket;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  adminId = (await insertProfile(handle.db, { fullName: "Dispatch Owner" }, { admin: true })).id;
  fake = await startFakeShiprocket({ email: EMAIL, password: PASSWORD });
});
beforeEach(() => {
  chooseSms({ mode: "outbox", outboxDir: "unused-no-message-is-sent-here" });
  chooseWhatsApp({ mode: "outbox", outboxDir: "unused-no-message-is-sent-here" });
});
afterEach(() => {
  chooseCourier(undefined);
  chooseSms(undefined);
  chooseWhatsApp(undefined);
});
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

async function shippedOrder(consent: "sms" | null) {
  const order = await placeTestOrder(handle.db);
  if (consent) await optIn(handle.db, order.userId, consent, "checkout");
  await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
  await runBookingJobs(handle.db, testServices());
  const [shipment] = await handle.db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, order.id));
  return { ...order, awb: shipment!.awb! };
}

async function outForDeliveryMessages(orderId: string) {
  const messages = await handle.db
    .select()
    .from(customerMessages)
    .where(
      and(eq(customerMessages.about, orderId), eq(customerMessages.event, "out-for-delivery")),
    );
  const jobs = await handle.db
    .select()
    .from(backgroundJobs)
    .where(
      and(
        eq(backgroundJobs.kind, CUSTOMER_MESSAGE_JOB),
        like(backgroundJobs.key, `${orderId}:out-for-delivery:%`),
      ),
    );
  return { messages, jobs };
}

const shiprocket = () =>
  createShiprocketCourier({
    apiBase: fake.baseUrl,
    email: EMAIL,
    password: PASSWORD,
    pickupLocation: "Primary",
  });

const post = (body: unknown) =>
  handleCourierWebhook(handle.db, {
    expectedToken: TOKEN,
    givenToken: TOKEN,
    rawBody: JSON.stringify(body),
  });

describe(`out for delivery told to the customer on ${DATABASE_KIND}`, () => {
  it("a webhook scan writes one message job for a customer who opted in; the same scan again none", async () => {
    chooseCourier(shiprocket());
    const order = await shippedOrder("sms");
    expect((await outForDeliveryMessages(order.id)).jobs).toHaveLength(0);

    const scan = fake.scan(order.awb, "OUT FOR DELIVERY", OUT_FOR_DELIVERY, new Date());
    expect(await post(scan)).toEqual({ status: 200, outcome: "applied" });
    const first = await outForDeliveryMessages(order.id);
    expect(first.messages.map((message) => [message.channel, message.state])).toEqual([
      ["sms", "queued"],
    ]);
    expect(first.jobs).toHaveLength(1);

    expect(await post(scan)).toEqual({ status: 200, outcome: "duplicate" });
    const again = await outForDeliveryMessages(order.id);
    expect(again.messages).toHaveLength(1);
    expect(again.jobs).toHaveLength(1);
  });

  it("tells a customer who did not opt in nothing, though the scan is applied", async () => {
    chooseCourier(shiprocket());
    const order = await shippedOrder(null);
    const scan = fake.scan(order.awb, "OUT FOR DELIVERY", OUT_FOR_DELIVERY, new Date());
    expect(await post(scan)).toEqual({ status: 200, outcome: "applied" });
    const [shipment] = await handle.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    expect(shipment!.state).toBe("out_for_delivery");
    const { messages, jobs } = await outForDeliveryMessages(order.id);
    expect(messages).toHaveLength(0);
    expect(jobs).toHaveLength(0);
  });

  it("the test courier's button tells the customer too; a scan that moves nothing tells nothing", async () => {
    chooseCourier(testCourier);
    const order = await shippedOrder("sms");
    expect(await applyTestScan(handle.db, order.id, "picked_up")).toBe("applied");
    expect((await outForDeliveryMessages(order.id)).jobs).toHaveLength(0);
    expect(await applyTestScan(handle.db, order.id, "out_for_delivery")).toBe("applied");
    expect((await outForDeliveryMessages(order.id)).jobs).toHaveLength(1);
    expect(await applyTestScan(handle.db, order.id, "delivered")).toBe("applied");
    expect((await outForDeliveryMessages(order.id)).jobs).toHaveLength(1);
  });
});
