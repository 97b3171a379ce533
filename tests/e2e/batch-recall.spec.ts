import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { monthFrom, shopDate } from "../../app/domain/stock-lots";
import { seriousViolations } from "./accessibility-audit";
import {
  adminPage,
  checkOutCashOnDelivery,
  signUp,
  waitForHydration,
  waitForMail,
  withAdminSession,
} from "./helpers";
import { trialProduct } from "./trial-product";

/** Where the shop started by scripts/e2e-server.mjs writes its SMS (SMS=outbox, the default). */
const OUTBOX = path.join("data", "e2e", "outbox");

function month(offset: number) {
  return monthFrom(shopDate(), offset);
}

let counter = 0;
function freshNumber() {
  counter += 1;
  const tail = `${Date.now() % 100_000}${counter}`.padStart(6, "0").slice(-6);
  return `96${String(process.pid % 100).padStart(2, "0")}${tail}`;
}

/** The newest outbox SMS to the ten digits whose text matches. */
async function smsTo(ten: string, text: RegExp) {
  let found: { text: string; variables?: Record<string, string> } | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX)
        ? fs.readdirSync(OUTBOX).filter((file) => file.includes(`-sms-91${ten}-`))
        : [];
      for (const file of files.sort().reverse()) {
        const message = JSON.parse(fs.readFileSync(path.join(OUTBOX, file), "utf8"));
        if (text.test(message.text)) {
          found = message;
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return found!;
}

/** A customer made by mobile sign-in: no e-mail address of their own. */
async function mobileCustomer(browser: Browser, fullName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const ten = freshNumber();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with mobile number" }).click();
  await page.getByLabel("Mobile Number").fill(ten);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(`/auth/mobile?number=${ten}`);
  const code = (await smsTo(ten, /\d{6}/)).variables!.OTP!;
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
  return { page, ten };
}

async function buyOne(page: Page, slug: string, phone?: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  return checkOutCashOnDelivery(page, undefined, phone);
}

async function ship(admin: Page, orderNumber: string) {
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await dialog.getByLabel("Tracking ID").fill(`AWB${randomUUID().slice(0, 8)}`);
  await dialog.getByRole("button", { name: "Add Tracking ID" }).click();
  return dialog;
}

for (const width of [1280, 390]) {
  test(`at ${width} px the owner recalls a batch: every customer told by what reaches them, the pending order held and unshippable, the stock on hold, then lifted`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: 900 };
    const product = await trialProduct("Recall", { price: "180", stockQuantity: "0" });
    const batch = `RC-${randomUUID().slice(0, 6).toUpperCase()}`;
    const admin = await adminPage(browser, { viewport });
    await admin.goto(`/admin/products/${product.id}/lots`);
    await waitForHydration(admin);
    const form = admin.getByRole("form", { name: `Receive stock of ${product.name}` });
    await form.getByLabel("Batch number").fill(batch);
    await form.getByLabel("Manufacturing month").fill(month(-1));
    await form.getByLabel("Expiry month").fill(month(18));
    await form.getByLabel("Quantity").fill("5");
    await form.getByRole("button", { name: "Receive stock" }).click();
    await expect(admin.getByText(`Received 5 of batch ${batch}`)).toBeVisible();

    // An e-mail customer and a mobile-only customer receive the batch; a third order waits.
    const emailContext = await browser.newContext();
    const asha = await emailContext.newPage();
    const ashaAccount = await signUp(asha, { fullName: "Asha Recall" });
    const ashaOrder = await buyOne(asha, product.slug);
    const mobile = await mobileCustomer(browser, "Ravi Recall");
    const raviOrder = await buyOne(mobile.page, product.slug, mobile.ten);
    const meera = await (await browser.newContext()).newPage();
    await signUp(meera, { fullName: "Meera Recall" });
    const pendingOrder = await buyOne(meera, product.slug);
    for (const number of [ashaOrder, raviOrder]) {
      await ship(admin, number);
      await expect(admin.getByText("Tracking ID added and order marked as shipped")).toBeVisible();
    }

    // The recall, asked first.
    await admin.goto(`/admin/batches/${batch}`);
    await waitForHydration(admin);
    await admin.getByRole("link", { name: "Recall batch" }).click();
    const question = admin.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(question).toContainText(`Batch ${batch} will stop selling at once.`);
    await question.getByRole("button", { name: "Recall batch" }).click();
    const toast = admin.locator("[data-sonner-toast]").filter({ hasText: "Recall notice sent" });
    await expect(toast).toContainText("Recall notice sent to 2 customers");
    await expect(toast).toContainText(`Needs attention, no other stock: ${pendingOrder}.`);

    // Per customer, each channel with its state; the placeholder address is never shown.
    const notices = admin.getByRole("table").filter({ hasText: "Channels" });
    const ashaRow = notices.getByRole("row").filter({ hasText: "Asha Recall" });
    await expect(ashaRow.getByRole("listitem").nth(0)).toHaveText(/^E-mail:(Queued|Sent)$/);
    await expect(ashaRow.getByRole("listitem").nth(1)).toHaveText(/^SMS:(Queued|Sent)$/);
    const raviRow = notices.getByRole("row").filter({ hasText: "Ravi Recall" });
    await expect(raviRow.getByRole("listitem").nth(0)).toHaveText(
      "E-mail:Skippedno e-mail address",
    );
    await expect(raviRow.getByRole("listitem").nth(1)).toHaveText(/^SMS:(Queued|Sent)$/);
    await expect(raviRow.getByRole("listitem").nth(2)).toHaveText(
      "WhatsApp:Skippednot opted in to WhatsApp",
    );
    await expect(admin.getByText("no-email.invalid")).toHaveCount(0);
    await expect(
      admin.getByRole("status").filter({ hasText: "This batch is recalled" }),
    ).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);

    // The SMS reaches the mobile-only customer; the mail the e-mail customer.
    const sms = await smsTo(mobile.ten, /^Recall:/);
    expect(sms.text).toContain(`batch ${batch}`);
    expect(sms.text.length).toBeLessThanOrEqual(160);
    const mail = await waitForMail(ashaAccount.email, /^Recall:/);
    expect(mail.subject).toBe(`Recall: ${product.name}, batch ${batch}`);

    // The pending order needs attention and cannot be shipped.
    const dialog = await ship(admin, pendingOrder);
    await expect(
      admin.locator("[data-sonner-toast]").filter({ hasText: "is held: batch" }),
    ).toBeVisible();
    await expect(dialog.getByText(`Needs attention: batch ${batch} recalled`)).toBeVisible();

    // The product no longer sells.
    await meera.goto(`/product/${product.slug}`);
    await expect(meera.getByRole("button", { name: "Out of Stock" })).toBeDisabled();

    // A mistaken recall: the hold is lifted, asked first.
    await admin.goto(`/admin/batches/${batch}`);
    await waitForHydration(admin);
    await admin.getByRole("link", { name: "Lift hold" }).click();
    await admin
      .getByRole("alertdialog", { name: "Are you sure?" })
      .getByRole("button", { name: "Lift hold" })
      .click();
    await expect(
      admin.locator("[data-sonner-toast]").filter({ hasText: "Hold lifted" }),
    ).toBeVisible();
    await expect(
      admin.getByRole("status").filter({ hasText: "This batch is recalled" }),
    ).toHaveCount(0);
    await meera.goto(`/product/${product.slug}`);
    await expect(meera.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await ship(admin, pendingOrder);
    await expect(admin.getByText("Tracking ID added and order marked as shipped")).toBeVisible();
    await admin.context().close();
  });
}

