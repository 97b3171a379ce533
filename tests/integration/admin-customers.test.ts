import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  getCustomerDetail,
  likePattern,
  listCustomers,
} from "~/modules/customers/customers-admin.server";
import { SIGN_IN_CODE_EVENT } from "~/modules/notifications/customer-messages.server";
import { testGateway } from "~/modules/payments/gateway.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { action as customersAction, loader as customersLoader } from "~/routes/admin/customers";
import { applyTestScan } from "~/workflows/apply-courier-scan.server";
import { runRefundJobs } from "~/workflows/refund-jobs.server";
import { refundOrder } from "~/workflows/refund-order.server";
import { runBookingJobs, shipOrders } from "~/workflows/ship-orders.server";
import { customerMessages } from "../../db/schema";
import { callRouteAt, createAdmin, insertOrder, insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor, payCardOrder, SHIPPING_ADDRESS } from "./support/orders";
import { createCustomer } from "./support/profile";
import { chooseCourier, TEST_SECRET, testServices } from "./support/services";

let handle: DatabaseHandle;
const tag = randomUUID().slice(0, 6);

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(async () => {
  chooseCourier(undefined);
  await handle.close();
});

const day = (iso: string) => new Date(iso);

describe(`customer statistics on ${DATABASE_KIND}`, () => {
  it("counts every order, but spends and last purchases only orders that were not cancelled", async () => {
    const meera = await insertProfile(handle.db, {
      fullName: `Meera Kulkarni ${tag}`,
      phone: "9876543210",
      createdAt: day("2025-01-10T10:00:00Z"),
    });
    await insertOrder(handle.db, {
      userId: meera.id,
      total: 129900,
      status: "delivered",
      createdAt: day("2025-02-01T09:00:00Z"),
    });
    await insertOrder(handle.db, {
      userId: meera.id,
      total: 50050,
      status: "pending",
      createdAt: day("2025-03-05T09:00:00Z"),
    });
    // The newest order was cancelled: it is an order, but neither money spent nor a purchase.
    await insertOrder(handle.db, {
      userId: meera.id,
      total: 999900,
      status: "cancelled",
      createdAt: day("2025-04-01T09:00:00Z"),
    });
    const page = await listCustomers(handle.db, { query: tag });
    expect(page.customers).toHaveLength(1);
    expect(page.customers[0]).toMatchObject({
      id: meera.id,
      fullName: `Meera Kulkarni ${tag}`,
      phone: "9876543210",
      totalOrders: 3,
      totalSpent: 179950,
      lastPurchaseAt: day("2025-03-05T09:00:00Z"),
      joinedAt: day("2025-01-10T10:00:00Z"),
    });
  });

  it("counts an order placed through checkout like any other", async () => {
    const ravi = await insertProfile(handle.db, { fullName: `Ravi Deshmukh ${tag}` });
    const [product] = await insertProducts(handle.db, [{ name: "Triphala", price: 25000 }]);
    await fillCart(handle.db, ravi.id, [{ productId: product!.id, quantity: 2 }]);
    const placed = await orderFor(handle.db, ravi.id);
    const [row] = (await listCustomers(handle.db, { query: `Ravi Deshmukh ${tag}` })).customers;
    expect(row).toMatchObject({ totalOrders: 1, totalSpent: placed.total });
    expect(placed.total).toBe(55000);
  });

  it("shows a customer without orders as having none, and a missing phone as missing", async () => {
    const quiet = await insertProfile(handle.db, { fullName: `Quiet Buyer ${tag}`, phone: "" });
    const [row] = (await listCustomers(handle.db, { query: `Quiet Buyer ${tag}` })).customers;
    expect(row).toMatchObject({
      id: quiet.id,
      totalOrders: 0,
      totalSpent: 0,
      lastPurchaseAt: null,
      phone: null,
    });
  });

  it("shows the phone a buyer gave at checkout when the profile has none, the newest one first", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Brahmi", price: 20000 }]);
    const buy = async (userId: string, phone: string, saveAddress: boolean) => {
      await fillCart(handle.db, userId, [{ productId: product!.id, quantity: 1 }]);
      await orderFor(handle.db, userId, {
        address: { ...SHIPPING_ADDRESS, phone },
        saveAddress,
      });
    };
    const rowOf = async (name: string) =>
      (await listCustomers(handle.db, { query: name })).customers[0]!;

    // The address (with its phone) saved at checkout; the profile's phone left empty.
    const sneha = await insertProfile(handle.db, { fullName: `Sneha Jadhav ${tag}`, phone: null });
    await buy(sneha.id, "9822011111", true);
    expect(await rowOf(`Sneha Jadhav ${tag}`)).toMatchObject({ phone: "9822011111" });
    expect(await getCustomerDetail(handle.db, sneha.id)).toMatchObject({ phone: "9822011111" });

    // "Save address" unticked: the order's shipping address still says it; a later one wins.
    await buy(sneha.id, "9822022222", false);
    expect(await rowOf(`Sneha Jadhav ${tag}`)).toMatchObject({ phone: "9822022222" });

    // A phone of the profile's own is what the customer chose to give the shop.
    const omkar = await insertProfile(handle.db, {
      fullName: `Omkar Shinde ${tag}`,
      phone: "9011122233",
    });
    await buy(omkar.id, "9822033333", true);
    expect(await rowOf(`Omkar Shinde ${tag}`)).toMatchObject({ phone: "9011122233" });
    expect(await getCustomerDetail(handle.db, omkar.id)).toMatchObject({ phone: "9011122233" });
  });

  it("leaves administrators out of the list and out of the detail", async () => {
    const owner = await insertProfile(
      handle.db,
      { fullName: `Owner Admin ${tag}` },
      { admin: true },
    );
    await insertOrder(handle.db, { userId: owner.id, total: 10000 });
    const all = await listCustomers(handle.db, { query: tag, pageSize: 100 });
    expect(all.customers.map((c) => c.id)).not.toContain(owner.id);
    expect(await getCustomerDetail(handle.db, owner.id)).toBeNull();
    expect(await getCustomerDetail(handle.db, randomUUID())).toBeNull();
  });

  it("searches name or e-mail, case-insensitively, taking % and _ literally", async () => {
    const email = `sunita.${tag}@yahoo.co.in`;
    const sunita = await insertProfile(handle.db, { fullName: "Sunita Pawar", email });
    const byEmail = await listCustomers(handle.db, { query: `SUNITA.${tag.toUpperCase()}@` });
    expect(byEmail.customers.map((c) => c.id)).toEqual([sunita.id]);
    const byName = await listCustomers(handle.db, { query: "sunita pawar" });
    expect(byName.customers.map((c) => c.id)).toContain(sunita.id);
    expect((await listCustomers(handle.db, { query: "%" })).total).toBe(0);
    expect((await listCustomers(handle.db, { query: "_" })).total).toBe(0);
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("pages newest first and keeps the page within range", async () => {
    const group = `Pager ${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 5; i += 1) {
      await insertProfile(handle.db, {
        fullName: `${group} ${String.fromCharCode(65 + i)}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
      });
    }
    const first = await listCustomers(handle.db, { query: group, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(first.customers.map((c) => c.fullName)).toEqual([`${group} E`, `${group} D`]);
    const last = await listCustomers(handle.db, { query: group, pageSize: 2, page: 3 });
    expect(last.customers.map((c) => c.fullName)).toEqual([`${group} A`]);
    const beyond = await listCustomers(handle.db, { query: group, pageSize: 2, page: 99 });
    expect(beyond.page).toBe(3);
  });

  it("gives the detail with every order newest first, their count and the money spent", async () => {
    const kiran = await insertProfile(handle.db, { fullName: `Kiran Jadhav ${tag}` });
    const older = await insertOrder(handle.db, {
      userId: kiran.id,
      total: 40000,
      status: "cancelled",
      createdAt: day("2025-05-01T10:00:00Z"),
    });
    const newer = await insertOrder(handle.db, {
      userId: kiran.id,
      total: 60000,
      status: "shipped",
      createdAt: day("2025-05-02T10:00:00Z"),
    });
    const detail = await getCustomerDetail(handle.db, kiran.id);
    expect(detail).toMatchObject({ totalOrders: 2, totalSpent: 60000 });
    expect(detail?.orders.map((o) => [o.orderNumber, o.total, o.status])).toEqual([
      [newer.orderNumber, 60000, "shipped"],
      [older.orderNumber, 40000, "cancelled"],
    ]);
  });

  it("serves the list and the detail to an administrator through the route", async () => {
    const admin = await createAdmin(handle.db);
    const kiran = (await listCustomers(handle.db, { query: `Kiran Jadhav ${tag}` })).customers[0]!;
    const answer = await callRouteAt<Awaited<ReturnType<typeof customersLoader>>>(
      customersLoader,
      `/admin/customers?q=${encodeURIComponent(`Kiran Jadhav ${tag}`)}&customer=${kiran.id}`,
      admin.cookies,
    );
    expect(answer.body?.customers.map((c) => c.id)).toEqual([kiran.id]);
    expect(answer.body?.detail?.orders).toHaveLength(2);
    // The administrator is not listed among the customers.
    const everyone = await callRouteAt<Awaited<ReturnType<typeof customersLoader>>>(
      customersLoader,
      `/admin/customers?q=${encodeURIComponent(admin.email)}`,
      admin.cookies,
    );
    expect(everyone.body?.total).toBe(0);
  });
});

