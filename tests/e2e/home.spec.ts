import { expect, type Page, test } from "@playwright/test";
import { formatIstShortDate } from "../../app/domain/india-time";
import { seedCategories, seedProducts, seedReviews } from "../../db/seed/catalog-data";
import { waitForHydration } from "./helpers";

// The offers' headline rotates as a shopper sees it (the suite's default is reduced motion).
test.use({ reducedMotion: "no-preference" });

/** The demo catalog the e2e server starts with (db/seed/catalog-data.ts). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** ₹1,049 for 104900 paise (the demo prices are whole rupees). */
function rupees(paise: number) {
  return `₹${(paise / 100).toLocaleString("en-IN")}`;
}

/** The rating shown for a demo product: the mean of its seed reviews, to one decimal. */
function demoRating(slug: string) {
  const ratings = seedReviews.filter((r) => r.productSlug === slug).map((r) => r.rating);
  const mean = ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : 0;
  return { text: (Math.round(mean * 100) / 100).toFixed(1), count: ratings.length };
}

/** The expiry shown for a coupon seeded `days` ahead when the server started (a little earlier). */
function expiryCandidates(days: number) {
  const now = Date.now();
  return [0, 1].map(
    (back) => `Valid till ${formatIstShortDate(new Date(now + (days - back) * DAY_MS))}`,
  );
}

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

test.describe("hero", () => {
  test("'Shop Now' goes to /products", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Authentic Ayurveda for everyday wellness" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { name: "Our Products" })).toBeVisible();
  });

  test("'Learn More' goes to /about", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL("/about");
  });
});

test.describe("special offers", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("show exactly the active, unexpired demo coupons with their terms", async ({ page }) => {
    await page.goto("/");
    const offers = page.getByRole("region", { name: "Special Offers" });
    await expect(offers).toBeVisible();
    // Newest first: HEALTH15 (6 days old), AYUR250 (10), WELCOME10 (120); MONSOON20 is inactive.
    const cards = offers.getByRole("article");
    await expect(cards).toHaveCount(3);
    await expect(offers.getByRole("code")).toHaveText(["HEALTH15", "AYUR250", "WELCOME10"]);
    await expect(offers.getByText("MONSOON20")).toHaveCount(0);

    const health = cards.filter({ hasText: "HEALTH15" });
    await expect(health.getByText("15% OFF")).toBeVisible();
    await expect(health.getByText(/^Limited: \d+ left$/)).toBeVisible();
    const left = Number(/\d+/.exec((await health.getByText(/^Limited:/).textContent()) ?? "")?.[0]);
    expect(left).toBeLessThanOrEqual(50);
    await expect(health.getByText("Minimum order: ₹999", { exact: true })).toBeVisible();
    await expect(health.getByText("Maximum discount: ₹300", { exact: true })).toBeVisible();
    const healthExpiry = health.getByText(/^Valid till \d{2}\/\d{2}\/\d{2}$/);
    await expect(healthExpiry).toBeVisible();
    expect(expiryCandidates(30)).toContain(await healthExpiry.textContent());

    const ayur = cards.filter({ hasText: "AYUR250" });
    await expect(ayur.getByText("₹250 OFF")).toBeVisible();
    await expect(ayur.getByText(/^Limited: \d+ left$/)).toBeVisible();
    await expect(ayur.getByText("Minimum order: ₹1,499", { exact: true })).toBeVisible();
    await expect(ayur.getByText(/^Maximum discount/)).toHaveCount(0);
    const ayurExpiry = ayur.getByText(/^Valid till \d{2}\/\d{2}\/\d{2}$/);
    await expect(ayurExpiry).toBeVisible();
    expect(expiryCandidates(60)).toContain(await ayurExpiry.textContent());

    const welcome = cards.filter({ hasText: "WELCOME10" });
    await expect(welcome.getByText("10% OFF")).toBeVisible();
    await expect(welcome.getByText("Unlimited", { exact: true })).toBeVisible();
    await expect(welcome.getByText("Minimum order: ₹499", { exact: true })).toBeVisible();
    await expect(welcome.getByText("Maximum discount: ₹200", { exact: true })).toBeVisible();
    await expect(welcome.getByText("No expiry", { exact: true })).toBeVisible();
  });

  test("Copy puts the code on the clipboard, says 'Copied' for about 2 s and toasts", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const card = page
      .getByRole("region", { name: "Special Offers" })
      .getByRole("article")
      .filter({ hasText: "WELCOME10" });
    await card.getByRole("button", { name: "Copy code WELCOME10" }).click();
    const clickedAt = Date.now();
    const copied = card.getByRole("button", { name: "Copied WELCOME10" });
    await expect(copied).toHaveText("Copied");
    await expect(toasts(page).getByText("Coupon code copied")).toBeVisible();
    await expect(
      toasts(page).getByText("Use code WELCOME10 at checkout to save money!"),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("WELCOME10");

    await expect(card.getByRole("button", { name: "Copy code WELCOME10" })).toHaveText("Copy");
    const shownFor = Date.now() - clickedAt;
    expect(shownFor).toBeGreaterThan(1500);
    expect(shownFor).toBeLessThan(5000);
  });
});

