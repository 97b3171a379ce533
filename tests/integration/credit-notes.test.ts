/**
 * GST credit notes (docs/decisions/040): issued against an order's tax invoice when it is
 * cancelled or refunded in part, numbered in their own series per financial year, the same on
 * reprint, adding up to the invoice line by line, and shown only to their own customer.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import {
  issueCreditNote,
  listCreditNotes,
  loadCreditNote,
} from "~/modules/gst-documents/credit-notes.server";
import { issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { testGateway } from "~/modules/payments/gateway.server";
import { loader as creditNoteLoader } from "~/routes/account/order-credit-note";
import { loader as profileLoader } from "~/routes/account/profile";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { runRefundJobs as runRefunds } from "~/workflows/refund-jobs.server";
import { refundOrder } from "~/workflows/refund-order.server";
import { creditNotes, orders } from "../../db/schema";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor, payCardOrder } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";
import { TEST_SECRET, testServices } from "./support/services";

let handle: DatabaseHandle;
let owner: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await createAdmin(handle.db, "Shop Owner");
});
afterAll(() => handle.close());

/** A customer's invoiced order of two products at different GST rates, with shipping. */
async function invoicedOrder(paymentMethod: "cod" | "razorpay" = "cod", state = "Maharashtra") {
  const customer = await createCustomer(`Credit ${randomUUID().slice(0, 6)}`);
  const [a, b] = await insertProducts(handle.db, [
    { name: `Chyawanprash ${randomUUID().slice(0, 6)}`, price: 44_900, gstRate: 12 },
    { name: `Triphala ${randomUUID().slice(0, 6)}`, price: 15_500, gstRate: 5 },
  ]);
  await fillCart(handle.db, customer.id, [
    { productId: a!.id, quantity: 2 },
    { productId: b!.id, quantity: 1 },
  ]);
  const order = await orderFor(handle.db, customer.id, {
    paymentMethod,
    cardProvider: "test",
    address: {
      fullName: "Asha Patil",
      phone: "9876543210",
      addressLine1: "12 Shivaji Nagar",
      addressLine2: null,
      city: state === "Maharashtra" ? "Satara" : "Bengaluru",
      state,
      postalCode: state === "Maharashtra" ? "415003" : "560001",
    },
  });
  if (paymentMethod === "razorpay") {
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: customer.id,
      orderId: order.id,
    });
  }
  await issueInvoice(handle.db, owner.id, order.id);
  return { customer, order };
}

async function notesOf(orderId: string) {
  return handle.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
}