test("without JavaScript the owner recalls a batch and lifts its hold, each asked first on the page", async ({
  browser,
}) => {
  // Dearer than the cheapest demo product (₹90), which the catalog's price sort expects first.
  const product = await trialProduct("Plain recall", { price: "95", stockQuantity: "2" });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await withAdminSession(context);
  const admin = await context.newPage();
  await admin.goto(`/admin/products/${product.id}/lots`);
  const form = admin.getByRole("form", { name: `Receive stock of ${product.name}` });
  const batch = `NR-${randomUUID().slice(0, 6).toUpperCase()}`;
  await form.getByLabel("Batch number").fill(batch);
  await form.getByLabel("Manufacturing month").fill(month(-1));
  await form.getByLabel("Expiry month").fill(month(18));
  await form.getByLabel("Quantity").fill("4");
  await form.getByRole("button", { name: "Receive stock" }).click();
  await expect(admin.getByText(/· 6 sellable/)).toBeVisible();

  await admin.goto(`/admin/batches/${batch}`);
  await admin.getByRole("link", { name: "Recall batch" }).click();
  await expect(admin).toHaveURL(/\?confirm=recall$/);
  const question = admin.getByRole("alertdialog", { name: "Are you sure?" });
  const [recalled] = await Promise.all([
    admin.waitForResponse((response) => response.request().method() === "POST"),
    question.getByRole("button", { name: "Recall batch" }).click(),
  ]);
  expect(recalled.status()).toBe(200);
  await expect(
    admin.getByRole("status").filter({ hasText: "This batch is recalled" }),
  ).toBeVisible();
  await admin.goto(`/admin/products/${product.id}/lots`);
  const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: batch }) });
  await expect(row).toContainText("Held: recalled");
  await expect(admin.getByText(/· 2 sellable/)).toBeVisible();

  await admin.goto(`/admin/batches/${batch}`);
  await admin.getByRole("link", { name: "Lift hold" }).click();
  const [lifted] = await Promise.all([
    admin.waitForResponse((response) => response.request().method() === "POST"),
    admin
      .getByRole("alertdialog", { name: "Are you sure?" })
      .getByRole("button", { name: "Lift hold" })
      .click(),
  ]);
  expect(lifted.status()).toBe(200);
  await expect(admin.getByRole("heading", { name: `Batch ${batch}` })).toBeVisible();
  await expect(admin.getByRole("status").filter({ hasText: "This batch is recalled" })).toHaveCount(
    0,
  );
  await admin.goto(`/admin/products/${product.id}/lots`);
  await expect(admin.getByText(/· 6 sellable/)).toBeVisible();
  await context.close();
});
