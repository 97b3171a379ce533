import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  DEFAULT_SHOP_HOLIDAYS,
  formatPromisedDay,
  promisedDeliveryDay,
} from "../../app/domain/delivery-days";
import { adminPage, signInWithoutScript, signUp, waitForHydration } from "./helpers";

/**
 * The promised delivery day (docs/decisions/072) with the e2e shop's built-in test courier
 * (COURIER=test) and the shop's own fees: surface for Standard, the faster air service for
 * Express, both counted after two business days of packing. Satara 415003: surface 2 days, air 1;
 * Port Blair 744101: surface 7, air 4 (prepaid only). Air is faster everywhere, so Express is
 * offered to both, at ₹150.
 */
const DAYS = {
  "415003": { standard: 2, express: 1 },
  "744101": { standard: 7, express: 4 },
} as const;

/** The days the rule names for these courier days, placed now or a moment ago (around midnight). */
function promised(courierDays: number, since: Date) {
  return [since, new Date()].map((orderedAt) =>
    formatPromisedDay(
      promisedDeliveryDay({
        orderedAt,
        packingDays: 2,
        courierDays,
        holidays: DEFAULT_SHOP_HOLIDAYS,
      })!,
    ),
  );
}

function oneOf(days: string[]) {
  return new RegExp(`(${[...new Set(days)].join("|")})`);
}

async function addToCart(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
}

async function expectOptions(page: Page, pin: keyof typeof DAYS, since: Date) {
  const standard = page.getByRole("radio", { name: /Standard delivery/ });
  const express = page.getByRole("radio", { name: /Express delivery/ });
  await expect(standard).toHaveAccessibleDescription(
    new RegExp(
      `^Delivery by ${oneOf(promised(DAYS[pin].standard, since)).source}\\. Order total ₹`,
    ),
  );
  await expect(express).toHaveAccessibleDescription(
    new RegExp(`^Delivery by ${oneOf(promised(DAYS[pin].express, since)).source}\\. Order total ₹`),
  );
  await expect(express).toHaveAccessibleName(/Express delivery\s*₹150\.00/);
}

function orderCard(page: Page, orderNumber?: string) {
  return page
    .getByRole("article")
    .filter({ hasText: orderNumber ?? /Order ORD-/ })
    .first();
}

async function newestOrderNumber(page: Page) {
  const heading = orderCard(page).getByRole("heading").first();
  return (await heading.textContent())!.replace("Order ", "").trim();
}

async function expectOwnerSees(browser: Browser, orderNumber: string, days: string[]) {
  const owner = await adminPage(browser);
  await owner.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(owner);
  await owner.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = owner.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toContainText(new RegExp(`Promised: Delivery by ${oneOf(days).source}`));
  await expect(dialog.getByText("Late", { exact: true })).toHaveCount(0);
  await owner.context().close();
}

for (const width of [1280, 390]) {
  test(`at ${width} px the checkout promises each PIN code its days, Express by air, and the order keeps the day`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, { fullName: "Meera Kulkarni" });
    await addToCart(page, "amla-juice");
    const since = new Date();
    await page.goto("/checkout");
    await waitForHydration(page);
    // The shop's own PIN code, Satara.
    await expectOptions(page, "415003", since);
    // Port Blair, typed: the courier's word for it replaces the options' days.
    await page.getByLabel("Postal Code").fill("744101");
    await expectOptions(page, "744101", since);
    await page.getByLabel("Postal Code").fill("415003");
    await expectOptions(page, "415003", since);

    await page.getByRole("radio", { name: /Express delivery/ }).check();
    await page.getByLabel("Phone").fill("9876543210");
    await page.getByLabel("Address Line 1").fill("7 Powai Naka, Satara");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL("/profile?tab=orders");
    const orderNumber = await newestOrderNumber(page);
    const days = promised(DAYS["415003"].express, since);
    await expect(orderCard(page, orderNumber)).toContainText(
      new RegExp(`Delivery by ${oneOf(days).source}`),
    );
    await expectOwnerSees(browser, orderNumber, days);
  });
}

test("without JavaScript a card order to Port Blair keeps its standard day", async ({
  page,
  browser,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto("/product/giloy-ghan-vati");
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  const since = new Date();
  await plain.goto("/checkout");
  // Priced for the shop's PIN code before anything is typed.
  await expectOptions(plain, "415003", since);
  await plain.getByLabel("Phone").fill("9876543210");
  await plain.getByLabel("Address Line 1").fill("12 Aberdeen Bazaar");
  await plain.getByLabel("City").fill("Port Blair");
  await plain.getByLabel("State").fill("Andaman and Nicobar Islands");
  await plain.getByLabel("Postal Code").fill("744101");
  await plain.getByLabel(/Card Payment/).check();
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  const orderNumber = await newestOrderNumber(plain);
  const days = promised(DAYS["744101"].standard, since);
  await expect(orderCard(plain, orderNumber)).toContainText(
    new RegExp(`Delivery by ${oneOf(days).source}`),
  );
  await context.close();
  await expectOwnerSees(browser, orderNumber, days);
});
