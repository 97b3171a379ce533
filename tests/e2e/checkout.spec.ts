import { randomUUID } from "node:crypto";
import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import {
  addToCart,
  checkoutWithoutScript,
  fillAddress,
  openCheckout,
  orderCard,
} from "./checkout-steps";
import { BASE_URL } from "./config";
import { signedInTest } from "./fixtures";
import {
  createCustomer,
  signInWithoutScript,
  signUp,
  waitForHydration,
  waitForMail,
} from "./helpers";
import { trialProduct } from "./trial-product";

signedInTest("an empty cart at /checkout goes back to the cart", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page).toHaveURL("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("a cash-on-delivery order shows in the Orders tab and is confirmed by e-mail", async ({
  page,
}) => {
  const account = await signUp(page, { fullName: "Meera Jadhav" });
  await addToCart(page, "triphala-churna", 2);
  await openCheckout(page);

  // docs/SPEC.md §2: the form starts from the customer's name and the shop's own town.
  await expect(page.getByLabel("Full Name")).toHaveValue("Meera Jadhav");
  await expect(page.getByLabel("City")).toHaveValue("Satara");
  await expect(page.getByLabel("State")).toHaveValue("Maharashtra");
  await expect(page.getByLabel("Postal Code")).toHaveValue("415003");
  await expect(page.getByLabel("Cash on Delivery")).toBeChecked();
  // docs/SPEC.md §5: the phone field keeps digits only, at most 10.
  await page.getByLabel("Phone").pressSequentially("98a76-54 32109");
  await expect(page.getByLabel("Phone")).toHaveValue("9876543210");
  await page.getByLabel("Address Line 1").fill("12 Shivaji Nagar, Rajwada");

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  const card = orderCard(page);
  await expect(card).toContainText("Triphala Churna");
  await expect(card).toContainText("Pending");
  await expect(card).toContainText("Cash on Delivery");
  await expect(card).toContainText("12 Shivaji Nagar, Rajwada");
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();

  const orderNumber = (await card.getByRole("heading").first().textContent())?.replace(
    "Order ",
    "",
  );
  const mail = await waitForMail(account.email, /^Order confirmed: ORD-/);
  expect(mail.subject).toBe(`Order confirmed: ${orderNumber}`);
  expect(mail.text).toContain("Triphala Churna");
});

