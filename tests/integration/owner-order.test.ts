/**
 * The owner's order (issue #36): the tax invoice is issued at dispatch, in the dispatch's own
 * transaction, and a refund of the order credits it (docs/decisions/074); numbers stay unique and
 * gapless when orders are dispatched at once (a race that happens on PostgreSQL). A failed
 * delivery attempt tells the customer and lets the owner ask for another attempt or change the
 * address; the audit log names the courier and the shop where no person wrote an entry.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { profileNaming } from "~/modules/accounts/profile-naming.server";
import { listAuditEntries } from "~/modules/audit/audit-read.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { optIn } from "~/modules/notifications/message-consents.server";
import { addTrackingId } from "~/modules/orders/orders-admin.server";
import { testGateway } from "~/modules/payments/gateway.server";
import type { Courier } from "~/modules/shipping/courier.server";
import { createShiprocketCourier } from "~/modules/shipping/shiprocket-courier.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { applyTestScan } from "~/workflows/apply-courier-scan.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { refundOrder } from "~/workflows/refund-order.server";
import { runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import {
  auditLog,
  creditNotes,
  customerMessages,
  invoiceCounters,
  orders,
  shipments,
} from "../../db/schema";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { callRoute, createAdmin, postForm } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { payCardOrder, placeTestOrder } from "./support/orders";
import {
  chooseCourier,
  chooseSms,
  chooseWhatsApp,
  TEST_SECRET,
  testServices,
} from "./support/services";

let handle: DatabaseHandle;
let owner: Awaited<ReturnType<typeof createAdmin>>;
let sent: { to: string; subject: string; text: string }[];
let fake: FakeShiprocket;
const SHIPROCKET = { email: "api-user@shop.example", password: "api-password-0123" };

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 20 });
  ({ sent } = await wireApp(handle.db));
  owner = await createAdmin(handle.db, "Dispatch Owner");
  fake = await startFakeShiprocket(SHIPROCKET);
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

async function orderRow(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** A test courier's booked shipment of a new order, as "Ship" and its job leave it. */
async function shippedWithCourier(options: { consent?: "sms" } = {}) {
  chooseCourier(testCourier);
  const order = await placeTestOrder(handle.db);
  if (options.consent) await optIn(handle.db, order.userId, options.consent, "checkout");
  await shipOrders(handle.db, testServices().shipping.courier, owner.id, [order.id]);
  await runBookingJobs(handle.db, testServices());
  return order;
}

