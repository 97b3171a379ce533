import { randomUUID } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations } from "./accessibility-audit";
import { withAdminSession } from "./helpers";

// Runs beside the storefront tests on the same shop: it never changes a seeded product, and the
// product it adds has no category and is not featured, so category counts and the home page stay
// as those tests expect. It is deleted again at the end.

async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search products" });
  await box.fill(text);
  await box.press("Enter");
  await expect(page).toHaveURL(
    `/admin/products?q=${encodeURIComponent(text).replace(/%20/g, "+")}`,
  );
}

function rows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });
}

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

function field(dialog: Locator, label: string) {
  return dialog.getByLabel(label, { exact: true });
}

test("search by name, case-insensitive, with 'No products found' when nothing matches", async ({
  page,
}) => {
  await withAdminSession(page.context());
  await page.goto("/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  for (const heading of ["Name", "Price", "Stock", "Status", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: heading })).toBeVisible();
  }
  await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveAttribute(
    "placeholder",
    "Search products...",
  );
  // 25 to a page; the seeded catalog needs two.
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();

  await search(page, "shatavaryadi");
  await expect(rows(page)).toHaveCount(1);
  const row = rows(page).first();
  await expect(row.getByRole("rowheader")).toContainText("Mauli Shatavaryadi Kalpa");
  // The discount price, then the original struck through.
  await expect(row.getByRole("cell").first()).toHaveText(/^₹399\s*Original price ₹449$/);
  await expect(row.locator("s")).toHaveText(/₹449/);
  await expect(row.getByText("In Stock")).toBeVisible();

  await search(page, "MAULI");
  await expect(rows(page)).toHaveCount(1);

  await search(page, "zzqx-no-such-remedy");
  await expect(page.getByText("No products found")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("search and pages work without JavaScript", async ({ browser }) => {
  const signedIn = await browser.newContext();
  await withAdminSession(signedIn);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signedIn.storageState(),
  });
  const page = await context.newPage();
  await page.goto("/admin/products");
  await page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: "Page 2" })
    .click();
  await expect(page).toHaveURL("/admin/products?page=2");
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole("searchbox", { name: "Search products" }).fill("arjunarishta");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/admin/products?q=arjunarishta");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Arjunarishta");
  await context.close();
  await signedIn.close();
});

