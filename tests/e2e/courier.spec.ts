import { expect, type Page, test } from "@playwright/test";
import {
  orderCashOnDelivery,
  signUp,
  waitForHydration,
  waitForMail,
  withAdminSession,
} from "./helpers";

// A product no other spec buys, with stock for both orders placed here.
const PRODUCT = { slug: "shallaki-capsule", name: "Shallaki Capsule" };

// Each test is a whole journey through two accounts.
test.describe.configure({ timeout: 120_000 });

/** Opens the order's detail on the orders list, as the owner. */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  return page.getByRole("dialog", { name: `Order ${orderNumber}` });
}

/** Ships the order with the test courier and waits for its AWB. */
async function ship(page: Page, orderNumber: string) {
  let dialog = await openOrder(page, orderNumber);
  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page.getByText("Booking the shipment").first()).toBeVisible();
  // The booking runs as a background job just after the click's commit.
  await expect
    .poll(
      async () => {
        dialog = await openOrder(page, orderNumber);
        return (await dialog.textContent()) ?? "";
      },
      { timeout: 15_000 },
    )
    .toMatch(/AWB TEST\d{10}/);
  const awb = /AWB (TEST\d{10})/.exec((await dialog.textContent()) ?? "")![1]!;
  await expect(dialog).toContainText("TEST SHIPMENT — no real courier");
  await expect(dialog.getByRole("textbox", { name: "Tracking ID" })).toHaveValue(awb);
  return { dialog, awb };
}

async function scan(page: Page, orderNumber: string, button: string) {
  const dialog = await openOrder(page, orderNumber);
  await dialog.getByRole("button", { name: `${button} (test)` }).click();
  await expect(page.getByText("Test scan recorded").first()).toBeVisible();
}

test("the owner ships with the test courier; the customer follows the AWB to delivered and is told", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext();
  const shopper = await context.newPage();
  const account = await signUp(shopper, { fullName: "Courier Shopper" });
  const orderNumber = await orderCashOnDelivery(shopper, PRODUCT.slug);

  await withAdminSession(page.context());
  const { dialog, awb } = await ship(page, orderNumber);
  await expect(dialog).toContainText("Pickup requested");
  const [label] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("link", { name: "Print label" }).click(),
  ]);
  await label.waitForLoadState();
  await expect(label.getByText(awb)).toBeVisible();
  await expect(label.getByRole("note")).toContainText("TEST SHIPMENT");
  await label.close();

  // The customer sees the courier and the AWB, linked to the shop's own tracking view.
  await shopper.goto("/profile?tab=orders");
  const card = shopper.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
  await expect(card).toContainText("Courier: Test Courier");
  await expect(card.getByRole("link", { name: awb })).toHaveAttribute(
    "href",
    `/profile?tab=orders#shipment-${awb}`,
  );

  await scan(page, orderNumber, "Mark picked up");
  await scan(page, orderNumber, "In transit");
  await scan(page, orderNumber, "Out for delivery");
  await scan(page, orderNumber, "Delivered");
  const delivered = await openOrder(page, orderNumber);
  await expect(delivered.getByText("Delivered", { exact: true }).first()).toBeVisible();

  await shopper.reload();
  await expect(card).toContainText("Delivered");
  const updates = card.getByRole("list", { name: "Shipment updates" });
  await expect(updates.getByRole("listitem")).toHaveText([
    /Picked up \(test\)/,
    /In transit \(test\)/,
    /Out for delivery \(test\)/,
    /Delivered \(test\)/,
  ]);
  const mail = await waitForMail(account.email, new RegExp(`^Delivered: ${orderNumber}$`));
  expect(mail.text).toContain(orderNumber);
  await context.close();
});

test("a parcel returned to the shop cancels its order", async ({ browser, page }) => {
  const context = await browser.newContext();
  const shopper = await context.newPage();
  const account = await signUp(shopper, { fullName: "Returning Shopper" });
  const orderNumber = await orderCashOnDelivery(shopper, PRODUCT.slug);

  await withAdminSession(page.context());
  await ship(page, orderNumber);
  await scan(page, orderNumber, "Mark picked up");
  await scan(page, orderNumber, "Out for delivery");
  await scan(page, orderNumber, "Failed attempt");
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await expect(
    page.getByRole("row").filter({ hasText: orderNumber }).getByText("Delivery attempt failed"),
  ).toBeVisible();
  await scan(page, orderNumber, "Return to origin");
  await scan(page, orderNumber, "Returned to shop");

  await page.goto(`/admin/orders?q=${orderNumber}`);
  await expect(page.getByRole("combobox", { name: `Status of order ${orderNumber}` })).toHaveValue(
    "cancelled",
  );
  await waitForMail(account.email, new RegExp(`^Order cancelled: ${orderNumber}$`));
  await shopper.goto("/profile?tab=orders");
  const card = shopper.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
  await expect(card).toContainText("Returned to the shop (test)");
  await context.close();
});
