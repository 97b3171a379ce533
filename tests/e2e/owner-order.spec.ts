import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { ADMIN } from "./config";
import {
  orderCashOnDelivery,
  payByCard,
  signUp,
  waitForHydration,
  waitForMail,
  withAdminSession,
} from "./helpers";

/**
 * The owner's order (issue #36), with the test courier of the e2e shop: the invoice issued at
 * dispatch, a failed delivery attempt told to the customer and answered by the owner, the test
 * scans marked, the shipment kept after a full refund, and the audit log's courier and shop.
 */

// A product no other spec buys, with stock for every order placed here.
const PRODUCT = { slug: "mahanarayan-oil", name: "Mahanarayan Oil" };

test.describe.configure({ timeout: 150_000 });

async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Ships with the test courier and waits for the AWB the booking job brings. */
async function ship(page: Page, orderNumber: string) {
  let dialog = await openOrder(page, orderNumber);
  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page.getByText("Booking the shipment").first()).toBeVisible();
  await expect
    .poll(
      async () => {
        dialog = await openOrder(page, orderNumber);
        return (await dialog.textContent()) ?? "";
      },
      { timeout: 15_000 },
    )
    .toMatch(/AWB TEST\d{10}/);
  return dialog;
}

async function scan(page: Page, orderNumber: string, button: string) {
  const dialog = await openOrder(page, orderNumber);
  await dialog.getByRole("button", { name: `${button} (test)` }).click();
  await expect(page.getByText("Test scan recorded").first()).toBeVisible();
}

async function customer(browser: Browser, fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUp(page, { fullName });
  return { context, page, account };
}

test("a failed delivery attempt is told to the customer, and the owner asks for another attempt at a new address", async ({
  browser,
  page,
}) => {
  const shopper = await customer(browser, "Attempt Shopper");
  const orderNumber = await orderCashOnDelivery(shopper.page, PRODUCT.slug);
  await shopper.context.close();

  await withAdminSession(page.context());
  // Shipping is dispatch: the tax invoice is numbered then, not when it is first printed.
  const shipped = await ship(page, orderNumber);
  await expect(shipped.getByText(/^INV\/\d{2}-\d{2}\/\d{6}$/)).toBeVisible();

  await scan(page, orderNumber, "Mark picked up");
  await scan(page, orderNumber, "Out for delivery");
  await scan(page, orderNumber, "Failed attempt");
  const mail = await waitForMail(
    shopper.account.email,
    new RegExp(`^Delivery attempt failed: ${orderNumber}$`),
  );
  expect(mail.text).toContain(`could not deliver your order ${orderNumber}`);

  let dialog = await openOrder(page, orderNumber);
  // The test courier's scans are marked as tests, as on the customer's timeline.
  await expect(
    dialog.getByRole("list", { name: "Shipment updates" }).getByRole("listitem"),
  ).toHaveText([
    /Picked up \(test\)/,
    /Out for delivery \(test\)/,
    /Delivery attempt failed \(test\)/,
  ]);

  await dialog.getByText("Update address", { exact: true }).click();
  const form = dialog.getByRole("form", { name: "Update address" });
  // The invoice issued at dispatch keeps its place of supply: the form says so, the server holds it.
  await expect(form).toContainText(
    /^Tax invoice INV\/\d{2}-\d{2}\/\d{6} was issued for delivery in Maharashtra: the address can change within Maharashtra only\./,
  );
  await form.getByLabel("State").fill("Karnataka");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText(/so the state cannot change/).first()).toBeVisible();
  await form.getByLabel("State").fill("Maharashtra");
  await form.getByLabel("Address Line 1").fill("7 Rajwada Chowk, near the temple");
  await form.getByLabel("Postal Code").fill("415002");
  await form.getByLabel("Phone").fill("9822012345");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address updated").first()).toBeVisible();
  dialog = await openOrder(page, orderNumber);
  const address = dialog.getByRole("region", { name: "Shipping Address" });
  await expect(address).toContainText("7 Rajwada Chowk, near the temple");
  await expect(address).toContainText("415002");

  await dialog.getByRole("button", { name: "Ask for another attempt" }).click();
  await expect(page.getByText("Another attempt asked for").first()).toBeVisible();
  dialog = await openOrder(page, orderNumber);
  await expect(dialog).toContainText(/Another attempt was asked for/);
  expect(await seriousViolations(page)).toEqual([]);

  // The audit log names who wrote what no person did.
  await page.goto("/admin/audit-log?entity=order");
  const rows = page.getByRole("row").filter({ hasText: orderNumber });
  await expect(rows.filter({ hasText: "Courier scan" }).first()).toContainText("Courier");
  await expect(rows.filter({ hasText: "Courier scan" }).first()).not.toContainText(
    "Deleted account",
  );
  await expect(rows.filter({ hasText: "Request reattempt" })).toContainText(ADMIN.email);
});

