/**
 * docs/decisions/059: the tax invoice, its credit notes and the packing slip show per line the
 * batches and expiries (MM/YYYY) it was filled from, and the shop's manufacturing licence when it
 * is set; a line from opening stock, and a shop with no licence entered, print as before.
 */
import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreditNoteDocument } from "~/components/order/credit-note";
import { PackingSlipDocument } from "~/components/order/packing-slip";
import { TaxInvoiceDocument } from "~/components/order/tax-invoice";
import type { DatabaseHandle } from "~/lib/db.server";
import { listCreditNotes, loadCreditNote } from "~/modules/gst-documents/credit-notes.server";
import { issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { loadPackingSlip } from "~/modules/gst-documents/packing-slips.server";
import { loader as packingSlipLoader } from "~/routes/admin/order-packing-slip";
import { updateOrderStatus } from "~/workflows/change-order-status.server";
import { settings } from "../../db/schema";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { addSize, firstSizeId, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { recordLinePicks } from "./support/lots";
import { fillCart, insertCustomers, orderFor } from "./support/orders";
import type { Customer } from "./support/profile";

let handle: DatabaseHandle;
let owner: Customer;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  owner = await createAdmin(handle.db);
});
afterAll(() => handle.close());

const back = { href: "/admin/orders", label: "Back to orders" };

/** An order of 6 × Ashwagandha 60 tabs filled from two batches and 2 × a one-size Triphala. */
async function batchedOrder() {
  const tag = randomUUID().slice(0, 6);
  const [ashwagandha, triphala] = await insertProducts(handle.db, [
    { name: `Ashwagandha ${tag}`, label: "30 tabs", sku: `ASH-30-${tag}`, price: 20000 },
    { name: `Triphala ${tag}`, sku: `TRI-${tag}`, price: 15000 },
  ]);
  const sixty = await addSize(handle.db, ashwagandha!.id, {
    label: "60 tabs",
    sku: `ASH-60-${tag}`,
    price: 35000,
    stockQuantity: 20,
  });
  const [userId] = (await insertCustomers(handle.db, 1)) as [string];
  await fillCart(handle.db, userId, [
    { variantId: sixty.id, quantity: 6 },
    { productId: triphala!.id, quantity: 2 },
  ]);
  const order = await orderFor(handle.db, userId);
  const first = `A${tag}`.toUpperCase();
  const second = `B${tag}`.toUpperCase();
  await recordLinePicks(handle.db, order.id, sixty.id, [
    { batchNumber: second, expiresOn: "2028-05-31", quantity: 2 },
    { batchNumber: first, expiresOn: "2027-03-31", quantity: 4 },
  ]);
  const triphalaSize = await firstSizeId(handle.db, triphala!.id);
  return { order, tag, first, second, sixtyId: sixty.id, triphalaSize };
}

