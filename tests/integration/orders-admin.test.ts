import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAdminOrderQuery } from "~/domain/validation/order-admin";
import type { DatabaseHandle } from "~/lib/db.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import {
  addTrackingId,
  listAdminOrders,
  OrderAdminError,
  recordCashReceived,
} from "~/modules/orders/orders-admin.server";
import { ORDERS_CSV_HEADER, ordersCsvStream } from "~/modules/orders/orders-export.server";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/admin/order-invoice";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { loader as exportLoader } from "~/routes/admin/orders-export";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import {
  auditLog,
  couponRedemptions,
  coupons,
  invoiceCounters,
  orders,
  products,
  profiles,
} from "../../db/schema";
import { callRoute, postForm, signInAdministrator } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, setStock, stockOf as stockOfSize } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor, SHIPPING_ADDRESS } from "./support/orders";
import { createCustomer } from "./support/profile";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: { to: string; subject: string; text: string }[];
let admin: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 20 });
  ({ sent } = await wireApp(handle.db));
  admin = await signInAdministrator(handle.db);
});
afterAll(() => handle.close());

async function product(overrides: { price?: number; stockQuantity?: number } = {}) {
  const [row] = await insertProducts(handle.db, [
    { name: `Triphala ${randomUUID().slice(0, 6)}`, price: 40000, stockQuantity: 20, ...overrides },
  ]);
  return row!;
}

async function stockOf(productId: string) {
  return stockOfSize(handle.db, { productId });
}