test("a paid card order refunded in full keeps its shipment, its invoice and its credit note", async ({
  browser,
  page,
}) => {
  const shopper = await customer(browser, "Refunded Shopper");
  const orderNumber = await payByCard(shopper.page, PRODUCT.slug);
  await shopper.context.close();

  await withAdminSession(page.context());
  await ship(page, orderNumber);
  await scan(page, orderNumber, "Mark picked up");
  await scan(page, orderNumber, "Delivered");

  let dialog = await openOrder(page, orderNumber);
  const refunds = dialog.getByRole("region", { name: "Refunds" });
  const left = /(₹[\d,]+\.\d\d) left to refund/.exec((await refunds.textContent()) ?? "")![1]!;
  await refunds.getByLabel("Refund amount (₹)").fill(left.replace(/[₹,]/g, ""));
  await refunds.getByLabel("Reason").fill("Returned unopened");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: `Refund ${left} to the customer's card?` })
    .getByRole("button", { name: "Yes, Refund" })
    .click();
  await expect(page.getByText("Refund started").first()).toBeVisible();

  dialog = await openOrder(page, orderNumber);
  const tracking = dialog.getByRole("region", { name: "Tracking Information" });
  await expect(tracking).toContainText(/AWB TEST\d{10}/);
  await expect(tracking.getByRole("link", { name: "Print label" })).toBeVisible();
  await expect(tracking.getByRole("list", { name: "Shipment updates" })).toContainText(
    "Delivered (test)",
  );
  // Nothing is booked again for a closed order.
  await expect(tracking.getByRole("button", { name: "Ship", exact: true })).toHaveCount(0);
  await expect(dialog.getByText(/^INV\/\d{2}-\d{2}\/\d{6}$/)).toBeVisible();
  await expect(dialog.getByRole("link", { name: /^Credit Note CN\// })).toHaveAccessibleName(
    new RegExp(`, ${left.replace(/[.]/g, "\\.")}$`),
  );
  await expect(dialog.getByRole("button", { name: "Print Invoice" })).toBeVisible();
});

test("cancelling a paid card order says how much goes back to the card", async ({
  browser,
  page,
}) => {
  const shopper = await customer(browser, "Cancel Shopper");
  const orderNumber = await payByCard(shopper.page, PRODUCT.slug);
  await shopper.context.close();

  await withAdminSession(page.context());
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  const total = (await page
    .getByRole("row")
    .filter({ hasText: orderNumber })
    .getByText(/^₹[\d,]+\.\d\d$/)
    .textContent())!;
  await page.getByLabel(`Status of order ${orderNumber}`).selectOption("cancelled");
  const question = page.getByRole("alertdialog", { name: `Cancel order ${orderNumber}?` });
  await expect(question).toContainText(
    `${total} paid by card will be refunded to the customer's card`,
  );
  await question.getByRole("button", { name: "Keep Order" }).click();
  await expect(page.getByLabel(`Status of order ${orderNumber}`)).toHaveValue("pending");
});

test("without JavaScript, the cash of a delivered order is recorded after the same question, on the page", async ({
  browser,
  page,
}) => {
  const shopper = await customer(browser, "Plain Cash Shopper");
  const orderNumber = await orderCashOnDelivery(shopper.page, PRODUCT.slug);
  await shopper.context.close();
  await withAdminSession(page.context());
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByLabel(`Status of order ${orderNumber}`).selectOption("delivered");
  await expect(page.getByText("Order status changed to delivered")).toBeVisible();

  const context = await browser.newContext({ javaScriptEnabled: false });
  await withAdminSession(context);
  const plain = await context.newPage();
  await plain.goto(`/admin/orders?q=${orderNumber}`);
  await plain.getByRole("link", { name: `View order ${orderNumber}` }).click();
  await plain.getByRole("link", { name: "Record cash received" }).click();
  const question = plain.getByRole("alertdialog", {
    name: `Record the cash for order ${orderNumber}?`,
  });
  await expect(question).toContainText("marked paid");
  await question.getByRole("link", { name: "Not Yet" }).click();
  await expect(question).toHaveCount(0);
  await plain.getByRole("link", { name: "Record cash received" }).click();
  await question.getByRole("button", { name: "Yes, Record Cash" }).click();
  await expect(plain.getByText(/Paid [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(plain.getByRole("link", { name: "Record cash received" })).toHaveCount(0);
  await context.close();
});
