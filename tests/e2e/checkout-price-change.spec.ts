import { expect, type Page, test } from "@playwright/test";
import { addToCart, fillAddress, openCheckout, orderCard } from "./checkout-steps";
import { signInWithoutScript, signUp } from "./helpers";
import { trialProduct } from "./trial-product";

// A price the owner changes while a shopper is at the checkout is named, shown, and only then
// charged: the next "Place Order" is for the figures the page now shows (docs/decisions/008).

function summary(page: Page) {
  return page.getByRole("complementary", { name: "Order Summary" });
}

function changedMessage(name: string) {
  return `The price of ${name} changed from ₹315.00 to ₹330.00. Please review your order and place it again.`;
}

test("a price changed during checkout is shown in the summary, and the next Place Order takes it", async ({
  page,
}) => {
  const product = await trialProduct("Price Capsule", { price: "315" });
  await signUp(page);
  await addToCart(page, product.slug);
  await openCheckout(page);
  await fillAddress(page);
  // ₹315 and ₹50 shipping.
  await expect(summary(page)).toContainText("₹365.00");

  await product.set({ price: "330" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: changedMessage(product.name) }),
  ).toBeVisible();
  await expect(summary(page)).toContainText("₹380.00");
  await expect(summary(page)).toContainText("₹330.00");
  await expect(summary(page)).not.toContainText("₹365.00");
  await expect(summary(page)).toContainText(changedMessage(product.name));
  // What was typed stays.
  await expect(page.getByLabel("Address Line 1")).toHaveValue("12 Shivaji Nagar, Rajwada");

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  await expect(orderCard(page)).toContainText(product.name);
  await expect(orderCard(page)).toContainText("₹380.00");
  await product.remove();
});

test("without JavaScript, a price changed during checkout is shown, and the next Place Order takes it", async ({
  page,
  browser,
}) => {
  const product = await trialProduct("Price Tablet", { price: "315" });
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto(`/product/${product.slug}`);
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  await plain.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(plain).toHaveURL("/checkout");
  await fillAddress(plain);
  await expect(summary(plain)).toContainText("₹365.00");

  await product.set({ price: "330" });
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/checkout");
  const toast = plain.getByRole("status").filter({ hasText: "Order failed" });
  await expect(toast).toContainText(changedMessage(product.name));
  await expect(summary(plain)).toContainText("₹380.00");
  await expect(summary(plain)).not.toContainText("₹365.00");
  await expect(summary(plain)).toContainText(changedMessage(product.name));
  await expect(plain.getByLabel("Address Line 1")).toHaveValue("12 Shivaji Nagar, Rajwada");

  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  await expect(
    plain.getByRole("status").filter({ hasText: "Order placed successfully!" }),
  ).toBeAttached();
  await expect(orderCard(plain)).toContainText("₹380.00");
  await context.close();
  await product.remove();
});
