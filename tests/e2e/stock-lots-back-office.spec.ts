import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { monthFrom, shopDate } from "../../app/domain/stock-lots";
import { labelInNameViolations, seriousViolations } from "./accessibility-audit";
import {
  adminPage,
  checkOutCashOnDelivery,
  signUp,
  waitForHydration,
  waitForMail,
  withAdminSession,
} from "./helpers";
import { trialProduct } from "./trial-product";

/** "YYYY-MM" of the month `offset` months from this one, and the same as a label prints it. */
function month(offset: number) {
  const value = monthFrom(shopDate(), offset);
  return { value, label: `${value.slice(5)}/${value.slice(0, 4)}` };
}

async function receive(
  admin: Page,
  productName: string,
  lot: { batch: string; expires: string; quantity: string },
) {
  const form = admin.getByRole("form", { name: `Receive stock of ${productName}` });
  await form.getByLabel("Batch number").fill(lot.batch);
  await form.getByLabel("Manufacturing month").fill(month(-1).value);
  await form.getByLabel("Expiry month").fill(lot.expires);
  await form.getByLabel("Quantity").fill(lot.quantity);
  await form.getByRole("button", { name: "Receive stock" }).click();
  await expect(admin.getByText(`Received ${lot.quantity} of batch ${lot.batch}`)).toBeVisible();
  await expect(admin.getByRole("rowheader", { name: lot.batch })).toBeVisible();
}

test("two lots received, an order across both: the invoice, the batch search and the recall list name them", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await trialProduct("Lots", { price: "250", stockQuantity: "0" });
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const first = { batch: `LA-${tag}`, expires: month(12).value, quantity: "2" };
  const second = { batch: `LB-${tag}`, expires: month(24).value, quantity: "5" };

  // The owner receives two lots of the product's size, the sooner-expiring one holding 2.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/products/${product.id}/lots`);
  await waitForHydration(admin);
  await receive(admin, product.name, second);
  await receive(admin, product.name, first);
  expect(await seriousViolations(admin)).toEqual([]);
  expect(await labelInNameViolations(admin)).toEqual([]);

  // A customer buys 3: more than the first lot holds.
  const context = await browser.newContext();
  const customer = await context.newPage();
  const account = await signUp(customer, { fullName: "Kavita Recall" });
  await customer.goto(`/product/${product.slug}`);
  await waitForHydration(customer);
  for (let i = 1; i < 3; i++) {
    await customer.getByRole("button", { name: "Increase quantity" }).click();
  }
  await customer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(customer.getByText("Added to cart")).toBeVisible();
  const orderNumber = await checkOutCashOnDelivery(customer);
  await context.close();

  // The orders list's search finds the order by the first batch.
  await admin.goto(`/admin/orders?q=${first.batch.toLowerCase()}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();

  // Its invoice lists both batches with their expiries, the earliest first.
  const [invoice] = await Promise.all([
    admin.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Print Invoice" }).click(),
  ]);
  await expect(invoice.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  const line = invoice.getByRole("row").filter({ hasText: product.name });
  await expect(line).toContainText(`Batch ${first.batch}, Exp. ${month(12).label} (2)`);
  await expect(line).toContainText(`Batch ${second.batch}, Exp. ${month(24).label} (1)`);
  await invoice.close();

  // The packing slip names the batches to pick from.
  const [slip] = await Promise.all([
    admin.context().waitForEvent("page"),
    dialog.getByRole("link", { name: "Packing Slip" }).click(),
  ]);
  await expect(slip.getByRole("heading", { name: "Packing Slip" })).toBeVisible();
  await expect(slip.getByRole("cell", { name: first.batch, exact: true })).toBeVisible();
  await expect(slip.getByRole("cell", { name: second.batch, exact: true })).toBeVisible();
  await slip.close();

  // The parcel leaves: only an order shipped has received the batch (docs/decisions/067).
  await dialog.getByLabel("Tracking ID").fill(`AWB${tag}`);
  await dialog.getByRole("button", { name: "Add Tracking ID" }).click();
  await expect(admin.getByText("Tracking ID added and order marked as shipped")).toBeVisible();

  // The batch's recall list names the customer, and the notice reaches them once.
  await admin.goto(`/admin/batches/${first.batch}`);
  await waitForHydration(admin);
  const recall = admin.getByRole("row").filter({ hasText: orderNumber });
  await expect(recall).toContainText("Kavita Recall");
  await expect(recall).toContainText("2");
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole("link", { name: "Recall batch" }).click();
  await admin
    .getByRole("alertdialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Recall batch" })
    .click();
  await expect(admin.getByText("Recall notice sent to 1 customer")).toBeVisible();
  const mail = await waitForMail(account.email, /^Recall:/);
  expect(mail.subject).toBe(`Recall: ${product.name}, batch ${first.batch}`);
  expect(mail.text).toContain("Please stop using it and contact us at");
  await admin.context().close();
});

test("receiving stock works without JavaScript: a bad quantity is refused beside its field, a good lot is listed", async ({
  browser,
}) => {
  const product = await trialProduct("Plain lots", { price: "120", stockQuantity: "3" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await withAdminSession(context);
  const admin = await context.newPage();
  await admin.goto(`/admin/products/${product.id}/lots`);
  const form = admin.getByRole("form", { name: `Receive stock of ${product.name}` });
  const batch = `NJ-${randomUUID().slice(0, 6).toUpperCase()}`;
  await form.getByLabel("Batch number").fill(batch);
  await form.getByLabel("Manufacturing month").fill(month(-1).value);
  await form.getByLabel("Expiry month").fill(month(18).value);
  await form.getByLabel("Quantity").fill("0");
  const [refused] = await Promise.all([
    admin.waitForResponse((response) => response.request().method() === "POST"),
    form.getByRole("button", { name: "Receive stock" }).click(),
  ]);
  expect(refused.status()).toBe(400);
  await expect(form.getByLabel("Quantity")).toHaveAccessibleDescription(
    "Quantity must be at least 1",
  );
  await expect(form.getByLabel("Batch number")).toHaveValue(batch);
  await expect(admin.getByRole("rowheader", { name: batch })).toHaveCount(0);

  await form.getByLabel("Quantity").fill("12");
  await form.getByRole("button", { name: "Receive stock" }).click();
  const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: batch }) });
  await expect(row).toContainText(month(18).label);
  await expect(row).toContainText("Sellable");
  await expect(admin.getByText(/· 15 sellable/)).toBeVisible();
  await context.close();
});
