import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { countNewOrders, newOrderAlertMail } from "~/modules/orders/new-order-alert.server";
import { loader as adminLayoutLoader } from "~/routes/admin/layout";
import { action as checkoutAction } from "~/routes/store/checkout";
import { orders, settings } from "../../db/schema";
import { callRoute, insertOrder, insertProfile, signInAdministrator } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { orderMailJob } from "./support/mail-jobs";
import { fillCart } from "./support/orders";
import { createCustomer } from "./support/profile";
import { chooseMailer, routeContext, testServices } from "./support/services";

const SHOP_ADDRESS = "orders@satara-ayurveda.example";
const context = routeContext("127.0.0.1");

let handle: DatabaseHandle;
let sent: MailMessage[];
let admin: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  admin = await signInAdministrator(handle.db);
  await handle.db.update(settings).set({ email: SHOP_ADDRESS }).where(eq(settings.id, 1));
});
afterEach(() => {
  // Back to the capturing mailer of wireApp.
  chooseMailer({ send: async (message) => void sent.push(message) });
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

/** A new customer checks out one ₹400 item cash on delivery through the checkout action. */
async function codCheckout() {
  const customer = await createCustomer("Alert Buyer");
  const [item] = await insertProducts(handle.db, [
    { name: `Dashamoola ${randomUUID().slice(0, 6)}`, price: 40000, stockQuantity: 5 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 1 }]);
  const request = browserRequest("/checkout", customer.cookies, {
    method: "POST",
    body: new URLSearchParams({ ...address, paymentMethod: "cod", idempotencyKey: randomUUID() }),
  });
  let response: unknown;
  try {
    response = await checkoutAction({ request, params: {}, context } as never);
  } catch (thrown) {
    response = thrown;
  }
  const [order] = await handle.db.select().from(orders).where(eq(orders.userId, customer.id));
  return { response: response as Response, order: order!, item: item! };
}

describe(`the new-order alert on ${DATABASE_KIND}`, () => {
  it("e-mails the shop's address from Settings once a cash-on-delivery order is placed", async () => {
    const { response, order, item } = await codCheckout();
    expect(response.status).toBe(302);
    await drainMailOutbox(handle.db, testServices());
    const alerts = sent.filter((mail) => mail.to === SHOP_ADDRESS);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(`New order ${order.orderNumber}`);
    expect(alerts[0]!.text).toContain("Total: ₹450.00");
    expect(alerts[0]!.text).toContain(`A new order ${order.orderNumber} has arrived.`);
    expect(alerts[0]!.text).toContain("Payment: Cash on Delivery");
    expect(alerts[0]!.text).toContain(`1 x ${item.name}`);
    expect(alerts[0]!.text).toContain(`/admin/orders?q=${order.orderNumber}`);
    // The HTML part carries the same facts in the shop's mail layout, the customer's name escaped.
    const html = alerts[0]!.html ?? "";
    expect(html).toContain(`New order ${order.orderNumber}`);
    expect(html).toContain("₹450.00");
    expect(html).toContain(`/admin/orders?q=${order.orderNumber}`);
    expect(html).not.toMatch(
      /<(?!\/?(html|head|meta|title|body|table|tr|td|p|br|a|h1|strong)\b)[a-z]/i,
    );
  });

  it("never holds up the order while the mail server hangs, nor fails it when the mail fails", async () => {
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    chooseMailer({
      send: (message) =>
        message.to === SHOP_ADDRESS ? hung : Promise.resolve(void sent.push(message)),
    });
    const hanging = await codCheckout();
    expect(hanging.response.status).toBe(302);
    expect(hanging.order.status).toBe("pending");

    chooseMailer({
      send: async (message) => {
        if (message.to === SHOP_ADDRESS) throw new Error("SMTP refused");
        sent.push(message);
      },
    });
    const failing = await codCheckout();
    expect(failing.response.status).toBe(302);
    expect(failing.order.status).toBe("pending");
    release();
    await drainMailOutbox(handle.db, testServices());
    // The refused alert waits in the outbox for its next attempt; the customer's mail went out.
    const alert = await orderMailJob(handle.db, failing.order.id, "new-order-alert");
    expect(alert).toMatchObject({ state: "queued", attempts: 1, lastError: "SMTP refused" });
    expect(alert!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(
      sent.some((mail) => mail.subject === `Order confirmed: ${failing.order.orderNumber}`),
    ).toBe(true);
  });

  it("says nothing for an order that does not exist", async () => {
    expect(await newOrderAlertMail(handle.db, randomUUID())).toBeNull();
  });
});

describe(`the count of new orders on ${DATABASE_KIND}`, () => {
  it("counts orders still pending that the shop can act on: cash on delivery, or card and paid", async () => {
    const customer = await insertProfile(handle.db, { fullName: "Count Buyer" });
    const before = await countNewOrders(handle.db);
    const add = (values: Partial<Parameters<typeof insertOrder>[1]>) =>
      insertOrder(handle.db, { userId: customer.id, total: 1000, ...values });
    await add({}); // cash on delivery, pending: new
    await add({ paymentMethod: "razorpay", paymentStatus: "paid", paymentProvider: "razorpay" });
    await add({ paymentMethod: "razorpay", paymentStatus: "pending" }); // awaiting its payment
    await add({ status: "processing" });
    await add({ status: "cancelled" });
    expect((await countNewOrders(handle.db)) - before).toBe(2);
  });

  it("the back office's layout gives the count on every page, for administrators only", async () => {
    const page = await callRoute<Awaited<ReturnType<typeof adminLayoutLoader>>>(
      adminLayoutLoader,
      browserRequest("/admin/products", admin.cookies),
    );
    expect(page.body!.newOrders).toBe(await countNewOrders(handle.db));
    expect(page.body!.newOrders).toBeGreaterThan(0);

    const visitor = await callRoute(adminLayoutLoader, browserRequest("/admin/products"));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/admin\/login/);
  });
});
