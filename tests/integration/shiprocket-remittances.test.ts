/**
 * Cash on delivery paid out by Shiprocket (docs/decisions/061): once a day the shop asks
 * Shiprocket's order details of each delivered, unpaid cash-on-delivery order it booked there;
 * one whose cash has been paid out becomes paid under the payout's bank reference (UTR), in the
 * remittance report with the orders it covered, once. Against the stand-in of Shiprocket's API.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { runJobs } from "~/modules/jobs/run-jobs.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { listRemittances } from "~/modules/payments/cod-remittances.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { action, loader } from "~/routes/admin/remittances";
import { applyCourierScans } from "~/workflows/apply-courier-scan.server";
import { dailyRemittanceCheck, readCourierRemittances } from "~/workflows/cod-remittance.server";
import { runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import { auditLog, backgroundJobs, codRemittances, orders, shipments } from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { callRouteAt, createAdmin, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { placeTestOrder } from "./support/orders";
import { chooseCourier, testServices } from "./support/services";

const EMAIL = "api-user@shop.example";
const PASSWORD = "api-password-0123";

let handle: DatabaseHandle;
let sent: MailMessage[];
let adminId: string;
let fake: FakeShiprocket;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
  ({ sent } = await wireApp(handle.db));
  adminId = (await insertProfile(handle.db, { fullName: "Payout Owner" }, { admin: true })).id;
  fake = await startFakeShiprocket({ email: EMAIL, password: PASSWORD });
});
afterEach(() => chooseCourier(undefined));
afterAll(async () => {
  chooseCourier(undefined);
  await fake?.close();
  await handle?.close();
});

function shiprocket() {
  return createShiprocketCourier({
    apiBase: fake.baseUrl,
    email: EMAIL,
    password: PASSWORD,
    pickupLocation: "Primary",
  });
}

/** Settles every order an earlier test left owed, so each test counts only its own. */
async function settleEarlier() {
  await handle.db
    .update(orders)
    .set({ paymentStatus: "paid" })
    .where(eq(orders.paymentMethod, "cod"));
}

/** A cash-on-delivery order booked with the courier set now and delivered by its scan. */
async function deliveredOrder(options: { paymentMethod?: "cod" | "razorpay" } = {}) {
  const order = await placeTestOrder(handle.db, options);
  await shipOrders(handle.db, testServices().shipping.courier, adminId, [order.id]);
  await runBookingJobs(handle.db, testServices());
  const [shipment] = await handle.db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, order.id));
  await applyCourierScans(
    handle.db,
    [
      {
        awb: shipment!.awb!,
        kind: "delivered",
        status: "DELIVERED",
        at: new Date(Date.now() - 3 * 86_400_000),
        description: "Delivered",
        location: null,
      },
    ],
    "webhook",
  );
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
  expect(row).toMatchObject({ status: "delivered", paymentStatus: "pending" });
  return row!;
}

async function paymentOf(ids: string[]) {
  const rows = await handle.db
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, paidAt: orders.paidAt })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

function showCalls() {
  return fake.calls.filter((call) => call.path.startsWith("/orders/show/")).length;
}

