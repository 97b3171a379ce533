import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./helpers";

/** The steps of a checkout that several specs take. */

export async function addToCart(page: Page, slug: string, quantity = 1) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  for (let i = 1; i < quantity; i++)
    await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
}

export async function openCheckout(page: Page) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await waitForHydration(page);
}

export async function fillAddress(page: Page) {
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("12 Shivaji Nagar, Rajwada");
}

/** From an open product page, without JavaScript: add one, go to checkout, fill in the address. */
export async function checkoutWithoutScript(plain: Page) {
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  await plain.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(plain).toHaveURL("/checkout");
  await plain.getByLabel("Phone").fill("9876543210");
  await plain.getByLabel("Address Line 1").fill("3 Rajwada Chowk, Satara");
}

export function orderCard(page: Page) {
  return page
    .getByRole("article")
    .filter({ hasText: /Order ORD-/ })
    .first();
}
