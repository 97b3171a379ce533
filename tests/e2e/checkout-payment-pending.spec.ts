import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { addToCart, fillAddress, openCheckout, orderCard } from "./checkout-steps";
import { signInWithoutScript, signUp, waitForHydration, waitForMail } from "./helpers";
import { trialProduct } from "./trial-product";

// docs/decisions/050: a card payment left unfinished keeps the buyer at the checkout, with the
// order that waits for it, until it is paid, switched to cash on delivery or runs out of time.

// Each test is a whole checkout, and the first opens the payment four times.
test.describe.configure({ timeout: 90_000 });

function panel(page: Page) {
  return page.getByRole("region", { name: "Payment not completed" });
}

function paymentDialog(page: Page) {
  return page.getByRole("dialog", { name: /Card payment/ });
}

/** Places a card order of one `slug` and closes the payment unpaid; returns the order number. */
async function leaveCardPayment(page: Page, slug: string) {
  await addToCart(page, slug);
  await openCheckout(page);
  await fillAddress(page);
  await page.getByLabel(/Card Payment/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = paymentDialog(page);
  // Ready once nothing else is on its way (the dialog ignores a close while it is busy).
  await expect(dialog.getByRole("button", { name: /^Pay ₹/ })).toBeEnabled();
  const orderNumber = /ORD-\d+(-\d+)?/.exec((await dialog.textContent()) ?? "")?.[0];
  expect(orderNumber).toBeTruthy();
  await dialog.getByRole("button", { name: "Close" }).click();
  return orderNumber!;
}

test("closing the card payment keeps the buyer at the checkout, where Pay now opens it again, also after a reload", async ({
  page,
}) => {
  const product = await trialProduct("Pending Drops", { price: "240" });
  await signUp(page);
  const orderNumber = await leaveCardPayment(page, product.slug);

  await expect(panel(page)).toBeVisible();
  await expect(page).toHaveURL("/checkout");
  await expect(paymentDialog(page)).toHaveCount(0);
  // ₹240 and ₹50 shipping.
  await expect(panel(page)).toContainText(
    `Your order ${orderNumber} for ₹290.00 is waiting for its payment.`,
  );
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeFocused();
  await expect(
    panel(page).getByRole("button", { name: "Switch to Cash on Delivery" }),
  ).toBeVisible();
  expect(await seriousViolations(page, { include: "main" })).toEqual([]);

  await page.reload();
  await waitForHydration(page);
  await expect(panel(page)).toContainText(orderNumber);

  // Opened from the Orders tab, a payment closed unpaid closes there too.
  await page.goto("/profile?tab=orders");
  await waitForHydration(page);
  await orderCard(page).getByRole("button", { name: "Pay Now" }).click();
  await expect(paymentDialog(page).getByRole("button", { name: "Pay ₹290.00" })).toBeEnabled();
  await paymentDialog(page).getByRole("button", { name: "Close" }).click();
  await expect(paymentDialog(page)).toHaveCount(0);
  await expect(orderCard(page).getByRole("button", { name: "Pay Now" })).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);

  // Pay now opens the payment of that same order, as often as it is closed.
  await panel(page).getByRole("button", { name: "Pay now" }).click();
  await expect(paymentDialog(page)).toContainText(`Order ${orderNumber}: ₹290.00.`);
  await page.keyboard.press("Escape");
  await expect(paymentDialog(page)).toHaveCount(0);
  await expect(panel(page)).toBeVisible();
  await panel(page).getByRole("button", { name: "Pay now" }).click();
  await paymentDialog(page).getByRole("button", { name: "Pay ₹290.00" }).click();

  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  await expect(orderCard(page)).toContainText(orderNumber);
  await expect(orderCard(page)).toContainText("Paid");
  // Paid, the order no longer holds the checkout.
  await page.goto("/checkout");
  await expect(page).toHaveURL("/cart");
  await product.remove();
});

test("a card order left unpaid at the checkout can be switched to cash on delivery", async ({
  page,
}) => {
  const product = await trialProduct("Pending Balm", { price: "180" });
  const account = await signUp(page);
  const orderNumber = await leaveCardPayment(page, product.slug);

  await panel(page).getByRole("button", { name: "Switch to Cash on Delivery" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  const card = orderCard(page);
  await expect(card).toContainText(orderNumber);
  await expect(card).toContainText("Cash on Delivery");
  await expect(card).toContainText("Pending");
  await expect(card.getByRole("button", { name: "Pay Now" })).toHaveCount(0);
  const mail = await waitForMail(account.email, /^Order confirmed: ORD-/);
  expect(mail.subject).toBe(`Order confirmed: ${orderNumber}`);
  await product.remove();
});

test("without JavaScript, the checkout shows a card order awaiting payment and switches it to cash on delivery", async ({
  page,
  browser,
}) => {
  const product = await trialProduct("Pending Oil", { price: "150" });
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto(`/product/${product.slug}`);
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await plain.getByRole("link", { name: "Proceed to Checkout" }).click();
  await fillAddress(plain);
  await plain.getByLabel(/Card Payment/).check();
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  const orderNumber = ((await orderCard(plain).getByRole("heading").first().textContent()) ?? "")
    .replace("Order ", "")
    .trim();

  await plain.goto("/checkout");
  await expect(panel(plain)).toContainText(`Your order ${orderNumber} for ₹200.00`);
  // A card payment needs the page's script; the switch is a plain form.
  await expect(panel(plain).getByRole("button", { name: "Pay now" })).toBeDisabled();
  await panel(plain).getByRole("button", { name: "Switch to Cash on Delivery" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  await expect(
    plain.getByRole("status").filter({ hasText: "Order placed successfully!" }),
  ).toBeAttached();
  await expect(orderCard(plain)).toContainText("Cash on Delivery");
  await context.close();
  await product.remove();
});
