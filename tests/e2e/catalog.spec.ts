import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  type SeedProduct,
  seedCategories,
  seedPackSizes,
  seedProducts,
} from "../../db/seed/catalog-data";
import { BASE_URL } from "./config";
import { signedInTest } from "./fixtures";
import { PASSWORD, productIdOverHttp, signUp, uniqueEmail, waitForHydration } from "./helpers";

/** The demo catalog the e2e server starts with (db/seed/catalog-data.ts). */
const PAGE_SIZE = 24;
const JOINT_CARE = seedProducts.filter((p) => p.categorySlug === "joint-care").map((p) => p.name);

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

function productCards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/** Name, displayed price (₹, to pay) and displayed rating of every card on the page, in order. */
async function readCards(cards: Locator) {
  // One read of the whole grid, so a page still re-rendering cannot mix two grids.
  const read = await cards.evaluateAll((elements) =>
    elements.map((element) => ({
      name: element.querySelector("h2, h3")?.textContent ?? "",
      text: element.textContent ?? "",
    })),
  );
  return read.map(({ name, text }) => {
    const price = /₹([\d,]+(?:\.\d+)?)/.exec(text)?.[1];
    const rating = /(\d\.\d) \((\d+)\)/.exec(text);
    const unrated = text.includes("No reviews yet");
    if (!price || (!rating && !unrated)) throw new Error(`Unreadable product card: ${text}`);
    return {
      name: name.trim(),
      price: Number(price.replaceAll(",", "")),
      rating: rating ? Number(rating[1]) : 0,
      text,
    };
  });
}

/**
 * The size a demo product's card reads its price from (docs/decisions/071): the cheapest size in
 * stock, else the cheapest; a product of one size is its own.
 */
function cardSize(product: SeedProduct) {
  const sizes = [product, ...(seedPackSizes[product.slug]?.more ?? [])];
  const toPay = (size: (typeof sizes)[number]) => size.discountPrice ?? size.price;
  const inStock = sizes.filter((size) => size.stockQuantity > 0);
  return (inStock.length ? inStock : sizes).reduce((cheapest, size) =>
    toPay(size) < toPay(cheapest) ? size : cheapest,
  );
}

/** The total from the list's "N products" status line. */
async function listedTotal(page: Page) {
  const line = page.getByText(/^\d+ products?$/);
  return Number(/\d+/.exec((await line.textContent()) ?? "")?.[0]);
}

/**
 * A category's id, from the category page's link to the searchable product list, read from the
 * page's HTML (the category page itself is opened in "categories").
 */
async function categoryId(page: Page, slug: string): Promise<string> {
  const response = await page.request.get(`/category/${slug}`);
  expect(response.status()).toBe(200);
  const ids = new Set(
    [...(await response.text()).matchAll(/href="\/products\?category=([0-9a-f-]{36})"/g)].map(
      (match) => match[1],
    ),
  );
  expect(ids.size, `the page of ${slug} links to one category's product list`).toBe(1);
  return [...ids][0]!;
}

