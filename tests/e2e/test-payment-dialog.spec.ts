import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signUp, waitForHydration } from "./helpers";

// The dialog and its backdrop fade in as a shopper sees them (the suite's default is reduced motion).
test.use({ reducedMotion: "no-preference" });

// A product no other spec buys, so its stock here is this file's own.
const PRODUCT = { slug: "agastya-haritaki-rasayana", name: "Agastya Haritaki Rasayana" };
// Points in the page's margin, outside the dialog: cream (#fbf8f1) when nothing covers them.
const MARGIN_POINTS = [
  { x: 6, y: 200 },
  { x: 6, y: 620 },
];

test.describe.configure({ timeout: 90_000 });

/** The brightest colour channel at each point of what the screen shows. */
async function brightnessAt(screenshot: Buffer, points: { x: number; y: number }[]) {
  const { data, info } = await sharp(screenshot).raw().toBuffer({ resolveWithObject: true });
  return points.map(({ x, y }) => {
    const at = (y * info.width + x) * info.channels;
    return Math.max(data[at]!, data[at + 1]!, data[at + 2]!);
  });
}

test("the test gateway's payment dialog dims the page behind it", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, { fullName: "Meera Backdrop" });
  await page.goto(`/product/${PRODUCT.slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("12 Shivaji Nagar, Rajwada");
  await page.getByLabel(/Card Payment/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: /Card payment/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Test mode")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Pay ₹/ })).toBeEnabled();

  // Once the backdrop has faded in and stays, the page's light margin shows darkened.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const screenshot = await page.screenshot();
  expect(Math.max(...(await brightnessAt(screenshot, MARGIN_POINTS)))).toBeLessThan(160);
  await testInfo.attach("test payment dialog at 390 px", {
    body: screenshot,
    contentType: "image/png",
  });

  // Closed, the same margin is light again; the checkout shows the order awaiting payment.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("region", { name: "Payment not completed" })).toBeVisible();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const after = await brightnessAt(await page.screenshot(), MARGIN_POINTS);
  expect(Math.min(...after)).toBeGreaterThan(230);
});
