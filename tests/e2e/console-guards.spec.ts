import type { Page } from "@playwright/test";
import { ADMIN } from "./config";
import { expect, test } from "./console-guard";
import { signUp, signUpOnHome, waitForHydration } from "./helpers";

/**
 * The main journeys, each page loaded in full (server HTML, then hydration), under the console
 * guard: any CSP violation or hydration error fails the test that met it.
 */

// A browser far from India, in another locale, so a date or number the server and the browser
// format differently shows up as a hydration error here rather than for a shopper abroad.
// With motion, as most shoppers have it (the suite's default is reduced motion): the coupon's
// confetti, drawn from a worker of its own, only flies then.
test.use({ timezoneId: "Pacific/Honolulu", locale: "en-US", reducedMotion: "no-preference" });

/** A full page load that returns once React has hydrated and had a moment to report problems. */
async function load(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await waitForHydration(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 250)));
      }),
  );
}

test("the storefront's pages load without CSP violations or hydration errors", async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of [
    "/",
    "/products",
    "/products?search=churna&sort=price-asc",
    "/product/mauli-shatavaryadi-kalpa",
    "/product/lavangadi-vati",
    "/categories",
    "/category/immunity-boosters",
    "/about",
    "/contact",
    "/blog",
    "/faq",
    "/terms",
    "/privacy",
    "/shipping",
    "/returns",
    "/auth",
    "/auth?tab=sign-up",
    "/admin/login",
    "/no-such-page",
  ]) {
    await load(page, path);
  }
  await load(page, "/blog");
  const article = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
  expect(article).toBeTruthy();
  await load(page, article!);
});

test("a customer's cart with HEALTH15 throws confetti; checkout and profile stay clean", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Signed in on the home page, its welcome toast shown, then the journey of the cart.
  await signUpOnHome(page, { fullName: "Kavita Shinde" });
  // Chyawanprash Special (₹1,049) is enough for HEALTH15's ₹999 minimum.
  await load(page, "/product/chyawanprash-special");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();

  await load(page, "/cart");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  const confettiWorker = page.waitForEvent("worker", { timeout: 10_000 });
  await summary.getByLabel("Coupon code").fill("HEALTH15");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(/^Coupon applied successfully!/)).toBeVisible();
  // canvas-confetti draws on a canvas of its own from a worker made from a blob: URL.
  expect((await confettiWorker).url()).toMatch(/^blob:/);
  await expect(page.locator("body > canvas")).toBeAttached();
  await load(page, "/cart");
  await expect(summary.getByText("HEALTH15 applied")).toBeVisible();

  await load(page, "/checkout");
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("7 Powai Naka");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();

  for (const tab of ["profile", "orders", "addresses"]) await load(page, `/profile?tab=${tab}`);
  await load(page, "/wishlist");
});

test("the back office's pages load without CSP violations or hydration errors", async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // An order of today, so the dashboard, the orders list and the invoice have a date to show.
  const shopperContext = await browser.newContext();
  await consoleGuard.watch(shopperContext);
  const shopper = await shopperContext.newPage();
  await signUp(shopper);
  await shopper.goto("/product/triphala-churna");
  await waitForHydration(shopper);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText("Added to cart")).toBeVisible();
  await shopper.goto("/checkout");
  await waitForHydration(shopper);
  await shopper.getByLabel("Phone").fill("9876543210");
  await shopper.getByLabel("Address Line 1").fill("3 Rajwada Chowk");
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await expect(shopper.getByText("Order placed successfully!")).toBeVisible();
  await shopperContext.close();

  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("/admin/dashboard");
  for (const path of [
    "/admin/dashboard",
    "/admin/products",
    "/admin/orders",
    "/admin/customers",
    "/admin/coupons",
    "/admin/reviews",
    "/admin/categories",
    "/admin/settings",
    "/admin/audit-log",
  ]) {
    await load(page, path);
  }
});
