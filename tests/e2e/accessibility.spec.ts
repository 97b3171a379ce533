import { expect, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { waitForHydration } from "./helpers";

for (const path of ["/", "/auth", "/auth?tab=sign-up", "/admin/login", "/no-such-page"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the auth form can be used with the keyboard alone", async ({ page }) => {
  await page.goto("/auth");
  // Arrow keys move between the tabs once the page's script runs.
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Sign In" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Full Name")).toBeVisible();
});
