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
  const recall = admin
    .getByRole("table", { name: `Orders that received batch ${first.batch}` })
    .getByRole("row")
    .filter({ hasText: orderNumber });
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

const PHONE = { width: 390, height: 844 };

/** Nothing on the page reaches past the right edge, and no box scrolls its content sideways. */
async function expectNoSidewaysScroll(page: Page, name: string) {
  const overflow = await page.evaluate(() => {
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        const style = getComputedStyle(element);
        return /auto|scroll/.test(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
    return { page: document.documentElement.scrollWidth, wide };
  });
  expect(overflow.page, `${name} is ${overflow.page} px wide`).toBeLessThanOrEqual(PHONE.width);
  expect(overflow.wide, `boxes on ${name} that scroll sideways`).toEqual([]);
}

test("from the products list to a product's lots: the write-off starts empty, a batch inside the minimum shelf life is received with a warning", async ({
  browser,
}) => {
  const product = await trialProduct("Short lots", { price: "150", stockQuantity: "0" });
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const admin = await adminPage(browser);
  await admin.goto(`/admin/products?q=${encodeURIComponent(product.name)}`);
  await admin.getByRole("link", { name: `Lots of ${product.name}` }).click();
  await expect(
    admin.getByRole("heading", { level: 1, name: `Stock lots: ${product.name}` }),
  ).toBeVisible();
  await waitForHydration(admin);

  const good = { batch: `SG-${tag}`, expires: month(18).value, quantity: "5" };
  await receive(admin, product.name, good);
  const goodRow = admin
    .getByRole("row")
    .filter({ has: admin.getByRole("rowheader", { name: good.batch }) });
  await goodRow.getByText("Adjust or write off").click();
  const writeOff = admin.getByRole("form", { name: `Write off batch ${good.batch}` });
  await expect(writeOff.getByLabel("Quantity to write off")).toHaveValue("");
  const adjust = admin.getByRole("form", { name: `Adjust batch ${good.batch}` });
  await expect(adjust.getByLabel("Counted quantity")).toHaveValue("5");

  // A batch expiring next month: the form warns as the month is entered, and receives it.
  const form = admin.getByRole("form", { name: `Receive stock of ${product.name}` });
  const warning =
    /^Expiring \d\d\/\d{4}, inside the minimum shelf life of \d+ days: its units will not be sold\.$/;
  await form.getByLabel("Expiry month").fill(month(18).value);
  await expect(form.getByRole("status")).toHaveText("");
  await form.getByLabel("Batch number").fill(`SS-${tag}`);
  await form.getByLabel("Manufacturing month").fill(month(-20).value);
  await form.getByLabel("Expiry month").fill(month(1).value);
  await expect(form.getByRole("status")).toHaveText(warning);
  await expect(form.getByRole("status")).toContainText(month(1).label);
  await form.getByLabel("Quantity").fill("4");
  await form.getByRole("button", { name: "Receive stock" }).click();
  const toast = admin
    .locator("[data-sonner-toast]")
    .filter({ hasText: `Received 4 of batch SS-${tag}` });
  await expect(toast).toContainText("its units will not be sold");
  const row = admin
    .getByRole("row")
    .filter({ has: admin.getByRole("rowheader", { name: `SS-${tag}` }) });
  await expect(row).toContainText("Near expiry");
  await expect(admin.getByText(/· 5 sellable/)).toBeVisible();
  await admin.context().close();
});

test("a write-off asks first, as an alertdialog named by its question, with and without JavaScript", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await trialProduct("Write-off lots", { price: "150", stockQuantity: "0" });
  const batch = `WO-${randomUUID().slice(0, 6).toUpperCase()}`;
  const admin = await adminPage(browser);
  await admin.goto(`/admin/products/${product.id}/lots`);
  await waitForHydration(admin);
  await receive(admin, product.name, { batch, expires: month(18).value, quantity: "6" });
  const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: batch }) });
  await row.getByText("Adjust or write off").click();
  const writeOff = admin.getByRole("form", { name: `Write off batch ${batch}` });
  await writeOff.getByLabel("Quantity to write off").fill("2");
  await writeOff.getByLabel("Reason").fill("Seal broken");
  await writeOff.getByRole("button", { name: "Write off" }).click();
  const question = admin.getByRole("alertdialog", { name: `Write off 2 units of batch ${batch}?` });
  await expect(question).toBeVisible();
  await expect(question).toContainText("This cannot be undone.");
  // Cancel is focused first and writes nothing.
  await expect(question.getByRole("button", { name: "Cancel" })).toBeFocused();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(admin.getByText(/· 6 sellable/)).toBeVisible();
  await writeOff.getByRole("button", { name: "Write off" }).click();
  await question.getByRole("button", { name: "Write off" }).click();
  await expect(admin.getByText("Wrote off 2 units")).toBeVisible();
  await expect(admin.getByText(/· 4 sellable/)).toBeVisible();
  await admin.context().close();

  // Without JavaScript the server asks the same question on the page, and Write off answers it.
  const plain = await adminPage(browser, { javaScriptEnabled: false });
  await plain.goto(`/admin/products/${product.id}/lots`);
  const plainRow = plain
    .getByRole("row")
    .filter({ has: plain.getByRole("rowheader", { name: batch }) });
  await plainRow.getByText("Adjust or write off").click();
  const plainForm = plain.getByRole("form", { name: `Write off batch ${batch}` });
  await plainForm.getByLabel("Quantity to write off").fill("1");
  await plainForm.getByLabel("Reason").fill("Dropped");
  await plainForm.getByRole("button", { name: "Write off" }).click();
  const asked = plain.getByRole("alertdialog", { name: `Write off 1 unit of batch ${batch}?` });
  await expect(asked).toContainText("Reason: Dropped.");
  await expect(plain.getByText(/· 4 sellable/)).toBeVisible();
  await asked.getByRole("button", { name: "Write off" }).click();
  await expect(plain.getByText(/· 3 sellable/)).toBeVisible();
  await plain.context().close();
});