describe(`GST credit notes on ${DATABASE_KIND}`, () => {
  it("cancelling an invoiced order credits the whole invoice, line by line, and it cannot be reopened", async () => {
    const { order } = await invoicedOrder("cod");
    await updateOrderStatus(handle.db, owner.id, order.id, "cancelled");
    const [note] = await notesOf(order.id);
    expect(note!.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(note!.reason).toBe("Order cancelled");
    const invoice = (await loadInvoice(handle.db, order.id))!.invoice!;
    expect(note!.amount).toBe(invoice.tax.totals.total);
    expect(note!.taxableValue).toBe(invoice.tax.totals.taxableValue);
    expect(note!.cgst).toBe(invoice.tax.totals.cgst);
    expect(note!.sgst).toBe(invoice.tax.totals.sgst);
    expect(note!.igst).toBe(0);
    expect(note!.lines.map((line) => line.amount)).toEqual(
      invoice.tax.lines.map((line) => line.amount),
    );
    await expect(updateOrderStatus(handle.db, owner.id, order.id, "processing")).rejects.toThrow(
      /cannot be reopened: its invoice was cancelled by a credit note/,
    );
    const [row] = await handle.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.status).toBe("cancelled");
  });

  it("a partial refund credits that much, a later cancellation the rest; together the invoice exactly (IGST)", async () => {
    const { order } = await invoicedOrder("razorpay", "Karnataka");
    await refundOrder(handle.db, owner.id, {
      orderId: order.id,
      amount: 12_345,
      reason: "Cracked jar",
    });
    await updateOrderStatus(handle.db, owner.id, order.id, "cancelled");
    await runRefunds(handle.db, testServices());
    const notes = (await listCreditNotes(handle.db, order.id)).map((note) => note.amount);
    const invoice = (await loadInvoice(handle.db, order.id))!.invoice!;
    expect(notes).toEqual([12_345, invoice.tax.totals.total - 12_345]);
    const rows = await notesOf(order.id);
    for (const row of rows) {
      expect(row.cgst + row.sgst).toBe(0);
      expect(row.refundId).not.toBeNull();
    }
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    expect(sum((row) => row.taxableValue)).toBe(invoice.tax.totals.taxableValue);
    expect(sum((row) => row.igst)).toBe(invoice.tax.totals.igst);
    // Nothing is left to credit.
    await handle.db.transaction(async (tx) => {
      expect(
        await issueCreditNote(tx, {
          orderId: order.id,
          amount: "rest",
          reason: "x",
          refundId: null,
        }),
      ).toBeNull();
    });
  });

  it("an order cancelled before its invoice was issued gets no credit note", async () => {
    const customer = await createCustomer("Not Invoiced");
    const [item] = await insertProducts(handle.db, [
      { name: `Brahmi ${randomUUID().slice(0, 6)}` },
    ]);
    await fillCart(handle.db, customer.id, [{ productId: item!.id, quantity: 1 }]);
    const order = await orderFor(handle.db, customer.id);
    await updateOrderStatus(handle.db, owner.id, order.id, "cancelled");
    expect(await notesOf(order.id)).toHaveLength(0);
  });

  it("credit notes cancelled at the same moment get consecutive numbers, none twice", async () => {
    const invoiced = await Promise.all([invoicedOrder(), invoicedOrder(), invoicedOrder()]);
    await Promise.all(
      invoiced.map(({ order }) => updateOrderStatus(handle.db, owner.id, order.id, "cancelled")),
    );
    const numbers = (await Promise.all(invoiced.map(({ order }) => notesOf(order.id)))).flatMap(
      (rows) => rows.map((row) => row.number),
    );
    expect(new Set(numbers).size).toBe(3);
    const serials = numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
    expect(serials[2]! - serials[0]!).toBe(2);
  });

  it("a reprint is the same document; only its own customer can open it", async () => {
    const { customer, order } = await invoicedOrder();
    await updateOrderStatus(handle.db, owner.id, order.id, "cancelled");
    const [note] = await listCreditNotes(handle.db, order.id);
    const first = await loadCreditNote(handle.db, order.id, note!.id);
    const again = await loadCreditNote(handle.db, order.id, note!.id);
    expect(again).toEqual(first);
    expect(first!.creditNote.totalInWords).toMatch(/^Rupees .* Only$/);

    const open = (orderId: string, creditNoteId: string, cookies: string[]) =>
      callRoute<{ creditNote: { number: string } }>(
        creditNoteLoader,
        getPage(`/profile/orders/${orderId}/credit-notes/${creditNoteId}`, cookies),
        { orderId, creditNoteId },
      );
    const mine = await open(order.id, note!.id, customer.cookies);
    expect(mine.status).toBe(200);
    expect(mine.body?.creditNote.number).toBe(note!.number);

    const stranger = await createCustomer("Someone Else");
    expect((await open(order.id, note!.id, stranger.cookies)).status).toBe(404);
    const other = await invoicedOrder();
    // Another order's id with this note, and a note that does not exist: the same 404.
    expect((await open(other.order.id, note!.id, other.customer.cookies)).status).toBe(404);
    expect((await open(order.id, randomUUID(), customer.cookies)).status).toBe(404);
    expect((await open("not-a-uuid", note!.id, customer.cookies)).status).toBe(404);

    const tab = await callRoute<{ orders: { id: string; creditNotes: { number: string }[] }[] }>(
      profileLoader,
      getPage("/profile?tab=orders", customer.cookies),
    );
    expect(tab.body?.orders.find((row) => row.id === order.id)?.creditNotes).toEqual([
      { id: note!.id, number: note!.number },
    ]);
  });
});