async function orderRow(orderId: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function couponOf(couponId: string) {
  const [row] = await handle.db.select().from(coupons).where(eq(coupons.id, couponId));
  return row!;
}

async function auditFor(orderId: string) {
  return handle.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
}

/** A placed cash-on-delivery order for a new customer: 2 units of a ₹400 product. */
async function placedOrder(
  options: {
    fullName?: string;
    quantity?: number;
    couponId?: string;
    userId?: string;
    phone?: string;
  } = {},
) {
  const userId = options.userId ?? (await insertCustomers(handle.db, 1))[0]!;
  if (options.fullName) {
    await handle.db
      .update(profiles)
      .set({ fullName: options.fullName })
      .where(eq(profiles.id, userId));
  }
  const item = await product();
  await fillCart(
    handle.db,
    userId,
    [{ productId: item.id, quantity: options.quantity ?? 2 }],
    options.couponId ?? null,
  );
  const placed = await orderFor(
    handle.db,
    userId,
    options.phone ? { address: { ...SHIPPING_ADDRESS, phone: options.phone } } : {},
  );
  return { ...placed, userId, productId: item.id };
}

const ordersPath = "/admin/orders";
const postOrders = (fields: Record<string, string>, cookies = admin.cookies) =>
  callRoute<{ ok: boolean; result?: { error?: Record<string, string[]> } }>(
    ordersAction,
    postForm(ordersPath, cookies, fields),
  );

describe(`the orders list on ${DATABASE_KIND}`, () => {
  it("finds orders by part of the order number or the customer's name, ignoring case", async () => {
    const kavya = await placedOrder({ fullName: "Kavya Deshmukh" });
    const other = await placedOrder({ fullName: "Rohan Kulkarni" });
    const search = async (q: string) =>
      (await listAdminOrders(handle.db, parseAdminOrderQuery(new URLSearchParams({ q })))).orders;

    const byName = await search("kavya desh");
    expect(byName.map((o) => o.id)).toEqual([kavya.id]);
    expect(byName[0]).toMatchObject({
      orderNumber: kavya.orderNumber,
      customerName: "Kavya Deshmukh",
      status: "pending",
      paymentMethod: "cod",
      paymentStatus: "pending",
      total: kavya.total,
    });
    expect((await search(kavya.orderNumber.toLowerCase())).map((o) => o.id)).toEqual([kavya.id]);
    expect((await search(other.orderNumber.slice(-6))).map((o) => o.id)).toContain(other.id);
    // LIKE wildcards are taken literally.
    expect(await search("%")).toEqual([]);
    expect(await search("_")).toEqual([]);
  });

  it("finds orders by the customer's e-mail, or by a phone number however it is typed", async () => {
    const randomPhone = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    const search = async (q: string) =>
      (await listAdminOrders(handle.db, parseAdminOrderQuery(new URLSearchParams({ q })))).orders;
    const ids = async (q: string) => (await search(q)).map((o) => o.id);

    // The phone given with the shipping address.
    const phone = randomPhone();
    const meena = await placedOrder({ fullName: "Meena Gokhale", phone });
    const [profile] = await handle.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, meena.userId));
    expect(await ids(profile!.email.toUpperCase())).toEqual([meena.id]);
    expect(await ids(profile!.email.split("@")[0]!)).toEqual([meena.id]);
    for (const typed of [
      phone,
      `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
      `+91-${phone}`,
      `0${phone.slice(0, 5)}-${phone.slice(5)}`,
      `91${phone}`,
    ]) {
      expect(await ids(typed), typed).toEqual([meena.id]);
    }
    // The last digits, as a caller may read them out.
    expect(await ids(phone.slice(-6))).toContain(meena.id);

    // The phone on the customer's profile, when the order shipped with another.
    const profilePhone = randomPhone();
    const anil = await placedOrder({ fullName: "Anil Kale" });
    await handle.db
      .update(profiles)
      .set({ phone: profilePhone })
      .where(eq(profiles.id, anil.userId));
    expect(await ids(`+91 ${profilePhone}`)).toEqual([anil.id]);

    // Too few digits to be a phone; and an unknown number finds nothing.
    expect(await ids("+91 7")).toEqual([]);
    expect(await ids(`+91 ${randomPhone().replace(/^7/, "6")}`)).toEqual([]);
  });

  it("filters by status, pages newest first, and counts the matches", async () => {
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await placedOrder({ fullName: "Pager Patil" }));
    await handle.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, placed[1]!.id));

    const query = { q: "pager patil", status: undefined, page: 1 };
    const first = await listAdminOrders(handle.db, query, 2);
    expect(first).toMatchObject({ totalCount: 5, page: 1, pageCount: 3 });
    expect(first.orders.map((o) => o.id)).toEqual([placed[4]!.id, placed[3]!.id]);
    const third = await listAdminOrders(handle.db, { ...query, page: 3 }, 2);
    expect(third.orders.map((o) => o.id)).toEqual([placed[0]!.id]);
    const beyond = await listAdminOrders(handle.db, { ...query, page: 9 }, 2);
    expect(beyond).toMatchObject({ orders: [], totalCount: 5, pageCount: 3 });

    const delivered = await listAdminOrders(handle.db, { ...query, status: "delivered" });
    expect(delivered.orders.map((o) => o.id)).toEqual([placed[1]!.id]);
  });

  it("keeps an order whose customer account is gone, with no customer (shown as 'Guest')", async () => {
    const placed = await placedOrder({ fullName: "Gone Guest" });
    await handle.db.delete(profiles).where(eq(profiles.id, placed.userId));
    const { orders: rows } = await listAdminOrders(handle.db, {
      q: placed.orderNumber,
      status: undefined,
      page: 1,
    });
    expect(rows[0]).toMatchObject({ id: placed.id, customerName: null, customerEmail: null });
  });

  it("the loader gives the page and, with ?view=, the order's details", async () => {
    const placed = await placedOrder({ fullName: "Viewer Jadhav" });
    const result = await callRoute<Awaited<ReturnType<typeof ordersLoader>>>(
      ordersLoader,
      browserRequest(`${ordersPath}?q=viewer&view=${placed.id}`, admin.cookies),
    );
    expect(result.status).toBe(200);
    expect(result.body!.orders.map((o) => o.id)).toEqual([placed.id]);
    expect(result.body!.detail).toMatchObject({
      id: placed.id,
      customerName: "Viewer Jadhav",
      shippingAddress: { state: "Maharashtra", phone: "9876543210" },
      shippingCost: 5000,
      trackingId: null,
    });
    expect(result.body!.detail!.items).toHaveLength(1);
    expect(result.body!.detail!.items[0]).toMatchObject({ quantity: 2, unitPrice: 40000 });
  });
});

describe(`changing an order's status on ${DATABASE_KIND}`, () => {
  it("says 'Order status updated' and records who changed what", async () => {
    const placed = await placedOrder();
    const result = await postOrders({ intent: "status", orderId: placed.id, status: "processing" });
    expect(result.status).toBe(200);
    expect(result.toast).toMatchObject({
      type: "success",
      title: "Order status updated",
      description: "Order status changed to processing",
    });
    expect((await orderRow(placed.id)).status).toBe("processing");
    const [entry] = await auditFor(placed.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "update-status", entity: "order" });
    expect(entry!.changes).toMatchObject({
      before: { status: "pending" },
      after: { status: "processing" },
    });
  });

  it("refuses a status outside the five with 'Invalid status' and changes nothing", async () => {
    const placed = await placedOrder();
    for (const status of ["lost", "Shipped", ""]) {
      const result = await postOrders({ intent: "status", orderId: placed.id, status });
      expect(result.status).toBe(400);
      expect(result.toast).toMatchObject({ type: "error", description: "Invalid status" });
    }
    expect((await orderRow(placed.id)).status).toBe("pending");
    expect(await auditFor(placed.id)).toHaveLength(0);
  });

  it("answers an unknown order with 'This order no longer exists'", async () => {
    const result = await postOrders({ intent: "status", orderId: randomUUID(), status: "shipped" });
    expect(result.status).toBe(404);
    expect(result.toast?.description).toBe("This order no longer exists");
  });

  it("cancelling gives back the stock and the coupon use exactly once", async () => {
    const [couponRowValue] = await handle.db
      .insert(coupons)
      .values({
        code: `ADM${randomUUID().slice(0, 6).toUpperCase()}`,
        discountValue: 10,
        usageLimit: 5,
      })
      .returning();
    const placed = await placedOrder({ couponId: couponRowValue!.id, quantity: 3 });
    expect(await stockOf(placed.productId)).toBe(17);
    expect((await couponOf(couponRowValue!.id)).usedCount).toBe(1);

    const result = await postOrders({ intent: "status", orderId: placed.id, status: "cancelled" });
    expect(result.toast).toMatchObject({ description: "Order status changed to cancelled" });
    expect(await stockOf(placed.productId)).toBe(20);
    expect((await couponOf(couponRowValue!.id)).usedCount).toBe(0);
    expect(
      await handle.db.$count(couponRedemptions, eq(couponRedemptions.orderId, placed.id)),
    ).toBe(0);
    const order = await orderRow(placed.id);
    expect(order.status).toBe("cancelled");
    expect(order.cancelledAt).toBeInstanceOf(Date);

    // Cancelling again changes nothing and releases nothing.
    const again = await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    expect(again).toMatchObject({ changed: false, released: false });
    expect(await stockOf(placed.productId)).toBe(20);
    expect((await couponOf(couponRowValue!.id)).usedCount).toBe(0);
    const entries = await auditFor(placed.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toMatchObject({ released: "stock and coupon" });
  });

  it("two cancels at once release the order once", async () => {
    const placed = await placedOrder({ quantity: 4 });
    expect(await stockOf(placed.productId)).toBe(16);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        updateOrderStatus(handle.db, admin.id, placed.id, "cancelled"),
      ),
    );
    expect(results.filter((r) => r.released)).toHaveLength(1);
    expect(await stockOf(placed.productId)).toBe(20);
  });

  it("reopens a cancelled order, taking its stock and coupon use again, audited", async () => {
    const [coupon] = await handle.db
      .insert(coupons)
      .values({ code: `RE${randomUUID().slice(0, 6).toUpperCase()}`, discountValue: 10 })
      .returning();
    const placed = await placedOrder({ couponId: coupon!.id, quantity: 3 });
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    expect(await stockOf(placed.productId)).toBe(20);
    expect((await couponOf(coupon!.id)).usedCount).toBe(0);

    const result = await postOrders({ intent: "status", orderId: placed.id, status: "processing" });
    expect(result.status).toBe(200);
    expect(result.toast?.description).toBe("Order status changed to processing");
    const order = await orderRow(placed.id);
    expect(order.status).toBe("processing");
    expect(order.cancelledAt).toBeNull();
    expect(await stockOf(placed.productId)).toBe(17);
    expect((await couponOf(coupon!.id)).usedCount).toBe(1);
    expect(
      await handle.db.$count(couponRedemptions, eq(couponRedemptions.orderId, placed.id)),
    ).toBe(1);
    const entries = await auditFor(placed.id);
    expect(entries.at(-1)!.actorId).toBe(admin.id);
    expect(entries.map((entry) => entry.changes)).toContainEqual(
      expect.objectContaining({
        before: { status: "cancelled" },
        after: { status: "processing" },
        taken: "stock and coupon",
      }),
    );

    // Cancelled and reopened again: given back and taken again once each time.
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    await updateOrderStatus(handle.db, admin.id, placed.id, "pending");
    expect(await stockOf(placed.productId)).toBe(17);
    expect((await couponOf(coupon!.id)).usedCount).toBe(1);
  });

  it("refuses to reopen when the stock is no longer there, naming it, and writes nothing", async () => {
    const placed = await placedOrder({ quantity: 3 });
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    await setStock(handle.db, { productId: placed.productId }, 2);
    const auditBefore = (await auditFor(placed.id)).length;
    const [item] = await handle.db.select().from(products).where(eq(products.id, placed.productId));

    const result = await postOrders({ intent: "status", orderId: placed.id, status: "pending" });
    expect(result.status).toBe(409);
    expect(result.toast).toMatchObject({ type: "error", title: "Error" });
    expect(result.toast?.description).toBe(
      `Order ${placed.orderNumber} cannot be reopened: only 2 of ${item!.name} are left in stock, and it needs 3. Please restock it or ask the customer to place a new order.`,
    );
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect(await stockOf(placed.productId)).toBe(2);
    expect(await auditFor(placed.id)).toHaveLength(auditBefore);

    await setStock(handle.db, { productId: placed.productId }, 0);
    await expect(updateOrderStatus(handle.db, admin.id, placed.id, "shipped")).rejects.toThrow(
      `${item!.name} is out of stock, and it needs 3`,
    );
  });

  it("refuses to reopen when its coupon has been fully redeemed since, and takes no stock", async () => {
    const [coupon] = await handle.db
      .insert(coupons)
      .values({
        code: `FULL${randomUUID().slice(0, 6).toUpperCase()}`,
        discountValue: 10,
        usageLimit: 1,
      })
      .returning();
    const placed = await placedOrder({ couponId: coupon!.id });
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    await placedOrder({ couponId: coupon!.id });
    expect((await couponOf(coupon!.id)).usedCount).toBe(1);

    await expect(updateOrderStatus(handle.db, admin.id, placed.id, "pending")).rejects.toThrow(
      `Order ${placed.orderNumber} cannot be reopened: its coupon ${coupon!.code} has been fully redeemed since. Please ask the customer to place a new order.`,
    );
    expect(await stockOf(placed.productId)).toBe(20);
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect((await couponOf(coupon!.id)).usedCount).toBe(1);
  });

  it("refuses to reopen a card order whose payment never arrived", async () => {
    const placed = await placedOrder();
    await handle.db
      .update(orders)
      .set({ paymentMethod: "razorpay", paymentStatus: "failed" })
      .where(eq(orders.id, placed.id));
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    const result = await postOrders({ intent: "status", orderId: placed.id, status: "processing" });
    expect(result.status).toBe(409);
    expect(result.toast?.description).toBe(
      `Order ${placed.orderNumber} cannot be reopened: its card payment never arrived. Please ask the customer to place a new order.`,
    );
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect(await stockOf(placed.productId)).toBe(20);
  });

  it("refuses to reopen an order whose product was deleted", async () => {
    const placed = await placedOrder();
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    const [item] = await handle.db.select().from(products).where(eq(products.id, placed.productId));
    await handle.db.delete(products).where(eq(products.id, placed.productId));
    await expect(updateOrderStatus(handle.db, admin.id, placed.id, "pending")).rejects.toThrow(
      `Order ${placed.orderNumber} cannot be reopened: ${item!.name} is no longer in the catalogue.`,
    );
    expect((await orderRow(placed.id)).status).toBe("cancelled");
  });

  it("a reopen and orders racing for the last unit sell it once", async () => {
    const placed = await placedOrder({ quantity: 1 });
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    await setStock(handle.db, { productId: placed.productId }, 1);
    const buyers = await insertCustomers(handle.db, 6);
    for (const buyer of buyers) {
      await fillCart(handle.db, buyer, [{ productId: placed.productId, quantity: 1 }]);
    }
    const outcomes = await Promise.allSettled([
      updateOrderStatus(handle.db, admin.id, placed.id, "processing"),
      ...buyers.map((buyer) => orderFor(handle.db, buyer)),
      updateOrderStatus(handle.db, admin.id, placed.id, "pending"),
    ]);
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(await stockOf(placed.productId)).toBe(0);
    const reopened = (await orderRow(placed.id)).status !== "cancelled";
    const [{ n } = { n: 0 }] = await handle.db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.userId, buyers));
    // One unit: either the reopened order holds it, or exactly one new order does.
    expect(n + (reopened ? 1 : 0)).toBe(1);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") {
        expect(String(outcome.reason.message)).toMatch(/out of stock/);
      }
    }
  });

  it("lets an administrator move between the other statuses in any order", async () => {
    const placed = await placedOrder();
    for (const status of ["delivered", "pending", "shipped", "processing"] as const) {
      await updateOrderStatus(handle.db, admin.id, placed.id, status);
      expect((await orderRow(placed.id)).status).toBe(status);
    }
    expect(await stockOf(placed.productId)).toBe(18);
  });
});

