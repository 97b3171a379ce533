/**
 * Couriers (docs/decisions/060): "Ship" books the order's parcel in a background job, moves it to
 * shipped with its AWB and asks for one pickup per batch; a courier's error shows on the
 * shipment for a retry; scans (the webhook, or the test courier's buttons) are applied once and
 * deliver, flag or cancel the order. Run with the built-in test courier and against a stand-in of
 * Shiprocket's API (tests/fakes/shiprocket-api.ts).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { testGateway } from "~/modules/payments/gateway.server";
import { ShipmentError } from "~/modules/shipping/courier.server";
import { shipmentTimelines } from "~/modules/shipping/shipments.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { testAwb, testCourier } from "~/modules/shipping/test-courier.server";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { applyTestScan } from "~/workflows/apply-courier-scan.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { runTrackingJobs } from "~/workflows/courier-tracking.server";
import { handleCourierWebhook } from "~/workflows/courier-webhook.server";
import { runRefundJobs } from "~/workflows/refund-jobs.server";
import { runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import {
  backgroundJobs,
  orders,
  products,
  productVariants,
  refunds,
  shipmentScans,
  shipments,
} from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { callRoute, createAdmin, insertProfile, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { withEnv } from "./support/env";
import { payCardOrder, placeTestOrder } from "./support/orders";
import { chooseCourier, routeContext, TEST_SECRET, testServices } from "./support/services";

const EMAIL = "api-user@shop.example";
const PASSWORD = "api-password-0123";
const TOKEN = "webhook-token-0123456789abcdef";
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let handle: DatabaseHandle;
let sent: MailMessage[];
let adminId: string;
let fake: FakeShiprocket;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  adminId = (await insertProfile(handle.db, { fullName: "Shipping Owner" }, { admin: true })).id;
  fake = await startFakeShiprocket({ email: EMAIL, password: PASSWORD });
});
afterEach(() => chooseCourier(undefined));
afterAll(async () => {
  chooseCourier(undefined);
  await fake?.close();
  await handle?.close();
});

async function settle() {
  await runBookingJobs(handle.db, testServices());
  await runRefundJobs(handle.db, testServices());
  await drainMailOutbox(handle.db, testServices());
}

async function orderRow(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function shipmentOf(orderId: string) {
  const [row] = await handle.db.select().from(shipments).where(eq(shipments.orderId, orderId));
  return row;
}

function subjects(orderNumber: string) {
  return sent.map((mail) => mail.subject).filter((subject) => subject.includes(orderNumber));
}

function bookingJobs() {
  return handle.db.select().from(backgroundJobs).where(eq(backgroundJobs.kind, "courier-booking"));
}

function shiprocket(now?: () => number) {
  return createShiprocketCourier({
    apiBase: fake.baseUrl,
    email: EMAIL,
    password: PASSWORD,
    pickupLocation: "Primary",
    now,
  });
}

describe(`the test courier on ${DATABASE_KIND}`, () => {
  it("Ship books the order in a job: shipped with its AWB, pickup requested, the customer told", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db, { quantity: 2 });
    const jobsBefore = (await bookingJobs()).length;
    const outcome = await shipOrders(handle.db, testServices().shipping.courier, adminId, [
      order.id,
    ]);
    expect(outcome).toMatchObject({ booking: [order.orderNumber], skipped: [] });
    expect(await shipmentOf(order.id)).toMatchObject({ state: "booking", provider: "test" });
    expect((await orderRow(order.id)).status).toBe("pending");
    expect(await bookingJobs()).toHaveLength(jobsBefore + 1);

    await settle();
    const awb = testAwb(order.orderNumber);
    expect(await shipmentOf(order.id)).toMatchObject({
      state: "pickup_requested",
      awb,
      courierName: "Test Courier",
      weightGrams: 500,
      error: null,
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", trackingId: awb });
    expect(subjects(order.orderNumber)).toContain(`Your order ${order.orderNumber} has shipped`);
  });

  it("books an express order by air", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db, { shippingMethod: "express" });
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    expect(await shipmentOf(order.id)).toMatchObject({ courierName: "Test Courier Air" });
  });

  it("refuses a second Ship of an order being booked, and writes nothing when none can ship", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    const jobs = (await bookingJobs()).length;
    await expect(
      shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]),
    ).rejects.toThrow(`Order ${order.orderNumber} is already being booked`);
    expect(await bookingJobs()).toHaveLength(jobs);
    await settle();
    await expect(
      shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]),
    ).rejects.toThrow("is already booked");
    await expect(
      shipOrders(handle.db, testServices().shipping.courier, adminId, []),
    ).rejects.toThrow(ShipmentError);
  });

  it("ships several orders in one batch with one job, skipping those that cannot ship", async () => {
    chooseCourier(testCourier);
    const first = await placeTestOrder(handle.db);
    const second = await placeTestOrder(handle.db);
    const cancelled = await placeTestOrder(handle.db);
    const unpaidCard = await placeTestOrder(handle.db, { paymentMethod: "razorpay" });
    await updateOrderStatus(handle.db, adminId, cancelled.id, "cancelled");
    const jobs = (await bookingJobs()).length;
    const outcome = await shipOrders(handle.db, testServices().shipping.courier, adminId, [
      first.id,
      second.id,
      cancelled.id,
      unpaidCard.id,
    ]);
    expect(outcome.booking.sort()).toEqual([first.orderNumber, second.orderNumber].sort());
    expect(outcome.skipped).toEqual(
      expect.arrayContaining([
        { orderNumber: cancelled.orderNumber, reason: "is cancelled" },
        { orderNumber: unpaidCard.orderNumber, reason: "is not paid yet" },
      ]),
    );
    expect(await bookingJobs()).toHaveLength(jobs + 1);
    await settle();
    expect((await shipmentOf(first.id))?.batchId).toBe((await shipmentOf(second.id))?.batchId);
    expect(await shipmentOf(cancelled.id)).toBeUndefined();
  });

  it("is refused while COURIER=off", async () => {
    chooseCourier(null);
    const order = await placeTestOrder(handle.db);
    await expect(
      shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]),
    ).rejects.toThrow("add a tracking ID by hand");
    expect(await shipmentOf(order.id)).toBeUndefined();
  });

  it("moved to delivered by the owner's test scans: the order is delivered and the customer told", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    for (const kind of ["picked_up", "in_transit", "out_for_delivery"] as const) {
      expect(await applyTestScan(handle.db, order.id, kind)).toBe("applied");
    }
    expect((await orderRow(order.id)).status).toBe("shipped");
    await expect(applyTestScan(handle.db, order.id, "picked_up")).rejects.toThrow(
      "cannot be marked",
    );
    expect(await applyTestScan(handle.db, order.id, "delivered")).toBe("applied");
    await settle();
    expect((await orderRow(order.id)).status).toBe("delivered");
    expect(subjects(order.orderNumber)).toContain(`Delivered: ${order.orderNumber}`);
    const timeline = (await shipmentTimelines(handle.db, [order.id])).get(order.id)!;
    expect(timeline.scans.map((scan) => [scan.kind, scan.test])).toEqual([
      ["picked_up", true],
      ["in_transit", true],
      ["out_for_delivery", true],
      ["delivered", true],
    ]);
  });

  it("a failed attempt flags the shipment; a return to the shop cancels, restocks and refunds a paid card order", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db, { paymentMethod: "razorpay", quantity: 3 });
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: order.userId,
      orderId: order.id,
    });
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    const stockBefore = await stockOf(order.productName);
    await applyTestScan(handle.db, order.id, "out_for_delivery");
    await applyTestScan(handle.db, order.id, "failed_attempt");
    expect((await shipmentOf(order.id))?.state).toBe("failed_attempt");
    await applyTestScan(handle.db, order.id, "rto_initiated");
    expect((await orderRow(order.id)).status).toBe("shipped");
    await applyTestScan(handle.db, order.id, "rto_delivered");
    await settle();
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(order.productName)).toBe(stockBefore + 3);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: order.total, status: "processed" });
    expect(subjects(order.orderNumber)).toContain(`Order cancelled: ${order.orderNumber}`);
  });
});

async function stockOf(productName: string) {
  const [row] = await handle.db
    .select({ stock: productVariants.stockQuantity })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.name, productName));
  return row!.stock;
}

describe(`Shiprocket (stand-in) on ${DATABASE_KIND}`, () => {
  it("books a batch: one login, an ad-hoc order keyed by the order number, AWB, label, one pickup", async () => {
    const courier = shiprocket();
    chooseCourier(courier);
    const first = await placeTestOrder(handle.db, { quantity: 2 });
    const second = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [first.id, second.id]);
    await settle();
    expect(courier.logins()).toBe(1);
    const created = fake.orders.get(first.orderNumber)!;
    expect(created.body).toMatchObject({
      order_id: first.orderNumber,
      pickup_location: "Primary",
      payment_method: "COD",
      billing_pincode: "415003",
      sub_total: first.total / 100,
      weight: 0.5,
      length: 20,
      breadth: 15,
      height: 10,
    });
    const shipment = await shipmentOf(first.id);
    expect(shipment).toMatchObject({
      state: "pickup_requested",
      provider: "shiprocket",
      awb: created.awb,
      courierName: "Delhivery Surface",
      providerShipmentId: String(created.shipmentId),
    });
    expect(shipment?.labelUrl).toMatch(/\/labels\/\d+\.pdf$/);
    expect(await orderRow(first.id)).toMatchObject({ status: "shipped", trackingId: created.awb });
    const second_ = fake.orders.get(second.orderNumber)!;
    expect(fake.pickups.at(-1)?.sort()).toEqual([created.shipmentId, second_.shipmentId].sort());

    // The token is kept for the next calls.
    const third = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [third.id]);
    await settle();
    expect(courier.logins()).toBe(1);
    expect(
      fake.calls.filter((call) => call.path !== "/auth/login").every((call) => call.token),
    ).toBe(true);
  });

  it("renews its token a day before its 10 days lapse, and at once when it is refused", async () => {
    let clock = Date.now();
    fake.now = () => clock;
    const courier = shiprocket(() => clock);
    const query = { originPin: "415003", pin: "110001", weightGrams: 500, cod: false };
    await courier.serviceability(query);
    await courier.serviceability(query);
    expect(courier.logins()).toBe(1);
    clock += 8 * DAY;
    await courier.serviceability(query);
    expect(courier.logins()).toBe(1);
    clock += 1.5 * DAY;
    await courier.serviceability(query);
    expect(courier.logins()).toBe(2);
    fake.revokeTokens();
    const answer = await courier.serviceability(query);
    expect(courier.logins()).toBe(3);
    expect(answer).toMatchObject({ serviceable: true });
    fake.now = Date.now;
  });

  it("answers serviceability cheapest first, and which PINs it cannot serve", async () => {
    const courier = shiprocket();
    const served = await courier.serviceability({
      originPin: "415003",
      pin: "110001",
      weightGrams: 700,
      cod: true,
    });
    expect(served).toMatchObject({ serviceable: true, codAvailable: true });
    if (served.serviceable) {
      expect(served.quotes.map((quote) => quote.charge)).toEqual([12_500, 17_800]);
    }
    expect(
      await courier.serviceability({
        originPin: "415003",
        pin: "682555",
        weightGrams: 1,
        cod: false,
      }),
    ).toMatchObject({ serviceable: false, reason: "not_serviced" });
    expect(
      await courier.serviceability({
        originPin: "415003",
        pin: "744101",
        weightGrams: 1,
        cod: true,
      }),
    ).toMatchObject({ serviceable: false, reason: "cod_unavailable" });
    expect(
      await courier.serviceability({
        originPin: "415003",
        pin: "12345",
        weightGrams: 1,
        cod: false,
      }),
    ).toMatchObject({ serviceable: false, reason: "invalid_pin" });
  });

  it("books an express order with the faster service it was charged for; standard with Shiprocket's pick", async () => {
    chooseCourier(shiprocket());
    const express = await placeTestOrder(handle.db, { shippingMethod: "express" });
    const standard = await placeTestOrder(handle.db);
    const assignsBefore = fake.calls.filter((call) => call.path === "/courier/assign/awb").length;
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [
      express.id,
      standard.id,
    ]);
    await settle();
    const assigns = fake.calls
      .filter((call) => call.path === "/courier/assign/awb")
      .slice(assignsBefore);
    const shipmentIdOf = async (orderId: string) =>
      Number((await shipmentOf(orderId))!.providerShipmentId);
    const byShipment = new Map(
      assigns.map((call) => [String(call.body?.shipment_id), call.body?.courier_id]),
    );
    // Xpressbees Air: 2 days, the fastest faster than the cheapest (Ecom Express, 6 days).
    expect(byShipment.get(String(await shipmentIdOf(express.id)))).toBe(33);
    expect(byShipment.get(String(await shipmentIdOf(standard.id)))).toBeUndefined();
    expect(await shipmentOf(express.id)).toMatchObject({ courierName: "Xpressbees Air" });
    expect(await shipmentOf(standard.id)).toMatchObject({ courierName: "Delhivery Surface" });
  });

  it("a courier's refusal fails the shipment with its error; the retry books it without a second Shiprocket order", async () => {
    chooseCourier(shiprocket());
    const order = await placeTestOrder(handle.db);
    fake.failNext("/courier/assign/awb", 400, "Selected courier is not serviceable");
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    const failed = await shipmentOf(order.id);
    expect(failed).toMatchObject({ state: "booking_failed", awb: null });
    expect(failed?.error).toContain("Selected courier is not serviceable");
    expect(failed?.providerShipmentId).toBe(String(fake.orders.get(order.orderNumber)!.shipmentId));
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", trackingId: null });

    const creates = () =>
      fake.calls.filter(
        (call) => call.path === "/orders/create/adhoc" && call.body?.order_id === order.orderNumber,
      ).length;
    expect(creates()).toBe(1);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    expect(creates()).toBe(1);
    expect(await shipmentOf(order.id)).toMatchObject({ state: "pickup_requested", error: null });
    expect((await orderRow(order.id)).status).toBe("shipped");
  });

  it("a booking retried after its first answers were lost finds the same Shiprocket order", async () => {
    chooseCourier(shiprocket());
    const order = await placeTestOrder(handle.db);
    fake.failNext("/courier/assign/awb", 400, "Temporary refusal");
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    // As if the process had died before keeping what Shiprocket answered.
    await handle.db
      .update(shipments)
      .set({ providerOrderId: null, providerShipmentId: null })
      .where(eq(shipments.orderId, order.id));
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    expect([...fake.orders.keys()].filter((key) => key === order.orderNumber)).toHaveLength(1);
    expect((await shipmentOf(order.id))?.awb).toBe(fake.orders.get(order.orderNumber)!.awb);
  });

  it("a courier that does not answer is asked again by the job before the shipment fails", async () => {
    chooseCourier(shiprocket());
    const order = await placeTestOrder(handle.db);
    fake.failNext("/orders/create/adhoc", 502, "Bad gateway");
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await runBookingJobs(handle.db, testServices());
    const waiting = await shipmentOf(order.id);
    expect(waiting).toMatchObject({ state: "booking" });
    expect(waiting?.error).toContain("502");
    const [job] = await handle.db
      .select()
      .from(backgroundJobs)
      .where(
        and(eq(backgroundJobs.kind, "courier-booking"), eq(backgroundJobs.key, waiting!.batchId)),
      );
    expect(job).toMatchObject({ state: "queued", attempts: 1 });
    await handle.db
      .update(backgroundJobs)
      .set({ runAt: new Date() })
      .where(eq(backgroundJobs.id, job!.id));
    await settle();
    expect(await shipmentOf(order.id)).toMatchObject({ state: "pickup_requested", error: null });
  });

  describe("its tracking webhook", () => {
    async function bookedOrder(options: { paymentMethod?: "cod" | "razorpay" } = {}) {
      chooseCourier(shiprocket());
      const order = await placeTestOrder(handle.db, { ...options, quantity: 2 });
      if (options.paymentMethod === "razorpay") {
        await payCardOrder(handle.db, testGateway(TEST_SECRET), {
          userId: order.userId,
          orderId: order.id,
        });
      }
      await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
      await settle();
      const awb = (await shipmentOf(order.id))!.awb!;
      return { ...order, awb };
    }

    const post = (body: unknown, token: string | null = TOKEN) =>
      handleCourierWebhook(handle.db, {
        expectedToken: TOKEN,
        givenToken: token,
        rawBody: typeof body === "string" ? body : JSON.stringify(body),
      });

    it("refuses a forged or missing token, and any token while none is set, writing nothing", async () => {
      const order = await bookedOrder();
      const body = fake.scan(order.awb, "DELIVERED", 7, new Date());
      expect(await post(body, "forged-token-0123456789abcdef")).toMatchObject({ status: 401 });
      expect(await post(body, null)).toMatchObject({ status: 401 });
      expect(
        await handleCourierWebhook(handle.db, {
          expectedToken: undefined,
          givenToken: TOKEN,
          rawBody: JSON.stringify(body),
        }),
      ).toMatchObject({ status: 401 });
      const scans = await handle.db
        .select()
        .from(shipmentScans)
        .where(eq(shipmentScans.awb, order.awb));
      expect(scans).toHaveLength(0);
      expect((await orderRow(order.id)).status).toBe("shipped");
    });

    it("applies a scan once however often it is sent: delivered, and one mail", async () => {
      const order = await bookedOrder();
      const at = new Date(Math.floor(Date.now() / 1000) * 1000);
      expect(
        await post(fake.scan(order.awb, "IN TRANSIT", 18, new Date(at.getTime() - MINUTE))),
      ).toEqual({
        status: 200,
        outcome: "applied",
      });
      const delivered = fake.scan(order.awb, "DELIVERED", 7, at);
      const answers = await Promise.all([post(delivered), post(delivered)]);
      expect(answers.map((answer) => "outcome" in answer && answer.outcome).sort()).toEqual([
        "applied",
        "duplicate",
      ]);
      expect(await post(delivered)).toEqual({ status: 200, outcome: "duplicate" });
      await settle();
      expect((await orderRow(order.id)).status).toBe("delivered");
      expect(
        subjects(order.orderNumber).filter((subject) => subject.startsWith("Delivered:")),
      ).toHaveLength(1);
      const scans = await handle.db
        .select()
        .from(shipmentScans)
        .where(eq(shipmentScans.awb, order.awb));
      expect(scans.map((scan) => [scan.kind, scan.source])).toEqual(
        expect.arrayContaining([
          ["in_transit", "webhook"],
          ["delivered", "webhook"],
        ]),
      );
      expect(scans).toHaveLength(2);
    });

    it("answers 400 to a body that is not an update, and 200 to an AWB it never booked", async () => {
      expect(await post("{not json")).toMatchObject({ status: 400, error: "expected JSON" });
      expect(await post({ awb: "123" })).toMatchObject({ status: 400 });
      expect(await post(fake.scan("99999999", "DELIVERED", 7, new Date()))).toEqual({
        status: 200,
        outcome: "unknown",
      });
      expect(await post({ ...fake.scan("99999999", "PICKUP SCHEDULED", 3, new Date()) })).toEqual({
        status: 200,
        outcome: "ignored",
      });
    });

    it("refuses a scan dated in the future or before its shipment was booked, writing nothing", async () => {
      const order = await bookedOrder();
      const now = Date.now();
      for (const [at, error] of [
        [now + 400 * DAY, "current_timestamp is in the future"],
        [now + 2 * HOUR, "current_timestamp is in the future"],
        [now - 2 * HOUR, "current_timestamp is before the shipment was booked"],
        [now - 400 * DAY, "current_timestamp is before the shipment was booked"],
      ] as const) {
        expect(await post(fake.scan(order.awb, "DELIVERED", 7, new Date(at)))).toEqual({
          status: 400,
          error,
        });
      }
      const scans = await handle.db
        .select()
        .from(shipmentScans)
        .where(eq(shipmentScans.awb, order.awb));
      expect(scans).toHaveLength(0);
      expect((await orderRow(order.id)).status).toBe("shipped");
      // Within the hour either way, a courier's clock a little off from the shop's is believed.
      expect(await post(fake.scan(order.awb, "DELIVERED", 7, new Date(now + 50 * MINUTE)))).toEqual(
        { status: 200, outcome: "applied" },
      );
      await settle();
      expect((await orderRow(order.id)).status).toBe("delivered");
    });

    it("answers 400, not 500, to fields of the wrong type, and reads nothing as text that is not", async () => {
      const order = await bookedOrder();
      const scan = fake.scan(order.awb, "IN TRANSIT", 18, new Date());
      const hostile = { toString: 1, valueOf: 1 };
      expect(await post({ ...scan, scans: [{ activity: { toString: 1 } }] })).toEqual({
        status: 200,
        outcome: "applied",
      });
      expect(
        await post({
          ...scan,
          current_status: "OUT FOR DELIVERY",
          current_status_id: 17,
          shipment_status: "OUT FOR DELIVERY",
          shipment_status_id: 17,
          scans: [{ activity: "Out", location: hostile }],
        }),
      ).toEqual({ status: 200, outcome: "applied" });
      expect(await post({ ...scan, awb: hostile })).toEqual({
        status: 400,
        error: "expected an AWB",
      });
      expect(await post({ ...scan, current_timestamp: hostile })).toEqual({
        status: 400,
        error: "expected current_timestamp",
      });
      const rows = await handle.db
        .select()
        .from(shipmentScans)
        .where(eq(shipmentScans.awb, order.awb));
      expect(rows.map((row) => [row.description, row.location]).sort()).toEqual([
        ["IN TRANSIT", null],
        ["Out", null],
      ]);
    });

    it("a return to origin delivered back cancels the order, restocks it and refunds its card payment", async () => {
      const order = await bookedOrder({ paymentMethod: "razorpay" });
      const stock = await stockOf(order.productName);
      const now = Date.now();
      await post(fake.scan(order.awb, "UNDELIVERED", 21, new Date(now - 3 * MINUTE)));
      expect((await shipmentOf(order.id))?.state).toBe("failed_attempt");
      await post(fake.scan(order.awb, "RTO INITIATED", 9, new Date(now - 2 * MINUTE)));
      expect((await orderRow(order.id)).status).toBe("shipped");
      await post(fake.scan(order.awb, "RTO DELIVERED", 10, new Date(now - MINUTE)));
      await settle();
      expect((await orderRow(order.id)).status).toBe("cancelled");
      expect(await stockOf(order.productName)).toBe(stock + 2);
      const [refund] = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(refund).toMatchObject({ amount: order.total, status: "processed" });
    });
  });
});

describe(`the orders screen's shipping on ${DATABASE_KIND}`, () => {
  it("ships the selected orders; a bad selection or scan is a 4xx that writes nothing", async () => {
    chooseCourier(testCourier);
    const owner = await createAdmin(handle.db);
    const first = await placeTestOrder(handle.db);
    const second = await placeTestOrder(handle.db);
    const body = new URLSearchParams([
      ["intent", "ship"],
      ["orderId", first.id],
      ["orderId", second.id],
    ]);
    const shipped = await callRoute(
      ordersAction,
      browserRequest("/admin/orders", owner.cookies, { method: "POST", body }),
    );
    expect(shipped.status).toBe(200);
    expect(shipped.toast?.title).toBe("Booking the shipments");
    await settle();
    expect((await orderRow(first.id)).status).toBe("shipped");
    expect((await orderRow(second.id)).status).toBe("shipped");

    const jobs = (await bookingJobs()).length;
    for (const fields of [
      { intent: "ship" } as Record<string, string>,
      { intent: "ship", orderId: "not-a-uuid" },
      { intent: "test-scan", orderId: first.id, kind: "teleported" },
      { intent: "test-scan", orderId: "nope", kind: "delivered" },
    ]) {
      const refused = await callRoute(
        ordersAction,
        postForm("/admin/orders", owner.cookies, fields),
      );
      expect(refused.status, JSON.stringify(fields)).toBe(400);
    }
    const tooMany = new URLSearchParams([["intent", "ship"]]);
    for (let index = 0; index < 51; index += 1) tooMany.append("orderId", crypto.randomUUID());
    const refused = await callRoute(
      ordersAction,
      browserRequest("/admin/orders", owner.cookies, { method: "POST", body: tooMany }),
    );
    expect(refused.status).toBe(400);
    expect(refused.toast?.description).toBe("Ship at most 50 orders at once");
    expect(await bookingJobs()).toHaveLength(jobs);
    expect((await shipmentOf(first.id))?.state).toBe("pickup_requested");

    const scanned = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, {
        intent: "test-scan",
        orderId: first.id,
        kind: "picked_up",
      }),
    );
    expect(scanned.toast?.title).toBe("Test scan recorded");
    expect((await shipmentOf(first.id))?.state).toBe("picked_up");
  });

  it("shows the shipment on the detail, and nothing new while COURIER=off", async () => {
    chooseCourier(testCourier);
    const owner = await createAdmin(handle.db);
    const order = await placeTestOrder(handle.db);
    const view = () =>
      callRoute<{ shipping: unknown; courierMode: string }>(
        ordersLoader,
        browserRequest(`/admin/orders?view=${order.id}`, owner.cookies),
      );
    expect((await view()).body?.shipping).toEqual({ courierMode: "test", shipment: null });
    chooseCourier(null);
    expect((await view()).body).toMatchObject({ shipping: null, courierMode: "off" });
    chooseCourier(testCourier);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    chooseCourier(null);
    expect((await view()).body?.shipping).toMatchObject({
      courierMode: "off",
      shipment: { state: "pickup_requested", provider: "test" },
    });
  });

  it("refuses a customer", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db);
    const stranger = await callRoute(
      ordersAction,
      postForm("/admin/orders", [], { intent: "ship", orderId: order.id }),
    );
    expect(stranger.status).toBeGreaterThanOrEqual(300);
    expect(await shipmentOf(order.id)).toBeUndefined();
  });
});

describe(`races on ${DATABASE_KIND}`, () => {
  it("two Ships of one order at once book it once", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db);
    const jobs = (await bookingJobs()).length;
    const outcomes = await Promise.allSettled([
      shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]),
      shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]),
      shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await bookingJobs()).toHaveLength(jobs + 1);
    await settle();
    expect((await orderRow(order.id)).trackingId).toBe(testAwb(order.orderNumber));
  });
});

describe(`tracking polls on ${DATABASE_KIND}`, () => {
  function pollJobs(shipmentId: string) {
    return handle.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, "courier-tracking"))
      .then((jobs) => jobs.filter((job) => job.key.startsWith(`${shipmentId}:`)));
  }

  async function runPollsNow(shipmentId: string) {
    for (const job of await pollJobs(shipmentId)) {
      await handle.db
        .update(backgroundJobs)
        .set({ runAt: new Date() })
        .where(eq(backgroundJobs.id, job.id));
    }
    await runTrackingJobs(handle.db, testServices());
    await drainMailOutbox(handle.db, testServices());
  }

  it("asks Shiprocket for the scans six hours after booking, again until delivered, each scan once", async () => {
    chooseCourier(shiprocket());
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    const shipment = (await shipmentOf(order.id))!;
    const [first] = await pollJobs(shipment.id);
    expect(first!.runAt.getTime() - shipment.bookedAt!.getTime()).toBe(6 * 60 * 60 * 1000);

    const now = Date.now();
    const inTransit = fake.scan(shipment.awb!, "IN TRANSIT", 18, new Date(now - 2 * MINUTE));
    await runPollsNow(shipment.id);
    expect((await shipmentOf(order.id))?.state).toBe("in_transit");
    expect(await pollJobs(shipment.id)).toHaveLength(2);
    // The same scan by webhook afterwards changes nothing.
    expect(
      await handleCourierWebhook(handle.db, {
        expectedToken: TOKEN,
        givenToken: TOKEN,
        rawBody: JSON.stringify(inTransit),
      }),
    ).toEqual({ status: 200, outcome: "duplicate" });

    fake.scan(shipment.awb!, "DELIVERED", 7, new Date(now - MINUTE));
    await runPollsNow(shipment.id);
    expect((await orderRow(order.id)).status).toBe("delivered");
    // Delivered: no further poll is scheduled.
    expect(await pollJobs(shipment.id)).toHaveLength(2);
    await runPollsNow(shipment.id);
    expect(await pollJobs(shipment.id)).toHaveLength(2);
    const scans = await handle.db
      .select()
      .from(shipmentScans)
      .where(eq(shipmentScans.awb, shipment.awb!));
    expect(scans.map((scan) => [scan.kind, scan.source])).toEqual(
      expect.arrayContaining([
        ["in_transit", "poll"],
        ["delivered", "poll"],
      ]),
    );
    expect(scans).toHaveLength(2);
  });

  it("is not scheduled for the test courier", async () => {
    chooseCourier(testCourier);
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    expect(await pollJobs((await shipmentOf(order.id))!.id)).toHaveLength(0);
  });
});

describe(`POST /api/webhooks/courier on ${DATABASE_KIND}`, () => {
  it("checks the x-api-key before reading, limits the body, and applies a scan once", async () => {
    chooseCourier(shiprocket());
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
    await settle();
    const awb = (await shipmentOf(order.id))!.awb!;
    const body = JSON.stringify(fake.scan(awb, "DELIVERED", 7, new Date()));
    await withEnv(
      { SHIPROCKET_WEBHOOK_TOKEN: TOKEN },
      () => import("~/routes/api/courier-webhook"),
      async ({ action }) => {
        const post = (init: { key?: string; body: string; length?: string }) =>
          action({
            request: new Request("http://localhost/api/webhooks/courier", {
              method: "POST",
              headers: {
                "content-type": "application/json",
                ...(init.key ? { "x-api-key": init.key } : {}),
                ...(init.length ? { "content-length": init.length } : {}),
              },
              body: init.body,
            }),
            context: routeContext(),
          } as never);
        const read = async (answer: Response) => ({
          status: answer.status,
          body: await answer.json(),
        });
        expect(await read(await post({ body }))).toEqual({
          status: 401,
          body: { error: "invalid token" },
        });
        expect(await read(await post({ key: `${TOKEN}x`, body }))).toMatchObject({ status: 401 });
        const tooLarge = await post({ key: TOKEN, body: "x".repeat(300 * 1024) }).catch(
          (thrown: unknown) => thrown as Response,
        );
        expect(tooLarge.status).toBe(413);
        expect(await read(await post({ key: TOKEN, body }))).toEqual({
          status: 200,
          body: { status: "applied" },
        });
        expect(await read(await post({ key: TOKEN, body }))).toEqual({
          status: 200,
          body: { status: "duplicate" },
        });
        const get = await action({
          request: new Request("http://localhost/api/webhooks/courier"),
        } as never);
        expect(get.status).toBe(405);
      },
    );
    await settle();
    expect((await orderRow(order.id)).status).toBe("delivered");
  });
});