describe(`batches on documents on ${DATABASE_KIND}`, () => {
  it("the tax invoice lists both batches of a line with their expiries, earliest first; opening stock shows none", async () => {
    const { order, first, second, tag } = await batchedOrder();
    await issueInvoice(handle.db, owner.id, order.id);
    const view = (await loadInvoice(handle.db, order.id))!;
    const invoice = view.invoice!;
    const descriptions = invoice.tax.lines.map((line) => line.description);
    const sized = descriptions.findIndex((text) => text.startsWith(`Ashwagandha ${tag}`));
    const plain = descriptions.indexOf(`Triphala ${tag}`);
    expect(invoice.lineBatches[sized]).toEqual([
      { batchNumber: first, expiresOn: "2027-03-31", quantity: 4 },
      { batchNumber: second, expiresOn: "2028-05-31", quantity: 2 },
    ]);
    expect(invoice.lineBatches[plain]).toEqual([]);
    // The shipping line, last, has no batch either.
    expect(invoice.lineBatches.at(-1)).toEqual([]);

    const html = renderToStaticMarkup(
      createElement(TaxInvoiceDocument, { ...view, invoice: invoice, back }),
    );
    expect(html).toContain(`Batch ${first}, Exp. 03/2027 (4)`);
    expect(html).toContain(`Batch ${second}, Exp. 05/2028 (2)`);
    expect(html.indexOf(`Batch ${first}`)).toBeLessThan(html.indexOf(`Batch ${second}`));
  });

  it("a line from one batch names it without a quantity; a shop with no batches prints no batch at all", async () => {
    const tag = randomUUID().slice(0, 6);
    const [product] = await insertProducts(handle.db, [
      { name: `Brahmi ${tag}`, sku: `BR-${tag}`, price: 30000 },
    ]);
    const size = await firstSizeId(handle.db, product!.id);
    const [userId] = (await insertCustomers(handle.db, 2)) as [string, string];
    await fillCart(handle.db, userId, [{ productId: product!.id, quantity: 3 }]);
    const batched = await orderFor(handle.db, userId);
    await recordLinePicks(handle.db, batched.id, size, [
      { batchNumber: `C${tag}`, expiresOn: "2027-11-30", quantity: 3 },
    ]);
    await issueInvoice(handle.db, owner.id, batched.id);
    const view = (await loadInvoice(handle.db, batched.id))!;
    const html = renderToStaticMarkup(
      createElement(TaxInvoiceDocument, { ...view, invoice: view.invoice!, back }),
    );
    expect(html).toContain(`Batch C${tag}, Exp. 11/2027</span>`);

    await fillCart(handle.db, userId, [{ productId: product!.id, quantity: 1 }]);
    const plain = await orderFor(handle.db, userId);
    await issueInvoice(handle.db, owner.id, plain.id);
    const plainView = (await loadInvoice(handle.db, plain.id))!;
    const plainHtml = renderToStaticMarkup(
      createElement(TaxInvoiceDocument, { ...plainView, invoice: plainView.invoice!, back }),
    );
    expect(plainHtml).not.toContain("Batch");
    expect(plainHtml).not.toContain("Exp.");
  });

  it("shows the manufacturing licence only when Settings has one", async () => {
    const { order } = await batchedOrder();
    await issueInvoice(handle.db, owner.id, order.id);
    const render = async () => {
      const view = (await loadInvoice(handle.db, order.id))!;
      const slip = (await loadPackingSlip(handle.db, order.id))!;
      return [
        renderToStaticMarkup(
          createElement(TaxInvoiceDocument, { ...view, invoice: view.invoice!, back }),
        ),
        renderToStaticMarkup(createElement(PackingSlipDocument, { ...slip, back })),
      ];
    };
    for (const html of await render()) expect(html).not.toContain("Licence");
    await handle.db.update(settings).set({ manufacturingLicence: "KD-1234/AYU" });
    try {
      for (const html of await render()) {
        expect(html).toContain("Mfg. Licence No.:</span> KD-1234/AYU");
      }
    } finally {
      await handle.db.update(settings).set({ manufacturingLicence: "" });
    }
  });

  it("a credit note carries the batches of the invoice lines it credits", async () => {
    const { order, first, second } = await batchedOrder();
    await issueInvoice(handle.db, owner.id, order.id);
    await updateOrderStatus(handle.db, owner.id, order.id, "cancelled");
    const [note] = await listCreditNotes(handle.db, order.id);
    const view = (await loadCreditNote(handle.db, order.id, note!.id))!;
    const html = renderToStaticMarkup(createElement(CreditNoteDocument, { ...view, back }));
    expect(html).toContain(`Batch ${first}, Exp. 03/2027 (4)`);
    expect(html).toContain(`Batch ${second}, Exp. 05/2028 (2)`);
  });

  it("the packing slip lists each size once, its batches and quantities, and the address", async () => {
    const { order, first, second, tag } = await batchedOrder();
    const slip = (await loadPackingSlip(handle.db, order.id))!;
    expect(slip.lines).toEqual([
      {
        name: `Ashwagandha ${tag} (SKU ASH-60-${tag})`,
        variantLabel: "60 tabs",
        quantity: 6,
        batches: [
          { batchNumber: first, expiresOn: "2027-03-31", quantity: 4 },
          { batchNumber: second, expiresOn: "2028-05-31", quantity: 2 },
        ],
      },
      { name: `Triphala ${tag}`, variantLabel: "", quantity: 2, batches: [] },
    ]);
    const html = renderToStaticMarkup(createElement(PackingSlipDocument, { ...slip, back }));
    expect(html).toContain("Packing Slip");
    // The size is its column's: the item's name does not say it again.
    expect(html.split("60 tabs")).toHaveLength(2);
    expect(html).toMatch(new RegExp(`<td class="[^"]*">Triphala ${tag}</td>`));
    expect(html).toContain("12 Shivaji Nagar");
    expect(html).toContain("03/2027");
    expect(html).toContain("Total units");
    expect(html).not.toContain("₹");
  });

  it("the packing slip page is the owner's only, and a missing order is a 404", async () => {
    const { order } = await batchedOrder();
    const path = `/admin/orders/${order.id}/packing-slip`;
    const ok = await callRoute(packingSlipLoader, getPage(path, owner.cookies), {
      orderId: order.id,
    });
    expect(ok.status).toBe(200);
    const signedOut = await callRoute(packingSlipLoader, getPage(path), { orderId: order.id });
    expect(signedOut.status).toBe(302);
    const missing = randomUUID();
    const gone = await callRoute(
      packingSlipLoader,
      getPage(`/admin/orders/${missing}/packing-slip`, owner.cookies),
      { orderId: missing },
    );
    expect(gone.status).toBe(404);
    const bad = await callRoute(
      packingSlipLoader,
      getPage("/admin/orders/x/packing-slip", owner.cookies),
      { orderId: "x" },
    );
    expect(bad.status).toBe(404);
  });
});