describe(`cash on delivery received on ${DATABASE_KIND}`, () => {
  it("'Record cash received' marks the order paid with the time, audited with the administrator", async () => {
    const placed = await placedOrder();
    expect((await orderRow(placed.id)).paymentStatus).toBe("pending");
    const result = await postOrders({ intent: "record-cash", orderId: placed.id });
    expect(result.status).toBe(200);
    expect(result.toast).toMatchObject({
      type: "success",
      title: "Cash received",
      description: `Order ${placed.orderNumber} is marked paid`,
    });
    const order = await orderRow(placed.id);
    expect(order.paymentStatus).toBe("paid");
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.status).toBe("pending");
    const [entry] = await auditFor(placed.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: "record-cash", entity: "order" });
    expect(entry!.changes).toMatchObject({
      orderNumber: placed.orderNumber,
      before: { paymentStatus: "pending" },
      after: { paymentStatus: "paid" },
      cashReceived: "₹850.00",
    });

    const page = await callRoute<Awaited<ReturnType<typeof ordersLoader>>>(
      ordersLoader,
      browserRequest(`${ordersPath}?view=${placed.id}`, admin.cookies),
    );
    expect(page.body!.detail).toMatchObject({ paymentStatus: "paid", paidAt: order.paidAt });
  });

  it("refuses a second recording, a card order, a cancelled order and a bad id, writing nothing", async () => {
    const placed = await placedOrder();
    await recordCashReceived(handle.db, admin.id, placed.id);
    const paidAt = (await orderRow(placed.id)).paidAt;
    const again = await postOrders({ intent: "record-cash", orderId: placed.id });
    expect(again.status).toBe(409);
    expect(again.toast?.description).toBe(
      `The cash for order ${placed.orderNumber} was already recorded`,
    );
    expect((await orderRow(placed.id)).paidAt).toEqual(paidAt);

    const card = await placedOrder();
    await handle.db.update(orders).set({ paymentMethod: "razorpay" }).where(eq(orders.id, card.id));
    const byCard = await postOrders({ intent: "record-cash", orderId: card.id });
    expect(byCard.status).toBe(409);
    expect(byCard.toast?.description).toBe(
      `Order ${card.orderNumber} is paid by card; its payment is recorded by the card gateway`,
    );
    expect((await orderRow(card.id)).paymentStatus).toBe("pending");

    const cancelled = await placedOrder();
    await updateOrderStatus(handle.db, admin.id, cancelled.id, "cancelled");
    const refused = await postOrders({ intent: "record-cash", orderId: cancelled.id });
    expect(refused.status).toBe(409);
    expect(refused.toast?.description).toBe(
      `Order ${cancelled.orderNumber} is cancelled; reopen it before recording its cash`,
    );
    expect((await orderRow(cancelled.id)).paymentStatus).toBe("pending");

    const bad = await postOrders({ intent: "record-cash", orderId: "not-an-id" });
    expect(bad.status).toBe(400);
    expect(bad.toast?.description).toBe("That order could not be found");
    const unknown = await postOrders({ intent: "record-cash", orderId: randomUUID() });
    expect(unknown.status).toBe(404);
  });

  it("setting a cash-on-delivery order Delivered leaves its cash to be recorded when it comes in", async () => {
    const placed = await placedOrder();
    const delivered = await postOrders({
      intent: "status",
      orderId: placed.id,
      status: "delivered",
    });
    expect(delivered.status).toBe(200);
    // Couriers pay the cash in days later: delivered is not paid (docs/decisions/049).
    expect(await orderRow(placed.id)).toMatchObject({
      status: "delivered",
      paymentStatus: "pending",
      paidAt: null,
    });
    const entries = await auditFor(placed.id);
    const entry = entries.find((row) => row.action === "update-status");
    expect(entry!.changes).toEqual({
      orderNumber: placed.orderNumber,
      before: { status: "pending" },
      after: { status: "delivered" },
    });
    // Delivered is dispatched: its invoice was issued with it (docs/decisions/074).
    expect(entries.map((row) => row.action).sort()).toEqual(["issue-invoice", "update-status"]);
    await drainMailOutbox(handle.db, testServices());
    const mail = sent.find((m) => m.subject === `Delivered: ${placed.orderNumber}`)!;
    expect(mail.text).not.toContain("We have received your cash payment");
    expect(mail.text).toContain("Payment: Cash on Delivery\n");

    // The owner records the cash as its own step; moving away and back keeps its time.
    await postOrders({ intent: "record-cash", orderId: placed.id });
    const paid = await orderRow(placed.id);
    expect(paid).toMatchObject({ status: "delivered", paymentStatus: "paid" });
    expect(paid.paidAt).toBeInstanceOf(Date);
    await updateOrderStatus(handle.db, admin.id, placed.id, "shipped");
    await updateOrderStatus(handle.db, admin.id, placed.id, "delivered");
    expect((await orderRow(placed.id)).paidAt).toEqual(paid.paidAt);
  });

  it("a paid order cancelled later stays paid, with the refund due recorded", async () => {
    const placed = await placedOrder();
    await recordCashReceived(handle.db, admin.id, placed.id);
    await updateOrderStatus(handle.db, admin.id, placed.id, "cancelled");
    expect(await orderRow(placed.id)).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    const entries = await auditFor(placed.id);
    expect(entries.map((entry) => entry.changes)).toContainEqual(
      expect.objectContaining({ refundDue: "₹850.00" }),
    );
  });

  it("the CSV export gives the time the cash was received", async () => {
    const placed = await placedOrder();
    await recordCashReceived(handle.db, admin.id, placed.id, new Date("2026-11-20T06:30:00Z"));
    const text = await readCsv(
      ordersCsvStream(handle.db, { q: placed.orderNumber, status: undefined }),
    );
    const [header, line] = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const columns = header!.split(",");
    const cells = line!.split(",");
    expect(cells[columns.indexOf("Payment Status")]).toBe("paid");
    expect(cells[columns.indexOf("Paid At")]).toBe("2026-11-20 12:00");
  });
});

