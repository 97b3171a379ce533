import { expect, type Page, test } from "@playwright/test";
import { ADMIN } from "./config";
import { adminPage, signInWithoutScript, waitForHydration, withAdminSession } from "./helpers";

// Runs in the "shared-state" project, after the storefront tests: the shop's name and phone show
// on every page. The original values are put back at the end. One test at a time: each saves the
// whole settings form, which would put back what the other had just changed.
test.describe.configure({ mode: "serial" });

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

const FIELDS = ["Shop Name", "Phone", "GSTIN"] as const;

test("settings: validated, saved, shown on the storefront, audited, then restored", async ({
  page,
  browser,
}) => {
  await withAdminSession(page.context());
  await openSettings(page);
  const original: Record<string, string> = {};
  for (const label of FIELDS) original[label] = await page.getByLabel(label).inputValue();

  try {
    // Invalid values are refused with their messages, and nothing is saved.
    await page.getByLabel("GSTIN").fill("27AAPFU0939F1ZW");
    await page.getByLabel("Low-Stock Threshold").fill("-2");
    await page.getByLabel("Allowed Sign-Up Email Providers").fill("   ");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(
      page.getByText("This GSTIN's last character does not match the rest; check it for typos"),
    ).toBeVisible();
    await expect(
      page.getByText("Low-stock threshold must be a whole number of 0 or more"),
    ).toBeVisible();
    await expect(page.getByText("Enter at least one e-mail provider domain")).toBeVisible();
    await expect(page.getByLabel("GSTIN")).toHaveAttribute("aria-invalid", "true");

    // A valid save.
    await openSettings(page);
    await page.getByLabel("Shop Name").fill("Satara Ayurveda Aushadhalay");
    await page.getByLabel("Phone").fill("+91 98220 11111");
    await page.getByLabel("GSTIN").fill("27aapfu0939f1zv");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page).getByText("Settings saved")).toBeVisible();
    // The toast names the fields as the form labels them: "GSTIN", not "Gstin".
    await expect(
      toasts(page).getByText("Changed: Shop name, Phone, GSTIN", { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel("GSTIN")).toHaveValue("27AAPFU0939F1ZV");

    // Every storefront page shows the new identity, to a visitor too.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto("/");
    const header = visitor.getByRole("banner");
    await expect(header.getByText("+91 98220 11111")).toBeVisible();
    await expect(
      header.getByRole("link", { name: "Satara Ayurveda Aushadhalay home" }),
    ).toBeVisible();
    const footer = visitor.getByRole("contentinfo");
    await expect(footer.getByText("+91 98220 11111")).toBeVisible();
    await expect(footer.getByText(/© \d{4} Satara Ayurveda Aushadhalay\./)).toBeVisible();
    await expect(footer.getByText(/GSTIN: 27AAPFU0939F1ZV/)).toBeVisible();

    // The audit log shows the change, field by field.
    await page.goto("/admin/audit-log?entity=settings");
    const entry = page.getByRole("row").filter({ hasText: "Satara Ayurveda Aushadhalay" }).first();
    await expect(entry).toContainText(ADMIN.email);
    await expect(entry).toContainText("Shop name:");
    await expect(entry).toContainText("Phone:");
    await expect(entry).toContainText("+91 98220 11111");
    await expect(entry).toContainText("GSTIN:");
  } finally {
    await openSettings(page);
    for (const label of FIELDS) await page.getByLabel(label).fill(original[label] ?? "");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page).getByText("Settings saved")).toBeVisible();
  }
  for (const label of FIELDS) await expect(page.getByLabel(label)).toHaveValue(original[label]!);
});

async function saveExcludedPins(page: Page, prefixes: string) {
  await openSettings(page);
  await page.getByLabel("PIN Codes Without Cash on Delivery").fill(prefixes);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toasts(page).getByText("Settings saved")).toBeVisible();
}

test("cash on delivery: a PIN code without it is explained at checkout, the card stays, the server refuses it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  // No other test ships to 744xxx (the Andaman Islands), so no other checkout is affected.
  await saveExcludedPins(admin, "744");
  try {
    const { plain, context } = await signInWithoutScript(page, browser);

    // With JavaScript: the payment choice follows the PIN code as it is typed.
    await page.goto("/product/triphala-churna");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
    await page.goto("/checkout");
    await waitForHydration(page);
    const cash = page.getByLabel("Cash on Delivery");
    const card = page.getByLabel("Card Payment (Razorpay)");
    await expect(cash).toBeChecked();
    await page.getByLabel("Postal Code").fill("744101");
    const reason = "Cash on delivery is not available for PIN code 744101. Please pay by card.";
    await expect(page.getByText(reason)).toBeVisible();
    await expect(cash).toBeDisabled();
    await expect(card).toBeChecked();
    await page.getByLabel("Postal Code").fill("415003");
    await expect(cash).toBeEnabled();
    await expect(cash).toBeChecked();
    await expect(page.getByText(reason)).toHaveCount(0);

    // Without JavaScript the form posts cash on delivery as chosen, and the server refuses it.
    await plain.goto("/checkout");
    await plain.getByLabel("Phone").fill("9876543210");
    await plain.getByLabel("Address Line 1").fill("12 Aberdeen Bazaar");
    await plain.getByLabel("City").fill("Port Blair");
    await plain.getByLabel("State").fill("Andaman and Nicobar Islands");
    await plain.getByLabel("Postal Code").fill("744101");
    await plain.getByRole("button", { name: "Place Order" }).click();
    await expect(plain.getByText(reason).first()).toBeVisible();
    await expect(plain).toHaveURL("/checkout");
    await plain.goto("/profile?tab=orders");
    await expect(plain.getByText(/Order ORD-/)).toHaveCount(0);
    await context.close();
  } finally {
    await saveExcludedPins(admin, "");
    await admin.context().close();
  }
});
