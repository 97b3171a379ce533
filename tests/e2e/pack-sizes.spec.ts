import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { checkoutWithoutScript, fillAddress, openCheckout, orderCard } from "./checkout-steps";
import { BASE_URL } from "./config";
import { expect, test } from "./console-guard";
import {
  adminRequest,
  signInWithoutScript,
  signUp,
  waitForHydration,
  withAdminSession,
} from "./helpers";

// docs/decisions/056: a size chosen on a product page is what the cart, the order, the stock and
// the Orders tab name. Each test adds a product of its own through the back office's product form,
// with no category and not featured, so no other spec's pages, prices or stock move under it.

type SizedProduct = {
  name: string;
  slug: string;
  /** The first size, 100 ml: its SKU is the product's slug, as for any new product. */
  small: { label: string; sku: string };
  /** The second size, 250 ml, with a SKU of its own. */
  large: { label: string; sku: string };
};

/**
 * The owner adds a product in 100 ml (₹140, 8 in stock) and 250 ml (₹299 or `largePrice`,
 * `largeStock`), posting the back office's product form as a browser without JavaScript posts it:
 * the form's dialog with its second size is walked in admin-product-sizes.spec.
 */
async function addSizedProduct(largeStock: number, largePrice = "299"): Promise<SizedProduct> {
  const tag = randomUUID().slice(0, 6);
  const name = `Zqx Sized Oil ${tag}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  const largeSku = `ZQX-250-${tag.toUpperCase()}`;
  const request = await adminRequest();
  const response = await request.post("/admin/products", {
    multipart: {
      intent: "create",
      name,
      slug,
      price: "140",
      stockQuantity: "8",
      status: "published",
      label: "100 ml",
      "newSize.label": "250 ml",
      "newSize.sku": largeSku,
      "newSize.price": largePrice,
      "newSize.stockQuantity": String(largeStock),
    },
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  await request.dispose();
  return {
    name,
    slug,
    small: { label: "100 ml", sku: slug },
    large: { label: "250 ml", sku: largeSku },
  };
}

function sizeUrl(product: SizedProduct, size: { sku: string }) {
  return `/product/${product.slug}?size=${encodeURIComponent(size.sku)}`;
}

/** The stock line of each size's own page, as a shopper reads it. */
async function stockTexts(page: Page, product: SizedProduct) {
  const texts: string[] = [];
  for (const size of [product.small, product.large]) {
    await page.goto(sizeUrl(product, size));
    texts.push(
      (await page.getByText(/^(Only \d+ left in stock|In Stock|Out of Stock)$/).textContent()) ??
        "",
    );
  }
  return texts;
}

function sizeRadio(page: Page, label: string) {
  return page.getByRole("radio", { name: new RegExp(`^${label}`) });
}

test("with JavaScript, each size chosen reaches the cart as a line of its own, the order, the Orders tab, the owner's order and the invoice, and only its stock goes down", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await addSizedProduct(6);
  await signUp(page);
  expect(await stockTexts(page, product)).toEqual(["Only 8 left in stock", "Only 6 left in stock"]);

  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await expect(sizeRadio(page, "100 ml")).toBeChecked();
  // Choosing a size opens its page at once.
  await sizeRadio(page, "250 ml").check();
  await expect(page).toHaveURL(sizeUrl(product, product.large));
  await expect(page.getByText("Only 6 left in stock")).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart").last()).toBeVisible();
  await sizeRadio(page, "100 ml").check();
  await expect(page).toHaveURL(sizeUrl(product, product.small));
  // Clicked at once: the add waits for the chosen size's page rather than adding the last one.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Only 8 left in stock")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();

  await page.goto("/cart");
  const lines = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  const large = lines.filter({ hasText: `${product.name} – 250 ml` });
  await expect(large.getByRole("spinbutton")).toHaveValue("2");
  await expect(lines.filter({ hasText: `${product.name} – 100 ml` })).toHaveCount(1);
  // The shopper reads the size; the SKU is the owner's and the documents'.
  await expect(page.getByRole("list", { name: "Items in your cart" })).not.toContainText("SKU");

  await openCheckout(page);
  const summary = page.getByRole("list", { name: "Items in your order" });
  await expect(summary).toContainText(`${product.name} – 250 ml × 2`);
  await expect(summary).not.toContainText("SKU");
  await fillAddress(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=orders/);
  const card = orderCard(page);
  await expect(card).toContainText(`${product.name} – 250 ml`);
  await expect(card).toContainText(`${product.name} – 100 ml`);
  await expect(card).not.toContainText(`SKU ${product.large.sku}`);
  const orderNumber = (await card.getByRole("heading").first().textContent())!
    .replace("Order ", "")
    .trim();
  const orderId = (await card.getAttribute("aria-labelledby"))!.replace(/^order-|-title$/g, "");

  expect(await stockTexts(page, product)).toEqual(["Only 7 left in stock", "Only 4 left in stock"]);

  // The owner's order detail shows the same.
  const owner = await browser.newContext();
  await withAdminSession(owner);
  const admin = await owner.newPage();
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const detail = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(detail).toContainText(`${product.name} – 250 ml`);
  await expect(detail).toContainText(`SKU ${product.large.sku}`);

  // Once the owner has issued the tax invoice, the customer's copy names the size and its SKU.
  const issued = await owner.request.post(`/admin/orders/${orderId}/invoice`, {
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(issued.status()).toBe(302);
  await owner.close();
  await page.goto("/profile?tab=orders");
  await orderCard(page)
    .getByRole("link", { name: /^Tax Invoice / })
    .click();
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(page.getByText(`${product.name} – 250 ml (SKU ${product.large.sku})`)).toBeVisible();
});

test("without JavaScript, a size is chosen with 'Choose size' and reaches the cart, the order and the Orders tab; only its stock goes down", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await addSizedProduct(6);
  const { plain, context } = await signInWithoutScript(page, browser);
  expect(await stockTexts(plain, product)).toEqual([
    "Only 8 left in stock",
    "Only 6 left in stock",
  ]);

  await plain.goto(`/product/${product.slug}`);
  await expect(sizeRadio(plain, "100 ml")).toBeChecked();
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  await plain.goto(`/product/${product.slug}`);
  await sizeRadio(plain, "250 ml").check();
  await plain.getByRole("button", { name: "Choose size" }).click();
  await expect(plain).toHaveURL(sizeUrl(product, product.large));
  await expect(plain.getByText("Only 6 left in stock")).toBeVisible();
  await checkoutWithoutScript(plain);

  // One line per size in the cart the checkout shows.
  const summary = plain.getByRole("list", { name: "Items in your order" }).getByRole("listitem");
  await expect(summary).toHaveCount(2);
  await expect(summary.filter({ hasText: `${product.name} – 250 ml × 1` })).toHaveCount(1);
  await expect(summary.filter({ hasText: `${product.name} – 100 ml × 1` })).toHaveCount(1);
  await expect(plain.getByRole("list", { name: "Items in your order" })).not.toContainText("SKU");
  await plain.getByRole("button", { name: "Place Order" }).click();
  await expect(plain).toHaveURL("/profile?tab=orders");
  const card = orderCard(plain);
  await expect(card).toContainText(`${product.name} – 250 ml`);
  await expect(card).toContainText(`${product.name} – 100 ml`);
  await expect(card).not.toContainText(`SKU ${product.large.sku}`);

  expect(await stockTexts(plain, product)).toEqual([
    "Only 7 left in stock",
    "Only 5 left in stock",
  ]);
  await context.close();
});

test("a size out of stock cannot be bought, not even by a crafted post to the cart", async ({
  page,
}) => {
  const product = await addSizedProduct(0);
  await signUp(page);
  await page.goto(sizeUrl(product, product.large));
  await expect(sizeRadio(page, "250 ml")).toBeChecked();
  await expect(page.getByText("Out of Stock", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Out of Stock/ }).first()).toBeDisabled();
  const productId = await page
    .locator('form[action="/cart"] [name="productId"]')
    .first()
    .getAttribute("value");
  // The size Add to Cart posts: the radio checked.
  const variantId = await sizeRadio(page, "250 ml").getAttribute("value");

  // The page's own session cookie, the form's fields, sent by hand.
  const crafted = await page.request.post("/cart", {
    form: { intent: "add", productId: productId!, variantId: variantId!, quantity: "1" },
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(crafted.status()).toBeGreaterThanOrEqual(400);

  // The refusal names the size; nothing was added.
  await page.goto("/cart");
  await expect(page.getByText(/250 ml/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

function cacheState(response: Response | null) {
  return response?.headers()["x-cache"];
}

test("a signed-out visitor's page of each size comes from the page cache, each showing its own size", async ({
  browser,
}) => {
  const product = await addSizedProduct(6);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  for (const [size, stock] of [
    [product.small, "Only 8 left in stock"],
    [product.large, "Only 6 left in stock"],
  ] as const) {
    const first = await visitor.goto(sizeUrl(product, size));
    expect(cacheState(first)).toBe("MISS");
    const second = await visitor.goto(sizeUrl(product, size));
    expect(cacheState(second), sizeUrl(product, size)).toBe("HIT");
    await expect(sizeRadio(visitor, size.label)).toBeChecked();
    await expect(visitor.getByText(stock)).toBeVisible();
  }
  await context.close();
});

test("a saved product keeps one entry, shows the size its listing card shows, and its Add to Cart adds that size", async ({
  page,
}) => {
  const product = await addSizedProduct(6);
  await signUp(page);
  await page.goto(sizeUrl(product, product.large));
  const productId = await page
    .locator('form[action="/cart"] input[name="productId"]')
    .first()
    .getAttribute("value");
  // Saved from the 250 ml page, twice: the wishlist is per product.
  for (let i = 0; i < 2; i++) {
    const saved = await page.request.post("/wishlist", {
      form: { intent: "add", productId: productId! },
      headers: { origin: BASE_URL },
    });
    expect(saved.status()).toBe(200);
  }

  await page.goto("/wishlist");
  await waitForHydration(page);
  const cards = page.getByRole("list", { name: "Saved products" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("from ₹140");
  await cards
    .first()
    .getByRole("button", { name: /Add to Cart/ })
    .click();
  await expect(page.getByText(`Added ${product.name} – 100 ml`).last()).toBeVisible();
  await page.goto("/cart");
  const lines = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`${product.name} – 100 ml`);
});

test("without JavaScript, Add to Cart adds the size checked and the quantity typed, without 'Choose size' first", async ({
  page,
  browser,
}) => {
  const product = await addSizedProduct(6);
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto(`/product/${product.slug}`);
  await expect(sizeRadio(plain, "100 ml")).toBeChecked();
  await sizeRadio(plain, "250 ml").check();
  await plain.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");

  const lines = plain.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`${product.name} – 250 ml`);
  await expect(lines.first().getByRole("spinbutton")).toHaveValue("2");
  await context.close();
});

test("a card reads 'from' the lowest price of a size in stock, and its Add to Cart names the size it adds", async ({
  page,
}) => {
  // 250 ml costs less than the first size, 100 ml at ₹140.
  const product = await addSizedProduct(6, "99");
  await signUp(page);
  await page.goto(`/products?search=${encodeURIComponent(product.name)}`);
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: product.name });
  await expect(card).toContainText("from ₹99");

  await card.getByRole("button", { name: `Add to Cart, ${product.name}` }).click();
  await expect(page.getByText(`Added ${product.name} – 100 ml`).last()).toBeVisible();
  await card.getByRole("button", { name: `Add to Cart, ${product.name}` }).click();
  await expect(page.getByText(`2 × ${product.name} – 100 ml in your cart`).last()).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();

  await page.goto("/cart");
  const lines = page.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`${product.name} – 100 ml`);
});
