import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { formatRupees } from "../../app/domain/money";
import { seedProducts } from "../../db/seed/catalog-data";
import { seriousViolations } from "./accessibility-audit";
import { ADMIN } from "./config";
import { adminPage, signUp, uniqueEmail, waitForHydration } from "./helpers";

// A product no other spec reviews or checks the rating of; these tests order and review it.
const PRODUCT = seedProducts.find((p) => p.slug === "haridra-khand")!;

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

test("customers: search by e-mail, statistics and the detail dialog", async ({ page, browser }) => {
  // Two customers sign up and one orders before the administrator looks.
  test.setTimeout(60_000);
  const email = uniqueEmail("kavita");
  await signUp(page, { fullName: "Kavita Ingale", email });
  await page.goto(`/product/${PRODUCT.slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await waitForHydration(page);
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("4 Rajwada Chowk, Satara");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  const unit = PRODUCT.discountPrice ?? PRODUCT.price;
  const total = unit + (unit > 99900 ? 0 : 5000);

  const admin = await adminPage(browser);
  await admin.goto("/admin/customers");
  await expect(admin.getByRole("heading", { name: "Customer Management" })).toBeVisible();
  await admin.getByLabel("Search customers").fill(email.toUpperCase());
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/\?q=/);
  const table = admin.getByRole("table");
  const row = table.getByRole("row", { name: /Kavita Ingale/ });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(row.getByRole("cell").nth(1)).toHaveText(email);
  // The profile has no phone; the one given at checkout is shown.
  await expect(row.getByRole("cell").nth(2)).toHaveText("9876543210");
  await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  await expect(row.getByRole("cell").nth(4)).toHaveText(formatRupees(total));
  await expect(row.getByRole("cell").nth(5)).not.toHaveText("No purchases");

  await row.getByRole("link", { name: "View Kavita Ingale" }).click();
  const dialog = admin.getByRole("dialog", { name: "Customer Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Full Name")).toBeVisible();
  await expect(dialog.getByText(email, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`1 order, ${formatRupees(total)} spent`)).toBeVisible();
  await expect(dialog.getByText("9876543210")).toBeVisible();
  await expect(dialog.getByRole("row", { name: /ORD-/ })).toContainText("Pending");
  // The notifications log: the order's mail to them, once its job has tried it.
  await expect(dialog.getByRole("heading", { name: "Messages" })).toBeVisible();
  await expect(async () => {
    await admin.reload();
    await expect(
      admin
        .getByRole("dialog", { name: "Customer Details" })
        .getByText(`Order placed by E-mail to ${email}`),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(admin).not.toHaveURL(/customer=/);

  // A customer without orders.
  const quiet = uniqueEmail("quiet");
  const other = await (await browser.newContext()).newPage();
  await signUp(other, { fullName: "Quiet Shopper", email: quiet });
  await admin.goto(`/admin/customers?q=${encodeURIComponent(quiet)}`);
  const quietRow = table.getByRole("row", { name: /Quiet Shopper/ });
  await expect(quietRow).toContainText("No purchases");
  await expect(quietRow).toContainText("₹0.00");
  await quietRow.getByRole("link", { name: "View Quiet Shopper" }).click();
  await expect(dialog.getByText("No orders yet")).toBeVisible();
  await expect(dialog.getByText("No messages yet")).toBeVisible();

  // Nothing matches; the administrator is not a customer.
  await admin.goto(`/admin/customers?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(admin.getByText("No customers found")).toBeVisible();
});

test("customers: search and detail work without JavaScript", async ({ page, browser }) => {
  const email = uniqueEmail("nojs");
  await signUp(page, { fullName: "Plain Form", email });
  const admin = await adminPage(browser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context().storageState(),
  });
  const noScript = await context.newPage();
  await noScript.goto("/admin/customers");
  await noScript.getByLabel("Search customers").fill(email);
  await noScript.getByRole("button", { name: "Search" }).click();
  const row = noScript.getByRole("table").getByRole("row", { name: /Plain Form/ });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: "View Plain Form" }).click();
  await expect(noScript.getByRole("heading", { name: "Customer Details" })).toBeVisible();
  await expect(noScript.getByText("No orders yet")).toBeVisible();
  await expect(noScript.getByRole("heading", { name: "Messages" })).toBeVisible();
  await expect(noScript.getByText("No messages yet")).toBeVisible();
  await context.close();
});

