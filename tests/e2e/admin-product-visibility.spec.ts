import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { addProduct, signUp, waitForHydration } from "./helpers";

// Works on a product of its own, so the seeded catalog other tests read never changes.

function productRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

function filter(page: Page, label: string) {
  return page.getByRole("navigation", { name: "Filter by visibility" }).getByRole("link", {
    name: label,
    exact: true,
  });
}

test("the owner drafts a product, publishes it, archives it, and shoppers see it only while published", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const name = `Visibility Tonic ${tag}`;
  const slug = `visibility-tonic-${tag}`;
  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  const shopperSees = async (expected: boolean) => {
    const response = await shopperPage.goto(`/product/${slug}`);
    expect(response?.status()).toBe(expected ? 200 : 404);
    await expect(
      shopperPage.getByRole("heading", { level: 1, name: expected ? name : "Product not found" }),
    ).toBeVisible();
    await shopperPage.goto(`/products?search=${encodeURIComponent(tag)}`);
    await expect(shopperPage.getByRole("link", { name, exact: true })).toHaveCount(
      expected ? 1 : 0,
    );
  };

  await addProduct(page, name, "Draft");
  await shopperSees(false);

  await filter(page, "Draft").click();
  await expect(page).toHaveURL("/admin/products?status=draft");
  await expect(filter(page, "Draft")).toHaveAttribute("aria-current", "page");
  const draftRow = productRow(page, name);
  await expect(draftRow.getByText("Draft", { exact: true })).toBeVisible();
  await draftRow.getByRole("button", { name: `Publish ${name}` }).click();
  await expect(page.getByText("Product published")).toBeVisible();
  await expect(productRow(page, name)).toHaveCount(0);
  await shopperSees(true);
  // A signed-in shopper keeps it in the cart and the wishlist before it is archived.
  await signUp(shopperPage);
  await shopperPage.goto(`/product/${slug}`);
  await waitForHydration(shopperPage);
  await shopperPage.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopperPage.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
  await shopperPage.getByRole("button", { name: `Add to Wishlist, ${name}` }).click();
  await expect(shopperPage.getByText("Added to wishlist")).toBeVisible();

  await filter(page, "Published").click();
  await expect(page).toHaveURL("/admin/products?status=published");
  await page.getByRole("searchbox", { name: "Search products" }).fill(tag);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`/admin/products?q=${tag}&status=published`);
  await productRow(page, name)
    .getByRole("button", { name: `Archive ${name}` })
    .click();
  await expect(page.getByText("Product archived")).toBeVisible();
  await shopperSees(false);
  await shopperPage.goto("/cart");
  await expect(shopperPage.getByText("No longer available: remove it to check out")).toBeVisible();
  await expect(shopperPage.getByRole("link", { name })).toHaveCount(0);
  await expect(shopperPage.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await shopperPage.goto("/checkout");
  await expect(shopperPage).toHaveURL("/cart");
  await shopperPage.goto("/wishlist");
  await expect(shopperPage.getByText("This product is no longer available")).toBeVisible();
  await expect(shopperPage.getByRole("link", { name })).toHaveCount(0);

  await filter(page, "Archived").click();
  await expect(page).toHaveURL(`/admin/products?q=${tag}&status=archived`);
  const archivedRow = productRow(page, name);
  await expect(archivedRow.getByText("Archived", { exact: true })).toBeVisible();
  await archivedRow.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(confirm).toContainText("This will permanently delete this product.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product deleted successfully")).toBeVisible();
  await shopper.close();
});

test("a saved product the owner withdraws leaves the wishlist's count and its saved products, and comes back when published", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const name = `Wishlist Tonic ${tag}`;
  const slug = `wishlist-tonic-${tag}`;
  await addProduct(page, name, "Published");

  const shopper = await browser.newContext();
  const shopperPage = await shopper.newPage();
  await signUp(shopperPage);
  for (const [path, product] of [
    [`/product/${slug}`, name],
    ["/product/brahmi-vati", "Brahmi Vati"],
  ] as const) {
    await shopperPage.goto(path);
    await waitForHydration(shopperPage);
    await shopperPage.getByRole("button", { name: `Add to Wishlist, ${product}` }).click();
    await expect(shopperPage.getByText("Added to wishlist")).toBeVisible();
  }
  await expect(shopperPage.getByRole("link", { name: "Wishlist, 2 items" })).toBeVisible();

  await page.goto(`/admin/products?q=${tag}&status=published`);
  await productRow(page, name)
    .getByRole("button", { name: `Archive ${name}` })
    .click();
  await expect(page.getByText("Product archived")).toBeVisible();

  // The header, the count on the page and its list agree, with and without JavaScript.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  await plain.addCookies(await shopper.cookies());
  for (const wishlist of [shopperPage, await plain.newPage()]) {
    await wishlist.goto("/wishlist");
    await expect(wishlist.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    await expect(wishlist.getByText("1 saved product", { exact: true })).toBeVisible();
    const saved = wishlist.getByRole("list", { name: "Saved products" }).getByRole("listitem");
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole("link", { name: "Brahmi Vati" })).toBeVisible();
    const withdrawn = wishlist.getByRole("list", { name: "No longer available" });
    await expect(withdrawn.getByRole("listitem")).toHaveCount(1);
    await expect(withdrawn).toContainText(name);
    await expect(withdrawn).toContainText("This product is no longer available");
    await expect(withdrawn.getByRole("link")).toHaveCount(0);
    await expect(
      withdrawn.getByRole("button", { name: `Remove ${name} from wishlist` }),
    ).toBeVisible();
  }
  await plain.close();

  await page.goto(`/admin/products?q=${tag}&status=archived`);
  await productRow(page, name)
    .getByRole("button", { name: `Publish ${name}` })
    .click();
  await expect(page.getByText("Product published")).toBeVisible();
  await shopperPage.goto("/wishlist");
  await expect(shopperPage.getByRole("link", { name: "Wishlist, 2 items" })).toBeVisible();
  await expect(shopperPage.getByText("2 saved products", { exact: true })).toBeVisible();
  await expect(shopperPage.getByRole("list", { name: "No longer available" })).toHaveCount(0);
  await shopper.close();
});
