import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, SPEC_SHOP_PORTS } from "./config";
import { PASSWORD, uniqueEmail, waitForHydration } from "./helpers";
import { shopTracker, waitForHealth } from "./support/shop-process";

/**
 * The PIN code a shopper types (docs/decisions/077), end to end on a shop whose owner chose the
 * test courier's rates: the checkout priced for a PIN code typed key by key before "Place Order",
 * which then succeeds the first time; "Check" without JavaScript; a total that moved said in a
 * notice, not as "Order failed"; the product page's box named "PIN code" and prefilled; the PIN
 * code remembered into the cart and the checkout; the cart's own check. At 390 and 1280 px.
 *
 * The setting changes every checkout of the shop, so this spec runs a shop of its own.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const PORT = SPEC_SHOP_PORTS.checkoutPin;
const ORIGIN = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: ORIGIN });

const PRODUCT = "/product/pin-check-vati";
const WIDTHS = [390, 1280] as const;
const DAY = /(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}/;

const shops = shopTracker();
test.beforeAll(async ({ browser }) => {
  shops.spawn({
    env: {
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: shops.migratedDataDir("checkout-pin"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COURIER: "test",
      CARD_PAYMENTS: "test",
    },
  });
  await waitForHealth(PORT);
  // The owner: a ₹290 product of 250 g, and the courier's rates at the checkout.
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await postForm(page, "/admin/login", { email: ADMIN.email, password: ADMIN.password }, 302);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name", { exact: true }).fill("PIN Check Vati");
  await dialog.getByLabel("Price (₹)", { exact: true }).fill("290");
  await dialog.getByLabel("Stock Quantity", { exact: true }).fill("200");
  await dialog.getByLabel("Visibility").selectOption("Published");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await page.getByLabel("Shipping fees at checkout").selectOption({ label: "The courier's rates" });
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Changed: Shipping fees", { exact: true }).first()).toBeVisible();
  await context.close();
});
test.afterAll(async () => {
  await shops.killAll();
  shops.cleanUp();
});

/** Posts a form as a browser without JavaScript would, into the page's cookie jar. */
async function postForm(page: Page, path: string, form: Record<string, string>, status: number) {
  const response = await page.context().request.post(path, {
    form,
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(status);
}

/** A new shopper, signed up, in a context of `width` px, with or without JavaScript. */
async function shopper(browser: Browser, width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: ORIGIN,
    javaScriptEnabled,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  await postForm(
    page,
    "/auth",
    { intent: "sign-up", fullName: "Kavya Rao", email: uniqueEmail("pin"), password: PASSWORD },
    200,
  );
  return { context, page };
}

/** One of the product in the cart, added from its page. */
async function addToCart(page: Page, javaScript = true) {
  await page.goto(PRODUCT);
  if (javaScript) await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  if (javaScript)
    await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
  else await expect(page.getByText(/^(Added to cart|Cart updated)$/).first()).toBeVisible();
}

/** The courier's day for standard delivery to `pin`, as the delivery-estimate route names it. */
async function standardDay(page: Page, pin: string) {
  const answer = await page.context().request.get(`/api/delivery-estimate?pin=${pin}`);
  return ((await answer.json()) as { by: string }).by;
}

async function fillAddress(page: Page) {
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("21 MG Road");
  await page.getByLabel("City").fill("Bengaluru");
  await page.getByLabel("State").fill("Karnataka");
}

function options(page: Page) {
  return {
    standard: page.getByRole("radio", { name: /Standard delivery/ }),
    express: page.getByRole("radio", { name: /Express delivery/ }),
  };
}

function literally(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const toasts = (page: Page) => page.getByRole("region", { name: /^Notifications/ });

for (const width of WIDTHS) {
  test(`at ${width} px: a PIN code typed key by key is priced before "Place Order", which succeeds the first time`, async ({
    browser,
  }) => {
    const { context, page } = await shopper(browser, width);
    await addToCart(page);
    await page.goto("/checkout");
    await waitForHydration(page);
    const { standard, express } = options(page);
    // Priced for the shop's own PIN code first (Satara, zone A: ₹30 surface, ₹60 air).
    await expect(standard).toHaveAccessibleName(/₹30\.00/);
    await fillAddress(page);
    // The pricing is held back a moment, to be seen while it loads.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/checkout-price*", async (route) => {
      await held;
      await route.continue();
    });
    const pin = page.getByLabel("Postal Code");
    await pin.clear();
    await pin.pressSequentially("560001", { delay: 40 });
    await expect(page.getByRole("status").filter({ hasText: "Checking" })).toHaveText(
      "Checking the delivery fees and dates for PIN 560001…",
    );
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    release();
    // Bengaluru (zone D): ₹55 surface, ₹95 air; each fee beside the day for the same PIN code.
    const day = await standardDay(page, "560001");
    await expect(standard).toHaveAccessibleName(/₹55\.00/);
    await expect(standard).toHaveAccessibleDescription(
      new RegExp(`^Delivery by ${literally(day)}\\. Order total ₹345\\.00\\.$`),
    );
    await expect(express).toHaveAccessibleName(/₹95\.00/);
    await expect(express).toHaveAccessibleDescription(
      new RegExp(`^Delivery by ${DAY.source}\\. Order total ₹385\\.00\\.$`),
    );
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL("/profile?tab=orders");
    await expect(toasts(page).getByText("Order placed successfully!")).toBeVisible();
    await expect(toasts(page).getByText("Order failed")).toHaveCount(0);
    const order = page
      .getByRole("article")
      .filter({ hasText: /Order ORD-/ })
      .first();
    await expect(order).toContainText("Total₹345.00");

    // The address was saved as her default: the product page's box starts from its PIN code.
    await page.goto(PRODUCT);
    await waitForHydration(page);
    const box = page.getByRole("textbox", { name: "PIN code" });
    await expect(box).toHaveValue("560001");
    await expect(page.getByRole("heading", { name: "Check delivery" })).toBeVisible();
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.locator("#delivery-answer")).toHaveText(
      new RegExp(`^Delivery by ${literally(day)} · Cash on delivery available$`),
    );
    await context.close();
  });
}

