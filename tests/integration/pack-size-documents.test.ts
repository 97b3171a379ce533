/**
 * docs/decisions/056: the documents that name goods (the owner's order detail, the tax invoice and
 * so its credit notes, the customer's and the shop's mails) name a sized line "Product – size"
 * with its SKU as sold; a product's only size reads as the product's name alone, as before.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { issueInvoice, loadInvoice } from "~/modules/gst-documents/invoices.server";
import { newOrderAlertMail } from "~/modules/orders/new-order-alert.server";
import { orderConfirmationMail } from "~/modules/orders/order-mail.server";
import { getAdminOrder } from "~/modules/orders/orders-admin.server";
import { productVariants } from "../../db/schema";
import { createAdmin } from "./support/admin";
import { wireApp } from "./support/app";
import { addSize, insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, insertCustomers, orderFor } from "./support/orders";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

/** An order of Chyawanprash 1 kg (a sized line) and a one-size Brahmi Vati. */
async function sizedOrder() {
  const tag = randomUUID().slice(0, 6);
  const [chyawanprash, brahmi] = await insertProducts(handle.db, [
    { name: `Chyawanprash ${tag}`, label: "500 g", sku: `CHY-500-${tag}`, price: 45000 },
    { name: `Brahmi Vati ${tag}`, sku: `BRV-${tag}`, price: 30000 },
  ]);
  const kilo = await addSize(handle.db, chyawanprash!.id, {
    label: "1 kg",
    sku: `CHY-1KG-${tag}`,
    price: 85000,
    stockQuantity: 5,
  });
  const [userId] = (await insertCustomers(handle.db, 1)) as [string];
  await fillCart(handle.db, userId, [
    { variantId: kilo.id, quantity: 1 },
    { productId: brahmi!.id, quantity: 2 },
  ]);
  const placed = await orderFor(handle.db, userId);
  return {
    placed,
    sized: `Chyawanprash ${tag} – 1 kg (SKU CHY-1KG-${tag})`,
    kiloSku: `CHY-1KG-${tag}`,
    kiloId: kilo.id,
    plain: `Brahmi Vati ${tag}`,
    tag,
  };
}

describe(`documents naming pack sizes on ${DATABASE_KIND}`, () => {
  it("the owner's order detail carries each line's size and SKU, '' for a one-size product", async () => {
    const order = await sizedOrder();
    const detail = await getAdminOrder(handle.db, order.placed.id);
    const lines = detail!.items.map((item) => [item.productName, item.variantLabel, item.sku]);
    expect(lines).toEqual([
      [`Brahmi Vati ${order.tag}`, "", `BRV-${order.tag}`],
      [`Chyawanprash ${order.tag}`, "1 kg", order.kiloSku],
    ]);
  });

  it("the tax invoice names the size and SKU, and a one-size line by its name alone", async () => {
    const order = await sizedOrder();
    const owner = await createAdmin(handle.db);
    await issueInvoice(handle.db, owner.id, order.placed.id);
    const view = await loadInvoice(handle.db, order.placed.id);
    const goods = view!.invoice!.tax.lines.filter((line) => !line.isShipping);
    expect(goods.map((line) => line.description)).toEqual([order.plain, order.sized]);
  });

  it("keeps the size as sold when the size is renamed or deleted later", async () => {
    const order = await sizedOrder();
    await handle.db
      .update(productVariants)
      .set({ label: "1000 g", sku: `CHY-1000-${order.tag}` })
      .where(eq(productVariants.id, order.kiloId));
    const mail = await orderConfirmationMail(handle.db, order.placed.id);
    expect(mail!.text).toContain(`1 x ${order.sized}`);
    expect(mail!.text).not.toContain("1000 g");
  });

  it("the confirmation and the new-order alert list '1 x Product – size (SKU …)'", async () => {
    const order = await sizedOrder();
    const confirmation = await orderConfirmationMail(handle.db, order.placed.id);
    expect(confirmation!.text).toContain(`1 x ${order.sized}`);
    expect(confirmation!.text).toContain(`2 x ${order.plain}: ₹600.00`);
    expect(confirmation!.html).toContain(`1 x Chyawanprash ${order.tag} – 1 kg (SKU`);
    const alert = await newOrderAlertMail(handle.db, order.placed.id);
    expect(alert!.text).toContain(`1 x ${order.sized}`);
    expect(alert!.text).toContain(`2 x ${order.plain}`);
    expect(alert!.text).not.toContain(`${order.plain} –`);
  });
});
