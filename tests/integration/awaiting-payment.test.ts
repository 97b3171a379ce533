/**
 * docs/decisions/050: a card order whose payment was left unfinished is shown at the checkout,
 * and its owner may switch it to cash on delivery while it still waits for the payment and the
 * shop's cash-on-delivery limits allow it; a payment completing at the same moment wins cleanly.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { switchToCashOnDelivery } from "~/modules/orders/awaiting-payment.server";
import { CashOnDeliveryUnavailableError, OrderNotFoundError } from "~/modules/orders/order-errors";
import { type PaymentGateway, testGateway } from "~/modules/payments/gateway.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import { startCardPayment } from "~/workflows/card-payment.server";
import { expireUnpaidCardOrders } from "~/workflows/expire-unpaid-orders.server";
import { placeOrder } from "~/workflows/place-order.server";
import { completeTestPayment } from "~/workflows/test-payment.server";
import { backgroundJobs, orders, settings } from "../../db/schema";
import { callRoute, postForm } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, stockOf as stockOfSize } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { orderMailJobs } from "./support/mail-jobs";
import { confirmSignedPayment, fillCart, SHIPPING_ADDRESS } from "./support/orders";
import { createCustomer } from "./support/profile";
import { TEST_SECRET, testServices } from "./support/services";

const MINUTE = 60_000;
let handle: DatabaseHandle;
let sent: MailMessage[];
let gateway: PaymentGateway;

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
  ({ sent } = await wireApp(handle.db));
  // Its secrets are derived from the shop's, which wireApp sets.
  gateway = testGateway(TEST_SECRET);
});
afterAll(() => handle?.close());

/**
 * A card order of one product (₹300, with ₹50 shipping: ₹350) placed as the checkout places it,
 * its payment opened on the test gateway as the checkout opens it.
 */
async function cardOrder(customer: { id: string }, postalCode = SHIPPING_ADDRESS.postalCode) {
  const [product] = await insertProducts(handle.db, [
    { name: `Shankhpushpi ${randomUUID().slice(0, 6)}`, price: 30_000, stockQuantity: 10 },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: product!.id, quantity: 1 }]);
  const order = await placeOrder(handle.db, {
    shipping: testServices().shipping,
    userId: customer.id,
    address: { ...SHIPPING_ADDRESS, postalCode },
    saveAddress: false,
    paymentMethod: "razorpay",
    cardProvider: "test",
    idempotencyKey: randomUUID(),
    quote: null,
  });
  const checkout = await startCardPayment(handle.db, gateway, {
    userId: customer.id,
    orderId: order.id,
  });
  return { order, checkout, productId: product!.id };
}