describe(`Total Spent after refunds on ${DATABASE_KIND}`, () => {
  it("nets out what was refunded, alike for a delivery refunded in full, a return and a part refund", async () => {
    const admin = await insertProfile(handle.db, { fullName: "Refunding Owner" }, { admin: true });
    const leela = await insertProfile(handle.db, { fullName: `Leela Refunded ${tag}` });
    const [product] = await insertProducts(handle.db, [
      { name: `Punarnava ${tag}`, price: 40_000, stockQuantity: 10 },
    ]);
    chooseCourier(testCourier);
    /** A card order of Leela's, paid and booked with the test courier, the parcel at `scan`. */
    const shippedOrder = async (scan: "delivered" | "rto_delivered") => {
      await fillCart(handle.db, leela.id, [{ productId: product!.id, quantity: 1 }]);
      const order = await orderFor(handle.db, leela.id, {
        paymentMethod: "razorpay",
        cardProvider: "test",
      });
      await payCardOrder(handle.db, testGateway(TEST_SECRET), {
        userId: leela.id,
        orderId: order.id,
      });
      await shipOrders(handle.db, testServices().shipping.courier, admin.id, [order.id]);
      await runBookingJobs(handle.db, testServices());
      await applyTestScan(handle.db, order.id, scan);
      await runRefundJobs(handle.db, testServices());
      return order;
    };
    // Delivered, then refunded in full by the owner: the order stays delivered.
    const refundedDelivery = await shippedOrder("delivered");
    await refundOrder(handle.db, admin.id, {
      orderId: refundedDelivery.id,
      amount: refundedDelivery.total,
      reason: "Customer returned it",
    });
    // Returned to the shop by the courier: cancelled, and refunded by the cancellation.
    await shippedOrder("rto_delivered");
    // Delivered, and ₹150 of it refunded for a cracked jar.
    const partRefund = await shippedOrder("delivered");
    await refundOrder(handle.db, admin.id, {
      orderId: partRefund.id,
      amount: 15_000,
      reason: "Cracked jar",
    });
    await runRefundJobs(handle.db, testServices());

    const kept = partRefund.total - 15_000;
    const [row] = (await listCustomers(handle.db, { query: `Leela Refunded ${tag}` })).customers;
    expect(row).toMatchObject({ totalOrders: 3, totalSpent: kept });
    const detail = await getCustomerDetail(handle.db, leela.id);
    expect(detail).toMatchObject({ totalOrders: 3, totalSpent: kept });
    expect(detail?.orders.map((order) => [order.status, order.refunded])).toEqual([
      ["delivered", 15_000],
      ["cancelled", partRefund.total],
      ["delivered", refundedDelivery.total],
    ]);
  });
});

