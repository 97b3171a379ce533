import { expect, test } from "@playwright/test";
import { ADMIN } from "./config";
import { signUpOnHome, waitForHydration } from "./helpers";

// The mobile menu's drawer slides in as a shopper sees it (the suite's default is reduced motion).
test.use({ reducedMotion: "no-preference" });

test("the header shows the promo bar, navigation and the sign-in icon to visitors", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByText("Free shipping on orders above ₹999")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [name, href] of [
    ["Products", "/products"],
    ["Categories", "/categories"],
    ["About", "/about"],
    ["Contact", "/contact"],
  ] as const) {
    await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Wishlist/ })).toHaveCount(0);
});

test("header search sends trimmed text to /products and ignores blank text", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("search").getByLabel("Search products");
  await search.fill("   ");
  await search.press("Enter");
  await expect(page).toHaveURL("/");
  await search.fill("  ashwagandha  ");
  await search.press("Enter");
  await expect(page).toHaveURL("/products?search=ashwagandha");
});

test("the user menu greets the customer and links to the profile", async ({ page }) => {
  const account = await signUpOnHome(page, { fullName: "Kavita Joshi" });
  await page.getByRole("button", { name: "Account menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("Hello, Kavita Joshi")).toBeVisible();
  await expect(menu.getByText(account.email)).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveCount(0);
  await menu.getByRole("menuitem", { name: "My Profile" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
});

test("administrators see 'Admin Dashboard' in the user menu", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("/admin/dashboard");
  await page.goto("/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.getByText("Total Revenue")).toBeVisible();
});

test("the mobile menu opens a drawer with navigation, search and account links", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  // The drawer needs the page's script: a tap before it has run does nothing (the footer's links
  // serve a phone without it). This test is about the drawer, so it taps once the page is hydrated.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Products" })).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Sign In / Sign Up" })).toBeVisible();
  await drawer.getByLabel("Search products").fill("triphala ");
  await drawer.getByLabel("Search products").press("Enter");
  await expect(page).toHaveURL("/products?search=triphala");
  await expect(drawer).toBeHidden();
});

test("a tap on the menu button before the drawer's code has arrived still opens it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The drawer's code arrives late, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/mobile-menu-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Open menu" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  release();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Products" })).toBeVisible();
  // Closed by keyboard, focus goes back to the button, which opens the drawer again.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(drawer).toBeVisible();
});

test("the footer has quick links, customer service, contact details and a newsletter box", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(
    footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "About Us" }),
  ).toHaveAttribute("href", "/about");
  await expect(
    footer
      .getByRole("navigation", { name: "Customer Service" })
      .getByRole("link", { name: "Return & Refund Policy" }),
  ).toHaveAttribute("href", "/returns");
  await expect(footer.getByText(/Satara, Maharashtra 415003/)).toBeVisible();
  await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
  await footer.getByLabel("Subscribe to our newsletter").fill("reader@gmail.com");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByText("Thank you for subscribing to our wellness newsletter."),
  ).toBeVisible();
});

test("cart and wishlist icons appear once signed in", async ({ page }) => {
  const account = await signUpOnHome(page);
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
  await page.goto("/wishlist");
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse Products" })).toHaveAttribute(
    "href",
    "/products",
  );
  expect(account.email).toContain("@gmail.com");
});
