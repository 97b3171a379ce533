import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { withAdminSession } from "./helpers";

// The product it adds has no category and is not featured, so other tests' counts stay as they
// expect (docs/decisions/056).

function rows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });
}

test("the owner adds a second size to a product and sees it in the products list and the form", async ({
  page,
}) => {
  const name = `Triphala Sizes ${randomUUID().slice(0, 6)}`;
  await withAdminSession(page.context());
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name", { exact: true }).fill(name);
  await dialog.getByLabel("Price (₹)", { exact: true }).fill("140");
  await dialog.getByLabel("Stock Quantity", { exact: true }).fill("12");
  await dialog.getByText("Pack sizes and SKU").click();
  await dialog.getByLabel("This size", { exact: true }).fill("100 g");
  await dialog.getByLabel("New size", { exact: true }).fill("250 g");
  await dialog.getByLabel("New size's SKU", { exact: true }).fill(`TRI-250-${name.slice(-6)}`);
  await dialog.getByLabel("New size's price (₹)", { exact: true }).fill("299");
  await dialog.getByLabel("New size's stock quantity", { exact: true }).fill("5");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();

  const row = rows(page).filter({ hasText: name });
  // The first size's price; the stock of both sizes.
  await expect(row).toContainText("₹140");
  await expect(row).toContainText("17");
  const perSize = row.getByRole("list", { name: "Stock per size" }).getByRole("listitem");
  await expect(perSize).toHaveText(["100 g: 12", "250 g: 5"]);

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(edit.getByRole("group", { name: "100 g" })).toBeVisible();
  await expect(edit.getByRole("group", { name: "250 g" })).toBeVisible();
  await expect(edit.getByRole("group", { name: "Add a size" })).toBeVisible();
});
