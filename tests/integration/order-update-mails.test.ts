import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatRupees } from "~/domain/money";
import type { DatabaseHandle } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import type { MailMessage } from "~/lib/mail.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { addTrackingId, recordCashReceived } from "~/modules/orders/orders-admin.server";
import { cancelOrderByCustomer } from "~/workflows/cancel-order.server";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { expireUnpaidCardOrders } from "~/workflows/expire-unpaid-orders.server";
import { backgroundJobs } from "../../db/schema";
import { insertProfile } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { orderMailJob, orderMailJobs } from "./support/mail-jobs";
import { placeTestOrder } from "./support/orders";
import { chooseMailer, testServices } from "./support/services";

const MINUTE = 60_000;

let handle: DatabaseHandle;
let sent: MailMessage[];
let adminId: string;

beforeAll(async () => {
  handle = await useTestDatabase();
  ({ sent } = await wireApp(handle.db));
  adminId = (await insertProfile(handle.db, { fullName: "Mail Owner" })).id;
});
afterEach(async () => {
  await drainMailOutbox(handle.db, testServices());
  chooseMailer({ send: async (message) => void sent.push(message) });
});
afterAll(() => handle.close());

/** A customer's order of two Brahmi Vati (₹300 each), placed as the checkout places it. */
function placed(paymentMethod: "cod" | "razorpay" = "cod") {
  return placeTestOrder(handle.db, { paymentMethod, quantity: 2 });
}

/** The mails sent about this order whose subject starts with `subject`, once all due ones went. */
async function mailsAbout(orderNumber: string, subject: string) {
  await drainMailOutbox(handle.db, testServices());
  return sent.filter((mail) => mail.subject.startsWith(subject) && mail.text.includes(orderNumber));
}

async function oneMail(orderNumber: string, subject: string) {
  const mails = await mailsAbout(orderNumber, subject);
  expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining(orderNumber)]);
  return mails[0]!;
}

function expectOrderDetails(mail: MailMessage, order: Awaited<ReturnType<typeof placed>>) {
  expect(mail.text).toContain(`2 x ${order.productName}: ₹600.00`);
  expect(mail.text).toMatch(/Total: ₹[\d,]+\.\d\d/);
  // The Orders tab opens at the page that holds the order, scrolled to it.
  const link = `${getEnv().PUBLIC_URL}/profile?tab=orders&order=${order.id}#order-${order.id}-title`;
  expect(mail.text).toContain(link);
  expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
  expect(mail.html).toContain(">View your order</a>");
}