describe(`Shiprocket's payouts of cash on delivery on ${DATABASE_KIND}`, () => {
  it("records an order Shiprocket paid out under its UTR and date, once, with the receipt mailed", async () => {
    await settleEarlier();
    chooseCourier(shiprocket());
    const order = await deliveredOrder();
    const waiting = await deliveredOrder();

    // Not paid out yet: asked, nothing written.
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 2,
      recorded: 0,
    });
    expect((await paymentOf([order.id])).get(order.id)?.paymentStatus).toBe("pending");

    fake.remit(order.orderNumber, "UTIBR52026112700123", "2026-11-27");
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 2,
      recorded: 1,
    });
    const payment = await paymentOf([order.id, waiting.id]);
    expect(payment.get(order.id)).toMatchObject({ paymentStatus: "paid" });
    // The payout's day, midnight in India.
    expect(payment.get(order.id)!.paidAt!.toISOString()).toBe("2026-11-26T18:30:00.000Z");
    expect(payment.get(waiting.id)?.paymentStatus).toBe("pending");

    const [report] = (await listRemittances(handle.db)).filter(
      (row) => row.reference === "UTIBR52026112700123",
    );
    expect(report).toMatchObject({
      courier: "shiprocket",
      amount: order.total,
      orders: [{ orderId: order.id, orderNumber: order.orderNumber, amount: order.total }],
    });
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, order.id))
      .then((rows) => rows.filter((row) => row.action === "record-remittance"));
    expect(audit).toMatchObject({ actorId: null });
    expect(audit!.changes).toMatchObject({ remittance: "UTIBR52026112700123" });

    await drainMailOutbox(handle.db, testServices());
    expect(sent.filter((mail) => mail.subject.includes(order.orderNumber)).length).toBeGreaterThan(
      0,
    );
    const mailsBefore = sent.length;

    // Read again: the paid order is not asked about, nor recorded twice.
    const callsBefore = showCalls();
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 1,
      recorded: 0,
    });
    expect(showCalls()).toBe(callsBefore + 1);
    await drainMailOutbox(handle.db, testServices());
    expect(sent.length).toBe(mailsBefore);
  });

  it("adds the orders of one payout to one remittance, and asks only about its own delivered COD orders", async () => {
    await settleEarlier();
    chooseCourier(shiprocket());
    const first = await deliveredOrder();
    const second = await deliveredOrder();
    const card = await placeTestOrder(handle.db, { paymentMethod: "razorpay" });
    // A COD order the test courier delivered is not Shiprocket's to pay out.
    chooseCourier(testCourier);
    const elsewhere = await deliveredOrder();
    chooseCourier(shiprocket());

    fake.remit(first.orderNumber, "HDFCR52026112800777", "28 Nov 2026");
    fake.remit(second.orderNumber, "HDFCR52026112800777", "28 Nov 2026");
    const callsBefore = showCalls();
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 2,
      recorded: 2,
    });
    expect(showCalls()).toBe(callsBefore + 2);

    const payouts = await handle.db
      .select()
      .from(codRemittances)
      .where(eq(codRemittances.reference, "HDFCR52026112800777"));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      courier: "shiprocket",
      amount: first.total + second.total,
      recordedBy: null,
    });
    const [report] = (await listRemittances(handle.db)).filter(
      (row) => row.reference === "HDFCR52026112800777",
    );
    expect(report!.orders.map((row) => row.orderId).sort()).toEqual([first.id, second.id].sort());
    const payment = await paymentOf([elsewhere.id, card.id]);
    expect(payment.get(elsewhere.id)?.paymentStatus).toBe("pending");
    expect(payment.get(card.id)?.paymentStatus).toBe("pending");
  });

  it("leaves an order Shiprocket could not answer for the retry, recording the others; a payout recorded by hand meanwhile is kept", async () => {
    await settleEarlier();
    chooseCourier(shiprocket());
    const first = await deliveredOrder();
    const second = await deliveredOrder();
    fake.remit(first.orderNumber, "ICICR52026112900001", "2026-11-29");
    fake.remit(second.orderNumber, "ICICR52026112900001", "2026-11-29");
    // Shiprocket fails once: the first order asked is left, the second recorded; the run fails.
    fake.failNext("/orders/show/", 502, "Bad gateway");
    await expect(
      readCourierRemittances(handle.db, testServices().shipping.courier),
    ).rejects.toThrow("Shiprocket answered 502");
    const afterFailure = await paymentOf([first.id, second.id]);
    expect([...afterFailure.values()].map((row) => row.paymentStatus).sort()).toEqual([
      "paid",
      "pending",
    ]);
    // The retry records the one left, into the same payout.
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 1,
      recorded: 1,
    });
    const [payout] = await handle.db
      .select()
      .from(codRemittances)
      .where(eq(codRemittances.reference, "ICICR52026112900001"));
    expect(payout!.amount).toBe(first.total + second.total);

    // Paid by hand before Shiprocket says so: the courier's later word writes nothing.
    const byHand = await deliveredOrder();
    await handle.db
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: new Date() })
      .where(eq(orders.id, byHand.id));
    fake.remit(byHand.orderNumber, "ICICR52026112900002", "2026-11-29");
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 0,
      recorded: 0,
    });
    expect(
      await handle.db
        .select()
        .from(codRemittances)
        .where(eq(codRemittances.reference, "ICICR52026112900002")),
    ).toHaveLength(0);
  });

  it("two processes reading the same payout at once record each order once", async () => {
    await settleEarlier();
    chooseCourier(shiprocket());
    const orderA = await deliveredOrder();
    const orderB = await deliveredOrder();
    fake.remit(orderA.orderNumber, "SBINR52026113000042", "2026-11-30");
    fake.remit(orderB.orderNumber, "SBINR52026113000042", "2026-11-30");
    const [one, two] = await Promise.all([
      readCourierRemittances(handle.db, testServices().shipping.courier),
      readCourierRemittances(handle.db, testServices().shipping.courier),
    ]);
    expect(one.recorded + two.recorded).toBe(2);
    const [payout] = await handle.db
      .select()
      .from(codRemittances)
      .where(eq(codRemittances.reference, "SBINR52026113000042"));
    expect(payout!.amount).toBe(orderA.total + orderB.total);
  });

  it("refuses a payout reference it cannot read, and asks nothing for couriers without payouts", async () => {
    await settleEarlier();
    chooseCourier(shiprocket());
    const order = await deliveredOrder();
    fake.remit(order.orderNumber, "<script>", "2026-11-30");
    // Not the courier being down: logged and left for the owner, not retried.
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 1,
      recorded: 0,
    });
    expect((await paymentOf([order.id])).get(order.id)?.paymentStatus).toBe("pending");

    chooseCourier(testCourier);
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 0,
      recorded: 0,
    });
    chooseCourier(null);
    expect(await readCourierRemittances(handle.db, testServices().shipping.courier)).toEqual({
      asked: 0,
      recorded: 0,
    });
  });

  it("runs as the daily job", async () => {
    await settleEarlier();
    chooseCourier(shiprocket());
    const order = await deliveredOrder();
    fake.remit(order.orderNumber, "KKBKR52026120100009", "2026-12-01");
    await handle.db.transaction((tx) =>
      dailyRemittanceCheck.enqueue(tx, "2026-12-01", { date: "2026-12-01" }),
    );
    await runJobs(handle.db, testServices(), dailyRemittanceCheck);
    expect((await paymentOf([order.id])).get(order.id)?.paymentStatus).toBe("paid");
  });

  it("the remittances page says the payouts are read and checks now on the owner's press", async () => {
    await settleEarlier();
    const owner = await createAdmin(handle.db);
    chooseCourier(shiprocket());
    const order = await deliveredOrder();
    fake.remit(order.orderNumber, "PUNBR52026120200031", "2026-12-02");
    const page = await callRouteAt<{ readsPayouts: boolean; testCourier: boolean }>(
      loader,
      "/admin/remittances",
      owner.cookies,
    );
    expect(page.body).toMatchObject({ readsPayouts: true, testCourier: false });
    // The test courier's button is refused while Shiprocket is the courier.
    const refused = await callRouteAt(action, "/admin/remittances", owner.cookies, {
      intent: "record-test-remittance",
    });
    expect(refused.status).toBe(409);

    const checked = await callRouteAt(action, "/admin/remittances", owner.cookies, {
      intent: "check-courier-payouts",
    });
    expect(checked.status).toBe(200);
    expect(checked.toast).toMatchObject({ type: "success", title: "Checking for payouts" });
    const jobs = await handle.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.kind, "cod-remittance-check"));
    expect(jobs.filter((job) => job.key.startsWith("asked-"))).toHaveLength(1);
    await runJobs(handle.db, testServices(), dailyRemittanceCheck);
    expect((await paymentOf([order.id])).get(order.id)?.paymentStatus).toBe("paid");

    // With the test courier the shop reads no payouts: the check is refused, nothing enqueued.
    chooseCourier(testCourier);
    const testPage = await callRouteAt<{ readsPayouts: boolean }>(
      loader,
      "/admin/remittances",
      owner.cookies,
    );
    expect(testPage.body!.readsPayouts).toBe(false);
    const notRead = await callRouteAt(action, "/admin/remittances", owner.cookies, {
      intent: "check-courier-payouts",
    });
    expect(notRead.status).toBe(409);
    expect(
      await handle.db
        .select()
        .from(backgroundJobs)
        .where(eq(backgroundJobs.kind, "cod-remittance-check")),
    ).toHaveLength(jobs.length);

    // Without an owner's session the action only redirects to sign in.
    const signedOut = await callRouteAt(action, "/admin/remittances", [], {
      intent: "check-courier-payouts",
    });
    expect(signedOut.status).toBe(302);
  });
});
