import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { ADMIN } from "./config";
import {
  orderCashOnDelivery,
  signInAsAdmin,
  signUp,
  waitForHydration,
  withAdminSession,
} from "./helpers";

// The back office's drawer and dialogs move as a shopper sees them (the suite's default is reduced
// motion).
test.use({ reducedMotion: "no-preference" });

// A product no other spec buys, so its stock here is this file's own.
const PRODUCT = { slug: "ksheerabala-101-taila", name: "Ksheerabala 101 Taila" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe.configure({ timeout: 120_000 });

const ADMIN_PAGES = [
  { path: "/admin/dashboard", heading: "Dashboard" },
  { path: "/admin/products", heading: "Products" },
  { path: "/admin/categories", heading: "Categories" },
  { path: "/admin/customers", heading: "Customer Management" },
  { path: "/admin/coupons", heading: "Coupon Management" },
  { path: "/admin/reviews", heading: "Reviews Management" },
  { path: "/admin/audit-log", heading: "Audit Log" },
  { path: "/admin/settings", heading: "Settings" },
] as const;

/** Attaches a full-page screenshot, then checks nothing reaches past the right edge. */
async function expectFitsScreen(page: Page, testInfo: TestInfo, name: string) {
  const screenshot = await page.screenshot({ fullPage: true });
  await testInfo.attach(`${name} at ${PHONE.width} px`, {
    body: screenshot,
    contentType: "image/png",
  });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** A new customer, on a phone, orders one item cash on delivery; returns the order number. */
async function placeOrderOnPhone(page: Page) {
  await signUp(page, { fullName: "Radhika Mobilewala" });
  return orderCashOnDelivery(page, PRODUCT.slug);
}

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE });

  test("the promo bar shows free shipping, the phone and the e-mail, within the screen", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const email = header.getByRole("link", { name: /@/ });
    const contacts = [header.getByRole("link", { name: /^\+?[\d ]+$/ }), email];
    await expect(header.getByText("Free shipping on orders above ₹999")).toBeVisible();
    await expect(email).toHaveAttribute("href", /^mailto:[^?]+@/);
    const withinScreen = async () => {
      for (const link of contacts) {
        await expect(link).toBeVisible();
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
    };
    await withinScreen();
    expect(await seriousViolations(page, { include: "header" })).toEqual([]);
    await expectFitsScreen(page, testInfo, "Home");
    // An owner's longer address wraps inside the bar rather than widening the page.
    await email.evaluate((link) => {
      link.lastChild!.textContent = "namaste.customer-care@sataraayurveda-wellness.example";
    });
    await withinScreen();
    await expectFitsScreen(page, testInfo, "Home with a long e-mail address");
  });

  test("the account's Orders tab fits the screen and shows each item's Total", async ({
    page,
  }, testInfo) => {
    const orderNumber = await placeOrderOnPhone(page);
    const order = page.getByRole("article", { name: `Order ${orderNumber}` });
    const items = order.getByRole("table", { name: `Items in order ${orderNumber}` });
    const total = items.getByRole("columnheader", { name: "Total" });
    await expect(total).toBeVisible();
    const row = items.getByRole("row").filter({ hasText: PRODUCT.name });
    const itemTotal = row.getByRole("cell").last();
    for (const cell of [total, itemTotal]) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(itemTotal).toHaveText(/^₹\d/);
    await expectFitsScreen(page, testInfo, "Account orders tab");
  });

  test("the products list keeps each product's name and category inside its own cell", async ({
    page,
  }) => {
    await withAdminSession(page.context());
    await page.goto("/admin/products");
    const rows = page.getByRole("row").filter({ has: page.getByRole("rowheader") });
    await expect(rows.first()).toBeVisible();
    // Each line of the Name cell ends before the Price cell starts: nothing runs under the price.
    const spills = await rows.evaluateAll((trs) =>
      trs.flatMap((tr) => {
        const name = tr.querySelector("th")!;
        const price = tr.querySelector("td")!;
        const edge = price.getBoundingClientRect().left;
        return [...name.querySelectorAll("span")]
          .filter((span) => span.children.length === 0 && span.textContent?.trim())
          .filter((span) => {
            // The text's own extent: a word too long for the cell overflows the span's box.
            const range = document.createRange();
            range.selectNodeContents(span);
            return range.getBoundingClientRect().right > edge + 0.5;
          })
          .map((span) => span.textContent!.trim());
      }),
    );
    expect(spills).toEqual([]);
  });

  test("every back-office page fits the screen, an open order included", async ({
    page,
    browser,
  }, testInfo) => {
    const customer = await browser.newContext({ viewport: PHONE });
    const orderNumber = await placeOrderOnPhone(await customer.newPage());
    await customer.close();

    await withAdminSession(page.context());
    for (const { path, heading } of ADMIN_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectFitsScreen(page, testInfo, path);
    }

    await page.goto(`/admin/orders?q=${orderNumber}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    await expectFitsScreen(page, testInfo, "/admin/orders");
    await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
    const detail = page.getByRole("dialog", { name: `Order ${orderNumber}` });
    await expect(detail).toBeVisible();
    const box = (await detail.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // The items' Total column is in view, not cut at the edge of its table's box (measured
    // once the dialog has finished zooming in).
    await detail.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    const items = detail.getByRole("table");
    const itemsBox = (await items.locator("xpath=..").boundingBox())!;
    const total = items.getByRole("columnheader", { name: "Total" });
    await expect(total).toHaveText("Total");
    const itemTotal = items
      .getByRole("row")
      .filter({ hasText: PRODUCT.name })
      .getByRole("cell")
      .last();
    await expect(itemTotal).toHaveText(/^₹[\d,]+\.\d\d$/);
    for (const cell of [total, itemTotal]) {
      const cellBox = (await cell.boundingBox())!;
      expect(cellBox.x).toBeGreaterThanOrEqual(itemsBox.x);
      expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(itemsBox.x + itemsBox.width);
    }
    await expectFitsScreen(page, testInfo, "/admin/orders with an order open");
  });

  test("the back office's menu is a drawer that works by keyboard", async ({ page }) => {
    await signInAsAdmin(page);
    await waitForHydration(page);
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    await expect(sidebar).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const drawer = page.getByRole("dialog", { name: "Admin Panel" });

    // The heading is the first thing on the screen, not the links.
    const headingBox = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(headingBox.y + headingBox.height).toBeLessThan(PHONE.height / 2);

    // Open with Enter, close with Escape: focus comes back to the button.
    await menuButton.focus();
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(drawer).toContainText(`Signed in as ${ADMIN.email}`);
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Open with Space, close with its Close button.
    await page.keyboard.press(" ");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A link chosen by keyboard goes there and closes the drawer.
    await page.keyboard.press("Enter");
    const products = drawer.getByRole("link", { name: "Products" });
    await products.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin/products");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  });
});

test.describe("on a 390 px phone without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the back office's menu button still shows the links", async ({ page }) => {
    await withAdminSession(page.context());

    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav).toBeHidden();
    await page.locator("summary[aria-label='Open menu']").click();
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Coupons" }).click();
    await expect(page).toHaveURL("/admin/coupons");
    await expect(page.getByRole("heading", { level: 1, name: "Coupon Management" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});

test.describe("on a 1280 px desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the back office keeps its sidebar and has no menu button", async ({ page }, testInfo) => {
    await signInAsAdmin(page);
    await waitForHydration(page);
    const sidebar = page.getByRole("navigation", { name: "Admin" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByText(`Signed in as ${ADMIN.email}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    const box = (await sidebar.boundingBox())!;
    expect(box.x).toBeLessThan(32);
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(heading.x).toBeGreaterThan(box.x + box.width);
    expect(heading.y).toBeLessThan(200);
    await testInfo.attach("Dashboard at 1280 px", {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  });
});
