import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { sendDueMails as drainMailOutbox } from "~/modules/notifications/mail-outbox.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { orderConfirmationMail } from "~/modules/orders/order-mail.server";
import { getAdminOrder } from "~/modules/orders/orders-admin.server";
import { ordersCsvStream } from "~/modules/orders/orders-export.server";
import { type Quote, signQuote } from "~/modules/orders/quote.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/store/checkout";
import { orders, settings } from "../../db/schema";
import { callRoute, postForm, signInAdministrator } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, stockOf } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";
import { TEST_SIGNER, testServices } from "./support/services";

let handle: DatabaseHandle;
let sent: { to: string; subject: string; text: string }[];

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 10 });
  ({ sent } = await wireApp(handle.db));
  await handle.db.update(settings).set({ gstin: "27ABCDE1234F1Z5" }).where(eq(settings.id, 1));
});
afterAll(() => handle.close());

async function product(price: number, stockQuantity = 10) {
  const [row] = await insertProducts(handle.db, [
    { name: `Ashwagandha ${randomUUID().slice(0, 6)}`, price, stockQuantity },
  ]);
  return row!;
}

async function orderRow(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const address = {
  fullName: "Asha Patil",
  phone: "9876543210",
  addressLine1: "12 Shivaji Nagar",
  addressLine2: "",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415003",
};

describe(`placing an order with a delivery method on ${DATABASE_KIND}`, () => {
  it("stores standard delivery and its fee when no method is named", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product(40_000);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId!);
    expect(await orderRow(placed.id)).toMatchObject({
      shippingMethod: "standard",
      shippingCost: 5_000,
      total: 45_000,
    });
  });

  it("charges ₹150 for express below the free-shipping threshold", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product(40_000);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 2 }]);
    const placed = await orderFor(handle.db, userId!, { shippingMethod: "express" });
    expect(await orderRow(placed.id)).toMatchObject({
      shippingMethod: "express",
      subtotal: 80_000,
      shippingCost: 15_000,
      total: 95_000,
    });
  });

  it("still charges ₹150 for express above ₹999, where standard would ship free", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product(120_000);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId!, { shippingMethod: "express" });
    expect(await orderRow(placed.id)).toMatchObject({
      shippingMethod: "express",
      shippingCost: 15_000,
      total: 135_000,
    });
  });

  it("refuses a quote whose total for the chosen method differs, and writes nothing", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product(40_000, 4);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const quote = {
      lines: [{ productId: item.id, variantId: item.variantId, unitPrice: 40_000, quantity: 1 }],
      totals: { standard: 45_000, express: 45_000 },
    };
    await expect(
      orderFor(handle.db, userId!, { shippingMethod: "express", quote }),
    ).rejects.toThrow("Your order total changed to ₹550.00");
    expect(await handle.db.select().from(orders).where(eq(orders.userId, userId!))).toEqual([]);
    expect(await stockOf(handle.db, { productId: item.id })).toBe(4);
  });
});

describe(`quotes signed before delivery methods on ${DATABASE_KIND}`, () => {
  it("still check the lines, and price the order on the server", async () => {
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product(40_000);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const oldQuote = {
      lines: [{ productId: item.id, variantId: item.variantId, unitPrice: 40_000, quantity: 1 }],
      total: 45_000,
    } as unknown as Quote;
    const placed = await orderFor(handle.db, userId!, {
      shippingMethod: "express",
      quote: oldQuote,
    });
    expect(await orderRow(placed.id)).toMatchObject({ shippingCost: 15_000, total: 55_000 });

    const [other] = await insertCustomers(handle.db, 1);
    await fillCart(handle.db, other!, [{ productId: item.id, quantity: 2 }]);
    await expect(orderFor(handle.db, other!, { quote: oldQuote })).rejects.toThrow(
      "Your cart changed",
    );
  });
});

