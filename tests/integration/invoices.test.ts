import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { InvoiceError, issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/admin/order-invoice";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { auditLog, coupons, invoiceCounters, orders, settings } from "../../db/schema";
import { callRoute, postForm, signInAdministrator } from "./support/admin";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor, SHIPPING_ADDRESS } from "./support/orders";

let handle: DatabaseHandle;
let admin: { id: string; cookies: string[] };

beforeAll(async () => {
  handle = await useTestDatabase({ poolSize: 25 });
  await wireApp(handle.db);
  admin = await signInAdministrator(handle.db);
  await handle.db
    .update(settings)
    .set({
      shopName: "Satara Ayurveda Pharmacy",
      addressLine1: "14 Powai Naka",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415003",
      gstin: "27ABCDE1234F1Z5",
    })
    .where(eq(settings.id, 1));
});
afterAll(() => handle.close());

const BENGALURU = {
  ...SHIPPING_ADDRESS,
  fullName: "Kiran Rao",
  addressLine1: "21 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560001",
};

/** An order of ₹189 x 2 at 5% and ₹1,035 x 1 at 18%, optionally with a ₹100 coupon. */
async function mixedOrder(
  options: { address?: typeof SHIPPING_ADDRESS; coupon?: boolean; cheap?: boolean } = {},
) {
  const [userId] = await insertCustomers(handle.db, 1);
  const [medicine, cream] = await insertProducts(handle.db, [
    {
      name: `Arjunarishta ${randomUUID().slice(0, 6)}`,
      price: 21000,
      discountPrice: 18900,
      gstRate: 5,
      hsnCode: "3004",
    },
    { name: `Kumkumadi ${randomUUID().slice(0, 6)}`, price: 103500, gstRate: 18, hsnCode: "3304" },
  ]);
  let couponId: string | null = null;
  if (options.coupon) {
    const [row] = await handle.db
      .insert(coupons)
      .values({
        code: `INV${randomUUID().slice(0, 6).toUpperCase()}`,
        discountType: "fixed",
        discountValue: 10000,
      })
      .returning();
    couponId = row!.id;
  }
  await fillCart(
    handle.db,
    userId!,
    options.cheap
      ? [{ productId: medicine!.id, quantity: 2 }]
      : [
          { productId: medicine!.id, quantity: 2 },
          { productId: cream!.id, quantity: 1 },
        ],
    couponId,
  );
  return orderFor(handle.db, userId!, { address: options.address ?? SHIPPING_ADDRESS });
}

async function counterOf(financialYear: string) {
  const [row] = await handle.db
    .select()
    .from(invoiceCounters)
    .where(eq(invoiceCounters.financialYear, financialYear));
  return row?.lastNumber ?? 0;
}

const JUNE_2026 = new Date("2026-06-01T06:00:00Z");

describe(`the tax invoice on ${DATABASE_KIND}`, () => {
  it("splits GST into CGST and SGST for a Maharashtra address", async () => {
    const placed = await mixedOrder({ coupon: true });
    await issueInvoice(handle.db, admin.id, placed.id, JUNE_2026);
    const view = await loadInvoice(handle.db, placed.id);
    const invoice = view!.invoice!;
    expect(invoice.supplier).toMatchObject({
      name: "Satara Ayurveda Pharmacy",
      gstin: "27ABCDE1234F1Z5",
      state: "Maharashtra",
      stateCode: "27",
    });
    expect(invoice.placeOfSupply).toBe("Maharashtra (27)");
    expect(invoice.tax.supply).toBe("intra-state");
    // ₹1,413 of goods, ₹100 off, free shipping: ₹1,313.
    expect(view!.order.total).toBe(131300);
    expect(invoice.tax.lines.map((l) => [l.hsnCode, l.gstRate, l.amount, l.cgst, l.sgst])).toEqual([
      ["3004", 5, 35125, 837, 836],
      ["3304", 18, 96175, 7336, 7335],
    ]);
    expect(invoice.tax.totals).toMatchObject({
      discount: 10000,
      taxableValue: 33452 + 81504,
      cgst: 837 + 7336,
      sgst: 836 + 7335,
      igst: 0,
      total: 131300,
    });
    expect(invoice.totalInWords).toBe("Rupees One Thousand Three Hundred Thirteen Only");
  });

  it("charges IGST for an address in Karnataka, shipping included as its own line", async () => {
    const placed = await mixedOrder({ address: BENGALURU, cheap: true });
    await issueInvoice(handle.db, admin.id, placed.id, JUNE_2026);
    const { invoice, order } = (await loadInvoice(handle.db, placed.id))!;
    expect(order.total).toBe(37800 + 5000);
    expect(invoice!.placeOfSupply).toBe("Karnataka (29)");
    expect(invoice!.tax.supply).toBe("inter-state");
    expect(
      invoice!.tax.lines.map((l) => [l.description.split(" ")[0], l.hsnCode, l.igst, l.cgst]),
    ).toEqual([
      ["Arjunarishta", "3004", 1800, 0],
      ["Shipping", "996812", 238, 0],
    ]);
    expect(invoice!.tax.totals).toMatchObject({ cgst: 0, sgst: 0, igst: 2038, total: 42800 });
  });
});

