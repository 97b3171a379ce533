import { expect, type Page, test } from "@playwright/test";
import { waitForHydration, withAdminSession } from "./helpers";

function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** The box parcels are booked in (docs/decisions/060), on the settings screen with COURIER=test. */
test("the owner sets the parcel box in the settings; a side out of range is refused", async ({
  page,
}) => {
  await withAdminSession(page.context());
  await page.goto("/admin/settings");
  await waitForHydration(page);
  const length = page.getByLabel("Package length (cm)");
  await expect(length).toHaveValue("20");
  await expect(page.getByLabel("Package breadth (cm)")).toHaveValue("15");
  await expect(page.getByLabel("Package height (cm)")).toHaveValue("10");

  await length.fill("0");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    page.getByText("Package length (cm) must be a whole number from 1 to 200"),
  ).toBeVisible();
  await expect(length).toHaveAttribute("aria-invalid", "true");

  try {
    await length.fill("25");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(
      toasts(page).getByText("Changed: Package length (cm)", { exact: true }),
    ).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Package length (cm)")).toHaveValue("25");
  } finally {
    await page.getByLabel("Package length (cm)").fill("20");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(toasts(page).getByText("Settings saved")).toBeVisible();
  }
});
