import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { addProduct, orderCashOnDelivery, signUp, waitForHydration } from "./helpers";

// Works on a product of its own, so the seeded catalog other tests read never changes.

/** The shop addresses of every link on the page that leads to a product's page. */
async function productPageLinks(page: Page) {
  return page
    .locator('a[href^="/product/"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
}

test("no back-office row links to a product's page in the shop that would answer 404", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const name = `Archive Tonic ${tag}`;
  const slug = `archive-tonic-${tag}`;
  await addProduct(page, name, "Published");

  // A customer orders it and reviews it; then the owner archives it.
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  await signUp(shopper, { fullName: "Rohini Linkwala" });
  const orderNumber = await orderCashOnDelivery(shopper, slug);
  const review = await shopper.request.post(`/product/${slug}`, {
    form: { rating: "4", title: "Gentle", comment: `Helped my digestion (${tag}).` },
    headers: { origin: BASE_URL },
  });
  expect(review.status()).toBe(200);
  await customer.close();
  await page.goto(`/admin/products?q=${tag}`);
  await page.getByRole("button", { name: `Archive ${name}` }).click();
  await expect(page.getByText("Product archived")).toBeVisible();
  expect((await page.request.get(`/product/${slug}`)).status()).toBe(404);

  const linked = new Set<string>();
  const collect = async () => {
    for (const path of await productPageLinks(page)) linked.add(path);
  };
  for (const path of [
    "/admin/dashboard",
    `/admin/products?q=${tag}`,
    "/admin/products?status=archived",
    "/admin/reviews",
    "/admin/reviews?status=pending",
    `/admin/orders?q=${orderNumber}`,
    "/admin/customers?q=Rohini",
  ]) {
    await page.goto(path);
    await collect();
  }
  // The order's detail lists the archived product among its items.
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const detail = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(detail).toContainText(name);
  await collect();

  for (const path of linked) {
    expect((await page.request.get(path)).status(), `${path} is linked from the back office`).toBe(
      200,
    );
  }
  expect(linked).not.toContain(`/product/${slug}`);

  // The review's row names the product and leads to its editor instead.
  await page.goto("/admin/reviews?status=pending");
  const row = page.getByRole("row").filter({ hasText: `(${tag})` });
  const product = row.getByRole("link", { name, exact: true });
  await expect(product).toHaveAttribute("href", /^\/admin\/products\?edit=[0-9a-f-]+$/);
  await expect(row).toContainText("Archived: not in the shop");
  await product.click();
  await expect(page.getByRole("dialog", { name: "Edit Product" })).toBeVisible();
  await expect(page.getByLabel("Product Name", { exact: true })).toHaveValue(name);
});
