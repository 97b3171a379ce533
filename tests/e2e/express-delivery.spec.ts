import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { signInWithoutScript, signUp, waitForHydration, waitForMail } from "./helpers";

async function addToCart(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
}

function summary(page: Page) {
  return page.getByRole("complementary", { name: "Order Summary" });
}

function orderCard(page: Page) {
  return page
    .getByRole("article")
    .filter({ hasText: /Order ORD-/ })
    .first();
}

test("a shopper picks Express delivery: the summary, the order and the e-mail charge ₹150", async ({
  page,
}) => {
  const account = await signUp(page, { fullName: "Kavya Shinde" });
  await addToCart(page, "amla-juice");
  await page.goto("/checkout");
  await waitForHydration(page);

  const standard = page.getByRole("radio", { name: /Standard delivery/ });
  const express = page.getByRole("radio", { name: /Express delivery/ });
  await expect(standard).toBeChecked();
  // The e2e shop's test courier has a faster (air) service: Express names its day (decision 072).
  await expect(express).toHaveAccessibleDescription(
    /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}\. Order total ₹/,
  );
  await expect(summary(page)).toContainText("Shipping (Standard delivery)₹50.00");

  await express.check();
  await expect(summary(page)).toContainText("Shipping (Express delivery)₹150.00");
  const expressTotal = (await express.evaluate(
    (input) => document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent,
  ))!.match(/Order total (₹[\d,]+\.\d{2})/)![1]!;
  await expect(summary(page).getByRole("definition").last()).toHaveText(expressTotal);
  expect(await seriousViolations(page, { include: "main" })).toEqual([]);

  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("7 Powai Naka, Satara");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL("/profile?tab=orders");
  const card = orderCard(page);
  await expect(card).toContainText("Amla Juice");
  await expect(card).toContainText("Shipping (Express delivery)");
  await expect(card).toContainText("₹150.00");
  await expect(card).toContainText(expressTotal);

  const mail = await waitForMail(account.email, /^Order confirmed: ORD-/);
  // The test mail server shows the rupee sign garbled, so only the figures are compared.
  expect(mail.text).toMatch(/^Shipping \(Express delivery\): .*150\.00$/m);
});

test("Express delivery can be chosen without JavaScript", async ({ page, browser }) => {
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto("/product/giloy-ghan-vati");
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  await plain.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(plain).toHaveURL("/checkout");
  await expect(plain.getByRole("radio", { name: /Express delivery/ })).toHaveAccessibleDescription(
    /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}\./,
  );
  await plain.getByRole("radio", { name: /Express delivery/ }).check();
  await plain.getByLabel("Phone").fill("9876543210");
  await plain.getByLabel("Address Line 1").fill("3 Rajwada Chowk, Satara");
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  const card = orderCard(plain);
  await expect(card).toContainText("Giloy Ghan Vati");
  await expect(card).toContainText("Shipping (Express delivery)");
  await expect(card).toContainText("₹150.00");
  await context.close();
});
