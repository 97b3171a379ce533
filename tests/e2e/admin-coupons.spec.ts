import { expect, type Page, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { signUp, waitForHydration, withAdminSession } from "./helpers";

// Runs in the "shared-state" project, after the storefront tests: it changes the offers every
// home page shows. Its tests run side by side: each works on a coupon code of its own, and none
// counts the offers.

/**
 * A code no earlier attempt used: a retried test must not trip over the coupon its failed attempt
 * left behind.
 */
function newCode(prefix: string) {
  return `${prefix}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
}

test("coupons: list, create, live on the home page, edit, deactivate, delete", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withAdminSession(admin.context());
  await admin.goto("/admin/coupons");
  const table = admin.getByRole("table");
  await expect(admin.getByRole("heading", { name: "Active Coupons" })).toBeVisible();
  await expect(table.getByRole("row", { name: /WELCOME10/ })).toContainText("10% (Max: ₹200)");
  await expect(table.getByRole("row", { name: /AYUR250/ })).toContainText("₹250");
  // Used so far of no limit: other journeys (the printed invoice's) may have used it already.
  await expect(table.getByRole("row", { name: /WELCOME10/ })).toContainText(/\d+\/∞/);
  await expect(table.getByRole("row", { name: /WELCOME10/ })).toContainText("No expiry");
  await expect(table.getByRole("row", { name: /MONSOON20/ })).toContainText("Inactive");

  // A visitor keeps the home page open while the administrator works. Its live offers stream is
  // held back until the coupon exists: a change made before the page listened still reaches it.
  const visitor = await (await browser.newContext()).newPage();
  let releaseStream = () => {};
  const streamHeld = new Promise<void>((resolve) => {
    releaseStream = resolve;
  });
  await visitor.route("**/api/events/offers", async (route) => {
    await streamHeld;
    await route.continue();
  });
  await visitor.goto("/");
  const offers = visitor.getByRole("region", { name: "Special Offers" });
  await expect(offers.getByText("WELCOME10")).toBeVisible();
  const live = newCode("LIVE15");
  await expect(offers.getByText(live)).toHaveCount(0);

  await admin.getByRole("link", { name: "Create Coupon" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create New Coupon" });
  await dialog.getByLabel("Coupon Code").fill(live.toLowerCase());
  await dialog.getByLabel("Discount Value").fill("150");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  // The message shows under the field and in the toast.
  await expect(
    admin.getByText("Percentage must be a whole number from 1 to 100").first(),
  ).toBeVisible();
  await dialog.getByLabel("Discount Value").fill("15");
  await dialog.getByLabel("Maximum Discount (₹)").fill("300");
  await dialog.getByLabel("Usage Limit").fill("20");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(admin.getByText("Coupon created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole("row", { name: new RegExp(live) })).toContainText("15% (Max: ₹300)");
  await expect(table.getByRole("row", { name: new RegExp(live) })).toContainText("0/20");

  // It appears on the open home page without a reload, once its stream connects.
  await expect(offers.getByText(live)).toHaveCount(0);
  releaseStream();
  await expect(offers.getByText(live)).toBeVisible();
  await expect(
    offers.getByRole("article").filter({ hasText: live }).getByText("Limited: 20 left"),
  ).toBeVisible();

  // A duplicate code is refused, under the Code field.
  await admin.getByRole("link", { name: "Create Coupon" }).click();
  await dialog.getByLabel("Coupon Code").fill(live);
  await dialog.getByLabel("Discount Value").fill("5");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(dialog.getByLabel("Coupon Code")).toHaveAccessibleDescription(
    `A coupon with the code ${live} already exists`,
  );
  await admin.keyboard.press("Escape");

  // Deactivating it removes it from the open home page.
  await admin.getByRole("link", { name: `Edit ${live}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Coupon" });
  await expect(edit.getByLabel("Coupon Code")).toHaveValue(live);
  await edit.getByLabel("Active").click();
  await edit.getByRole("button", { name: "Update Coupon" }).click();
  await expect(admin.getByText("Coupon updated successfully")).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(live) })).toContainText("Inactive");
  await expect(offers.getByText(live)).toHaveCount(0);

  await admin.getByRole("button", { name: `Delete ${live}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(confirm.getByText(/^This will permanently delete this coupon/)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByText("Coupon deleted successfully")).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(live) })).toHaveCount(0);
  await adminContext.close();
  await visitor.context().close();
});

test("the Create Coupon dialog opens clean after a cancelled empty submit, and a taken code is shown under its field", async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withAdminSession(admin.context());
  await admin.goto("/admin/coupons");
  await waitForHydration(admin);
  const dialog = admin.getByRole("dialog", { name: "Create New Coupon" });
  const code = dialog.getByLabel("Coupon Code");
  const value = dialog.getByLabel("Discount Value");

  // An empty submit is refused field by field; then the administrator cancels.
  await admin.getByRole("link", { name: "Create Coupon" }).click();
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(code).toHaveAccessibleDescription("Coupon code is required");
  await expect(value).toHaveAccessibleDescription("Discount value is required");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Opened again, the form starts clean.
  await admin.getByRole("link", { name: "Create Coupon" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Coupon code is required")).toHaveCount(0);
  await expect(dialog.getByText("Discount value is required")).toHaveCount(0);
  await expect(code).not.toHaveAttribute("aria-invalid", "true");

  // A code another coupon has: the message is under the Code field (and in the toast), nowhere else.
  await code.fill("welcome10");
  await value.fill("5");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  const taken = "A coupon with the code WELCOME10 already exists";
  await expect(code).toHaveAccessibleDescription(taken);
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(value).not.toHaveAttribute("aria-invalid", "true");
  await expect(admin.getByRole("region", { name: /^Notifications/ })).toContainText(taken);
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await adminContext.close();
});

test("customers see 'Coupon expired!' and 'Coupon already applied!'", async ({ browser, page }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withAdminSession(admin.context());
  await admin.goto("/admin/coupons");
  const bygone = newCode("BYGONE5");
  await admin.getByRole("link", { name: "Create Coupon" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create New Coupon" });
  await dialog.getByLabel("Coupon Code").fill(bygone);
  await dialog.getByLabel("Discount Value").fill("5");
  await dialog.getByLabel("Expiry Date").fill("2024-01-31");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(admin.getByText("Coupon created successfully")).toBeVisible();

  await signUp(page);
  await page.goto("/product/chyawanprash-special");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/cart");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await summary.getByLabel("Coupon code").fill(bygone.toLowerCase());
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Coupon expired!")).toBeVisible();
  await expect(page.getByText("This coupon is no longer valid")).toBeVisible();

  await summary.getByLabel("Coupon code").fill("HEALTH15");
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByText("HEALTH15 applied")).toBeVisible();
  // The box is hidden once a coupon is applied; a second code posted anyway (an old tab, a replay)
  // is refused by the server.
  const response = await page.request.post("/cart", {
    form: { intent: "apply-coupon", code: "WELCOME10" },
    headers: { origin: BASE_URL },
  });
  expect(response.status()).toBe(400);
  await page.reload();
  await expect(page.getByText("Coupon already applied!")).toBeVisible();
  await expect(page.getByText("Remove the current coupon to apply a different one")).toBeVisible();
  await expect(summary.getByText("HEALTH15 applied")).toBeVisible();

  await admin.getByRole("button", { name: `Delete ${bygone}` }).click();
  await admin
    .getByRole("alertdialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(admin.getByText("Coupon deleted successfully")).toBeVisible();
  await adminContext.close();
});

test("a coupon whose uses ran out says 'Coupon limit reached!'", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withAdminSession(admin.context());
  await admin.goto("/admin/coupons");
  const lastOne = newCode("LASTONE");
  await admin.getByRole("link", { name: "Create Coupon" }).click();
  const dialog = admin.getByRole("dialog", { name: "Create New Coupon" });
  await dialog.getByLabel("Coupon Code").fill(lastOne);
  await dialog.getByLabel("Discount Value").fill("10");
  await dialog.getByLabel("Usage Limit").fill("1");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(admin.getByText("Coupon created successfully")).toBeVisible();
  await adminContext.close();

  async function customerApplies(page: Page) {
    await signUp(page);
    await page.goto("/product/brahmi-vati");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Added to cart")).toBeVisible();
    await page.goto("/cart");
    await waitForHydration(page);
    const summary = page.getByRole("complementary", { name: "Order Summary" });
    await summary.getByLabel("Coupon code").fill(lastOne.toLowerCase());
    await summary.getByRole("button", { name: "Apply" }).click();
    return summary;
  }

  const first = await (await browser.newContext()).newPage();
  const summary = await customerApplies(first);
  await expect(summary.getByText(`${lastOne} applied`)).toBeVisible();
  await summary.getByRole("link", { name: "Proceed to Checkout" }).click();
  await first.getByLabel("Phone").fill("9876543210");
  await first.getByLabel("Address Line 1").fill("7 Powai Naka, Satara");
  await first.getByRole("button", { name: "Place Order" }).click();
  await expect(first.getByText("Order placed successfully!")).toBeVisible();

  const second = await (await browser.newContext()).newPage();
  await customerApplies(second);
  await expect(second.getByText("Coupon limit reached!")).toBeVisible();
  await expect(second.getByText("This coupon has been fully redeemed")).toBeVisible();
  await first.context().close();
  await second.context().close();
});