describe(`invoice numbers on ${DATABASE_KIND}`, () => {
  it("run in sequence within a financial year and stay the same on a reprint", async () => {
    const year = new Date("2030-08-15T06:00:00Z");
    const first = await mixedOrder();
    const second = await mixedOrder();
    expect(await issueInvoice(handle.db, admin.id, first.id, year)).toEqual({
      invoiceNumber: "INV/30-31/000001",
      issued: true,
    });
    expect(await issueInvoice(handle.db, admin.id, second.id, year)).toEqual({
      invoiceNumber: "INV/30-31/000002",
      issued: true,
    });
    const later = new Date("2030-12-01T06:00:00Z");
    expect(await issueInvoice(handle.db, admin.id, first.id, later)).toEqual({
      invoiceNumber: "INV/30-31/000001",
      issued: false,
    });
    expect(await counterOf("2030-31")).toBe(2);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, first.id));
    expect(row).toMatchObject({ invoiceNumber: "INV/30-31/000001", invoicedAt: year });
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.entityId, first.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "issue-invoice", actorId: admin.id });
  });

  it("start again on 1 April, India time: 31 March 23:59 and 1 April 00:00 differ", async () => {
    const march = await mixedOrder();
    const april = await mixedOrder();
    const marchLast = new Date("2032-03-31T18:29:59Z"); // 31 March 2032, 23:59:59 IST
    const aprilFirst = new Date("2032-03-31T18:30:00Z"); // 1 April 2032, 00:00 IST
    expect((await issueInvoice(handle.db, admin.id, march.id, marchLast)).invoiceNumber).toBe(
      "INV/31-32/000001",
    );
    expect((await issueInvoice(handle.db, admin.id, april.id, aprilFirst)).invoiceNumber).toBe(
      "INV/32-33/000001",
    );
    const again = await mixedOrder();
    expect(
      (await issueInvoice(handle.db, admin.id, again.id, new Date("2033-03-31T18:00:00Z")))
        .invoiceNumber,
    ).toBe("INV/32-33/000002");
  });

  it("are unique when many first prints happen at once", async () => {
    const when = new Date("2034-07-01T06:00:00Z");
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await mixedOrder({ cheap: true }));
    const results = await Promise.all(
      placed.map((order) => issueInvoice(handle.db, admin.id, order.id, when)),
    );
    const numbers = results.map((r) => r.invoiceNumber).sort();
    expect(numbers).toEqual(
      Array.from({ length: 12 }, (_, i) => `INV/34-35/${String(i + 1).padStart(6, "0")}`),
    );
    expect(await counterOf("2034-35")).toBe(12);
  });

  it("give one order one number when it is printed many times at once", async () => {
    const when = new Date("2036-07-01T06:00:00Z");
    const placed = await mixedOrder({ cheap: true });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => issueInvoice(handle.db, admin.id, placed.id, when)),
    );
    expect(new Set(results.map((r) => r.invoiceNumber))).toEqual(new Set(["INV/36-37/000001"]));
    expect(results.filter((r) => r.issued)).toHaveLength(1);
    expect(await counterOf("2036-37")).toBe(1);
  });

  it("are not given to cancelled orders or unpaid card orders", async () => {
    const cancelled = await mixedOrder();
    await updateOrderStatus(handle.db, admin.id, cancelled.id, "cancelled");
    await expect(issueInvoice(handle.db, admin.id, cancelled.id)).rejects.toThrow(
      new InvoiceError(`Order ${cancelled.orderNumber} is cancelled, so it has no invoice`),
    );
    const [userId] = await insertCustomers(handle.db, 1);
    const [item] = await insertProducts(handle.db, [{ name: `Card ${randomUUID().slice(0, 6)}` }]);
    await fillCart(handle.db, userId!, [{ productId: item!.id, quantity: 1 }]);
    const card = await orderFor(handle.db, userId!, { paymentMethod: "razorpay" });
    await expect(issueInvoice(handle.db, admin.id, card.id)).rejects.toThrow(
      /waiting for its card payment/,
    );
    const rows = await handle.db.select().from(orders).where(eq(orders.id, card.id));
    expect(rows[0]!.invoiceNumber).toBeNull();
  });
});