describe(`a customer's Messages on ${DATABASE_KIND}`, () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 10, minutes));

  it("lists the log's notices to the customer on every channel, newest first, numbers masked", async () => {
    const owner = await createAdmin(handle.db);
    const asha = await insertProfile(handle.db, { fullName: `Asha Messages ${tag}` });
    const other = await insertProfile(handle.db, { fullName: `Other Messages ${tag}` });
    const orderId = randomUUID();
    await handle.db.insert(customerMessages).values([
      {
        about: orderId,
        event: "order-placed",
        channel: "email",
        userId: asha.id,
        recipient: asha.email,
        state: "sent",
        providerId: "mail-job.1",
        sentAt: at(1),
        createdAt: at(1),
      },
      {
        about: orderId,
        event: "order-placed",
        channel: "sms",
        userId: asha.id,
        recipient: "+919876543210",
        state: "failed",
        error: "The SMS provider refused the template",
        providerId: "outbox/sms-919876543210.json",
        createdAt: at(2),
      },
      {
        about: "+919876543210",
        event: SIGN_IN_CODE_EVENT,
        occasion: randomUUID(),
        channel: "sms",
        userId: asha.id,
        recipient: "+919876543210",
        state: "sent",
        providerId: "outbox.code",
        sentAt: at(3),
        createdAt: at(3),
      },
      {
        about: randomUUID(),
        event: "order-placed",
        channel: "whatsapp",
        userId: other.id,
        recipient: "+919800000000",
        state: "sent",
        createdAt: at(4),
      },
    ]);
    const answer = await callRouteAt<Awaited<ReturnType<typeof customersLoader>>>(
      customersLoader,
      `/admin/customers?customer=${asha.id}`,
      owner.cookies,
    );
    const messages = answer.body?.detail?.messages ?? [];
    expect(messages.map((m) => [m.event, m.channel, m.state, m.maskedRecipient])).toEqual([
      [SIGN_IN_CODE_EVENT, "sms", "sent", "••••••3210"],
      ["order-placed", "sms", "failed", "••••••3210"],
      ["order-placed", "email", "sent", asha.email],
    ]);
    expect(messages[1]).toMatchObject({
      error: "The SMS provider refused the template",
      providerId: "outbox/sms-••••••3210.json",
    });
    expect(JSON.stringify(messages)).not.toContain("9876543210");
  });

  it("sends a failed notice again from the customer's page, once, and only for an administrator", async () => {
    const owner = await createAdmin(handle.db);
    const ravi = await insertProfile(handle.db, { fullName: `Ravi Messages ${tag}` });
    const [failed] = await handle.db
      .insert(customerMessages)
      .values({
        about: randomUUID(),
        event: "order-shipped",
        channel: "whatsapp",
        userId: ravi.id,
        recipient: "+919822012345",
        state: "failed",
        error: "Template not approved",
      })
      .returning({ id: customerMessages.id });
    const path = `/admin/customers?customer=${ravi.id}`;
    const fields = { intent: "send-message-again", messageId: failed!.id };

    const stranger = await createCustomer(`Not Owner ${tag}`);
    const refused = await callRouteAt(customersAction, path, stranger.cookies, fields);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/admin/login");

    const queued = await callRouteAt(customersAction, path, owner.cookies, fields);
    expect(queued.status).toBe(200);
    const [row] = await handle.db
      .select({ state: customerMessages.state })
      .from(customerMessages)
      .where(eq(customerMessages.id, failed!.id));
    expect(row?.state).toBe("queued");
    const again = await callRouteAt(customersAction, path, owner.cookies, fields);
    expect(again.status).toBe(409);

    const bad = await callRouteAt(customersAction, path, owner.cookies, {
      intent: "send-message-again",
      messageId: "not-a-uuid",
    });
    expect(bad.status).toBe(400);
  });
});
