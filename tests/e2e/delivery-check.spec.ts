import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { signInWithoutScript, waitForHydration } from "./helpers";

/** The built-in test courier (COURIER=test, the default): 744 prepaid only, 68255 not served. */
const SERVED =
  /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} · Cash on delivery available$/;
const PREPAID =
  /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} · Prepaid only: cash on delivery is not available here$/;
const NOT_SERVED = "We don't deliver to 682555 yet";
const COURIER_REFUSAL =
  "Cash on delivery is not available for PIN code 744101: the courier takes only prepaid parcels there. Please pay by card.";

async function check(page: Page, pin: string) {
  await page.getByRole("textbox", { name: "PIN code" }).fill(pin);
  await page.getByRole("button", { name: "Check", exact: true }).click();
}

/** The box's live answer (a status region). */
function answer(page: Page) {
  return page.getByRole("status").and(page.locator("#delivery-answer"));
}

test("the product page answers a PIN code in place with JavaScript", async ({ page }) => {
  await page.goto("/product/amla-juice");
  await waitForHydration(page);
  // The box's own code loads apart from the page (deferred); pressed before it has, Check is the
  // plain form it is without JavaScript. Answered in place is what this test is about.
  await page.waitForLoadState("networkidle");
  await check(page, "415003");
  await expect(answer(page)).toHaveText(SERVED);
  await check(page, "744101");
  await expect(answer(page)).toHaveText(PREPAID);
  expect(await seriousViolations(page, { include: "main" })).toEqual([]);
  await check(page, "682555");
  await expect(answer(page)).toHaveText(NOT_SERVED);
  await check(page, "01234");
  await expect(answer(page)).toHaveText("Enter a 6-digit PIN code, such as 415003");
  await expect(page.getByRole("textbox", { name: "PIN code" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  // Answered in place: the page itself was not asked again.
  await expect(page).toHaveURL("/product/amla-juice");
});

test("the product page answers a PIN code without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto("/product/amla-juice");
  await check(plain, "415003");
  await expect(plain).toHaveURL("/product/amla-juice?pin=415003");
  await expect(answer(plain)).toHaveText(SERVED);
  await expect(plain.getByRole("textbox", { name: "PIN code" })).toHaveValue("415003");
  await check(plain, "744101");
  await expect(answer(plain)).toHaveText(PREPAID);
  await check(plain, "682555");
  await expect(answer(plain)).toHaveText(NOT_SERVED);
  // The page without a PIN code is as every visitor gets it: no answer on it.
  await plain.goto("/product/amla-juice");
  await expect(answer(plain)).toHaveText("");
  await context.close();
});

test("a cash-on-delivery order to a prepaid-only PIN code is refused by the server", async ({
  page,
  browser,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);

  // With JavaScript the checkout asks the courier as the PIN code is typed.
  await page.goto("/product/triphala-churna");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  const cash = page.getByLabel("Cash on Delivery");
  await expect(cash).toBeChecked();
  await page.getByLabel("Postal Code").fill("744101");
  await expect(page.getByText(COURIER_REFUSAL)).toBeVisible();
  await expect(cash).toBeDisabled();
  await page.getByLabel("Postal Code").fill("415003");
  await expect(cash).toBeEnabled();
  // Standard delivery names the courier's day; Express the day of its faster (air) service.
  await expect(page.getByRole("radio", { name: /Standard delivery/ })).toHaveAccessibleDescription(
    /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}\. Order total ₹/,
  );
  await expect(page.getByRole("radio", { name: /Express delivery/ })).toHaveAccessibleDescription(
    /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}\. Order total ₹/,
  );
  await expect(page.getByText(COURIER_REFUSAL)).toHaveCount(0);

  // Without JavaScript the form posts cash on delivery as chosen, and the server refuses it.
  await plain.goto("/checkout");
  await plain.getByLabel("Phone").fill("9876543210");
  await plain.getByLabel("Address Line 1").fill("12 Aberdeen Bazaar");
  await plain.getByLabel("City").fill("Port Blair");
  await plain.getByLabel("State").fill("Andaman and Nicobar Islands");
  await plain.getByLabel("Postal Code").fill("744101");
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain.getByText(COURIER_REFUSAL).first()).toBeVisible();
  await expect(plain).toHaveURL("/checkout");
  await plain.goto("/profile?tab=orders");
  await expect(plain.getByText(/Order ORD-/)).toHaveCount(0);
  await context.close();
});