signedInTest(
  "an invalid address is refused with every problem under 'Invalid Address'",
  async ({ page }) => {
    await addToCart(page, "avipattikar-churna");
    await openCheckout(page);
    await page.getByLabel("Full Name").fill("A");
    await page.getByLabel("Phone").fill("98765");
    await page.getByLabel("Address Line 1").fill("abc");
    await page.getByLabel("Postal Code").fill("4150");
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page.getByText("Invalid Address")).toBeVisible();
    await expect(
      page.getByText(
        "Name must be at least 2 characters, Phone must be exactly 10 digits, Address must be at least 5 characters, Postal code must be exactly 6 digits",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL("/checkout");
    await expect(page.getByText("Phone must be exactly 10 digits", { exact: true })).toBeVisible();
  },
);

signedInTest("a card payment through the test gateway marks the order paid", async ({ page }) => {
  await addToCart(page, "hingvastak-churna");
  await openCheckout(page);
  await fillAddress(page);
  await page.getByLabel(/Card Payment/).check();
  await expect(page.getByText("Test mode").first()).toBeVisible();
  await page.getByRole("button", { name: "Place Order" }).click();

  const dialog = page.getByRole("dialog", { name: /Card payment/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Test mode")).toBeVisible();
  await dialog.getByRole("button", { name: /^Pay ₹/ }).click();

  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  const card = orderCard(page);
  await expect(card).toContainText("Hingvastak Churna");
  await expect(card).toContainText("Paid");
  await expect(card.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
});

signedInTest("a failed card payment can be paid again from the Orders tab", async ({ page }) => {
  await addToCart(page, "sitopaladi-churna");
  await openCheckout(page);
  await fillAddress(page);
  await page.getByLabel(/Card Payment/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: /Card payment/ });
  await dialog.getByRole("button", { name: "Simulate failure" }).click();

  await expect(page.getByText("Payment failed")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  const card = orderCard(page);
  await expect(card).toContainText("Failed");
  await waitForHydration(page);
  await card.getByRole("button", { name: "Pay Now" }).click();
  await page
    .getByRole("dialog", { name: /Card payment/ })
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await expect(orderCard(page)).toContainText("Paid");
});

signedInTest("cancelling an order gives its stock back", async ({ page }) => {
  await page.goto("/product/jatamansi-capsule");
  await expect(page.getByText("Only 8 left in stock")).toBeVisible();
  await addToCart(page, "jatamansi-capsule", 2);
  await openCheckout(page);
  await fillAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();

  await page.goto("/product/jatamansi-capsule");
  await expect(page.getByText("Only 6 left in stock")).toBeVisible();

  await page.goto("/profile?tab=orders");
  await waitForHydration(page);
  await orderCard(page).getByRole("button", { name: "Cancel Order" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText("Order cancelled")).toBeVisible();
  await expect(orderCard(page)).toContainText("Cancelled");

  await page.goto("/product/jatamansi-capsule");
  await expect(page.getByText("Only 8 left in stock")).toBeVisible();
});

test("without JavaScript, a cash-on-delivery order is placed with plain forms", async ({
  page,
  browser,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto("/product/pushyanug-churna");
  await checkoutWithoutScript(plain);
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  await expect(
    plain.getByRole("status").filter({ hasText: "Order placed successfully!" }),
  ).toBeAttached();
  await expect(orderCard(plain)).toContainText("Pushyanug Churna");
  await context.close();
});

test("without JavaScript, an order whose last units sold meanwhile goes back to the cart, naming the product", async ({
  page,
  browser,
}) => {
  // Kumkumadi Cream has 3 in stock in the demo catalog, and no other test buys it.
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto("/product/kumkumadi-cream");
  const productId = await plain
    .locator('form[action="/cart"] input[name="productId"]')
    .first()
    .getAttribute("value");
  await checkoutWithoutScript(plain);

  // Meanwhile another customer buys every unit left.
  const other = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await createCustomer(other);
  const headers = { origin: BASE_URL };
  const added = await other.post("/cart", {
    form: { intent: "add", productId: productId!, quantity: "3" },
    headers,
    maxRedirects: 0,
  });
  expect(added.status()).toBeLessThan(400);
  const bought = await other.post("/checkout", {
    form: {
      fullName: "Meera Kulkarni",
      phone: "9876543211",
      addressLine1: "8 Powai Naka",
      addressLine2: "",
      city: "Satara",
      state: "Maharashtra",
      postalCode: "415001",
      paymentMethod: "cod",
      idempotencyKey: randomUUID(),
    },
    headers,
    maxRedirects: 0,
  });
  expect(bought.status()).toBe(302);
  await other.dispose();

  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/cart");
  // The message the checkout gives with JavaScript (below), not the cart's general one.
  const toast = plain.getByRole("status").filter({ hasText: "Order failed" });
  await expect(toast).toBeAttached();
  await expect(toast).toContainText("Kumkumadi Cream is out of stock");
  await expect(plain.getByText("Some items need your attention")).toHaveCount(0);
  await expect(plain.getByText("Out of stock: remove it to check out")).toBeVisible();
  await context.close();
});

test("an order whose last unit sold meanwhile goes back to the cart, naming the product", async ({
  page,
}) => {
  const product = await trialProduct("Stock Cream", { price: "200", stockQuantity: "1" });
  await signUp(page);
  await addToCart(page, product.slug);
  await openCheckout(page);
  await fillAddress(page);

  await product.set({ stockQuantity: "0" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL("/cart");
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Order failed" });
  await expect(toast).toContainText(`${product.name} is out of stock`);
  await expect(page.getByText("Some items need your attention")).toHaveCount(0);
  await expect(page.getByText("Out of stock: remove it to check out")).toBeVisible();
  await product.remove();
});

/** The customer's first order, to the address typed, which the checkout saves as the default. */
async function firstOrderSavingAddress(page: Page, slug: string) {
  await addToCart(page, slug);
  await openCheckout(page);
  await fillAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
}

const NEW_ADDRESS = {
  fullName: "Asha Patil",
  phone: "9876501234",
  addressLine1: "7 Peth Road, Karanje",
  city: "Satara",
  state: "Maharashtra",
  postalCode: "415002",
};

async function fillNewAddress(page: Page) {
  await page.getByLabel("Full Name").fill(NEW_ADDRESS.fullName);
  await page.getByLabel("Phone").fill(NEW_ADDRESS.phone);
  await page.getByLabel("Address Line 1").fill(NEW_ADDRESS.addressLine1);
  await page.getByLabel("City").fill(NEW_ADDRESS.city);
  await page.getByLabel("State").fill(NEW_ADDRESS.state);
  await page.getByLabel("Postal Code").fill(NEW_ADDRESS.postalCode);
}

/**
 * "New address" beside the saved ones opens an empty form, with the box that saves it ticked; its
 * PIN code starts from the one the shopper last ordered to, remembered (docs/decisions/077).
 */
async function expectEmptyNewAddressForm(page: Page, rememberedPin = "415003") {
  await expect(page).toHaveURL("/checkout?address=new");
  for (const label of ["Full Name", "Phone", "Address Line 1", "City", "State"]) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveValue("");
  }
  await expect(page.getByLabel("Postal Code", { exact: true })).toHaveValue(rememberedPin);
  await expect(page.getByLabel("Save this address to my account")).toBeChecked();
}

test("'New address' opens an empty form; the order goes to the address typed and saves it", async ({
  page,
}) => {
  const product = await trialProduct("New Address Oil", { price: "150" });
  await signUp(page, { fullName: "Meera Jadhav" });
  await firstOrderSavingAddress(page, product.slug);

  await addToCart(page, product.slug);
  await openCheckout(page);
  // The saved address fills the form first.
  await expect(page.getByLabel("Address Line 1")).toHaveValue("12 Shivaji Nagar, Rajwada");
  await page
    .getByRole("navigation", { name: "Saved addresses" })
    .getByRole("link", { name: "New address" })
    .click();
  await expectEmptyNewAddressForm(page);
  await fillNewAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(orderCard(page)).toContainText(NEW_ADDRESS.addressLine1);
  await expect(orderCard(page)).toContainText(NEW_ADDRESS.fullName);

  await page.goto("/profile?tab=addresses");
  const saved = page.getByRole("main");
  await expect(saved).toContainText("12 Shivaji Nagar, Rajwada");
  await expect(saved).toContainText(NEW_ADDRESS.addressLine1);
});

test("without JavaScript, 'New address' opens an empty form, and an address left unsaved is only the order's", async ({
  page,
  browser,
}) => {
  const product = await trialProduct("New Address Balm", { price: "150" });
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto(`/product/${product.slug}`);
  await checkoutWithoutScript(plain);
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");

  await plain.goto(`/product/${product.slug}`);
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await plain.goto("/checkout");
  await expect(plain.getByLabel("Address Line 1")).toHaveValue("3 Rajwada Chowk, Satara");
  await plain.getByRole("link", { name: "New address" }).click();
  await expectEmptyNewAddressForm(plain);
  await fillNewAddress(plain);
  await plain.getByLabel("Save this address to my account").uncheck();
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  await expect(orderCard(plain)).toContainText(NEW_ADDRESS.addressLine1);

  await plain.goto("/profile?tab=addresses");
  await expect(plain.getByText("3 Rajwada Chowk, Satara").first()).toBeVisible();
  await expect(plain.getByText(NEW_ADDRESS.addressLine1)).toHaveCount(0);
  await context.close();
});
