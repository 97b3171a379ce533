import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { signInAsAdmin, signInWithoutScript, signUp, waitForHydration } from "./helpers";

// A product no other spec buys, with stock for every order placed here.
const PRODUCT = { slug: "giloy-ghan-vati", name: "Giloy Ghan Vati" };
const TEST_MARK = "TEST PAYMENT — not a real payment";

// Each test is a whole journey through two accounts (or sixteen orders): more than the default.
test.describe.configure({ timeout: 120_000 });

test("an owner sees the test-mode banner and the test mark on an order paid through the test gateway", async ({
  browser,
  page,
}) => {
  // The customer pays by card; without Razorpay keys the built-in test gateway takes it.
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await signUp(shopper, { fullName: "Gauri Test" });
  await shopper.goto(`/product/${PRODUCT.slug}`);
  await waitForHydration(shopper);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText("Added to cart")).toBeVisible();
  await shopper.goto("/cart");
  await shopper.getByRole("link", { name: "Proceed to Checkout" }).click();
  await waitForHydration(shopper);
  await shopper.getByLabel("Phone").fill("9876543210");
  await shopper.getByLabel("Address Line 1").fill("12 Shivaji Nagar, Rajwada");
  await shopper.getByLabel(/Card Payment/).check();
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await shopper
    .getByRole("dialog", { name: /Card payment/ })
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(shopper.getByText("Payment Successful!")).toBeVisible();
  const card = shopper
    .getByRole("article")
    .filter({ hasText: /Order ORD-/ })
    .first();
  await expect(card).toContainText("Card (test gateway)");
  await expect(card).toContainText("Test payment — no money taken");
  const orderNumber = ((await card.getByRole("heading").first().textContent()) ?? "")
    .replace("Order ", "")
    .trim();
  expect(orderNumber).toMatch(/^ORD-\d+/);
  await customer.close();

  // The owner is told on every back-office page, and the order is marked wherever it shows.
  await signInAsAdmin(page);
  const banner = page.getByRole("region", { name: "Card payments" });
  await expect(banner).toContainText("Card payments are in test mode");
  await expect(banner).toContainText("no money is taken");
  await expect(page.getByText(/Excludes cancelled orders and .* of test payments/)).toBeVisible();

  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Card payments" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Card (test gateway)");
  await expect(row).toContainText(TEST_MARK);

  await row.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toContainText(TEST_MARK);
  const [invoice] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Print Invoice" }).click(),
  ]);
  await invoice.waitForLoadState();
  await expect(invoice.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(invoice.getByRole("note").filter({ hasText: TEST_MARK })).toBeVisible();
  await expect(
    invoice.getByText(/^Card \(test gateway\) \(paid on [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/),
  ).toBeVisible();
});

test("a customer pages through their orders, without JavaScript, back to the oldest", async ({
  browser,
  page,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto(`/product/${PRODUCT.slug}`);
  const productId = await plain
    .locator('form[action="/cart"] input[name="productId"]')
    .first()
    .getAttribute("value");
  expect(productId).toBeTruthy();

  // 16 orders, one more than a page, placed as the plain forms post them.
  const headers = { origin: BASE_URL };
  for (let i = 0; i < 16; i++) {
    const added = await context.request.post("/cart", {
      form: { intent: "add", productId: productId!, quantity: "1" },
      headers,
      maxRedirects: 0,
    });
    expect(added.status()).toBeLessThan(400);
    const placed = await context.request.post("/checkout", {
      form: {
        fullName: "Asha Patil",
        phone: "9876543210",
        addressLine1: "12 Shivaji Nagar, Rajwada",
        addressLine2: "",
        city: "Satara",
        state: "Maharashtra",
        postalCode: "415003",
        paymentMethod: "cod",
        idempotencyKey: randomUUID(),
      },
      headers,
      maxRedirects: 0,
    });
    expect(placed.status()).toBe(302);
  }

  // A link followed without JavaScript resolves once the new page is committed, while its HTML
  // may still be arriving: count the whole page's orders before reading them.
  const numbersOn = async (count: number) => {
    const headings = plain.getByRole("article").getByRole("heading", { level: 3 });
    await expect(headings).toHaveCount(count);
    return (await headings.allTextContents()).map((text) => text.replace("Order ", "").trim());
  };

  await plain.goto("/profile?tab=orders");
  await expect(plain.getByText("Showing 1–15 of 16 orders")).toBeVisible();
  const firstPage = await numbersOn(15);

  const pages = plain.getByRole("navigation", { name: "Pagination" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: /Next/ }).click();
  await expect(plain).toHaveURL("/profile?tab=orders&page=2");
  await expect(plain.getByText("Showing 16–16 of 16 orders")).toBeVisible();
  const secondPage = await numbersOn(1);
  // Order numbers grow with time: the one left for page 2 is the oldest.
  const stamp = (n: string) => Number(n.replace(/^ORD-/, "").split("-")[0]);
  for (const newer of firstPage) expect(stamp(secondPage[0]!)).toBeLessThan(stamp(newer));

  await pages.getByRole("link", { name: /Previous/ }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  expect(await numbersOn(15)).toEqual(firstPage);

  // A page past the end shows the last one; a malformed page shows the first.
  await plain.goto("/profile?tab=orders&page=99");
  expect(await numbersOn(1)).toEqual(secondPage);
  await plain.goto("/profile?tab=orders&page=abc");
  expect(await numbersOn(15)).toEqual(firstPage);

  // An order mail's link names its order: the tab opens at the page that holds it, there.
  await plain.goto("/profile?tab=orders&page=2");
  const oldestTitle = await plain
    .getByRole("article")
    .getByRole("heading", { level: 3 })
    .getAttribute("id");
  const oldestId = oldestTitle?.match(/^order-([0-9a-f-]+)-title$/)?.[1];
  expect(oldestId).toBeTruthy();
  await plain.goto(`/profile?tab=orders&order=${oldestId}#${oldestTitle}`);
  await expect(plain.getByText("Showing 16–16 of 16 orders")).toBeVisible();
  expect(await numbersOn(1)).toEqual(secondPage);
  await expect(plain.locator(`#${oldestTitle}`)).toBeInViewport();
  await context.close();
});