test("with JavaScript there is no Check: Enter places the order, and a pricing request that fails leaves the checkout as it was", async ({
  browser,
}) => {
  const { context, page } = await shopper(browser, 390);
  await addToCart(page);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Check", exact: true })).toHaveCount(0);
  const { standard } = options(page);
  await expect(standard).toHaveAccessibleName(/₹30\.00/);
  await fillAddress(page);
  // The network drops the pricing request: no error page, the fees shown stay, Place Order works.
  let asked = 0;
  await page.route("**/api/checkout-price*", (route) => {
    asked++;
    return route.abort("internetdisconnected");
  });
  const pin = page.getByLabel("Postal Code");
  await pin.clear();
  await pin.pressSequentially("560001", { delay: 40 });
  await expect.poll(() => asked).toBe(1);
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(standard).toHaveAccessibleName(/₹30\.00/);
  // The server prices the order for the PIN code it is sent to: the notice, then Enter places it.
  await page.getByLabel("Address Line 1").press("Enter");
  await expect(
    page.getByRole("status").filter({ hasText: "The total for PIN 560001 is now ₹345.00." }),
  ).toBeVisible();
  await expect(standard).toHaveAccessibleName(/₹55\.00/);
  await page.getByLabel("Address Line 1").press("Enter");
  await expect(page).toHaveURL("/profile?tab=orders");
  await context.close();
});

test("without JavaScript: Check prices the page for the PIN code typed, nothing is placed, then Place Order succeeds", async ({
  browser,
}) => {
  const { context, page } = await shopper(browser, 390, false);
  await addToCart(page, false);
  await page.goto("/checkout");
  const { standard, express } = options(page);
  await expect(standard).toHaveAccessibleName(/₹30\.00/);
  await fillAddress(page);
  await page.getByLabel("Postal Code").fill("560001");
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(page).toHaveURL("/checkout");
  const day = await standardDay(page, "560001");
  await expect(standard).toHaveAccessibleName(/₹55\.00/);
  await expect(standard).toHaveAccessibleDescription(
    new RegExp(`^Delivery by ${literally(day)}\\. Order total ₹345\\.00\\.$`),
  );
  await expect(express).toHaveAccessibleName(/₹95\.00/);
  // What was typed is kept, and nothing was placed.
  await expect(page.getByLabel("Postal Code")).toHaveValue("560001");
  await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
  await expect(page.getByLabel("Full Name")).toHaveValue("Kavya Rao");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL("/profile?tab=orders");
  await expect(page.getByRole("article").filter({ hasText: /Order ORD-/ })).toHaveCount(1);
  await context.close();
});

