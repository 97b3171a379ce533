import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { issueInvoice } from "~/modules/gst-documents/invoices.server";
import { loader as invoiceLoader } from "~/routes/account/order-invoice";
import { loader as profileLoader } from "~/routes/account/profile";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";

let handle: DatabaseHandle;
let owner: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await createAdmin(handle.db, "Shop Owner");
});
afterAll(() => handle.close());

type InvoiceAnswer = { order: { orderNumber: string }; invoice: { number: string } };

function openInvoice(orderId: string, cookies: string[]) {
  return callRoute<InvoiceAnswer>(
    invoiceLoader,
    getPage(`/profile/orders/${orderId}/invoice`, cookies),
    { orderId },
  );
}

/** A customer with one cash-on-delivery order. */
async function customerWithAnOrder(name: string) {
  const customer = await createCustomer(name);
  const [item] = await insertProducts(handle.db, [
    { name: `Dashmool Kadha ${randomUUID().slice(0, 6)}` },
  ]);
  await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 2 }]);
  const order = await orderFor(handle.db, customer.id);
  return { customer, order };
}

describe(`the customer's tax invoice on ${DATABASE_KIND}`, () => {
  it("opens once the shop has issued it, with its number, and shows on the Orders tab", async () => {
    const { customer, order } = await customerWithAnOrder("Asha Patil");
    expect((await openInvoice(order.id, customer.cookies)).status).toBe(404);

    await issueInvoice(handle.db, owner.id, order.id);
    const answer = await openInvoice(order.id, customer.cookies);
    expect(answer.status).toBe(200);
    expect(answer.body?.order.orderNumber).toBe(order.orderNumber);
    expect(answer.body?.invoice.number).toMatch(/\S/);

    const tab = await callRoute<{ orders: { id: string; invoiceNumber: string | null }[] }>(
      profileLoader,
      getPage("/profile?tab=orders", customer.cookies),
    );
    expect(tab.body?.orders.find((row) => row.id === order.id)?.invoiceNumber).toBe(
      answer.body?.invoice.number,
    );
  });

  it("is never another customer's: their order's invoice answers 404, as a missing one does", async () => {
    const { order } = await customerWithAnOrder("Ravi Kulkarni");
    await issueInvoice(handle.db, owner.id, order.id);
    const stranger = await createCustomer("Curious Neighbour");
    const theirs = await openInvoice(order.id, stranger.cookies);
    const missing = await openInvoice(randomUUID(), stranger.cookies);
    const malformed = await openInvoice("not-an-id", stranger.cookies);
    for (const answer of [theirs, missing, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toBe("This invoice does not exist");
    }
  });

  it("sends a visitor to sign in first, and back to the invoice after", async () => {
    const { order } = await customerWithAnOrder("Meera Jadhav");
    const answer = await openInvoice(order.id, []);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/profile/orders/${order.id}/invoice`)}`,
    );
  });
});