describe(`the tax invoice at dispatch on ${DATABASE_KIND}`, () => {
  it("is numbered when a tracking ID ships the order, in that transaction, and kept after", async () => {
    const order = await placeTestOrder(handle.db);
    expect((await orderRow(order.id)).invoiceNumber).toBeNull();
    await addTrackingId(handle.db, owner.id, order.id, "AWB-DISPATCH-1");
    const shipped = await orderRow(order.id);
    expect(shipped.invoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    expect(shipped.invoicedAt).not.toBeNull();
    await updateOrderStatus(handle.db, owner.id, order.id, "delivered");
    expect((await orderRow(order.id)).invoiceNumber).toBe(shipped.invoiceNumber);
  });

  it("is numbered when the courier books the shipment, and when the owner marks it shipped", async () => {
    const booked = await shippedWithCourier();
    expect((await orderRow(booked.id)).status).toBe("shipped");
    expect((await orderRow(booked.id)).invoiceNumber).toMatch(/^INV\//);

    const marked = await placeTestOrder(handle.db);
    await updateOrderStatus(handle.db, owner.id, marked.id, "shipped");
    expect((await orderRow(marked.id)).invoiceNumber).toMatch(/^INV\//);
  });

  it("a full refund of a delivered card order issues its credit note for the whole invoice", async () => {
    const order = await placeTestOrder(handle.db, { paymentMethod: "razorpay" });
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: order.userId,
      orderId: order.id,
    });
    await addTrackingId(handle.db, owner.id, order.id, "AWB-DISPATCH-2");
    await updateOrderStatus(handle.db, owner.id, order.id, "delivered");
    await refundOrder(handle.db, owner.id, {
      orderId: order.id,
      amount: order.total,
      reason: "Returned unopened",
    });
    const notes = await handle.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id));
    expect(notes.map((note) => note.amount)).toEqual([order.total]);
  });

  it("an order dispatched before invoices were issued at dispatch is invoiced when it is refunded", async () => {
    const order = await placeTestOrder(handle.db, { paymentMethod: "razorpay" });
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: order.userId,
      orderId: order.id,
    });
    // As the shop left it before: delivered, with no invoice.
    await handle.db
      .update(orders)
      .set({ status: "delivered", trackingId: "AWB-OLD-1" })
      .where(eq(orders.id, order.id));
    await refundOrder(handle.db, owner.id, {
      orderId: order.id,
      amount: 10_000,
      reason: "Damaged",
    });
    expect((await orderRow(order.id)).invoiceNumber).toMatch(/^INV\//);
    const notes = await handle.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, order.id));
    expect(notes.map((note) => note.amount)).toEqual([10_000]);
  });

  it("an order already invoiced keeps its number when it ships", async () => {
    const order = await placeTestOrder(handle.db);
    await handle.db
      .update(orders)
      .set({ invoiceNumber: "INV/20-21/000777", invoicedAt: new Date("2020-06-01T06:00:00Z") })
      .where(eq(orders.id, order.id));
    await addTrackingId(handle.db, owner.id, order.id, "AWB-DISPATCH-3");
    expect((await orderRow(order.id)).invoiceNumber).toBe("INV/20-21/000777");
  });

  it("stays unique and gapless when many orders are dispatched at once", async () => {
    const placed = [];
    for (let i = 0; i < 10; i++) placed.push(await placeTestOrder(handle.db));
    const counter = async () =>
      (await handle.db.select().from(invoiceCounters)).reduce(
        (sum, row) => sum + row.lastNumber,
        0,
      );
    const before = await counter();
    await Promise.all(
      placed.map((order, index) =>
        index % 2 === 0
          ? addTrackingId(handle.db, owner.id, order.id, `AWB-RACE-${index}`)
          : updateOrderStatus(handle.db, owner.id, order.id, "shipped"),
      ),
    );
    const rows = await handle.db
      .select({ invoiceNumber: orders.invoiceNumber })
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((order) => order.id),
        ),
      );
    const serials = rows.map((row) => Number(row.invoiceNumber!.slice(-6))).sort((a, b) => a - b);
    expect(new Set(serials).size).toBe(10);
    expect(serials[9]! - serials[0]!).toBe(9);
    expect(await counter()).toBe(before + 10);
  });
});

