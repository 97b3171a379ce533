/**
 * The month's GSTR-1 files (docs/decisions/041), on a month with intra- and inter-state orders, a
 * coupon discount, a partial refund, an invoiced order cancelled with a credit note and a B2C
 * large invoice: every file's totals reconcile with the month's invoices and credit notes to the
 * paisa, the documents issued count each invoice and credit note once, other months' documents
 * stay out, cells are guarded against formulas, and only administrators download them.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { B2CL_THRESHOLD, type Gstr1FileName, gstr1File } from "~/domain/gstr1";
import type { DatabaseHandle } from "~/lib/db.server";
import { listCreditNotes } from "~/modules/gst-documents/credit-notes.server";
import { loadGstr1Month } from "~/modules/gst-documents/gstr1.server";
import { gstr1Csv } from "~/modules/gst-documents/gstr1-export.server";
import { issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { testGateway } from "~/modules/payments/gateway.server";
import { loader as exportLoader } from "~/routes/admin/gst-returns-export";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { refundOrder } from "~/workflows/refund-order.server";
import { coupons, creditNotes } from "../../db/schema";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor, payCardOrder, SHIPPING_ADDRESS } from "./support/orders";
import { type Customer, createCustomer } from "./support/profile";
import { routeContext, TEST_SECRET } from "./support/services";

let handle: DatabaseHandle;
let owner: Customer;

/** A month far from today's, so the other tests' invoices stay out of it. */
const MONTH = { year: 2031, month: 7 };
const IN_MONTH = new Date("2031-07-15T06:30:00Z");
const NEXT_MONTH = new Date("2031-08-02T06:30:00Z");

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await createAdmin(handle.db, "GST Owner");
});
afterAll(() => handle.close());

type Spec = {
  state: string;
  payment: "cod" | "razorpay";
  items: { price: number; quantity: number; gstRate: number; hsnCode?: string }[];
  couponId?: string;
};

async function invoiced(spec: Spec, at = IN_MONTH) {
  const customer = await createCustomer(`GST ${randomUUID().slice(0, 6)}`);
  const products = await insertProducts(
    handle.db,
    spec.items.map((item) => ({
      name: `Product ${randomUUID().slice(0, 8)}`,
      price: item.price,
      gstRate: item.gstRate,
      hsnCode: item.hsnCode ?? "3004",
      stockQuantity: 50,
    })),
  );
  await fillCart(
    handle.db,
    customer.id,
    products.map((product, i) => ({ productId: product.id, quantity: spec.items[i]!.quantity })),
    spec.couponId ?? null,
  );
  const order = await orderFor(handle.db, customer.id, {
    paymentMethod: spec.payment,
    cardProvider: "test",
    address: {
      ...SHIPPING_ADDRESS,
      state: spec.state,
      city: spec.state === "Maharashtra" ? "Satara" : "Elsewhere",
      postalCode: spec.state === "Maharashtra" ? "415003" : "560001",
    },
  });
  if (spec.payment === "razorpay") {
    await payCardOrder(handle.db, testGateway(TEST_SECRET), {
      userId: customer.id,
      orderId: order.id,
    });
  }
  await issueInvoice(handle.db, owner.id, order.id, at);
  return order;
}

function taxableOf(file: { header: readonly string[]; rows: (string | number)[][] }) {
  const column = file.header.indexOf("Taxable Value");
  return file.rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
}