test("shop by category: every category with its product count links to /category/{slug}", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Shop by Category" });
  await expect(section.getByRole("link")).toHaveCount(seedCategories.length);
  for (const category of seedCategories) {
    const count = seedProducts.filter((p) => p.categorySlug === category.slug).length;
    const link = section.getByRole("link", {
      name: `${category.name} ${count} ${count === 1 ? "product" : "products"}`,
    });
    await expect(link).toHaveAttribute("href", `/category/${category.slug}`);
    await expect(link.getByRole("heading", { name: category.name })).toBeVisible();
  }
  await section.getByRole("link", { name: /^Joint Care/ }).click();
  await expect(page).toHaveURL("/category/joint-care");
  await expect(page.getByRole("heading", { level: 1, name: "Joint Care" })).toBeVisible();
});

test.describe("featured products", () => {
  const featured = seedProducts
    .filter((p) => p.isFeatured)
    .sort((a, b) => a.createdDaysAgo - b.createdDaysAgo)
    .slice(0, 5);

  test("five cards with badges, savings, rating, prices and links by slug", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Featured Products" });
    const cards = section.getByRole("listitem");
    await expect(cards).toHaveCount(5);
    const badges = ["Bestseller", "Popular", "New"];
    for (const [index, product] of featured.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { name: product.name })).toBeVisible();
      for (const [badgeIndex, badge] of badges.entries()) {
        await expect(card.getByText(badge, { exact: true })).toHaveCount(
          badgeIndex === index ? 1 : 0,
        );
      }
      expect(product.discountPrice).not.toBeNull();
      const discount = product.discountPrice ?? product.price;
      await expect(card.getByText(`Save ${rupees(product.price - discount)}`)).toBeVisible();
      const rating = demoRating(product.slug);
      await expect(card.getByRole("img", { name: `Rated ${rating.text} out of 5` })).toBeVisible();
      await expect(card.getByText(`${rating.text} (${rating.count})`)).toBeVisible();
      await expect(card.getByText(rupees(discount), { exact: true })).toBeVisible();
      await expect(card.locator("s")).toHaveText(`Original price ${rupees(product.price)}`);
      await expect(card.getByRole("link", { name: product.name, exact: true })).toHaveAttribute(
        "href",
        `/product/${product.slug}`,
      );
      await expect(
        card.getByRole("link", { name: `View Product, ${product.name}` }),
      ).toHaveAttribute("href", `/product/${product.slug}`);
    }
  });

  test("the first card shows Mauli Shatavaryadi Kalpa at ₹399 instead of ₹449, saving ₹50", async ({
    page,
  }) => {
    await page.goto("/");
    const card = page
      .getByRole("region", { name: "Featured Products" })
      .getByRole("listitem")
      .first();
    await expect(card.getByRole("heading")).toHaveText("Mauli Shatavaryadi Kalpa");
    await expect(card.getByText("Bestseller")).toBeVisible();
    await expect(card.getByText("Save ₹50")).toBeVisible();
    await expect(card.getByText("₹399", { exact: true })).toBeVisible();
    await expect(card.getByText("4.7 (3)")).toBeVisible();
    await card.getByRole("link", { name: "Mauli Shatavaryadi Kalpa", exact: true }).click();
    await expect(page).toHaveURL("/product/mauli-shatavaryadi-kalpa");
    await expect(
      page.getByRole("heading", { level: 1, name: "Mauli Shatavaryadi Kalpa" }),
    ).toBeVisible();
  });

  test("'View All Products' goes to /products", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View All Products" }).click();
    await expect(page).toHaveURL("/products");
  });
});

test("three customer testimonials with name, location, five stars and initials", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "What Our Customers Say" });
  const items = section.getByRole("listitem");
  await expect(items).toHaveCount(3);
  for (const [index, [name, location, initials]] of [
    ["Sunita Deshpande", "Pune, Maharashtra", "SD"],
    ["Rajesh Kulkarni", "Satara, Maharashtra", "RK"],
    ["Anjali Mehta", "Mumbai, Maharashtra", "AM"],
  ].entries()) {
    const item = items.nth(index);
    await expect(item.getByText(name!, { exact: true })).toBeVisible();
    await expect(item.getByText(location!, { exact: true })).toBeVisible();
    await expect(item.getByText(initials!, { exact: true })).toBeVisible();
    await expect(item.getByRole("img", { name: "Rated 5.0 out of 5" })).toBeVisible();
  }
});

test("the home page renders on the server, offers and products included, without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");
  await expect(
    page.getByRole("region", { name: "Special Offers" }).getByRole("article"),
  ).toHaveCount(3);
  await expect(
    page.getByRole("region", { name: "Featured Products" }).getByRole("listitem"),
  ).toHaveCount(5);
  await context.close();
});