describe(`the checkout page's delivery choice on ${DATABASE_KIND}`, () => {
  it("offers both methods priced by the server and signs both totals", async () => {
    const customer = await createCustomer("Delivery Chooser");
    const item = await product(60_000);
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    const result = await callRoute<{
      totalsByMethod: Record<string, { shipping: number; total: number }>;
    }>(checkoutLoader, browserRequest("/checkout", customer.cookies));
    expect(result.body!.totalsByMethod).toMatchObject({
      standard: { shipping: 5_000, total: 65_000 },
      express: { shipping: 15_000, total: 75_000 },
    });
  });

  it("takes only the method from the form: a posted fee or total is ignored", async () => {
    const customer = await createCustomer("Express Buyer");
    const item = await product(60_000);
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    const quote = signQuote(TEST_SIGNER, {
      lines: [{ productId: item.id, variantId: item.variantId, unitPrice: 60_000, quantity: 1 }],
      totals: { standard: 65_000, express: 75_000 },
    });
    const result = await callRoute(
      checkoutAction,
      postForm("/checkout", customer.cookies, {
        ...address,
        idempotencyKey: randomUUID(),
        shippingMethod: "express",
        shippingCost: "0",
        shipping: "0",
        total: "60000",
        quote,
      }),
    );
    expect(result.status).toBe(302);
    const [order] = await handle.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order).toMatchObject({ shippingMethod: "express", shippingCost: 15_000, total: 75_000 });
    await drainMailOutbox(handle.db, testServices());
    const confirmation = sent.findLast((mail) => mail.to === customer.email);
    expect(confirmation!.text).toContain("Shipping (Express delivery): ₹150.00");
  });

  it("refuses an unknown method with a 400 and writes nothing", async () => {
    const customer = await createCustomer("Overnight Asker");
    const item = await product(60_000, 3);
    await fillCart(handle.db, customer.id, [{ productId: item.id, quantity: 1 }]);
    const result = await callRoute<{ result: { error: Record<string, string[]> } }>(
      checkoutAction,
      postForm("/checkout", customer.cookies, {
        ...address,
        idempotencyKey: randomUUID(),
        shippingMethod: "overnight",
      }),
    );
    expect(result.status).toBe(400);
    expect(result.body!.result.error.shippingMethod).toEqual(["Choose a delivery option"]);
    expect(await handle.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
  });
});

describe(`where the method is shown on ${DATABASE_KIND}`, () => {
  it("the customer's orders, the owner's detail, the invoice, the CSV and the mail name it", async () => {
    const admin = await signInAdministrator(handle.db);
    const [userId] = await insertCustomers(handle.db, 1);
    const item = await product(30_000);
    await fillCart(handle.db, userId!, [{ productId: item.id, quantity: 1 }]);
    const placed = await orderFor(handle.db, userId!, { shippingMethod: "express" });

    const history = await listCustomerOrders(handle.db, userId!);
    expect(history.orders[0]).toMatchObject({ shippingMethod: "express", shippingCost: 15_000 });
    expect(await getAdminOrder(handle.db, placed.id)).toMatchObject({
      shippingMethod: "express",
    });

    await issueInvoice(handle.db, admin.id, placed.id);
    const { invoice } = (await loadInvoice(handle.db, placed.id))!;
    const shippingLine = invoice!.tax.lines.find((line) => line.isShipping);
    expect(shippingLine).toMatchObject({
      description: "Shipping charges (Express delivery)",
      amount: 15_000,
    });

    const csv = await new Response(
      ordersCsvStream(handle.db, { q: placed.orderNumber, status: undefined }),
    ).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").split("\r\n");
    const columns = header!.split(",");
    const cells = row!.split(",");
    expect(cells[columns.indexOf("Shipping Method")]).toBe("Express delivery");
    expect(cells[columns.indexOf("Shipping")]).toBe("150.00");

    const confirmation = await orderConfirmationMail(handle.db, placed.id);
    expect(confirmation!.text).toContain("Shipping (Express delivery): ₹150.00");
  });
});