describe(`GSTR-1 exports on ${DATABASE_KIND}`, () => {
  let month: Awaited<ReturnType<typeof loadGstr1Month>>;
  const expected = { invoiced: 0, credited: 0, igst: 0, cgst: 0, sgst: 0, b2cl: 0 };
  const numbers = { cancelledInvoice: "", cancellationNote: "", refundedInvoice: "" };

  beforeAll(async () => {
    const [coupon] = await handle.db
      .insert(coupons)
      .values({
        code: `GST${randomUUID().slice(0, 6).toUpperCase()}`,
        discountType: "percentage",
        discountValue: 10,
      })
      .returning({ id: coupons.id });
    const intra = await invoiced({
      state: "Maharashtra",
      payment: "cod",
      items: [
        { price: 44_900, quantity: 2, gstRate: 12 },
        { price: 15_500, quantity: 1, gstRate: 5, hsnCode: "3003" },
      ],
      couponId: coupon!.id,
    });
    const inter = await invoiced({
      state: "Karnataka",
      payment: "razorpay",
      items: [{ price: 30_000, quantity: 3, gstRate: 12 }],
    });
    const cancelled = await invoiced({
      state: "Maharashtra",
      payment: "cod",
      items: [{ price: 25_000, quantity: 1, gstRate: 5, hsnCode: "3003" }],
    });
    const large = await invoiced({
      state: "Kerala",
      payment: "razorpay",
      items: [{ price: 60_000_00, quantity: 2, gstRate: 12 }],
    });
    // Issued the month after: stays out.
    await invoiced(
      {
        state: "Maharashtra",
        payment: "cod",
        items: [{ price: 10_000, quantity: 1, gstRate: 12 }],
      },
      NEXT_MONTH,
    );

    const refund = { reason: "Cracked jar", now: IN_MONTH };
    await refundOrder(handle.db, owner.id, { ...refund, orderId: inter.id, amount: 12_345 });
    await refundOrder(handle.db, owner.id, { ...refund, orderId: large.id, amount: 50_000 });
    await updateOrderStatus(handle.db, owner.id, cancelled.id, "cancelled", IN_MONTH);

    for (const order of [intra, inter, cancelled, large]) {
      const invoice = (await loadInvoice(handle.db, order.id))!.invoice!;
      expected.invoiced += invoice.tax.totals.taxableValue;
      expected.igst += invoice.tax.totals.igst;
      expected.cgst += invoice.tax.totals.cgst;
      expected.sgst += invoice.tax.totals.sgst;
      if (order.id === large.id) expected.b2cl = invoice.tax.totals.taxableValue;
    }
    const notes = await handle.db.select().from(creditNotes);
    for (const note of notes.filter((n) =>
      [inter.id, large.id, cancelled.id].includes(n.orderId),
    )) {
      expected.credited += note.taxableValue;
      expected.igst -= note.igst;
      expected.cgst -= note.cgst;
      expected.sgst -= note.sgst;
    }
    const [cancellationNote] = await listCreditNotes(handle.db, cancelled.id);
    expect(await listCreditNotes(handle.db, cancelled.id)).toHaveLength(1);
    numbers.cancellationNote = cancellationNote!.number;
    numbers.cancelledInvoice = (await loadInvoice(handle.db, cancelled.id))!.invoice!.number;
    numbers.refundedInvoice = (await loadInvoice(handle.db, inter.id))!.invoice!.number;
    month = await loadGstr1Month(handle.db, MONTH);
  });

  it("holds the month's four invoices and three credit notes, and nothing from other months", () => {
    expect(month.invoices).toHaveLength(4);
    expect(month.creditNotes).toHaveLength(3);
  });

  it("B2C small plus B2C large less the large invoices' credit notes is the month's net taxable value", () => {
    const b2cs = gstr1File("b2cs", month);
    const b2cl = gstr1File("b2cl", month);
    const cdnur = gstr1File("cdnur", month);
    expect(taxableOf(b2cl)).toBe(expected.b2cl);
    expect(taxableOf(b2cs) + taxableOf(b2cl) - taxableOf(cdnur)).toBe(
      expected.invoiced - expected.credited,
    );
    // Places of supply as the offline tool writes them, intra- and inter-state both in B2C small.
    const places = new Set(b2cs.rows.map((row) => row[1]));
    expect(places).toEqual(new Set(["27-Maharashtra", "29-Karnataka"]));
    expect(b2cl.rows.map((row) => row[3])).toEqual(["32-Kerala"]);
    expect(Number(b2cl.rows[0]![2]) * 100).toBeGreaterThan(B2CL_THRESHOLD);
    expect(cdnur.rows).toHaveLength(1);
    expect(cdnur.rows[0]!.slice(0, 5)).toEqual([
      "B2CL",
      expect.stringMatching(/^CN\/31-32\/\d{6}$/),
      expect.stringMatching(/^\d{2}-Jul-2031$/),
      "C",
      "32-Kerala",
    ]);
  });

  it("the HSN summary is the month's invoices less its credit notes, in every tax", () => {
    const hsn = gstr1File("hsn", month);
    const column = (name: string) => hsn.header.indexOf(name);
    const total = (name: string) =>
      hsn.rows.reduce((sum, row) => sum + Math.round(Number(row[column(name)]) * 100), 0);
    expect(total("Taxable Value")).toBe(expected.invoiced - expected.credited);
    expect(total("Integrated Tax Amount")).toBe(expected.igst);
    expect(total("Central Tax Amount")).toBe(expected.cgst);
    expect(total("State/UT Tax Amount")).toBe(expected.sgst);
    // Goods are counted in numbers; shipping is a service without a quantity.
    const shipping = hsn.rows.filter((row) => row[0] === "996812");
    expect(shipping.length).toBeGreaterThan(0);
    for (const row of shipping) expect(row.slice(2, 4)).toEqual(["NA", 0]);
    // The cancelled order's one item came back: 2 + 1 + 3 + 1 + 2 invoiced, 1 credited in full.
    const goods = hsn.rows.filter((row) => row[2] === "NOS-NUMBERS");
    expect(goods.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(8);
  });

  it("the documents issued count the cancelled and the refunded invoices as issued, and their credit notes once", () => {
    const docs = gstr1File("docs", month);
    const [invoices, notes] = docs.rows;
    // Issued and later credited is not cancelled: all four invoices stay issued, none cancelled.
    expect(invoices).toEqual([
      "Invoices for outward supply",
      expect.stringMatching(/^INV\/31-32\/\d{6}$/),
      expect.stringMatching(/^INV\/31-32\/\d{6}$/),
      4,
      0,
    ]);
    expect(notes).toEqual([
      "Credit Note",
      expect.stringMatching(/^CN\//),
      expect.stringMatching(/^CN\//),
      3,
      0,
    ]);
    expect(docs.rows).toHaveLength(2);
    const within = (row: (string | number)[], number: string) =>
      String(row[1]) <= number && number <= String(row[2]);
    expect(within(invoices!, numbers.cancelledInvoice)).toBe(true);
    expect(within(invoices!, numbers.refundedInvoice)).toBe(true);
    expect(within(notes!, numbers.cancellationNote)).toBe(true);
    // Net issued (total less cancelled) is every invoice whose sale the other tables report,
    // and the credit notes are every note they take back.
    const net = Number(invoices![3]) - Number(invoices![4]);
    expect(net).toBe(month.invoices.length);
    expect(Number(notes![3]) - Number(notes![4])).toBe(month.creditNotes.length);
  });

  it("downloads as CSV with a byte-order mark for administrators only, and nothing else", async () => {
    const csv = await gstr1Csv(handle.db, MONTH, "b2cs");
    expect(
      csv.startsWith("\uFEFFType,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value"),
    ).toBe(true);
    const open = (path: string, cookies: string[], file: string) =>
      callRoute(exportLoader, getPage(path, cookies), { month: "2031-07", file });
    const answer = await exportLoader({
      request: getPage("/admin/gst-returns/2031-07/hsn.csv", owner.cookies),
      params: { month: "2031-07", file: "hsn.csv" },
      context: routeContext(),
    } as never);
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="GSTR1-2031-07-hsn.csv"',
    );
    const customer = await createCustomer("Curious Customer");
    expect(
      (await open("/admin/gst-returns/2031-07/hsn.csv", customer.cookies, "hsn.csv")).status,
    ).toBe(302);
    for (const bad of ["orders.csv", "hsn.txt", "../hsn.csv"]) {
      expect((await open(`/admin/gst-returns/2031-07/${bad}`, owner.cookies, bad)).status).toBe(
        404,
      );
    }
    const badMonth = await callRoute(
      exportLoader,
      getPage("/admin/gst-returns/2031-13/hsn.csv", owner.cookies),
      {
        month: "2031-13",
        file: "hsn.csv",
      },
    );
    expect(badMonth.status).toBe(404);
  });

  it("no text cell of any file starts like a formula", async () => {
    for (const name of ["b2cs", "b2cl", "cdnur", "hsn", "docs"] as Gstr1FileName[]) {
      const csv = await gstr1Csv(handle.db, MONTH, name);
      for (const line of csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")) {
        for (const cell of line.split(",")) expect(cell).not.toMatch(/^[=+@]|^-\D/);
      }
    }
  });
});