test.describe("product list", () => {
  test("has the heading, tagline and one page of 24 cards linking to /product/{id}", async ({
    page,
  }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Our Products" })).toBeVisible();
    await expect(page.getByText("Discover authentic Ayurvedic wellness solutions")).toBeVisible();
    await expect(productCards(page)).toHaveCount(PAGE_SIZE);
    expect(await listedTotal(page)).toBeGreaterThanOrEqual(seedProducts.length);

    const card = productCards(page).filter({ hasText: "Mauli Shatavaryadi Kalpa" });
    const title = card.getByRole("link", { name: "Mauli Shatavaryadi Kalpa", exact: true });
    const href = await title.getAttribute("href");
    expect(href).toMatch(/^\/product\/[0-9a-f-]{36}$/);
    await expect(card.getByRole("link", { name: "View Mauli Shatavaryadi Kalpa" })).toHaveAttribute(
      "href",
      href!,
    );
    await title.click();
    await expect(page).toHaveURL(href!);
    await expect(
      page.getByRole("heading", { level: 1, name: "Mauli Shatavaryadi Kalpa" }),
    ).toBeVisible();
  });

  test("cards show the rounded '% OFF' badge, the price to pay and the struck original", async ({
    page,
  }) => {
    await page.goto("/products");
    for (let pageNumber = 1; pageNumber <= 2; pageNumber++) {
      if (pageNumber === 2) {
        await page
          .getByRole("navigation", { name: "Pagination" })
          .getByRole("link", { name: "Page 2" })
          .click();
        await expect(page).toHaveURL("/products?page=2");
        await expect(productCards(page)).toHaveCount((await listedTotal(page)) - PAGE_SIZE);
        await expect(
          page
            .getByRole("navigation", { name: "Pagination" })
            .getByRole("link", { name: "Page 2" }),
        ).toHaveAttribute("aria-current", "page");
      }
      const cards = await readCards(productCards(page));
      for (const card of cards) {
        const seeded = seedProducts.find((p) => p.name === card.name);
        if (!seeded) continue; // added by someone else while the tests run
        const product = cardSize(seeded);
        const toPay = (product.discountPrice ?? product.price) / 100;
        expect(card.price, card.name).toBe(toPay);
        if (product.discountPrice === null) {
          expect(card.text, card.name).not.toMatch(/% OFF|Original price/);
        } else {
          const percent = Math.round(
            ((product.price - product.discountPrice) / product.price) * 100,
          );
          expect(card.text, card.name).toContain(`${percent}% OFF`);
          expect(card.text, card.name).toContain(
            `Original price ₹${(product.price / 100).toLocaleString("en-IN")}`,
          );
        }
      }
    }
    // Mauli Shatavaryadi Kalpa: (449 - 399) / 449 = 11.1% -> 11% OFF.
    await page.goto("/products?search=Mauli");
    await expect(productCards(page).first().getByText("11% OFF")).toBeVisible();
  });

  test("the out-of-stock product's card says so and cannot be added", async ({ page }) => {
    await page.goto("/products?search=Lasuna");
    const card = productCards(page).filter({ hasText: "Lasuna Capsule" });
    const button = card.getByRole("button", { name: "Out of Stock, Lasuna Capsule" });
    await expect(button).toBeDisabled();
    // The visible words come first in the button's name (WCAG 2.5.3 Label in Name).
    await expect(button).toHaveAccessibleName("Out of Stock, Lasuna Capsule");
  });
});

