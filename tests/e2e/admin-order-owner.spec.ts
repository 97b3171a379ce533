import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  orderCashOnDelivery,
  signUp,
  waitForHydration,
  waitForMail,
  withAdminSession,
} from "./helpers";

// Products no other spec buys, so their stock here is this file's own.
const CASH_PRODUCT = { slug: "yograj-guggulu", name: "Yograj Guggulu" };

/** A new customer orders one item cash on delivery; returns the order number. */
async function placeCodOrder(browser: Browser, slug: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, { fullName: "Cash Customer" });
  const orderNumber = await orderCashOnDelivery(page, slug, {
    line1: "4 Powai Naka",
    city: "Satara",
    state: "Maharashtra",
    postalCode: "415003",
  });
  await context.close();
  return orderNumber;
}

/** The number in the Orders link's badge ("Orders 3 new"), 0 without a badge. */
async function newOrdersCount(page: Page) {
  const link = page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /^Orders/ });
  const name = (await link.getAttribute("aria-label")) ?? (await link.textContent()) ?? "";
  const match = /(\d+)/.exec(name);
  return match ? Number(match[1]) : 0;
}

test("a new order is announced to the owner, its cash is recorded, and the invoice says paid", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  await withAdminSession(page.context());
  await page.goto("/admin/settings");
  const shopEmail = await page.locator('input[name="email"]').inputValue();
  const before = await newOrdersCount(page);

  const orderNumber = await placeCodOrder(browser, CASH_PRODUCT.slug);

  // The shop's address hears of it, and the Orders link counts it on the next page.
  const alert = await waitForMail(shopEmail, new RegExp(`New order ${orderNumber}`));
  expect(alert.text).toContain(`1 x ${CASH_PRODUCT.name}`);
  await page.getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL("/admin/products");
  await expect
    .poll(() => newOrdersCount(page), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(before + 1);
  await expect(
    page.getByRole("link", { name: new RegExp(`^Orders ${await newOrdersCount(page)} new$`) }),
  ).toBeVisible();

  // The cash is recorded only once the order is delivered, and only after asking.
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toContainText("Pending");
  await expect(dialog.getByRole("button", { name: "Record cash received" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.getByLabel(`Status of order ${orderNumber}`).selectOption("delivered");
  await expect(page.getByText("Order status changed to delivered")).toBeVisible();
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const record = dialog.getByRole("button", { name: "Record cash received" });
  await expect(record).toBeVisible();
  await expect(record).not.toBeFocused();
  await record.click();
  const question = page.getByRole("alertdialog", {
    name: `Record the cash for order ${orderNumber}?`,
  });
  await expect(question).toContainText("marked paid");
  await question.getByRole("button", { name: "Not Yet" }).click();
  await expect(dialog).toContainText("Pending");
  await record.click();
  await question.getByRole("button", { name: "Yes, Record Cash" }).click();
  await expect(page.getByText(`Order ${orderNumber} is marked paid`)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Record cash received" })).toHaveCount(0);
  await expect(dialog).toContainText(/Paid [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);

  // The invoice says so.
  const [invoice] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Print Invoice" }).click(),
  ]);
  await invoice.waitForLoadState();
  await expect(
    invoice.getByText(/Cash on Delivery \(paid on [A-Z][a-z]{2} \d{1,2}, \d{4}\)/),
  ).toBeVisible();
  await invoice.close();

  // Cancelled after the cash came in: it stays paid and shows the refund due.
  await page.keyboard.press("Escape");
  const status = page.getByLabel(`Status of order ${orderNumber}`);
  await status.selectOption("cancelled");
  await page.getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText("Order status changed to cancelled")).toBeVisible();
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  await expect(dialog.getByText(/Refund due: ₹[\d,.]+ was received/)).toBeVisible();
});

test("expired coupons read Expired, and the audit log names a deleted coupon by its code", async ({
  page,
}) => {
  await withAdminSession(page.context());
  await page.goto("/admin/coupons");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Create Coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Coupon" });
  await dialog.getByLabel("Coupon Code").fill("LAPSED7");
  await dialog.getByLabel("Discount Value").fill("7");
  await dialog.getByLabel("Expiry Date").fill("2024-03-31");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(page.getByText("Coupon created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "LAPSED7" });
  await expect(row.getByText("Expired", { exact: true })).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Delete LAPSED7" }).click();
  await page
    .getByRole("alertdialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Coupon deleted successfully")).toBeVisible();

  await page.goto("/admin/audit-log?entity=coupon");
  const entries = page.getByRole("row").filter({ hasText: "LAPSED7" });
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("Delete");
});
