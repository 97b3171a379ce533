import { expect, type Page, test } from "@playwright/test";
import { ADMIN } from "./config";
import { signInAsAdmin } from "./helpers";

// Runs in the "shared-state" project, after the storefront tests: the shop's name and phone show
// on every page. The original values are put back at the end.

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

async function openSettings(page: Page) {
  await page.goto("/admin/settings");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

const FIELDS = ["Shop Name", "Phone", "GSTIN"] as const;

test("settings: validated, saved, shown on the storefront, audited, then restored", async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
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
  } finally {
    await openSettings(page);
    for (const label of FIELDS) await page.getByLabel(label).fill(original[label] ?? "");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page).getByText("Settings saved")).toBeVisible();
  }
  for (const label of FIELDS) await expect(page.getByLabel(label)).toHaveValue(original[label]!);
});
