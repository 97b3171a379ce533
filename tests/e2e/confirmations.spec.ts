import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import {
  orderCashOnDelivery,
  payByCard,
  signUp,
  waitForHydration,
  withAdminSession,
} from "./helpers";

/**
 * Every question asked before something that cannot be undone, in the back office and the
 * storefront, is an alertdialog named by its question, passes the accessibility audit, and opens
 * with the answer that goes back focused; each is answered "no" here, so nothing changes.
 */

// A product no other spec buys (shared with owner-order.spec.ts, which has stock for both).
const PRODUCT = "mahanarayan-oil";

test.describe.configure({ timeout: 120_000 });

/** The open question: role alertdialog, named exactly `name`, clean under axe, back answer focused. */
async function expectQuestion(page: Page, name: string, back: string) {
  expect(name.endsWith("?")).toBe(true);
  const question = page.getByRole("alertdialog");
  await expect(question).toHaveCount(1);
  await expect(question).toHaveAccessibleName(name);
  await expect(question.getByRole("button", { name: back })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await question.getByRole("button", { name: back }).click();
  await expect(question).toBeHidden();
}

/**
 * Chooses a status in an orders row once React has taken the row over: before that the select is
 * the plain form's (with an Update button), and the hydrating render puts a choice made there back.
 */
async function chooseStatus(page: Page, orderNumber: string, status: string) {
  await expect(page.getByRole("button", { name: "Update", exact: true })).toHaveCount(0);
  await page.getByLabel(`Status of order ${orderNumber}`).selectOption(status);
}

test("the back office's deletions ask an alertdialog named by its question", async ({ page }) => {
  await withAdminSession(page.context());
  for (const path of ["/admin/products", "/admin/categories", "/admin/coupons"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page
      .getByRole("main")
      .getByRole(path === "/admin/coupons" ? "button" : "link", { name: /^Delete / })
      .first()
      .click();
    await expectQuestion(page, "Are you sure?", "Cancel");
  }
  await page.goto("/admin/reviews");
  await waitForHydration(page);
  await page
    .getByRole("link", { name: /^Delete review by / })
    .first()
    .click();
  await expectQuestion(page, "Are you sure?", "Cancel");
});

test("an order's cancel, refund and cash questions are alertdialogs named by their question", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUp(shopper, { fullName: "Question Shopper" });
  const cash = await orderCashOnDelivery(shopper, PRODUCT);
  const card = await payByCard(shopper, PRODUCT);

  // The customer's own questions: cancelling the order, deleting an address.
  await shopper.goto("/profile?tab=orders");
  await waitForHydration(shopper);
  await shopper
    .getByRole("article")
    .filter({ hasText: `Order ${cash}` })
    .getByRole("button", { name: "Cancel Order" })
    .click();
  await expectQuestion(shopper, "Cancel this order?", "Keep Order");
  await shopper.goto("/profile?tab=addresses");
  await waitForHydration(shopper);
  await shopper.getByRole("link", { name: "Add New Address" }).click();
  await shopper.getByLabel("Full Name", { exact: true }).fill("Question Shopper");
  await shopper.getByLabel("Phone", { exact: true }).fill("9822012345");
  await shopper.getByLabel("Address Line 1", { exact: true }).fill("12 Shivaji Nagar");
  await shopper.getByLabel("City", { exact: true }).fill("Satara");
  await shopper.getByLabel("State", { exact: true }).fill("Maharashtra");
  await shopper.getByLabel("Postal Code", { exact: true }).fill("415003");
  await shopper.getByRole("button", { name: "Save Address" }).click();
  await expect(shopper.getByText("Address added").first()).toBeVisible();
  await shopper
    .getByRole("button", { name: /^Delete address / })
    .first()
    .click();
  await expectQuestion(shopper, "Are you sure?", "Cancel");
  await context.close();

  await withAdminSession(page.context());
  await page.goto(`/admin/orders?q=${card}`);
  await waitForHydration(page);
  await chooseStatus(page, card, "cancelled");
  await expectQuestion(page, `Cancel order ${card}?`, "Keep Order");

  await page.getByRole("link", { name: `View order ${card}` }).click();
  const refunds = page.getByRole("dialog").getByRole("region", { name: "Refunds" });
  await refunds.getByLabel("Refund amount (₹)").fill("1");
  await refunds.getByLabel("Reason").fill("Asked only");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expectQuestion(page, "Refund ₹1.00 to the customer's card?", "Don't Refund");

  await page.goto(`/admin/orders?q=${cash}`);
  await waitForHydration(page);
  await chooseStatus(page, cash, "delivered");
  await expect(page.getByText("Order status changed to delivered")).toBeVisible();
  await page.getByRole("link", { name: `View order ${cash}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Record cash received" }).click();
  await expectQuestion(page, `Record the cash for order ${cash}?`, "Not Yet");
});