describe(`order update mails on ${DATABASE_KIND}`, () => {
  it("shipping: one mail with the tracking ID, the order's lines, totals and link", async () => {
    const order = await placed();
    await addTrackingId(handle.db, adminId, order.id, "DTDC-4455");
    await expect(addTrackingId(handle.db, adminId, order.id, "DTDC-9999")).rejects.toThrow();
    const mail = await oneMail(order.orderNumber, "Your order");
    expect(mail.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    expect(mail.text).toContain("Tracking ID: DTDC-4455");
    expectOrderDetails(mail, order);
    expect(await mailsAbout(order.orderNumber, "Your order")).toHaveLength(1);
  });

  it("delivery of a cash-on-delivery order: one mail; the cash is acknowledged once it is recorded", async () => {
    const order = await placed();
    await addTrackingId(handle.db, adminId, order.id, "BD-1");
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    // Saving the same status again is no step: no second mail.
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    const mail = await oneMail(order.orderNumber, "Delivered:");
    expect(mail.subject).toBe(`Delivered: ${order.orderNumber}`);
    expect(mail.text).toContain(`has been delivered`);
    // The courier pays the cash in later (docs/decisions/049): not received yet.
    expect(mail.text).not.toContain("We have received your cash payment");
    expect(mail.text).toContain("Payment: Cash on Delivery\n");
    expectOrderDetails(mail, order);
    expect(await mailsAbout(order.orderNumber, "Payment received:")).toHaveLength(0);

    await recordCashReceived(handle.db, adminId, order.id);
    const receipt = await oneMail(order.orderNumber, "Payment received:");
    expect(receipt.text).toContain(`We have received your payment of ${formatRupees(order.total)}`);
  });

  it("delivery of a cash-on-delivery order whose cash was recorded first: the mail acknowledges it", async () => {
    const order = await placed();
    await recordCashReceived(handle.db, adminId, order.id);
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    const mail = await oneMail(order.orderNumber, "Delivered:");
    expect(mail.text).toContain(
      `We have received your cash payment of ${formatRupees(order.total)}`,
    );
  });

  it("cash recorded apart from delivery: a receipt with the amount", async () => {
    const order = await placed();
    await recordCashReceived(handle.db, adminId, order.id);
    const mail = await oneMail(order.orderNumber, "Payment received:");
    expect(mail.subject).toBe(`Payment received: ${order.orderNumber}`);
    expect(mail.text).toContain(
      `We have received your payment of ${formatRupees(order.total)} for order ${order.orderNumber} on `,
    );
    expect(mail.text).toContain("Payment: Cash on Delivery (paid)");
    expectOrderDetails(mail, order);
  });

  it("a customer's cancellation: the customer is told nothing was charged", async () => {
    const order = await placed();
    await cancelOrderByCustomer(handle.db, { userId: order.userId, orderId: order.id });
    const mail = await oneMail(order.orderNumber, "Order cancelled:");
    expect(mail.subject).toBe(`Order cancelled: ${order.orderNumber}`);
    expect(mail.text).toContain("Nothing was charged.");
    expectOrderDetails(mail, order);
  });

  it("the owner cancelling a paid card order: the customer is told the money comes back", async () => {
    const order = await placed("razorpay");
    await handle.db.transaction((tx) => markOrderPaid(tx, order.id, "razorpay"));
    await updateOrderStatus(handle.db, adminId, order.id, "cancelled");
    const mail = await oneMail(order.orderNumber, "Order cancelled:");
    expect(mail.text).toContain(
      `The ${formatRupees(order.total)} you paid is being refunded to your card; we will e-mail you when it is done.`,
    );

    // A test payment took no money, so none goes back to the card (docs/decisions/049).
    const test = await placed("razorpay");
    await handle.db.transaction((tx) => markOrderPaid(tx, test.id, "test"));
    await updateOrderStatus(handle.db, adminId, test.id, "cancelled");
    const testMail = await oneMail(test.orderNumber, "Order cancelled:");
    expect(testMail.text).toContain("Its test payment is being refunded.");
    expect(testMail.text).toContain("nothing was charged to your card");
    expect(testMail.text).not.toContain("refunded to your card");
  });

  it("cancelled, reopened and cancelled again: a mail for each cancellation", async () => {
    const order = await placed();
    await updateOrderStatus(handle.db, adminId, order.id, "cancelled");
    await drainMailOutbox(handle.db, testServices());
    await updateOrderStatus(handle.db, adminId, order.id, "processing");
    await updateOrderStatus(handle.db, adminId, order.id, "cancelled");
    expect(await mailsAbout(order.orderNumber, "Order cancelled:")).toHaveLength(2);
  });

  it("an unpaid card order cancelled by its payment window: told the payment did not arrive", async () => {
    const order = await placed("razorpay");
    await expireUnpaidCardOrders(handle.db, new Date(Date.now() + 31 * MINUTE));
    const mail = await oneMail(order.orderNumber, "Order cancelled:");
    expect(mail.text).toContain("Its card payment did not arrive in time, so nothing was charged.");
  });

  it("a paid card order's confirmation is also its payment receipt", async () => {
    const order = await placed("razorpay");
    await handle.db.transaction((tx) => markOrderPaid(tx, order.id, "test"));
    const mail = await oneMail(order.orderNumber, "Order confirmed:");
    expect(mail.text).toContain(`We have received your payment of ${formatRupees(order.total)}.`);
    expectOrderDetails(mail, order);
  });

  it("a step undone before its mail went out is not told", async () => {
    const order = await placed();
    // The mail server is down while the owner marks the order delivered and then takes it back.
    chooseMailer({
      send: async () => {
        throw new Error("connection refused");
      },
    });
    await updateOrderStatus(handle.db, adminId, order.id, "delivered");
    await drainMailOutbox(handle.db, testServices());
    await updateOrderStatus(handle.db, adminId, order.id, "processing");
    chooseMailer({ send: async (message) => void sent.push(message) });
    await handle.db
      .update(backgroundJobs)
      .set({ runAt: new Date() })
      .where(orderMailJobs(order.id, "order-delivered"));
    expect(await mailsAbout(order.orderNumber, "Delivered:")).toHaveLength(0);
    const row = await orderMailJob(handle.db, order.id, "order-delivered");
    expect(row!.state).toBe("done");
  });

  it("two deliveries of one order at once: one mail", async () => {
    const order = await placed();
    await Promise.all([
      updateOrderStatus(handle.db, adminId, order.id, "delivered"),
      updateOrderStatus(handle.db, adminId, order.id, "delivered"),
    ]);
    expect(await mailsAbout(order.orderNumber, "Delivered:")).toHaveLength(1);
  });
});
