import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { formatIstDate } from "../../app/domain/india-time";
import { seedProducts, seedReviews } from "../../db/seed/catalog-data";
import { signedInTest } from "./fixtures";
import { signInWithoutScript, signUp, waitForHydration } from "./helpers";

const DAY_MS = 24 * 60 * 60 * 1000;
const MAULI = seedProducts.find((p) => p.slug === "mauli-shatavaryadi-kalpa")!;

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** The product's id, read from its card link on /products (the list links by id). */
async function productIdOf(page: Page, name: string) {
  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  const href = await page
    .getByRole("main")
    .getByRole("article")
    .getByRole("link", { name, exact: true })
    .getAttribute("href");
  const id = /^\/product\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  expect(id, `id link of ${name}`).toBeTruthy();
  return id!;
}

async function jsonLd(page: Page) {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  return JSON.parse((await scripts.textContent()) ?? "") as {
    "@type": string;
    name: string;
    offers: { priceCurrency: string; price: string; availability: string };
  };
}

/** Opens the Reviews tab of a product, hydrated, so the form posts through the fetcher. */
async function openReviews(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Reviews" }).click();
  await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
  return page.getByRole("tabpanel", { name: "Reviews" });
}

test.describe("product page", () => {
  test("opens by slug and by id, with name, rating, prices, badge, certifications and stock", async ({
    page,
  }) => {
    const id = await productIdOf(page, MAULI.name);
    for (const path of [`/product/${MAULI.slug}`, `/product/${id}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(MAULI.name);
      // Ratings 5, 5 and 4 -> 4.67 -> 4.7.
      await expect(page.getByRole("img", { name: "Rated 4.7 out of 5" }).first()).toBeVisible();
      await expect(page.getByText("4.7 (3 reviews)")).toBeVisible();
      await expect(page.getByText("₹399", { exact: true })).toBeVisible();
      await expect(page.getByText("Original price ₹449")).toBeVisible();
      await expect(page.getByText("11% OFF", { exact: true })).toBeVisible();
      await expect(page.getByText(MAULI.description)).toBeVisible();
      await expect(
        page.getByRole("list", { name: "Certifications" }).getByRole("listitem"),
      ).toHaveText(MAULI.certifications);
      await expect(page.getByText("In Stock", { exact: true })).toBeVisible();
      for (const note of ["Free Shipping above ₹999", "100% Authentic", "Quality Tested"]) {
        await expect(page.getByText(note)).toBeVisible();
      }
      // Both addresses name the same canonical page, by slug.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`^https?://[^/]+/product/${MAULI.slug}$`),
      );
    }
  });

  test("embeds structured data with INR and availability, og:title and a canonical link", async ({
    page,
  }) => {
    await page.goto(`/product/${MAULI.slug}`);
    const data = await jsonLd(page);
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(MAULI.name);
    expect(data.offers.priceCurrency).toBe("INR");
    expect(data.offers.price).toBe("399.00");
    expect(data.offers.availability).toBe("https://schema.org/InStock");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", MAULI.name);
    await expect(page).toHaveTitle(`${MAULI.name} | Satara Ayurveda`);

    await page.goto("/product/lasuna-capsule");
    const outOfStock = await jsonLd(page);
    expect(outOfStock.offers.priceCurrency).toBe("INR");
    expect(outOfStock.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  test("the out-of-stock Lasuna Capsule shows 'Out of Stock' and cannot be added", async ({
    page,
  }) => {
    await page.goto("/product/lasuna-capsule");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lasuna Capsule");
    await expect(page.getByRole("paragraph").filter({ hasText: /^Out of Stock$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    await expect(page.getByLabel("Quantity")).toHaveCount(0);
    // No discount price: no badge and no struck price.
    await expect(page.getByText(/% OFF/)).toHaveCount(0);
  });

  test("the quantity stepper stays within 1 to 10", async ({ page }) => {
    await page.goto(`/product/${MAULI.slug}`);
    await waitForHydration(page);
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    for (let expected = 2; expected <= 10; expected++) {
      await plus.click();
      await expect(quantity).toHaveValue(String(expected));
    }
    await expect(plus).toBeDisabled();
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(quantity).toHaveValue("9");
    await expect(plus).toBeEnabled();
    // Typing beyond the limit is held at 10.
    await quantity.fill("25");
    await expect(quantity).toHaveValue("10");
  });

  signedInTest(
    "a customer adds the chosen quantity to the cart and saves the product",
    async ({ page }) => {
      await page.goto(`/product/${MAULI.slug}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Increase quantity" }).click();
      await page.getByRole("button", { name: "Increase quantity" }).click();
      await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(toasts(page).getByText("Added to cart")).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

      await page.getByRole("button", { name: `Add to Wishlist, ${MAULI.name}` }).click();
      await expect(toasts(page).getByText("Added to wishlist")).toBeVisible();
      await expect(
        page.getByRole("button", { name: `Saved, remove ${MAULI.name} from wishlist` }),
      ).toHaveText("Saved");
      await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    },
  );

  signedInTest(
    "the cart holds at most 10 of a product: adding more is refused with a message",
    async ({ page }) => {
      await page.goto(`/product/${MAULI.slug}`);
      await waitForHydration(page);
      await page.getByRole("spinbutton", { name: "Quantity" }).fill("10");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(toasts(page).getByText("Added to cart")).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 10 items" })).toBeVisible();

      await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(toasts(page).getByText(`You can buy at most 10 of ${MAULI.name}`)).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 10 items" })).toBeVisible();
    },
  );

  test("without JavaScript, the quantity is a number field from 1 to 10 and Add to Cart adds what is typed", async ({
    page,
    browser,
  }) => {
    const { plain, context } = await signInWithoutScript(page, browser);
    await plain.goto(`/product/${MAULI.slug}`);
    const quantity = plain.getByRole("spinbutton", { name: "Quantity" });
    await expect(quantity).toHaveAttribute("min", "1");
    await expect(quantity).toHaveAttribute("max", "10");
    await quantity.fill("3");
    await plain.getByRole("button", { name: "Add to Cart" }).click();
    await expect(plain).toHaveURL("/cart");
    await expect(plain.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
    const line = plain.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
    await expect(line.getByRole("spinbutton")).toHaveValue("3");
    await context.close();
  });

  test("the gallery steps through the images with wrap-around and zooms", async ({ page }) => {
    await page.goto(`/product/${MAULI.slug}`);
    await waitForHydration(page);
    const thumbnails = page.getByRole("list", { name: "Images" }).getByRole("button");
    await expect(thumbnails).toHaveCount(2);
    const first = page.getByRole("button", { name: "Show image 1 of 2" });
    const second = page.getByRole("button", { name: "Show image 2 of 2" });
    const closeUp = `${MAULI.name}, label close-up`;
    await expect(first).toHaveAttribute("aria-current", "true");
    await expect(second).not.toHaveAttribute("aria-current", /.*/);
    await expect(page.getByRole("img", { name: MAULI.name, exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Next image" }).click();
    await expect(second).toHaveAttribute("aria-current", "true");
    await expect(first).not.toHaveAttribute("aria-current", /.*/);
    await expect(page.getByRole("img", { name: closeUp })).toBeVisible();

    await page.getByRole("button", { name: "Next image" }).click();
    await expect(first).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("img", { name: MAULI.name, exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Previous image" }).click();
    await expect(second).toHaveAttribute("aria-current", "true");

    await first.click();
    await expect(first).toHaveAttribute("aria-current", "true");

    await page.getByRole("button", { name: "Zoom image" }).click();
    const dialog = page.getByRole("dialog", { name: MAULI.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: MAULI.name, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("pictures: AVIF then WebP at the width needed, sized, the main one first and the rest lazily", async ({
    page,
  }) => {
    await page.goto(`/product/${MAULI.slug}`);
    const variants = (format: string) =>
      new RegExp(
        `^${[320, 640, 1024].map((w) => `/images/[0-9a-f-]{36}/[0-9a-f]{16}/${w}\\.${format} ${w}w`).join(", ")}$`,
      );
    const main = page.getByRole("img", { name: MAULI.name, exact: true });
    const picture = main.locator("xpath=..");
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      variants("avif"),
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
      "srcset",
      variants("webp"),
    );
    await expect(main).toHaveAttribute("width", "1024");
    await expect(main).toHaveAttribute("height", "1024");
    await expect(main).toHaveAttribute("fetchpriority", "high");
    await expect(main).not.toHaveAttribute("loading", /.*/);

    // Chromium takes the AVIF, served for good under its hashed URL.
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth && img.currentSrc))
      .toMatch(/\.avif$/);
    const src = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
    const response = await page.request.get(src);
    expect(response.headers()["content-type"]).toBe("image/avif");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    // The thumbnails under it wait until they are near, and are sized like every product picture.
    const thumbnails = page.getByRole("list", { name: "Images" }).locator("img");
    await expect(thumbnails).toHaveCount(2);
    for (const thumbnail of await thumbnails.all()) {
      await expect(thumbnail).toHaveAttribute("loading", "lazy");
      await expect(thumbnail).toHaveAttribute("decoding", "async");
      await expect(thumbnail).not.toHaveAttribute("fetchpriority", /.*/);
    }
    for (const img of await page.locator("main picture img").all()) {
      await expect(img).toHaveAttribute("width", /^\d+$/);
      await expect(img).toHaveAttribute("height", /^\d+$/);
    }
  });

  test("the stylesheet and main picture are fetched ahead of the scripts, which hydrate as preloaded", async ({
    page,
  }) => {
    const html = await (await page.request.get(`/product/${MAULI.slug}`)).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(1);
    for (const preload of preloads) expect(preload).toContain('fetchPriority="low"');
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('rel="modulepreload"'));

    // The priorities Chromium fetched with, as its network log reports them.
    const priorities = new Map<string, string>();
    const network = await page.context().newCDPSession(page);
    network.on("Network.requestWillBeSent", ({ request }) =>
      priorities.set(new URL(request.url).pathname, request.initialPriority),
    );
    await network.send("Network.enable");
    await page.goto(`/product/${MAULI.slug}`);
    await waitForHydration(page);
    const main = page.getByRole("img", { name: MAULI.name, exact: true });
    const picture = new URL(await main.evaluate((img: HTMLImageElement) => img.currentSrc))
      .pathname;
    expect(priorities.get(picture)).toBe("High");
    const scripts = preloads.map((preload) => /href="([^"]+)"/.exec(preload)?.[1] ?? preload);
    for (const script of scripts) expect(priorities.get(script), script).toBe("Low");
    const stylesheet = [...priorities.keys()].find((path) => path.endsWith(".css"))!;
    expect(priorities.get(stylesheet)).toBe("VeryHigh");

    // Hydration renders no preloads of its own (React Router drops them once the page is
    // hydrated): any left in the document are the server's, at low priority, each once.
    const left = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) =>
        links.map((link) => `${link.getAttribute("href")} ${link.getAttribute("fetchpriority")}`),
      );
    const ours = left.filter((link) => scripts.some((script) => link.startsWith(`${script} `)));
    expect(ours.filter((link) => !link.endsWith(" low"))).toEqual([]);
    expect(new Set(ours).size).toBe(ours.length);
  });

  test("a listing fetches its first row of pictures first and the rest lazily", async ({
    page,
  }) => {
    await page.goto("/products");
    const pictures = page.getByRole("main").getByRole("article").locator("picture img");
    await expect(pictures.nth(4)).toBeAttached();
    for (const index of [0, 1, 2, 3]) {
      await expect(pictures.nth(index)).toHaveAttribute("fetchpriority", "high");
      await expect(pictures.nth(index)).not.toHaveAttribute("loading", /.*/);
    }
    await expect(pictures.nth(4)).toHaveAttribute("loading", "lazy");
    await expect(pictures.nth(4)).not.toHaveAttribute("fetchpriority", /.*/);
  });

  test("tabs: Benefits by default, then Ingredients, Dosage with Ayurvedic Properties", async ({
    page,
  }) => {
    await page.goto(`/product/${MAULI.slug}`);
    await waitForHydration(page);
    await expect(page.getByRole("tab", { name: "Benefits" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const benefits = page.getByRole("tabpanel", { name: "Benefits" });
    await expect(benefits.getByText("Supports healthy lactation")).toBeVisible();

    await page.getByRole("tab", { name: "Ingredients" }).click();
    const ingredients = page.getByRole("tabpanel", { name: "Ingredients" });
    await expect(ingredients.getByText("Jeevanti (Leptadenia reticulata)")).toBeVisible();
    await expect(page).toHaveURL(/\?tab=ingredients$/);

    await page.getByRole("tab", { name: "Dosage" }).click();
    const dosage = page.getByRole("tabpanel", { name: "Dosage" });
    await expect(dosage.getByRole("heading", { name: "Ayurvedic Properties" })).toBeVisible();
    await expect(dosage.getByText(MAULI.ayurvedicProperties)).toBeVisible();
    await expect(dosage.getByText(MAULI.dosageInstructions)).toBeVisible();
  });

  test("Reviews: breakdown from 5 to 1 star, dated reviews by name, and a Helpful toggle", async ({
    page,
  }) => {
    const panel = await openReviews(page, MAULI.slug);
    // Demo ratings 5, 5 and 4.
    await expect(
      panel.getByRole("list", { name: "Rating breakdown" }).getByRole("listitem"),
    ).toHaveText([
      /^5 star\s*2 \(67%\)$/,
      /^4 star\s*1 \(33%\)$/,
      /^3 star\s*0 \(0%\)$/,
      /^2 star\s*0 \(0%\)$/,
      /^1 star\s*0 \(0%\)$/,
    ]);
    await expect(panel.getByText("Based on 3 reviews")).toBeVisible();

    for (const review of seedReviews.filter((r) => r.productSlug === MAULI.slug)) {
      const item = panel.getByRole("listitem").filter({ hasText: review.comment });
      await expect(item.getByText(review.authorName, { exact: true })).toBeVisible();
      const date = await item.locator("time").textContent();
      expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      const now = Date.now();
      expect(
        [0, 1].map((d) => formatIstDate(new Date(now - (review.daysAgo + d) * DAY_MS))),
      ).toContain(date);
    }

    const item = panel.getByRole("listitem").filter({ hasText: "Snehal Kulkarni" });
    await item.getByRole("button", { name: "Helpful (0)" }).click();
    const helpful = item.getByRole("button", { name: "Helpful (1)" });
    await expect(helpful).toHaveAttribute("aria-pressed", "true");
    await helpful.click();
    await expect(item.getByRole("button", { name: "Helpful (0)" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("a product nobody has reviewed says 'No reviews yet', not '0.0 (0)' and empty stars", async ({
    page,
  }) => {
    // Lavangadi Vati has no demo reviews.
    await page.goto("/products?search=Lavangadi");
    const card = page.getByRole("main").getByRole("article").filter({ hasText: "Lavangadi Vati" });
    await expect(card.getByText("No reviews yet", { exact: true })).toBeVisible();
    await expect(card).not.toContainText("0.0 (0)");
    await expect(card.getByRole("img", { name: /^Rated/ })).toHaveCount(0);

    const panel = await openReviews(page, "lavangadi-vati");
    const main = page.getByRole("main");
    await expect(main.getByText("No reviews yet", { exact: true })).toHaveCount(2);
    await expect(main.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
    await expect(panel.getByText("Based on 0 reviews")).toHaveCount(0);
  });

  test("an unknown product says 'Product not found' with HTTP 404 and a way back", async ({
    page,
  }) => {
    const response = await page.goto("/product/no-such-remedy");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Browse Products" }).click();
    await expect(page).toHaveURL("/products");
  });

  test("renders on the server without JavaScript, tabs included", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/product/${MAULI.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MAULI.name);
    await expect(page.getByText("11% OFF", { exact: true })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Product details" })
      .getByRole("link", { name: "Reviews" })
      .click();
    await expect(page).toHaveURL(`/product/${MAULI.slug}?tab=reviews`);
    await expect(page.getByText("Based on 3 reviews")).toBeVisible();
    await expect(page.getByText("Snehal Kulkarni")).toBeVisible();
    await context.close();
  });
});

test.describe("writing a review", () => {
  // A product with no demo reviews, so pending reviews are easy to tell apart.
  const PRODUCT = seedProducts.find((p) => p.slug === "neem-capsule")!;

  async function fillReview(
    page: Page,
    input: { stars?: number; title?: string; comment: string },
  ) {
    const panel = page.getByRole("tabpanel", { name: "Reviews" });
    if (input.stars) {
      // The radio is visually hidden; people click its star, which is the radio's label.
      const name = `${input.stars} ${input.stars === 1 ? "star" : "stars"}`;
      await panel
        .locator("label")
        .filter({ has: page.getByRole("radio", { name }) })
        .click();
      await expect(panel.getByRole("radio", { name })).toBeChecked();
    }
    if (input.title !== undefined) await panel.getByLabel("Title (optional)").fill(input.title);
    await panel.getByLabel("Your review").fill(input.comment);
    await panel.getByRole("button", { name: "Submit Review" }).click();
  }

  test("a visitor is asked to sign in", async ({ page }) => {
    await openReviews(page, PRODUCT.slug);
    await fillReview(page, { stars: 5, comment: "Lovely capsules from a visitor." });
    await expect(toasts(page).getByText("Please sign in", { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText("You need to be signed in to write a review"),
    ).toBeVisible();
  });

  signedInTest("a customer must pick a rating", async ({ page }) => {
    await openReviews(page, PRODUCT.slug);
    await fillReview(page, { comment: "Forgot to choose the stars." });
    await expect(toasts(page).getByText("Please select a rating")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "approved" })).toHaveCount(0);
  });

  test("a valid review is accepted, clears the form and waits for approval; a second is refused", async ({
    page,
  }) => {
    await signUp(page, { fullName: "Review Writer" });
    const panel = await openReviews(page, PRODUCT.slug);
    const comment = `Clear skin within a month (${randomUUID().slice(0, 8)}).`;
    await fillReview(page, { stars: 4, title: "Works gently", comment });
    await expect(toasts(page).getByText("Review submitted!")).toBeVisible();
    await expect(toasts(page).getByText("Thank you for your feedback")).toBeVisible();
    await expect(
      panel.getByText("Thank you! Your review will appear here once it has been approved."),
    ).toBeVisible();
    await expect(panel.getByLabel("Your review")).toHaveValue("");
    await expect(panel.getByLabel("Title (optional)")).toHaveValue("");
    await expect(panel.getByRole("radio", { name: "4 stars" })).not.toBeChecked();

    // Pending approval: not listed, not even after a reload.
    await expect(panel.getByText(comment)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("tabpanel", { name: "Reviews" })).toBeVisible();
    await expect(page.getByText(comment)).toHaveCount(0);
    await expect(page.getByText("Review Writer")).toHaveCount(0);

    await waitForHydration(page);
    await fillReview(page, { stars: 5, comment: "Trying to review it twice." });
    await expect(toasts(page).getByText("Failed to submit review")).toBeVisible();
    await expect(toasts(page).getByText("You have already reviewed this product")).toBeVisible();
  });

  test("without JavaScript, a valid review is confirmed with 'Review submitted!'", async ({
    page,
    browser,
  }) => {
    await signUp(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const noScript = await context.newPage();
    await noScript.goto(`/product/${PRODUCT.slug}?tab=reviews`);
    const panel = noScript.getByRole("tabpanel", { name: "Reviews" });
    await panel
      .locator("label")
      .filter({ has: noScript.getByRole("radio", { name: "5 stars" }) })
      .click();
    await panel.getByLabel("Your review").fill("Posted from a browser without JavaScript.");
    await panel.getByRole("button", { name: "Submit Review" }).click();
    await expect(
      noScript.getByRole("status").filter({ hasText: "Review submitted!" }),
    ).toContainText("Thank you for your feedback");
    await context.close();
  });
});
