import { expect, test } from "@playwright/test";
import { labelInNameViolations, seriousViolations } from "./accessibility-audit";
import { signedInTest } from "./fixtures";
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

test.describe("controls are named by the words they show (WCAG 2.5.3 Label in Name)", () => {
  const PAGES = ["/", "/products", "/product/brahmi-vati", "/category/stress-relief", "/wishlist"];

  test("for a visitor", async ({ page }) => {
    for (const path of PAGES.slice(0, -1)) {
      await page.goto(path);
      expect(await labelInNameViolations(page), path).toEqual([]);
    }
  });

  signedInTest(
    "for a customer with a saved product, before and after it is saved",
    async ({ page }) => {
      await page.goto("/product/brahmi-vati");
      await waitForHydration(page);
      const main = page.getByRole("main");
      const add = main.getByRole("button", { name: /^Add to Wishlist\b/ });
      await expect(add).toHaveText("Add to Wishlist");
      await expect(add).toHaveAccessibleName("Add to Wishlist, Brahmi Vati");
      expect(await labelInNameViolations(page)).toEqual([]);
      await add.click();
      await expect(page.getByText("Added to wishlist")).toBeVisible();
      const saved = main.getByRole("button", { name: /^Saved\b/ });
      await expect(saved).toHaveText("Saved");
      await expect(saved).toHaveAccessibleName("Saved, remove Brahmi Vati from wishlist");
      for (const path of PAGES) {
        await page.goto(path);
        expect(await labelInNameViolations(page), path).toEqual([]);
      }
    },
  );
});