test.describe("search", () => {
  test("typing sets ?search= to the trimmed text and narrows the grid; clearing resets", async ({
    page,
  }) => {
    await page.goto("/products?sort=rating");
    await waitForHydration(page);
    const search = page.getByRole("main").getByLabel("Search products");
    await search.fill("  Shatavari  ");
    await expect(page).toHaveURL("/products?search=Shatavari&sort=rating");
    await expect(
      productCards(page).getByRole("link", { name: "Mauli Shatavaryadi Kalpa", exact: true }),
    ).toBeVisible();
    const matching = seedProducts.filter((p) =>
      [
        p.name,
        p.description,
        p.detailedDescription,
        p.ingredients,
        p.benefits,
        p.ayurvedicProperties,
      ].some((field) => field.toLowerCase().includes("shatavari")),
    );
    expect(matching.length).toBeLessThan(PAGE_SIZE);
    await expect(productCards(page)).toHaveCount(matching.length);
    expect(await listedTotal(page)).toBe(matching.length);
    expect((await readCards(productCards(page))).map((c) => c.name).sort()).toEqual(
      matching.map((p) => p.name).sort(),
    );

    // Blank text clears every parameter, the sort included.
    await search.fill("   ");
    await expect(page).toHaveURL("/products");
    await expect(productCards(page)).toHaveCount(PAGE_SIZE);
  });

  test("finds a product by a word that is only in its ingredients", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    // "Leptadenia" (Jeevanti's botanical name) appears only in Mauli Shatavaryadi Kalpa's ingredients.
    await page.getByRole("main").getByLabel("Search products").fill("leptadenia");
    await expect(page).toHaveURL("/products?search=leptadenia");
    await expect(productCards(page)).toHaveCount(1);
    await expect(productCards(page).getByRole("heading")).toHaveText("Mauli Shatavaryadi Kalpa");
  });

  test("finds a product by a word that is only in its ayurvedic properties", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    // "Anushnasheeta" appears only in Shilajit Capsule's ayurvedic properties.
    await page.getByRole("main").getByLabel("Search products").fill("ANUSHNASHEETA");
    await expect(page).toHaveURL("/products?search=ANUSHNASHEETA");
    await expect(productCards(page)).toHaveCount(1);
    await expect(productCards(page).getByRole("heading")).toHaveText("Shilajit Capsule");
  });

  test("'%' and '_' are searched as text, not as wildcards", async ({ page }) => {
    // No demo product mentions either character.
    for (const text of ["%", "_"]) {
      await page.goto(`/products?search=${encodeURIComponent(text)}`);
      await expect(page.getByText("Sorry, no results found")).toBeVisible();
      await expect(productCards(page)).toHaveCount(0);
    }
  });

  test("a search without matches says 'Sorry, no results found'", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByRole("main").getByLabel("Search products").fill("zzqx-no-such-herb");
    await expect(page).toHaveURL("/products?search=zzqx-no-such-herb");
    await expect(page.getByText("Sorry, no results found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search terms")).toBeVisible();
    await expect(productCards(page)).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });
});

test.describe("sort", () => {
  test("'Price: Low to High' orders by the price to pay, across pages", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    // Lavangadi Vati (₹90) is the cheapest demo product.
    await expect(productCards(page).first().getByRole("heading")).toHaveText("Lavangadi Vati");
    const first = await readCards(productCards(page));
    expect(first).toHaveLength(PAGE_SIZE);
    const prices = first.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Page 2" })
      .click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]sort=price-low(&|$)/);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
    ).toHaveAttribute("aria-current", "page");
    const second = (await readCards(productCards(page))).map((c) => c.price);
    expect(second).toEqual([...second].sort((a, b) => a - b));
    expect(second[0]).toBeGreaterThanOrEqual(prices.at(-1)!);
  });

  test("'Price: High to Low' gives non-increasing prices", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    await expect(page).toHaveURL(/[?&]sort=price-high(&|$)/);
    // Shilajit Capsule (₹1,299) is the dearest demo product.
    await expect(productCards(page).first().getByRole("heading")).toHaveText("Shilajit Capsule");
    const prices = (await readCards(productCards(page))).map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test("'Highest Rated' gives non-increasing ratings", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByLabel("Sort by").selectOption({ label: "Highest Rated" });
    await expect(page).toHaveURL(/[?&]sort=rating(&|$)/);
    // Amla Juice has the only all-five-star rating in the demo.
    await expect(productCards(page).first().getByRole("heading")).toHaveText("Amla Juice");
    const ratings = (await readCards(productCards(page))).map((c) => c.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });
});

test.describe("category filter", () => {
  test("?category=<id> shows only that category's products, and search keeps it", async ({
    page,
  }) => {
    const id = await categoryId(page, "joint-care");
    await page.goto(`/products?category=${id}`);
    await expect(productCards(page)).toHaveCount(JOINT_CARE.length);
    expect((await productCards(page).getByRole("heading").allTextContents()).sort()).toEqual(
      [...JOINT_CARE].sort(),
    );
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

    await waitForHydration(page);
    // Six demo products mention "capsule"; in Joint Care only Shallaki Capsule does.
    await page.getByRole("main").getByLabel("Search products").fill("capsule");
    await expect(page).toHaveURL(`/products?search=capsule&category=${id}`);
    await expect(productCards(page)).toHaveCount(1);
    await expect(productCards(page).getByRole("heading")).toHaveText("Shallaki Capsule");
  });
});