test("reviews: approve, reject and delete a new review, with toasts and the audit log", async ({
  page,
  browser,
}) => {
  // A customer signs up and reviews, then the administrator signs in and moderates three times.
  test.setTimeout(60_000);
  const comment = `Turmeric tablets that helped my skin (${randomUUID().slice(0, 8)}).`;
  await signUp(page, { fullName: "Review Moderated" });
  await page.goto(`/product/${PRODUCT.slug}`);
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Reviews" }).click();
  const panel = page.getByRole("tabpanel", { name: "Reviews" });
  await panel
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "3 stars" }) })
    .click();
  await panel.getByLabel("Title (optional)").fill("Decent");
  await panel.getByLabel("Your review").fill(comment);
  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect(toasts(page).getByText("Review submitted!")).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto("/admin/reviews?status=pending");
  await waitForHydration(admin);
  const row = admin.getByRole("row").filter({ hasText: comment });
  await expect(row).toContainText(PRODUCT.name);
  await expect(row).toContainText("Review Moderated");
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("img", { name: "Rated 3.0 out of 5" })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Reject/ })).toHaveCount(0);

  await row.getByRole("button", { name: /^Approve review by Review Moderated/ }).click();
  await expect(toasts(admin).getByText("Review approved")).toBeVisible();
  // The pending filter no longer lists it; the approved one does.
  await expect(row).toHaveCount(0);
  await admin.goto("/admin/reviews?status=approved");
  await expect(row).toContainText("Approved");
  await page.goto(`/product/${PRODUCT.slug}?tab=reviews`);
  await expect(page.getByText(comment)).toBeVisible();

  await admin.goto("/admin/reviews");
  await waitForHydration(admin);
  await expect(row.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await row.getByRole("button", { name: /^Reject review by Review Moderated/ }).click();
  await expect(toasts(admin).getByText("Review rejected")).toBeVisible();
  await expect(row).toContainText("Pending");
  await page.reload();
  await expect(page.getByText(comment)).toHaveCount(0);

  await row.getByRole("link", { name: /^Delete review by Review Moderated/ }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(confirm).toContainText("This will permanently delete the review");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: /^Delete review by Review Moderated/ }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(admin).getByText("Review deleted")).toBeVisible();
  await expect(row).toHaveCount(0);

  // The audit log has all three, newest first; the deletion keeps the deleted text.
  await admin.goto("/admin/audit-log");
  await admin.getByLabel("Entity").selectOption({ label: "Review" });
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/entity=review/);
  const entry = admin.getByRole("row").filter({ hasText: "Deleted record" }).first();
  await expect(entry).toContainText(ADMIN.email);
  await entry.getByText("Deleted record").click();
  await expect(entry).toContainText(comment);
  await expect(admin.getByRole("row").filter({ hasText: "Is approved" }).first()).toContainText(
    "true",
  );
});

test("dashboard: headline cards, recent orders, low stock and the sales chart", async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  await admin.goto("/admin/dashboard");
  await waitForHydration(admin);
  await expect(admin.getByText("Overview of your store")).toBeVisible();
  for (const title of ["Total Products", "Total Orders", "Total Customers", "Total Revenue"]) {
    await expect(admin.getByRole("heading", { name: title })).toBeVisible();
  }
  await expect(admin.getByText("Excludes cancelled orders")).toBeVisible();
  // Total Products counts what the shop sells, and says so.
  await expect(admin.getByText(/^Published, on sale\./)).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Recent Orders" })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Low Stock Alerts" })).toBeVisible();
  await expect(admin.getByText(/Products with \d+ or fewer in stock/)).toBeVisible();
  const chart = admin.getByRole("img", { name: /Revenue and orders per day, last 30 days/ });
  await expect(chart).toBeVisible();
  await admin.getByText("Show the figures as a table").click();
  const figures = admin.getByRole("table", { name: "Revenue and orders per day" });
  await expect(figures.getByRole("row")).toHaveCount(31);
});

test("the people screens have no serious accessibility violations and open dialogs by keyboard", async ({
  browser,
}) => {
  // Five full-page scans.
  test.slow();
  const admin = await adminPage(browser);
  for (const path of [
    "/admin/dashboard",
    "/admin/customers",
    "/admin/reviews",
    "/admin/settings",
    "/admin/audit-log",
  ]) {
    await admin.goto(path);
    await admin.waitForLoadState("networkidle");
    expect(await seriousViolations(admin), path).toEqual([]);
  }

  // The customer detail opens from the keyboard and closes with Escape, focus coming back.
  await admin.goto("/admin/customers");
  await waitForHydration(admin);
  // Pinned by name: customers signing up in other tests meanwhile move the list's first row.
  const firstView = admin
    .getByRole("table")
    .getByRole("link", { name: /^View / })
    .first();
  const customerId = await firstView.getAttribute("data-customer-link");
  const view = admin.locator(`[data-customer-link="${customerId}"]`);
  await view.focus();
  await admin.keyboard.press("Enter");
  const dialog = admin.getByRole("dialog", { name: "Customer Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();
});