describe(`the invoice page on ${DATABASE_KIND}`, () => {
  it("says whether the order was paid through the test gateway", async () => {
    const paid = await mixedOrder();
    await handle.db
      .update(orders)
      .set({ paymentMethod: "razorpay", paymentStatus: "paid", paymentProvider: "test" })
      .where(eq(orders.id, paid.id));
    await issueInvoice(handle.db, admin.id, paid.id);
    const view = await loadInvoice(handle.db, paid.id);
    expect(view!.order).toMatchObject({ paymentMethod: "razorpay", paymentProvider: "test" });
    expect(view!.invoice).not.toBeNull();

    const cash = await mixedOrder();
    expect((await loadInvoice(handle.db, cash.id))!.order.paymentProvider).toBeNull();
  });

  it("'Print Invoice' numbers the invoice and opens it ready to print", async () => {
    const placed = await mixedOrder({ address: BENGALURU });
    const path = `/admin/orders/${placed.id}/invoice`;
    const before = await callRoute<Awaited<ReturnType<typeof invoiceLoader>>>(
      invoiceLoader,
      browserRequest(path, admin.cookies),
      { orderId: placed.id },
    );
    expect(before.body!.invoice).toBeNull();

    const printed = await callRoute(invoiceAction, postForm(path, admin.cookies, {}), {
      orderId: placed.id,
    });
    expect(printed).toMatchObject({ status: 302, location: `${path}?print=1` });
    const after = await callRoute<Awaited<ReturnType<typeof invoiceLoader>>>(
      invoiceLoader,
      browserRequest(path, admin.cookies),
      { orderId: placed.id },
    );
    expect(after.body!.invoice!.number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    expect(after.body!.invoice!.tax.supply).toBe("inter-state");
  });

  it("explains a refusal, and answers 404 for an unknown or malformed order", async () => {
    const cancelled = await mixedOrder();
    await updateOrderStatus(handle.db, admin.id, cancelled.id, "cancelled");
    const path = `/admin/orders/${cancelled.id}/invoice`;
    const refused = await callRoute<{ error: string }>(
      invoiceAction,
      postForm(path, admin.cookies, {}),
      { orderId: cancelled.id },
    );
    expect(refused.status).toBe(409);
    expect(refused.body?.error).toBe(
      `Order ${cancelled.orderNumber} is cancelled, so it has no invoice`,
    );
    for (const orderId of [randomUUID(), "not-an-id"]) {
      const missing = await callRoute(
        invoiceLoader,
        browserRequest(`/admin/orders/${orderId}/invoice`, admin.cookies),
        { orderId },
      );
      expect(missing.status).toBe(404);
    }
  });
});