test.describe("without JavaScript", () => {
  test("the list, pagination and search work as plain links and forms", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Our Products" })).toBeVisible();
    await expect(productCards(page)).toHaveCount(PAGE_SIZE);
    const total = await listedTotal(page);
    expect(total).toBeGreaterThanOrEqual(seedProducts.length);
    const firstPage = await productCards(page).getByRole("heading").allTextContents();

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL("/products?page=2");
    await expect(productCards(page)).toHaveCount(total - PAGE_SIZE);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
    ).toHaveAttribute("aria-current", "page");
    const secondPage = await productCards(page).getByRole("heading").allTextContents();
    // The two pages together hold every product once, the whole demo catalog among them.
    const all = [...firstPage, ...secondPage].map((name) => name.trim());
    expect(new Set(all).size).toBe(total);
    for (const product of seedProducts) expect(all).toContain(product.name);

    await page.getByRole("main").getByLabel("Search products").fill("leptadenia");
    await page.getByRole("main").getByLabel("Search products").press("Enter");
    await expect(page).toHaveURL(/\/products\?search=leptadenia/);
    await expect(productCards(page)).toHaveCount(1);
    await expect(productCards(page).getByRole("heading")).toHaveText("Mauli Shatavaryadi Kalpa");
    await context.close();
  });

  test("a visitor's Add to Cart posts the form and lands on /auth with the message", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products?search=Mauli");
    await page.getByRole("button", { name: "Add to Cart, Mauli Shatavaryadi Kalpa" }).click();
    await expect(page).toHaveURL("/auth?redirectTo=%2Fproducts%3Fsearch%3DMauli");
    await expect(
      page.getByRole("status").filter({ hasText: "Please sign in first" }),
    ).toContainText("You need to be signed in to add items to cart");
    await context.close();
  });

  test("a customer's Add to Cart confirms with 'Added to cart' on the page it lands on", async ({
    page,
    browser,
  }) => {
    await signUp(page);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    const noScript = await context.newPage();
    await noScript.goto("/products?search=Mauli");
    await noScript.getByRole("button", { name: "Add to Cart, Mauli Shatavaryadi Kalpa" }).click();
    await expect(noScript.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await expect(noScript.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
    await context.close();
  });

  test("a visitor's heart asks to sign in, and comes back to the page with the product saved after signing up", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products?search=Mauli");
    await page.getByRole("button", { name: "Add Mauli Shatavaryadi Kalpa to wishlist" }).click();
    await expect(page).toHaveURL("/auth?redirectTo=%2Fproducts%3Fsearch%3DMauli");
    await expect(page.getByRole("status").filter({ hasText: "Please sign in!" })).toContainText(
      "You need to be signed in to add items to wishlist",
    );
    await page.getByRole("link", { name: "Create an account" }).click();
    const form = page.locator("form#sign-up");
    await form.getByLabel("Full Name").fill("Sayali Hridaya");
    await form.getByLabel("Email").fill(uniqueEmail());
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Account created successfully!" }),
    ).toContainText("Mauli Shatavaryadi Kalpa was saved to your wishlist.");
    await page.waitForURL("/products?search=Mauli");
    await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Mauli Shatavaryadi Kalpa is in your wishlist" }),
    ).toBeVisible();
    await context.close();
  });

  test("a visitor's heart on a product page comes back there after signing in, the product saved", async ({
    page,
    browser,
  }) => {
    const account = await signUp(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/product/lavangadi-vati");
    await plain.getByRole("button", { name: "Add to Wishlist, Lavangadi Vati" }).click();
    await expect(plain).toHaveURL("/auth?redirectTo=%2Fproduct%2Flavangadi-vati");
    const form = plain.locator("form#sign-in");
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill(account.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(plain).toHaveURL("/product/lavangadi-vati");
    await expect(plain.getByRole("status").filter({ hasText: "Welcome back!" })).toContainText(
      "You have successfully signed in. Lavangadi Vati was saved to your wishlist.",
    );
    await expect(plain.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    await expect(
      plain.getByRole("button", { name: "Saved, remove Lavangadi Vati from wishlist" }),
    ).toHaveText("Saved");
    await context.close();
  });
});

test.describe("add to cart and wishlist from a card", () => {
  const NAME = "Mauli Shatavaryadi Kalpa";

  test("a visitor adding to cart is sent to /auth with 'Please sign in first'", async ({
    page,
  }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Add to Cart, ${NAME}` }).click();
    await expect(page).toHaveURL("/auth?redirectTo=%2Fproducts");
    await expect(toasts(page).getByText("Please sign in first")).toBeVisible();
    await expect(
      toasts(page).getByText("You need to be signed in to add items to cart"),
    ).toBeVisible();
  });

  test("a visitor clicking the heart is asked to sign in", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Add ${NAME} to wishlist` }).click();
    await expect(toasts(page).getByText("Please sign in!")).toBeVisible();
    await expect(
      toasts(page).getByText("You need to be signed in to add items to wishlist"),
    ).toBeVisible();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("button", { name: `Add ${NAME} to wishlist` })).toBeVisible();
  });

  signedInTest(
    "a customer adds to the cart twice, then saves a product; its heart only adds",
    async ({ page }) => {
      await page.goto("/products");
      await waitForHydration(page);
      await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();

      await page.getByRole("button", { name: `Add to Cart, ${NAME}` }).click();
      await expect(toasts(page).getByText("Added to cart")).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();

      await page.getByRole("button", { name: `Add to Cart, ${NAME}` }).click();
      await expect(toasts(page).getByText("Cart updated")).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

      await page.getByRole("button", { name: `Add ${NAME} to wishlist` }).click();
      await expect(toasts(page).getByText("Added to wishlist")).toBeVisible();
      const saved = page.getByRole("button", { name: `${NAME} is in your wishlist` });
      await expect(saved).toBeVisible();
      await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();

      // Still saved after a reload: the heart comes from the server.
      await page.reload();
      await waitForHydration(page);
      await expect(saved).toBeVisible();

      // A card's heart only adds (docs/SPEC.md §4): pressing it again keeps the product saved.
      await saved.click();
      await expect(toasts(page).getByText("Already saved!")).toBeVisible();
      await expect(saved).toBeVisible();
      await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
    },
  );
});