describe(`a failed delivery attempt on ${DATABASE_KIND}`, () => {
  it("tells the customer by mail and by the messages they chose", async () => {
    const order = await shippedWithCourier({ consent: "sms" });
    await applyTestScan(handle.db, order.id, "out_for_delivery");
    await applyTestScan(handle.db, order.id, "failed_attempt");
    // A mail's row in the log is written when it is first tried.
    await drainMailOutbox(handle.db, testServices());
    const messages = await handle.db
      .select({ event: customerMessages.event, channel: customerMessages.channel })
      .from(customerMessages)
      .where(
        and(eq(customerMessages.about, order.id), eq(customerMessages.event, "delivery-failed")),
      );
    // One notice, in the log once per channel it goes by: the mail and the SMS they chose.
    expect(messages.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
    await drainMailOutbox(handle.db, testServices());
    const mail = sent.find((m) => m.subject === `Delivery attempt failed: ${order.orderNumber}`);
    expect(mail?.text).toContain("could not deliver");
  });

  it("'Ask for another attempt' goes to the courier and is recorded and audited", async () => {
    const asked: { awb: string; phone: string; postalCode: string }[] = [];
    const order = await shippedWithCourier();
    await applyTestScan(handle.db, order.id, "failed_attempt");
    const recording: Courier = {
      ...testCourier,
      async requestReattempt(request) {
        asked.push({
          awb: request.awb,
          phone: request.address.phone,
          postalCode: request.address.postalCode,
        });
      },
    };
    chooseCourier(recording);
    const answer = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "reattempt", orderId: order.id }),
    );
    expect(answer.status).toBe(200);
    expect(answer.toast?.title).toBe("Another attempt asked for");
    const [shipment] = await handle.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    expect(asked).toEqual([{ awb: shipment!.awb, phone: "9876543210", postalCode: "415003" }]);
    expect(shipment!.reattemptRequestedAt).not.toBeNull();
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "request-reattempt")));
    expect(audit.map((entry) => entry.actorId)).toEqual([owner.id]);

    // Only a shipment whose attempt failed is attempted again.
    const delivered = await shippedWithCourier();
    chooseCourier(recording);
    const refused = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "reattempt", orderId: delivered.id }),
    );
    expect(refused.status).toBe(409);
    expect(asked).toHaveLength(1);
  });

  it("Shiprocket is asked for a re-attempt of the AWB, with the address as it is now", async () => {
    chooseCourier(
      createShiprocketCourier({ apiBase: fake.baseUrl, ...SHIPROCKET, pickupLocation: "Primary" }),
    );
    const order = await placeTestOrder(handle.db);
    await shipOrders(handle.db, testServices().shipping.courier, owner.id, [order.id]);
    await runBookingJobs(handle.db, testServices());
    const [shipment] = await handle.db
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, order.id));
    // As Shiprocket's NDR webhook leaves it.
    await handle.db
      .update(shipments)
      .set({ state: "failed_attempt" })
      .where(eq(shipments.id, shipment!.id));
    const answer = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { intent: "reattempt", orderId: order.id }),
    );
    expect(answer.toast?.title).toBe("Another attempt asked for");
    const asked = fake.calls.filter((call) => call.path === `/ndr/${shipment!.awb}/action`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.body).toMatchObject({ action: "re-attempt" });
    expect(String(asked[0]!.body?.comments)).toContain("12 Shivaji Nagar");
  });

  it("'Update address' changes the order's address in one audited write, and bad input writes nothing", async () => {
    const order = await shippedWithCourier();
    await applyTestScan(handle.db, order.id, "failed_attempt");
    const address = {
      intent: "update-address",
      orderId: order.id,
      fullName: "Asha Patil",
      phone: "9822012345",
      addressLine1: "7 Rajwada Chowk, near the temple",
      addressLine2: "",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415002",
    };
    const refused = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, { ...address, postalCode: "41500" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.toast?.description).toBe("Postal code must be exactly 6 digits");
    expect((await orderRow(order.id)).shippingAddress.postalCode).toBe("415003");

    const saved = await callRoute(ordersAction, postForm("/admin/orders", owner.cookies, address));
    expect(saved.status).toBe(200);
    expect(saved.toast?.title).toBe("Address updated");
    expect((await orderRow(order.id)).shippingAddress).toMatchObject({
      phone: "9822012345",
      addressLine1: "7 Rajwada Chowk, near the temple",
      addressLine2: null,
      postalCode: "415002",
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, "update-address")));
    expect(entry?.actorId).toBe(owner.id);
    expect(entry?.changes).toMatchObject({
      before: { postalCode: "415003", phone: "9876543210" },
      after: { postalCode: "415002", phone: "9822012345" },
    });

    // Shipped, the order's tax invoice is issued for Maharashtra: another state is refused.
    const before = (await orderRow(order.id)).shippingAddress;
    const elsewhere = await callRoute(
      ordersAction,
      postForm("/admin/orders", owner.cookies, {
        ...address,
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560001",
      }),
    );
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.toast?.description).toMatch(
      /^Order .+'s tax invoice INV\/\d\d-\d\d\/\d{6} was issued for delivery in Maharashtra, so the state cannot change\./,
    );
    expect((await orderRow(order.id)).shippingAddress).toEqual(before);
  });
});

describe(`the audit log's actors on ${DATABASE_KIND}`, () => {
  it("names a courier's scan 'Courier' and the status it moved the order to 'System'", async () => {
    const order = await shippedWithCourier();
    await applyTestScan(handle.db, order.id, "picked_up");
    await applyTestScan(handle.db, order.id, "delivered");
    const { entries } = await listAuditEntries(handle.db, profileNaming, {
      entity: "order",
      pageSize: 100,
    });
    const mine = entries.filter((entry) => entry.entityId === order.id);
    const actorOf = (action: string) =>
      mine.filter((entry) => entry.action === action).map((entry) => entry.actorKind);
    expect(actorOf("courier-scan")).toEqual(["courier"]);
    expect(actorOf("update-status")).toEqual(["system"]);
    expect(actorOf("ship")).toEqual([null]);
  });
});