async function orderRow(orderId: string) {
  const [row] = await handle.db
    .select({
      paymentMethod: orders.paymentMethod,
      paymentProvider: orders.paymentProvider,
      paymentStatus: orders.paymentStatus,
      status: orders.status,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!;
}

async function stockOf(productId: string) {
  return stockOfSize(handle.db, { productId });
}

async function confirmationMails(orderId: string) {
  return handle.db.$count(backgroundJobs, orderMailJobs(orderId, "order-placed"));
}

/** The checkout's "Switch to Cash on Delivery", posted as the browser posts it. */
function postSwitch(cookies: string[], orderId: string) {
  return callRoute(
    checkoutAction,
    postForm("/checkout", cookies, { intent: "cash-on-delivery", orderId }),
  );
}

/** Confirms the order's payment with a correctly signed callback, as the checkout posts it. */
async function pay(customer: { id: string }, orderId: string, providerOrderId: string) {
  const owner = { userId: customer.id, orderId };
  return (await confirmSignedPayment(handle.db, gateway, owner, providerOrderId)).confirmed;
}

async function withCashOnDeliveryLimits(
  limits: { codMaxOrderValue?: number | null; codExcludedPinPrefixes?: string[] },
  work: () => Promise<void>,
) {
  await handle.db.update(settings).set(limits);
  try {
    await work();
  } finally {
    await handle.db.update(settings).set({ codMaxOrderValue: null, codExcludedPinPrefixes: [] });
  }
}

const UNCHANGED = {
  paymentMethod: "razorpay",
  paymentProvider: "test",
  paymentStatus: "pending",
  status: "pending",
};

describe(`the checkout of a card order awaiting payment on ${DATABASE_KIND}`, () => {
  it("shows the owner's order instead of sending the empty cart away, and no one else's", async () => {
    const owner = await createCustomer("Awaiting Owner");
    const stranger = await createCustomer("Awaiting Stranger");
    const { order } = await cardOrder(owner);

    const page = await callRoute(checkoutLoader, browserRequest("/checkout", owner.cookies));
    expect(page.body).toMatchObject({
      view: "awaiting-payment",
      order: { id: order.id, orderNumber: order.orderNumber, total: 35_000 },
      cashOnDelivery: { available: true },
    });
    const elsewhere = await callRoute(
      checkoutLoader,
      browserRequest("/checkout", stranger.cookies),
    );
    expect(elsewhere.location).toBe("/cart");
  });

  it("says why cash on delivery is not offered for it", async () => {
    const owner = await createCustomer("Awaiting Limit");
    await cardOrder(owner);
    await withCashOnDeliveryLimits({ codMaxOrderValue: 30_000 }, async () => {
      const page = await callRoute(checkoutLoader, browserRequest("/checkout", owner.cookies));
      expect(page.body).toMatchObject({
        view: "awaiting-payment",
        cashOnDelivery: {
          available: false,
          reason: "Cash on delivery is available for orders up to ₹300. Please pay by card.",
        },
      });
    });
  });

  it("sends the empty cart away once the order is paid or its payment window has ended", async () => {
    const paid = await createCustomer("Awaiting Paid");
    const { order, checkout } = await cardOrder(paid);
    await pay(paid, order.id, checkout.providerOrderId);
    expect(
      (await callRoute(checkoutLoader, browserRequest("/checkout", paid.cookies))).location,
    ).toBe("/cart");

    const late = await createCustomer("Awaiting Late");
    const { order: lateOrder } = await cardOrder(late);
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(orders.id, lateOrder.id));
    expect(
      (await callRoute(checkoutLoader, browserRequest("/checkout", late.cookies))).location,
    ).toBe("/cart");
  });
});

describe(`switching a card order awaiting payment to cash on delivery on ${DATABASE_KIND}`, () => {
  it("confirms the owner's order as cash on delivery, mails it, and the expiry leaves it", async () => {
    const owner = await createCustomer("Switch Owner");
    const { order, productId } = await cardOrder(owner);

    const result = await postSwitch(owner.cookies, order.id);

    expect(result).toMatchObject({ status: 302, location: "/profile?tab=orders" });
    expect(result.toast).toEqual({
      type: "success",
      title: "Order placed successfully!",
      description: `Your order ${order.orderNumber} is confirmed. Pay in cash when it arrives.`,
    });
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "cod",
      paymentProvider: null,
      paymentStatus: "pending",
      status: "pending",
    });
    await drainMailOutbox(handle.db, testServices());
    expect(sent.filter((mail) => mail.to === owner.email).map((mail) => mail.subject)).toEqual([
      `Order confirmed: ${order.orderNumber}`,
    ]);
    await expireUnpaidCardOrders(handle.db, new Date(Date.now() + 31 * MINUTE));
    expect((await orderRow(order.id)).status).toBe("pending");
    expect(await stockOf(productId)).toBe(9);
  });

  it("answers 404 for another customer's order, sends a visitor to sign in, and changes nothing", async () => {
    const owner = await createCustomer("Switch Victim");
    const stranger = await createCustomer("Switch Stranger");
    const { order } = await cardOrder(owner);

    expect((await postSwitch(stranger.cookies, order.id)).status).toBe(404);
    expect((await postSwitch([], order.id)).location).toBe("/auth?redirectTo=/checkout");
    await expect(
      switchToCashOnDelivery(handle.db, {
        shipping: testServices().shipping,
        userId: stranger.id,
        orderId: order.id,
      }),
    ).rejects.toBeInstanceOf(OrderNotFoundError);
    expect(await orderRow(order.id)).toMatchObject(UNCHANGED);
    expect(await confirmationMails(order.id)).toBe(0);
  });

  it("refuses a malformed order id with 400", async () => {
    const owner = await createCustomer("Switch Malformed");
    const result = await postSwitch(owner.cookies, "not-an-order");
    expect(result.status).toBe(400);
    expect(result.toast).toMatchObject({ title: "Order failed", description: "Unknown order" });
  });

  it("refuses with 400 and the reason where the limits do not allow cash on delivery", async () => {
    const owner = await createCustomer("Switch Limited");
    const { order } = await cardOrder(owner, "744101");

    await withCashOnDeliveryLimits({ codMaxOrderValue: 34_999 }, async () => {
      const result = await postSwitch(owner.cookies, order.id);
      expect(result.status).toBe(400);
      expect(result.toast).toMatchObject({
        title: "Cash on delivery unavailable",
        description: "Cash on delivery is available for orders up to ₹349.99. Please pay by card.",
      });
    });
    await withCashOnDeliveryLimits({ codExcludedPinPrefixes: ["744"] }, async () => {
      await expect(
        switchToCashOnDelivery(handle.db, {
          shipping: testServices().shipping,
          userId: owner.id,
          orderId: order.id,
        }),
      ).rejects.toThrow(
        new CashOnDeliveryUnavailableError(
          "Cash on delivery is not available for PIN code 744101. Please pay by card.",
        ),
      );
    });
    expect(await orderRow(order.id)).toMatchObject(UNCHANGED);
    expect(await confirmationMails(order.id)).toBe(0);
  });

  it("refuses an order that is paid, cancelled or past its payment window, showing the Orders tab", async () => {
    const owner = await createCustomer("Switch Too Late");
    const paid = await cardOrder(owner);
    await pay(owner, paid.order.id, paid.checkout.providerOrderId);
    const expired = await cardOrder(owner);
    await handle.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * MINUTE) })
      .where(eq(orders.id, expired.order.id));
    const cancelled = await cardOrder(owner);
    await expireUnpaidCardOrders(handle.db, new Date(Date.now() + 31 * MINUTE));

    const cases = [
      [paid.order, `Order ${paid.order.orderNumber} is already paid`],
      [expired.order, `Order ${expired.order.orderNumber} was cancelled`],
      [cancelled.order, `Order ${cancelled.order.orderNumber} was cancelled`],
    ] as const;
    for (const [order, message] of cases) {
      const before = await orderRow(order.id);
      const result = await postSwitch(owner.cookies, order.id);
      expect(result).toMatchObject({ status: 302, location: "/profile?tab=orders" });
      expect(result.toast).toEqual({
        type: "error",
        title: "Payment method not changed",
        description: message,
      });
      expect(await orderRow(order.id)).toEqual(before);
    }
    // Past its window but not yet cancelled by the expiry.
    const waiting = await cardOrder(owner);
    await expect(
      switchToCashOnDelivery(handle.db, {
        shipping: testServices().shipping,
        userId: owner.id,
        orderId: waiting.order.id,
        now: new Date(Date.now() + 31 * MINUTE),
      }),
    ).rejects.toThrow(
      `Order ${waiting.order.orderNumber} can no longer be changed to cash on delivery`,
    );
    expect(await orderRow(waiting.order.id)).toMatchObject(UNCHANGED);
  });

  it("switches once when the button is pressed twice", async () => {
    const owner = await createCustomer("Switch Twice");
    const { order } = await cardOrder(owner);
    const [first, second] = await Promise.all([
      postSwitch(owner.cookies, order.id),
      postSwitch(owner.cookies, order.id),
    ]);
    expect([first.location, second.location]).toEqual([
      "/profile?tab=orders",
      "/profile?tab=orders",
    ]);
    expect((await orderRow(order.id)).paymentMethod).toBe("cod");
    expect(await confirmationMails(order.id)).toBe(1);
  });

  it("a card payment completing after the switch pays the order by card, mailing it once", async () => {
    const owner = await createCustomer("Switch Then Paid");
    const { order, checkout } = await cardOrder(owner);
    await switchToCashOnDelivery(handle.db, {
      shipping: testServices().shipping,
      userId: owner.id,
      orderId: order.id,
    });

    const paid = await pay(owner, order.id, checkout.providerOrderId);

    expect(paid).toMatchObject({ newlyPaid: true, orderCancelled: false });
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "razorpay",
      paymentProvider: "test",
      paymentStatus: "paid",
      status: "pending",
    });
    expect(await confirmationMails(order.id)).toBe(1);
  });

  it("a card payment failing after the switch leaves it cash on delivery", async () => {
    const owner = await createCustomer("Switch Then Failed");
    const { order, checkout } = await cardOrder(owner);
    await switchToCashOnDelivery(handle.db, {
      shipping: testServices().shipping,
      userId: owner.id,
      orderId: order.id,
    });

    await completeTestPayment(handle.db, gateway, {
      providerOrderId: checkout.providerOrderId,
      amount: checkout.amount,
      outcome: "failure",
    });

    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "cod",
      paymentStatus: "pending",
      status: "pending",
    });
  });

  it("a switch and the payment at the same moment: the order ends paid by card once, and a switch after the payment is refused", async () => {
    const owner = await createCustomer("Switch Race");
    for (let round = 0; round < 6; round++) {
      const { order, checkout } = await cardOrder(owner);
      // Each starts first in turn.
      const switching = () =>
        switchToCashOnDelivery(handle.db, {
          shipping: testServices().shipping,
          userId: owner.id,
          orderId: order.id,
        });
      const paying = () => pay(owner, order.id, checkout.providerOrderId);
      const [switched, paid] =
        round % 2 === 0
          ? await Promise.allSettled([switching(), paying()])
          : await Promise.allSettled([paying(), switching()]).then(([p, s]) => [s, p] as const);
      expect(paid).toMatchObject({ status: "fulfilled", value: { newlyPaid: true } });
      if (switched.status === "rejected") {
        expect(String(switched.reason)).toContain(`Order ${order.orderNumber} is already paid`);
      }
      expect(await orderRow(order.id)).toMatchObject({
        paymentMethod: "razorpay",
        paymentStatus: "paid",
        status: "pending",
      });
      expect(await confirmationMails(order.id)).toBe(1);
    }
  });
});