test.describe("cart and wishlist endpoints", () => {
  test("'Already saved!' when the product was saved from another tab", async ({ page }) => {
    await signUp(page);
    const other = await page.context().newPage();
    for (const tab of [page, other]) {
      await tab.goto("/products?search=Mauli");
      await waitForHydration(tab);
    }
    await page.getByRole("button", { name: "Add Mauli Shatavaryadi Kalpa to wishlist" }).click();
    await expect(toasts(page).getByText("Added to wishlist")).toBeVisible();

    // The other tab still shows an empty heart.
    await other.getByRole("button", { name: "Add Mauli Shatavaryadi Kalpa to wishlist" }).click();
    await expect(toasts(other).getByText("Already saved!")).toBeVisible();
    await expect(
      other.getByRole("button", { name: "Mauli Shatavaryadi Kalpa is in your wishlist" }),
    ).toBeVisible();
    await expect(other.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    await other.close();
  });

  test("refuse visitors, unknown products, out-of-stock products and bad quantities", async ({
    page,
  }) => {
    // The ids the product pages' forms post, read from their HTML: only the answers are tested.
    const lasuna = await productIdOverHttp(page.request, "lasuna-capsule");
    const mauli = await productIdOverHttp(page.request, "mauli-shatavaryadi-kalpa");
    const unknown = "00000000-0000-4000-8000-000000000000";
    const add = (productId: string, quantity: string) =>
      page.request.post("/cart", {
        form: { intent: "add", productId, quantity },
        headers: { origin: BASE_URL },
        maxRedirects: 0,
      });

    // A visitor's add is sent to /auth, and waits there: signing up adds it (decision 021).
    const visitorCart = await add(mauli, "1");
    expect(visitorCart.status()).toBe(302);
    expect(visitorCart.headers().location).toMatch(/\/auth$/);

    await signUp(page);
    for (const quantity of ["0", "-1", "11", "1.5", "abc"]) {
      expect((await add(mauli, quantity)).status(), `quantity ${quantity}`).toBe(400);
    }
    expect((await add("not-a-product", "1")).status()).toBe(400);
    expect((await add(unknown, "1")).status()).toBe(409);
    expect((await add(lasuna, "1")).status()).toBe(409);
    const wishlistUnknown = await page.request.post("/wishlist", {
      form: { intent: "add", productId: unknown },
      headers: { origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(wishlistUnknown.status()).toBe(404);

    // None of the refused adds reached the cart or the wishlist.
    await page.goto("/products");
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
    // The last refusal's message is shown on the next page.
    await expect(toasts(page).getByText("Failed to add to wishlist")).toBeVisible();
  });
});

test.describe("categories", () => {
  test("/categories lists every category with its count, linking to /category/{slug}", async ({
    page,
  }) => {
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: "All Categories" })).toBeVisible();
    const main = page.getByRole("main");
    for (const category of seedCategories) {
      const count = seedProducts.filter((p) => p.categorySlug === category.slug).length;
      const link = main.getByRole("link", {
        name: `${category.name} ${count} ${count === 1 ? "product" : "products"}`,
      });
      await expect(link).toHaveAttribute("href", `/category/${category.slug}`);
      await expect(link.getByRole("heading", { level: 2, name: category.name })).toBeVisible();
    }
    await main.getByRole("link", { name: /^Heart Health/ }).click();
    await expect(page).toHaveURL("/category/heart-health");
  });

  test("/category/joint-care shows its heading, description and only its products", async ({
    page,
  }) => {
    const category = seedCategories.find((c) => c.slug === "joint-care")!;
    await page.goto("/category/joint-care");
    await expect(page.getByRole("heading", { level: 1, name: "Joint Care" })).toBeVisible();
    await expect(page.getByText(category.description)).toBeVisible();
    await expect(productCards(page)).toHaveCount(JOINT_CARE.length);
    expect((await productCards(page).getByRole("heading").allTextContents()).sort()).toEqual(
      [...JOINT_CARE].sort(),
    );
    await expect(
      productCards(page).getByRole("link", { name: "Mahanarayan Oil", exact: true }),
    ).toHaveAttribute("href", /^\/product\/[0-9a-f-]{36}$/);
  });

  test("an unknown category says 'Category not found' and links to /categories (404)", async ({
    page,
  }) => {
    const response = await page.goto("/category/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category not found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "View all categories" }).click();
    await expect(page).toHaveURL("/categories");
  });
});

test.describe("sitemap and robots", () => {
  test("/sitemap.xml lists product pages by slug, categories and content pages", async ({
    request,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const product of seedProducts) expect(locs).toContain(`/product/${product.slug}`);
    for (const category of seedCategories) expect(locs).toContain(`/category/${category.slug}`);
    for (const path of ["/", "/products", "/categories", "/about", "/contact", "/faq", "/blog"]) {
      expect(locs).toContain(path);
    }
    expect(locs.some((path) => path.startsWith("/admin") || path === "/cart")).toBe(false);
  });

  test("/robots.txt points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    const sitemap = /^Sitemap: (\S+)$/m.exec(text)?.[1];
    expect(sitemap).toMatch(/\/sitemap\.xml$/);
    expect(new URL(sitemap!).pathname).toBe("/sitemap.xml");
    expect((await request.get(new URL(sitemap!).pathname)).status()).toBe(200);
  });
});