describe(`adding a tracking ID on ${DATABASE_KIND}`, () => {
  it("refuses an empty one with 'Please enter a tracking ID'", async () => {
    const placed = await placedOrder();
    const result = await postOrders({ intent: "tracking", orderId: placed.id, trackingId: "   " });
    expect(result.status).toBe(400);
    expect(result.toast).toMatchObject({
      title: "Error",
      description: "Please enter a tracking ID",
    });
    expect(result.body?.result?.error?.trackingId).toEqual(["Please enter a tracking ID"]);
    expect(await orderRow(placed.id)).toMatchObject({ status: "pending", trackingId: null });
  });

  it("saves it trimmed, marks the order shipped and e-mails the customer", async () => {
    const placed = await placedOrder({ fullName: "Mail Mhatre" });
    const [customer] = await handle.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, placed.userId));
    const before = sent.length;
    const result = await postOrders({
      intent: "tracking",
      orderId: placed.id,
      trackingId: "  DTDC-778899  ",
    });
    expect(result.status).toBe(200);
    expect(result.toast).toMatchObject({
      type: "success",
      title: "Success",
      description: "Tracking ID added and order marked as shipped",
    });
    expect(await orderRow(placed.id)).toMatchObject({
      status: "shipped",
      trackingId: "DTDC-778899",
    });
    await drainMailOutbox(handle.db, testServices());
    const notices = sent
      .slice(before)
      .filter((mail) => mail.subject === `Your order ${placed.orderNumber} has shipped`);
    expect(notices).toHaveLength(1);
    const mail = notices[0]!;
    expect(mail.to).toBe(customer!.email);
    expect(mail.text).toContain("Tracking ID: DTDC-778899");
    expect(mail.text).toContain("Namaste Mail Mhatre");
    const [entry] = await auditFor(placed.id);
    expect(entry).toMatchObject({ action: "add-tracking", actorId: admin.id });
    expect(entry!.changes).toMatchObject({
      after: { status: "shipped", trackingId: "DTDC-778899" },
    });
  });

  it("keeps a tracking ID once set, and a cancelled order cannot be shipped", async () => {
    const placed = await placedOrder();
    await addTrackingId(handle.db, admin.id, placed.id, "FIRST-1");
    const result = await postOrders({
      intent: "tracking",
      orderId: placed.id,
      trackingId: "SECOND-2",
    });
    expect(result.status).toBe(409);
    expect(result.toast?.description).toBe(
      `Order ${placed.orderNumber} already has the tracking ID FIRST-1`,
    );
    expect((await orderRow(placed.id)).trackingId).toBe("FIRST-1");

    const cancelled = await placedOrder();
    await updateOrderStatus(handle.db, admin.id, cancelled.id, "cancelled");
    await expect(addTrackingId(handle.db, admin.id, cancelled.id, "X-1")).rejects.toThrow(
      new OrderAdminError(`Order ${cancelled.orderNumber} is cancelled and cannot be shipped`),
    );
    expect(await orderRow(cancelled.id)).toMatchObject({ status: "cancelled", trackingId: null });
  });
});