test("a total that moved since the page was priced is a notice, not 'Order failed', with and without JavaScript", async ({
  browser,
}) => {
  // Without JavaScript the page cannot be priced as the PIN code is typed.
  const plain = await shopper(browser, 1280, false);
  await addToCart(plain.page, false);
  await plain.page.goto("/checkout");
  await fillAddress(plain.page);
  await plain.page.getByLabel("Postal Code").fill("560001");
  await plain.page.getByRole("button", { name: "Place Order" }).click();
  const notice = plain.page
    .getByRole("status")
    .filter({ hasText: "The total for PIN 560001 is now ₹345.00." });
  await expect(notice).toHaveText(
    "The total for PIN 560001 is now ₹345.00. Please check it and place your order again.",
  );
  await expect(plain.page.getByText("Order failed")).toHaveCount(0);
  await expect(options(plain.page).standard).toHaveAccessibleName(/₹55\.00/);
  await plain.page.getByRole("button", { name: "Place Order" }).click();
  await expect(plain.page).toHaveURL("/profile?tab=orders");
  await plain.context.close();

  // With JavaScript: the cart changes in another tab after the page was priced.
  const { context, page } = await shopper(browser, 390);
  await addToCart(page);
  await page.goto("/checkout");
  await waitForHydration(page);
  await expect(options(page).standard).toHaveAccessibleName(/₹30\.00/);
  await fillAddress(page);
  const other = await context.newPage();
  await addToCart(other);
  await other.close();
  await page.getByRole("button", { name: "Place Order" }).click();
  // Two of 250 g are one slab still: ₹580 and ₹30 for Satara.
  await expect(
    page.getByRole("status").filter({ hasText: "The total for PIN 415003 is now ₹610.00." }),
  ).toBeVisible();
  await expect(toasts(page).getByText("Order failed")).toHaveCount(0);
  await context.close();
});

test("the PIN code checked is remembered into the product page, the cart and the checkout; the cart checks it too", async ({
  browser,
}) => {
  // A visitor: the box is named "PIN code"; the page kept for everyone carries no PIN code.
  const visitor = await browser.newContext({
    baseURL: ORIGIN,
    viewport: { width: 390, height: 900 },
  });
  const visit = await visitor.newPage();
  await visit.goto(PRODUCT);
  await waitForHydration(visit);
  const visitorBox = visit.getByRole("textbox", { name: "PIN code" });
  await expect(visitorBox).toHaveValue("");
  await visitorBox.fill("744101");
  await visit.getByRole("button", { name: "Check", exact: true }).click();
  await expect(visit.locator("#delivery-answer")).toHaveText(/Prepaid only/);
  const html = await (await visitor.request.get(PRODUCT)).text();
  const shared = await (
    await visitor.request.get(PRODUCT, { headers: { cookie: "pin=110001" } })
  ).text();
  expect(html).not.toContain("744101");
  expect(shared).not.toContain("110001");
  // The next visit's box starts from the PIN code remembered, filled in by the box's own code.
  await visit.goto(PRODUCT);
  await waitForHydration(visit);
  await expect(visitorBox).toHaveValue("744101");
  await visitor.close();

  for (const width of WIDTHS) {
    // With JavaScript: checked on the product page, then the cart and the checkout start from it.
    const { context, page } = await shopper(browser, width);
    await page.goto(PRODUCT);
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "PIN code" }).fill("110001");
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.locator("#delivery-answer")).toHaveText(/^Delivery by /);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
    await page.goto("/cart");
    await waitForHydration(page);
    const cartBox = page.getByRole("textbox", { name: "PIN code" });
    await expect(cartBox).toHaveValue("110001");
    await cartBox.fill("744101");
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await expect(page.locator("#delivery-answer")).toHaveText(/Prepaid only/);
    await expect(page).toHaveURL("/cart");
    await page.goto("/checkout");
    await waitForHydration(page);
    await expect(page.getByLabel("Postal Code")).toHaveValue("744101");
    // Priced for it too: the Andaman and Nicobar Islands, zone E (₹75 surface).
    await expect(options(page).standard).toHaveAccessibleName(/₹75\.00/);
    await context.close();
  }

  // Without JavaScript: the cart's check is the cart page itself, asked with `pin`.
  const plain = await shopper(browser, 390, false);
  await addToCart(plain.page, false);
  await plain.page.goto("/cart");
  const plainBox = plain.page.getByRole("textbox", { name: "PIN code" });
  await plainBox.fill("110001");
  await plain.page.getByRole("button", { name: "Check", exact: true }).click();
  await expect(plain.page).toHaveURL("/cart?pin=110001");
  await expect(plain.page.locator("#delivery-answer")).toHaveText(
    /^Delivery by .* · Cash on delivery available$/,
  );
  await plain.page.goto("/cart");
  await expect(plainBox).toHaveValue("110001");
  await plain.page.goto("/checkout");
  await expect(plain.page.getByLabel("Postal Code")).toHaveValue("110001");
  await expect(options(plain.page).standard).toHaveAccessibleName(/₹55\.00/);
  await plain.context.close();
});