test("add a product with an image, see it in the shop, edit it and delete it", async ({ page }) => {
  // A whole journey through the back office and the shop.
  test.slow();
  const name = `Zqx Trial Tonic ${randomUUID().slice(0, 8)}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  await withAdminSession(page.context());
  await page.goto("/admin/products");

  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

  // The form's rules are shown beside the fields.
  await field(dialog, "Product Name").fill(name);
  await field(dialog, "Price (₹)").fill("0");
  await field(dialog, "Stock Quantity").fill("2.5");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(dialog.getByText("Price must be above ₹0")).toBeVisible();
  await expect(dialog.getByText("Stock must be a whole number of 0 or more")).toBeVisible();
  await field(dialog, "Price (₹)").fill("250");
  await field(dialog, "Discount Price (₹)").fill("250");
  await field(dialog, "Stock Quantity").fill("12");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(dialog.getByText("Discount price must be below the price")).toBeVisible();

  await field(dialog, "Discount Price (₹)").fill("199.50");
  await field(dialog, "Description").fill("A trial tonic made by the end-to-end tests.");
  await field(dialog, "Ingredients").fill("Tulsi, Ginger");
  await field(dialog, "Benefits").fill("Soothes the throat");
  await field(dialog, "Dosage Instructions").fill("10 ml twice a day");
  await field(dialog, "Certifications").fill("GMP Certified\nAYUSH Licensed");
  await dialog.getByLabel("GST Rate (%)").selectOption("12");

  // A file that only claims to be a picture is refused, and nothing is saved.
  await dialog.getByLabel("Add Images").setInputFiles({
    name: "label.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is text, not a picture\n".repeat(20)),
  });
  await dialog.getByRole("button", { name: "Add Product" }).click();
  // Beside the file field, and as a destructive 'Error' toast.
  const refusal = "Could not upload label.png: the file is not an image";
  await expect(dialog.getByText(refusal)).toBeVisible();
  const toast = toasts(page).getByRole("listitem").filter({ hasText: refusal });
  await expect(toast).toContainText("Error");
  await expect(dialog).toBeVisible();

  const picture = await sharp({
    create: { width: 900, height: 900, channels: 3, background: { r: 46, g: 125, b: 50 } },
  })
    .png()
    .toBuffer();
  await dialog.getByLabel("Add Images").setInputFiles({
    name: "tonic.png",
    mimeType: "image/png",
    buffer: picture,
  });
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/admin/products");
  const row = rows(page).filter({ hasText: name });
  await expect(row).toContainText("₹199.50");
  await expect(row).toContainText("12");
  await expect(row.getByText("In Stock")).toBeVisible();

  // The shop shows it, with the uploaded picture.
  const shop = await page.context().newPage();
  await shop.goto(`/product/${slug}`);
  await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(shop.getByText("GMP Certified")).toBeVisible();
  const image = shop.getByRole("img", { name }).first();
  await expect(image).toHaveAttribute("src", /^\/images\/[0-9a-f-]{36}\/[0-9a-f]{16}\/\d+\.webp$/);
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  // Edit: the dialog shows what was saved, in rupees.
  await search(page, name);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(field(edit, "Product Name")).toHaveValue(name);
  await expect(field(edit, "Slug")).toHaveValue(slug);
  await expect(field(edit, "Price (₹)")).toHaveValue("250.00");
  await expect(field(edit, "Discount Price (₹)")).toHaveValue("199.50");
  await expect(field(edit, "Certifications")).toHaveValue("GMP Certified\nAYUSH Licensed");
  await expect(edit.getByLabel("GST Rate (%)")).toHaveValue("12");
  await expect(
    edit.getByRole("list", { name: `Images of ${name}` }).getByRole("listitem"),
  ).toHaveCount(1);
  await expect(edit.getByText("Primary", { exact: true })).toBeVisible();
  await field(edit, "Stock Quantity").fill("0");
  await field(edit, "Discount Price (₹)").fill("");
  await field(edit, "Price (₹)").fill("275");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(
    `/admin/products?q=${encodeURIComponent(name).replace(/%20/g, "+")}`,
  );
  await expect(row.getByText("Out of Stock")).toBeVisible();
  await expect(row).toContainText("₹275");
  await shop.reload();
  await expect(shop.getByText("Out of Stock").first()).toBeVisible();

  // The audit log reads the edit in rupees, lists only what changed, and no empty picture list.
  const audit = await page.context().newPage();
  await audit.goto("/admin/audit-log?entity=product");
  const entry = audit.getByRole("row").filter({ hasText: name }).filter({ hasText: "Update" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(/Price: ₹250\.00 →\s*changed to ₹275\.00/);
  await expect(entry).toContainText(/Discount price: ₹199\.50 →\s*changed to \(empty\)/);
  await expect(entry).toContainText(/Stock quantity: 12 →\s*changed to 0/);
  await expect(entry.getByRole("listitem")).toHaveCount(3);
  await expect(entry).not.toContainText("Added images");
  await audit.close();

  // Delete, after confirming.
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText("This will permanently delete this product. This action cannot be undone."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Product deleted successfully")).toBeVisible();
  await expect(page.getByText("No products found")).toBeVisible();
  await shop.reload();
  await expect(shop.getByText("Product not found")).toBeVisible();
});

test("a shop product saved unchanged lists no field in the audit log, whatever its line breaks", async ({
  page,
}) => {
  // A seeded product whose detailed description has LF line breaks, which the form posts back as
  // CRLF; saving it unchanged changes nothing a shopper sees.
  const name = "Adulsa Cough Syrup";
  await withAdminSession(page.context());
  await page.goto("/admin/products");
  await search(page, name);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await expect(field(edit, "Detailed Description")).toHaveValue(/\n\n/);
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await page.goto("/admin/audit-log?entity=product");
  const entry = page.getByRole("row").filter({ hasText: name }).filter({ hasText: "Update" });
  await expect(entry.first()).toContainText("No field changed");
  await expect(entry.first()).not.toContainText("Detailed description");
  await expect(entry.first()).not.toContainText("Added images");
});

test("the pictures are arranged with the keyboard: move, choose the primary one, remove", async ({
  page,
}) => {
  test.slow();
  const name = `Zqx Gallery Vati ${randomUUID().slice(0, 8)}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  const square = (r: number, g: number, b: number) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  await withAdminSession(page.context());
  await page.goto("/admin/products?new=1");
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await field(dialog, "Product Name").fill(name);
  await field(dialog, "Price (₹)").fill("140");
  await field(dialog, "Stock Quantity").fill("20");
  await dialog.getByLabel("Add Images").setInputFiles([
    { name: "green.png", mimeType: "image/png", buffer: await square(40, 140, 60) },
    { name: "red.png", mimeType: "image/png", buffer: await square(200, 40, 40) },
  ]);
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  const pictures = edit.getByRole("list", { name: `Images of ${name}` }).getByRole("listitem");
  await expect(pictures).toHaveCount(2);
  const idOf = async (index: number) =>
    /\/images\/([0-9a-f-]{36})\//.exec(
      (await pictures.nth(index).getByRole("img").getAttribute("src")) ?? "",
    )?.[1];
  const green = await idOf(0);
  const red = await idOf(1);
  await expect(pictures.nth(0).getByText("Primary", { exact: true })).toBeVisible();

  // Move the second picture up with the keyboard; focus stays on the picture that moved.
  await edit.getByRole("button", { name: "Move image 2 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Image moved up")).toBeVisible();
  await expect.poll(() => idOf(0)).toBe(red);
  await expect(edit.getByRole("button", { name: "Move image 1 up" })).toBeFocused();

  // Make it the primary picture: the shop shows it first.
  await edit.getByRole("button", { name: "Make primary (image 1)" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Primary image changed")).toBeVisible();
  await expect(pictures.nth(0).getByText("Primary", { exact: true })).toBeVisible();
  const shop = await page.context().newPage();
  await shop.goto(`/product/${slug}`);
  await expect(shop.getByRole("img", { name }).first()).toHaveAttribute(
    "src",
    new RegExp(`^/images/${red}/`),
  );

  // Remove the other one.
  await edit.getByRole("button", { name: "Remove image 2" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Image removed")).toBeVisible();
  await expect(pictures).toHaveCount(1);
  expect(await idOf(0)).toBe(red);
  expect(green).not.toBe(red);

  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await page
    .getByRole("alertdialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Product deleted successfully")).toBeVisible();
});

test("a product can be added and deleted without JavaScript", async ({ browser }) => {
  const name = `Zqx Plain Churna ${randomUUID().slice(0, 8)}`;
  const signedIn = await browser.newContext();
  await withAdminSession(signedIn);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signedIn.storageState(),
  });
  const page = await context.newPage();
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Add Product" }).click();
  await expect(page).toHaveURL("/admin/products?new=1");
  await expect(page.getByRole("heading", { name: "Add New Product" })).toBeVisible();
  const form = page.getByRole("main");
  await field(form, "Product Name").fill(name);
  await field(form, "Price (₹)").fill("0");
  await field(form, "Stock Quantity").fill("3");
  await form.getByRole("button", { name: "Add Product" }).click();
  // The server's answer keeps what was typed and shows the message beside the field.
  await expect(form.getByText("Price must be above ₹0")).toBeVisible();
  await expect(field(form, "Product Name")).toHaveValue(name);
  await field(form, "Price (₹)").fill("99");
  await form.getByRole("button", { name: "Add Product" }).click();
  await expect(page).toHaveURL("/admin/products");
  await expect(
    page.getByRole("status").filter({ hasText: "Product added successfully" }),
  ).toBeAttached();
  await expect(rows(page).filter({ hasText: name })).toContainText("₹99");
  // A row without a picture is as accessible as one with.
  const withScripts = await signedIn.newPage();
  await withScripts.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await expect(rows(withScripts)).toHaveCount(1);
  expect(await seriousViolations(withScripts)).toEqual([]);

  await page.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(
    confirm.getByText("This will permanently delete this product. This action cannot be undone."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Product deleted successfully" }),
  ).toBeAttached();
  await expect(rows(page).filter({ hasText: name })).toHaveCount(0);
  await context.close();
  await signedIn.close();
});

test("the products page has no serious accessibility violations", async ({ page }) => {
  await withAdminSession(page.context());
  await page.goto("/admin/products");
  await page.waitForLoadState("networkidle");
  expect(await seriousViolations(page)).toEqual([]);
});