async function readCsv(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe(`the CSV export on ${DATABASE_KIND}`, () => {
  it("downloads the filtered orders, escaped and safe from formulas", async () => {
    const evil = await placedOrder({ fullName: "Formula Tester" });
    await handle.db
      .update(profiles)
      .set({ fullName: '=HYPERLINK("http://x.example","Click"), Sir' })
      .where(eq(profiles.id, evil.userId));
    await handle.db
      .update(orders)
      .set({ status: "processing", createdAt: new Date("2026-03-31T18:30:00Z") })
      .where(eq(orders.id, evil.id));
    const [customer] = await handle.db.select().from(profiles).where(eq(profiles.id, evil.userId));

    const result = await callRoute(
      exportLoader,
      browserRequest(
        `/admin/orders/export.csv?q=${evil.orderNumber}&status=processing`,
        admin.cookies,
      ),
    );
    const response = result.response!;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Order Number,Date,Customer,Email,Status,Payment Method,Payment Status,Test Payment,Paid At,Subtotal,Discount,Shipping Method,Shipping,Total,Refunded,Net,City,State",
    );
    expect(lines).toHaveLength(3); // header, one order, and the empty string after the last CRLF
    expect(lines[1]).toBe(
      [
        evil.orderNumber,
        "2026-04-01 00:00",
        `"'=HYPERLINK(""http://x.example"",""Click""), Sir"`,
        customer!.email,
        "processing",
        "Cash on Delivery",
        "pending",
        "",
        "",
        "800.00",
        "0.00",
        "Standard delivery",
        "50.00",
        "850.00",
        "0.00",
        "850.00",
        "Satara",
        "Maharashtra",
      ].join(","),
    );
  });

  it("streams every matching order once, newest first, across batches and equal times", async () => {
    const batch = [];
    for (let i = 0; i < 7; i++) batch.push(await placedOrder({ fullName: "Batch Bhosale" }));
    // Three share one instant to the microsecond: the id breaks the tie.
    await handle.db
      .update(orders)
      .set({ createdAt: new Date("2026-05-05T05:05:05.123Z") })
      .where(inArray(orders.id, [batch[2]!.id, batch[3]!.id, batch[4]!.id]));

    const text = await readCsv(
      ordersCsvStream(handle.db, { q: "batch bhosale", status: undefined }, 2),
    );
    const numbers = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]);
    expect(numbers).toHaveLength(7);
    expect(new Set(numbers)).toEqual(new Set(batch.map((o) => o.orderNumber)));
    const { orders: listed } = await listAdminOrders(
      handle.db,
      { q: "batch bhosale", status: undefined, page: 1 },
      50,
    );
    expect(numbers).toEqual(listed.map((o) => o.orderNumber));
    expect(ORDERS_CSV_HEADER).toHaveLength(18);
  });
});

