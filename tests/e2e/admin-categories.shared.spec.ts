import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { seedCategories, seedProducts } from "../../db/seed/catalog-data";
import { withAdminSession } from "./helpers";

// Runs in the "shared-state" project, after the storefront tests: a new category shows on the
// home page and at /categories, whose tests count the seeded categories. Seeded categories are
// only read; everything this test adds it deletes again.
test.describe.configure({ mode: "serial" });

function categoryRow(page: Page, name: string) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });
}

test("categories: list with counts, add, show in the shop, refuse delete while in use, edit, delete", async ({
  browser,
}) => {
  test.slow();
  const admin = await (await browser.newContext()).newPage();
  await withAdminSession(admin.context());
  await admin.goto("/admin/categories");
  await expect(admin.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  for (const category of seedCategories) {
    const count = seedProducts.filter((p) => p.categorySlug === category.slug).length;
    await expect(categoryRow(admin, category.name).getByRole("cell").nth(1)).toHaveText(
      String(count),
    );
  }

  const suffix = randomUUID().slice(0, 6);
  const name = `Zqx Hair Care ${suffix}`;
  const slug = `zqx-hair-care-${suffix}`;
  await admin.getByRole("link", { name: "Add Category" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add New Category" });
  await dialog.getByLabel("Category Name").fill("Z");
  await dialog.getByLabel("Sort Order").fill("-3");
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expect(dialog.getByText("Category name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Sort order must be a whole number from 0 to 9999")).toBeVisible();
  await dialog.getByLabel("Category Name").fill(name);
  await dialog.getByLabel("Description").fill("Bhringraj oils and hair tablets.");
  await dialog.getByLabel("Sort Order").fill("99");
  await dialog.getByRole("button", { name: "Add Category" }).click();
  await expect(admin.getByText("Category added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = categoryRow(admin, name);
  await expect(row).toContainText(slug);
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");

  // The same slug again is refused with a clear message.
  await admin.getByRole("link", { name: "Add Category" }).click();
  await dialog.getByLabel("Category Name").fill(name.toUpperCase());
  await dialog.getByRole("button", { name: "Add Category" }).click();
  const clash = `A category with the slug "${slug}" already exists. Choose another slug.`;
  await expect(dialog.getByText(clash)).toBeVisible();
  await expect(
    admin.getByRole("region", { name: /^Notifications/ }).getByText(clash),
  ).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The shop lists it, last by its sort order, and shows its page.
  const shop = await (await browser.newContext()).newPage();
  await shop.goto("/categories");
  const card = shop.getByRole("link", { name: `${name} 0 products` });
  await expect(card).toHaveAttribute("href", `/category/${slug}`);
  await card.click();
  await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(shop.getByText("Bhringraj oils and hair tablets.")).toBeVisible();

  // A product in it: the category page shows it, and the category cannot be deleted.
  const product = `Zqx Bhringraj Oil ${suffix}`;
  await admin.goto("/admin/products?new=1");
  const productDialog = admin.getByRole("dialog", { name: "Add New Product" });
  await productDialog.getByLabel("Product Name", { exact: true }).fill(product);
  await productDialog.getByLabel("Category").selectOption({ label: name });
  await productDialog.getByLabel("Price (₹)", { exact: true }).fill("320");
  await productDialog.getByLabel("Stock Quantity", { exact: true }).fill("8");
  await productDialog.getByRole("button", { name: "Add Product" }).click();
  await expect(admin.getByText("Product added successfully")).toBeVisible();
  await shop.reload();
  await expect(shop.getByRole("main").getByRole("article")).toHaveCount(1);
  await expect(shop.getByRole("main").getByRole("article")).toContainText(product);

  await admin.goto("/admin/categories");
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");
  await admin.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText(
      `${name} still has 1 product, so it cannot be deleted: move it to another category or delete it first.`,
    ),
  ).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();

  // Renaming with an empty slug makes a new slug from the new name; the shop follows.
  const renamed = `Zqx Hair and Scalp ${suffix}`;
  const renamedSlug = `zqx-hair-and-scalp-${suffix}`;
  await admin.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Category" });
  await expect(edit.getByLabel("Category Name")).toHaveValue(name);
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await expect(edit.getByLabel("Sort Order")).toHaveValue("99");
  await edit.getByLabel("Category Name").fill(renamed);
  await edit.getByLabel("Slug").fill("");
  await edit.getByRole("button", { name: "Update Category" }).click();
  await expect(admin.getByText("Category updated successfully")).toBeVisible();
  await expect(categoryRow(admin, renamed)).toContainText(renamedSlug);
  await shop.goto("/categories");
  await expect(shop.getByRole("link", { name: `${renamed} 1 product` })).toHaveAttribute(
    "href",
    `/category/${renamedSlug}`,
  );
  await shop.goto(`/category/${slug}`);
  await expect(shop.getByRole("heading", { name: "Category not found" })).toBeVisible();

  // Once empty, it can be deleted.
  await admin.goto(`/admin/products?q=${encodeURIComponent(product)}`);
  await admin.getByRole("link", { name: `Delete ${product}` }).click();
  await admin
    .getByRole("alertdialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(admin.getByText("Product deleted successfully")).toBeVisible();
  await admin.goto("/admin/categories");
  await admin.getByRole("link", { name: `Delete ${renamed}` }).click();
  await expect(
    confirm.getByText("This will permanently delete this category. This action cannot be undone."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Category deleted successfully")).toBeVisible();
  await expect(categoryRow(admin, renamed)).toHaveCount(0);
  await shop.goto("/categories");
  await expect(shop.getByRole("link", { name: new RegExp(renamed) })).toHaveCount(0);
  await expect(shop.getByRole("main").getByRole("link")).toHaveCount(seedCategories.length);
});
