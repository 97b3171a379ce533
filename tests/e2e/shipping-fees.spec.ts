import { expect, type Page, test } from "@playwright/test";
import { ADMIN, SPEC_SHOP_PORTS } from "./config";
import { PASSWORD, uniqueEmail, waitForHydration } from "./helpers";
import { shopTracker, waitForHealth } from "./support/shop-process";

/**
 * Shipping fees from the courier (docs/decisions/064), end to end: the owner switches the checkout
 * to the built-in test courier's rates; a customer sees "Calculated at checkout" in the cart, the
 * courier's fees and days at the checkout, types a PIN code farther away and is shown the fees
 * for it as she types (decision 077), and pays that Standard fee by card; the order carries it.
 *
 * The choice changes every checkout of the shop, so this spec runs a shop of its own (the
 * production build on a migrated data directory, its own port) instead of the shared one.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

// Its own port (tests/e2e/config.ts lists every spec's).
const PORT = SPEC_SHOP_PORTS.shippingFees;
const ORIGIN = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: ORIGIN });

const shops = shopTracker();
test.beforeAll(async () => {
  shops.spawn({
    env: {
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: shops.migratedDataDir("shipping-fees"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COURIER: "test",
      CARD_PAYMENTS: "test",
    },
  });
  await waitForHealth(PORT);
});
test.afterAll(async () => {
  await shops.killAll();
  shops.cleanUp();
});

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** Posts a form as a browser without JavaScript would, into the page's cookie jar. */
async function postForm(page: Page, path: string, form: Record<string, string>, status: number) {
  const response = await page.context().request.post(path, {
    form,
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(status);
}

const DAY = /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}/;

test("the owner passes on the courier's rates; a customer pays the courier's Standard fee for her PIN code", async ({
  page,
  browser,
}) => {
  // The owner: a product to sell, then the courier's rates in the settings.
  await postForm(page, "/admin/login", { email: ADMIN.email, password: ADMIN.password }, 302);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name", { exact: true }).fill("Courier Rates Vati");
  await dialog.getByLabel("Price (₹)", { exact: true }).fill("120");
  await dialog.getByLabel("Stock Quantity", { exact: true }).fill("5");
  await dialog.getByLabel("Visibility").selectOption("Published");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();

  await page.goto("/admin/settings");
  await waitForHydration(page);
  const feesFrom = page.getByLabel("Shipping fees at checkout");
  await expect(feesFrom).toHaveValue("shop");
  await expect(feesFrom).toHaveAccessibleDescription(/^The shop's own: Standard ₹50/);
  await feesFrom.selectOption({ label: "The courier's rates" });
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toasts(page).getByText("Changed: Shipping fees", { exact: true })).toBeVisible();

  // The customer: one ₹120 product of 250 g (the weight of a size never weighed).
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await postForm(
    shopper,
    "/auth",
    { intent: "sign-up", fullName: "Meera Joshi", email: uniqueEmail("rates"), password: PASSWORD },
    200,
  );
  await shopper.goto("/product/courier-rates-vati");
  await waitForHydration(shopper);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText("Added to cart").first()).toBeVisible();

  // No address yet: the cart promises no fee, and still says what free shipping needs.
  await shopper.goto("/cart");
  const summary = shopper.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByText("Calculated at checkout")).toBeVisible();
  await expect(summary).not.toContainText("₹50");
  await expect(summary.getByText("Add ₹880 more for free shipping")).toBeVisible();

  // At the checkout, for Satara (the shop's own PIN code, zone A): surface ₹30, air ₹60.
  await shopper.goto("/checkout");
  await waitForHydration(shopper);
  const standard = shopper.getByRole("radio", { name: /Standard delivery/ });
  const express = shopper.getByRole("radio", { name: /Express delivery/ });
  await expect(standard).toHaveAccessibleName(/₹30\.00/);
  await expect(standard).toHaveAccessibleDescription(
    new RegExp(`^Delivery by ${DAY.source}\\. Order total ₹150\\.00\\.$`),
  );
  await expect(express).toHaveAccessibleName(/₹60\.00/);
  await expect(express).toHaveAccessibleDescription(
    new RegExp(`^Delivery by ${DAY.source}\\. Order total ₹180\\.00\\.$`),
  );

  // She ships to Delhi instead (zone D: surface ₹55) and pays by card.
  await shopper.getByLabel("Phone").fill("9876543210");
  await shopper.getByLabel("Address Line 1").fill("14 Janpath");
  await shopper.getByLabel("City").fill("New Delhi");
  await shopper.getByLabel("State").fill("Delhi");
  await shopper.getByLabel("Postal Code").fill("110001");
  await shopper.getByLabel(/Card Payment/).check();
  // Priced for Delhi as it is typed, before "Place Order" (docs/decisions/077).
  await expect(standard).toHaveAccessibleName(/₹55\.00/);
  await expect(standard).toHaveAccessibleDescription(/Order total ₹175\.00\.$/);
  await expect(express).toHaveAccessibleName(/₹95\.00/);
  await expect(shopper.getByLabel("Postal Code")).toHaveValue("110001");
  await expect(shopper.getByLabel(/Card Payment/)).toBeChecked();

  await shopper.getByRole("button", { name: "Place Order" }).click();
  await shopper
    .getByRole("dialog", { name: /Card payment/ })
    .getByRole("button", { name: "Pay ₹175.00" })
    .click();
  await expect(shopper.getByText("Payment Successful!")).toBeVisible();
  await expect(shopper).toHaveURL("/profile?tab=orders");
  const order = shopper
    .getByRole("article")
    .filter({ hasText: /Order ORD-/ })
    .first();
  await expect(order).toContainText("Shipping (Standard delivery)₹55.00");
  await expect(order).toContainText("Total₹175.00");
  await context.close();
});