describe(`who may use the orders screen on ${DATABASE_KIND}`, () => {
  it("every loader and action sends a visitor and a customer to /admin/login and changes nothing", async () => {
    const placed = await placedOrder();
    const customer = await createCustomer("Curious Customer");
    const snapshot = async () => ({
      order: await orderRow(placed.id),
      stock: await stockOf(placed.productId),
      audit: (await handle.db.select({ n: count() }).from(auditLog))[0]!.n,
      counters: await handle.db.select().from(invoiceCounters),
      mails: sent.length,
    });
    const before = await snapshot();
    const invoicePath = `/admin/orders/${placed.id}/invoice`;
    for (const cookies of [[], customer.cookies]) {
      const attempts = [
        callRoute(ordersLoader, browserRequest(`${ordersPath}?view=${placed.id}`, cookies)),
        callRoute(
          ordersAction,
          postForm(ordersPath, cookies, {
            intent: "status",
            orderId: placed.id,
            status: "cancelled",
          }),
        ),
        callRoute(
          ordersAction,
          postForm(ordersPath, cookies, {
            intent: "tracking",
            orderId: placed.id,
            trackingId: "T-1",
          }),
        ),
        callRoute(exportLoader, browserRequest("/admin/orders/export.csv", cookies)),
        callRoute(invoiceLoader, browserRequest(invoicePath, cookies), { orderId: placed.id }),
        callRoute(invoiceAction, postForm(invoicePath, cookies, {}), { orderId: placed.id }),
      ];
      for (const result of await Promise.all(attempts)) {
        expect(result.status).toBe(302);
        expect(result.location).toBe("/admin/login");
        expect(result.body).toBeNull();
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe(`test-gateway payments in the back office on ${DATABASE_KIND}`, () => {
  it("are marked in the list, the detail and the CSV export", async () => {
    const test = await placedOrder({ fullName: "Testa Gateway" });
    const live = await placedOrder({ fullName: "Testa Gateway" });
    const cash = await placedOrder({ fullName: "Testa Gateway" });
    await handle.db
      .update(orders)
      .set({ paymentMethod: "razorpay", paymentStatus: "paid", paymentProvider: "test" })
      .where(eq(orders.id, test.id));
    await handle.db
      .update(orders)
      .set({ paymentMethod: "razorpay", paymentStatus: "paid", paymentProvider: "razorpay" })
      .where(eq(orders.id, live.id));

    const list = await listAdminOrders(
      handle.db,
      parseAdminOrderQuery(new URLSearchParams("q=testa gateway")),
    );
    const providerOf = (id: string) => list.orders.find((row) => row.id === id)?.paymentProvider;
    expect(providerOf(test.id)).toBe("test");
    expect(providerOf(live.id)).toBe("razorpay");
    expect(providerOf(cash.id)).toBeNull();

    const page = await callRoute<Awaited<ReturnType<typeof ordersLoader>>>(
      ordersLoader,
      browserRequest(`${ordersPath}?view=${test.id}`, admin.cookies),
    );
    expect(page.body!.detail).toMatchObject({ id: test.id, paymentProvider: "test" });

    const text = await readCsv(
      ordersCsvStream(handle.db, { q: "testa gateway", status: undefined }),
    );
    const [header, ...lines] = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const columns = header!.split(",");
    expect(columns.slice(5, 8)).toEqual(["Payment Method", "Payment Status", "Test Payment"]);
    const row = (orderNumber: string) =>
      lines
        .find((line) => line.startsWith(`${orderNumber},`))!
        .split(",")
        .slice(5, 8);
    expect(row(test.orderNumber)).toEqual(["Card (test gateway)", "paid", "TEST"]);
    expect(row(live.orderNumber)).toEqual(["Card (Razorpay)", "paid", ""]);
    expect(row(cash.orderNumber)).toEqual(["Cash on Delivery", "pending", ""]);
  });
});