test("on a 390 px phone the lots and batch pages stack their tables, the batch page lists the lot's movements, the packing slip fits", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await trialProduct("Phone lots", { price: "180", stockQuantity: "0" });
  const batch = `PH-${randomUUID().slice(0, 6).toUpperCase()}`;
  const admin = await adminPage(browser, { viewport: PHONE });
  await admin.goto(`/admin/products/${product.id}/lots`);
  await waitForHydration(admin);
  await receive(admin, product.name, { batch, expires: month(20).value, quantity: "6" });
  await expectNoSidewaysScroll(admin, "the lots page");
  // The lot's row is still a row of the lots table, with its header cell.
  await expect(
    admin
      .getByRole("table", { name: `Lots of ${product.name}` })
      .getByRole("rowheader", { name: batch }),
  ).toBeVisible();

  const context = await browser.newContext();
  const customer = await context.newPage();
  await signUp(customer, { fullName: "Pallavi Phone" });
  await customer.goto(`/product/${product.slug}`);
  await waitForHydration(customer);
  await customer.getByRole("button", { name: "Increase quantity" }).click();
  await customer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(customer.getByText("Added to cart")).toBeVisible();
  const orderNumber = await checkOutCashOnDelivery(customer);
  await context.close();

  await admin.goto(`/admin/batches/${batch}`);
  await expect(admin.getByRole("heading", { level: 1, name: `Batch ${batch}` })).toBeVisible();
  const movements = admin.getByRole("table", {
    name: `Movements of ${product.name}, batch ${batch}`,
  });
  const sold = movements.getByRole("row").filter({ hasText: "Sold" });
  await expect(sold).toContainText("−2");
  await expect(sold).toContainText("Pallavi Phone");
  const orderLink = sold.getByRole("link", { name: orderNumber });
  await expect(orderLink).toHaveAttribute("href", /^\/admin\/orders\?view=[0-9a-f-]{36}$/);
  const received = movements.getByRole("row").filter({ hasText: "Received" });
  await expect(received).toContainText("+6");
  await expectNoSidewaysScroll(admin, "the batch page");
  expect(await seriousViolations(admin)).toEqual([]);

  const orderId = /view=([0-9a-f-]{36})/.exec((await orderLink.getAttribute("href"))!)![1]!;
  await admin.goto(`/admin/orders/${orderId}/packing-slip`);
  await expect(admin.getByRole("heading", { name: "Packing Slip" })).toBeVisible();
  await expectNoSidewaysScroll(admin, "the packing slip");
  await admin.context().close();
});
