import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { BASE_URL } from "./config";
// The printed documents' pages must print without breaking the Content-Security-Policy.
import { type ConsoleGuard, expect, test } from "./console-guard";
import { checkOutCashOnDelivery, signUp, waitForHydration, withAdminSession } from "./helpers";

// A product no other spec buys: four of them pass WELCOME10's minimum order, so the invoice has
// a discount to show as a negative amount.
const PRODUCT = { slug: "neem-capsule", name: "Neem Capsule" };

type PrintCall = { heading: string | null; readyState: DocumentReadyState };

/**
 * Runs in every page of the context before the page's own scripts: `window.print` records the
 * moment it was called instead of opening the dialog, which a test cannot press.
 */
function stubPrint() {
  const calls: PrintCall[] = [];
  (window as unknown as { printCalls: PrintCall[] }).printCalls = calls;
  window.print = () => {
    calls.push({
      heading: document.querySelector("h1")?.textContent ?? null,
      readyState: document.readyState,
    });
  };
}

const printCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { printCalls: PrintCall[] }).printCalls);

/** A new customer orders four of the product with WELCOME10, cash on delivery. */
async function orderWithCoupon(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, { fullName: "Meera Printwala" });
  await page.goto(`/product/${PRODUCT.slug}`);
  await waitForHydration(page);
  for (let i = 1; i < 4; i++) await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  const applied = await page.request.post("/cart", {
    form: { intent: "apply-coupon", code: "WELCOME10" },
    headers: { origin: BASE_URL },
  });
  expect(applied.status()).toBe(200);
  const orderNumber = await checkOutCashOnDelivery(page);
  // The Orders tab keeps the discount together too, in the narrowest summary.
  const discount = page.getByRole("article").first().getByRole("definition").filter({
    hasText: /^-₹\d/,
  });
  await discount.locator("xpath=ancestor::dl").evaluate((list: HTMLElement) => {
    list.style.width = "1px";
  });
  expect(await renderedLines(discount)).toBe(1);
  await context.close();
  return orderNumber;
}

/** The administrator, in a context whose pages record `window.print`, on the order's detail. */
async function openOrder(
  browser: Browser,
  consoleGuard: ConsoleGuard,
  orderNumber: string,
  options = {},
) {
  const context = await browser.newContext(options);
  await consoleGuard.watch(context);
  await context.addInitScript(stubPrint);
  const admin = await context.newPage();
  await withAdminSession(admin.context());
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return { context, admin, dialog };
}

/** Presses a control that opens a document in a new tab; returns that tab once it shows `heading`. */
async function openDocument(context: BrowserContext, control: Locator, heading: string) {
  const [document] = await Promise.all([context.waitForEvent("page"), control.click()]);
  await expect(document.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  return document;
}

/**
 * Waits until nothing on the page is left that could print: it has loaded (its load event, which
 * a page opened before then prints on, is past) and React has hydrated it with its effects run (the
 * Print button shows only once hydrated, and the effects of the hydrating render run before that).
 */
async function expectSettled(page: Page) {
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible();
  await page.waitForFunction(() => document.readyState === "complete");
}

/** Asserts the page printed exactly once, after it had loaded, with its document showing. */
async function expectPrintedOnce(page: Page, heading: string) {
  await expect.poll(() => printCalls(page)).toHaveLength(1);
  expect(await printCalls(page)).toEqual([{ heading, readyState: "complete" }]);
  // The address loses its ?print=1, so a reload or a bookmark shows it without printing.
  await expect(page).toHaveURL((url) => !url.search.includes("print"));
  await expectSettled(page);
  expect(await printCalls(page)).toHaveLength(1);
}

/** How many lines of text the element's content takes on the screen. */
function renderedLines(element: Locator) {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

test("Print Invoice and Credit Note open the document and the browser's print dialog once it has loaded, once", async ({
  browser,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  const orderNumber = await orderWithCoupon(browser);
  const { context, admin, dialog } = await openOrder(browser, consoleGuard, orderNumber);

  const invoice = await openDocument(
    context,
    dialog.getByRole("button", { name: "Print Invoice" }),
    "Tax Invoice",
  );
  await expectPrintedOnce(invoice, "Tax Invoice");
  // The page's own Print button prints again; a reload does not.
  await invoice.getByRole("button", { name: "Print", exact: true }).click();
  expect(await printCalls(invoice)).toHaveLength(2);
  await invoice.reload();
  await waitForHydration(invoice);
  await expectSettled(invoice);
  expect(await printCalls(invoice)).toEqual([]);
  await invoice.close();

  // Cancelling the invoiced order issues a credit note, printed from the same row.
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  // The plain form's select (with an Update button) stands until the hydrating render replaces it.
  await expect(admin.getByRole("button", { name: "Update", exact: true })).toHaveCount(0);
  await admin.getByLabel(`Status of order ${orderNumber}`).selectOption("cancelled");
  await admin
    .getByRole("alertdialog", { name: `Cancel order ${orderNumber}?` })
    .getByRole("button", { name: "Yes, Cancel Order" })
    .click();
  await expect(admin.getByText("Order status changed to cancelled")).toBeVisible();
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const creditNote = await openDocument(
    context,
    dialog.getByRole("link", { name: /^Credit Note CN\// }),
    "Credit Note",
  );
  await expectPrintedOnce(creditNote, "Credit Note");
  await context.close();
});

test("amounts on the invoice, a negative discount included, never break across lines", async ({
  browser,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  const orderNumber = await orderWithCoupon(browser);
  const { context, dialog } = await openOrder(browser, consoleGuard, orderNumber, {
    viewport: { width: 390, height: 844 },
  });
  const invoice = await openDocument(
    context,
    dialog.getByRole("button", { name: "Print Invoice" }),
    "Tax Invoice",
  );
  const table = invoice.getByRole("table", { name: "Invoice lines" });
  await expect(table.getByRole("cell", { name: /^-₹\d/ })).toHaveCount(2);
  const amounts = table.getByRole("cell", { name: /₹/ });
  expect(await amounts.count()).toBeGreaterThan(10);
  const expectEachOnOneLine = async (where: string) => {
    for (const amount of await amounts.all()) {
      expect(await renderedLines(amount), `${await amount.textContent()} ${where}`).toBe(1);
    }
  };
  for (const media of ["screen", "print"] as const) {
    await invoice.emulateMedia({ media });
    await expectEachOnOneLine(`on a phone's ${media}`);
  }
  // However narrow a page or a printer's paper squeezes the columns.
  await table.evaluate((element) => {
    element.style.tableLayout = "fixed";
    element.style.width = "1px";
  });
  await expectEachOnOneLine("in the narrowest columns");
  await context.close();
});
