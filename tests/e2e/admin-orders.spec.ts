import fs from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { ADMIN, BASE_URL } from "./config";
import {
  orderCashOnDelivery,
  payByCard,
  signUp,
  uniqueEmail,
  waitForHydration,
  waitForMail,
  withAdminSession,
} from "./helpers";

// Products no other spec buys, so stock and search results here are this file's own.
const MAHARASHTRA_PRODUCT = { slug: "arjunarishta", name: "Arjunarishta" };
const KARNATAKA_PRODUCT = { slug: "ashokarishta", name: "Ashokarishta" };
const CANCEL_PRODUCT = { slug: "haridra-khand", name: "Haridra Khand" };
const LAYOUT_PRODUCT = { slug: "aloe-vera-juice", name: "Aloe Vera Juice" };

/**
 * A new customer orders one item cash on delivery, to the default Satara address or another one;
 * returns their e-mail and the order number.
 */
async function placeCodOrder(
  browser: Browser,
  input: {
    fullName: string;
    slug: string;
    address?: { city: string; state: string; postalCode: string; line1: string };
  },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUp(page, { fullName: input.fullName });
  const orderNumber = await orderCashOnDelivery(page, input.slug, input.address);
  return { email: account.email, orderNumber, customer: page };
}

async function openOrdersFor(page: Page, search: string) {
  await page.goto("/admin/orders");
  await waitForHydration(page);
  await page.getByPlaceholder("Search by order number or customer name...").fill(search);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(search).replace(/%20/g, "\\+")}`),
  );
}

async function openInvoice(page: Page, orderNumber: string) {
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  const [invoice] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Print Invoice" }).click(),
  ]);
  await invoice.waitForLoadState();
  await expect(invoice.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  return invoice;
}

test("an administrator finds a customer's order, updates it, ships it and prints its invoice", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const order = await placeCodOrder(browser, {
    fullName: "Ketaki Orderwala",
    slug: MAHARASHTRA_PRODUCT.slug,
  });
  await order.customer.context().close();
  await withAdminSession(page.context());

  // Search by order number, then by name in another case.
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await openOrdersFor(page, order.orderNumber);
  const row = page.getByRole("row").filter({ hasText: order.orderNumber });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Ketaki Orderwala");
  await expect(row).toContainText(order.email);
  await expect(row).toContainText("₹239.00");
  await expect(row).toContainText("Cash on Delivery");
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await openOrdersFor(page, "KETAKI orderwala");
  await expect(row).toHaveCount(1);

  // The status filter keeps the search.
  const filter = page.getByLabel("Filter by status");
  await filter.selectOption("delivered");
  await expect(page).toHaveURL(/status=delivered/);
  await expect(page.getByText("No orders found")).toBeVisible();
  await filter.selectOption("pending");
  await expect(page).toHaveURL(/status=pending/);
  await expect(row).toHaveCount(1);
  await filter.selectOption("all");
  await expect(row).toHaveCount(1);

  // Inline status change.
  const status = page.getByLabel(`Status of order ${order.orderNumber}`);
  await expect(status).toHaveValue("pending");
  await status.selectOption("processing");
  await expect(page.getByText("Order status updated")).toBeVisible();
  await expect(page.getByText("Order status changed to processing")).toBeVisible();
  await expect(status).toHaveValue("processing");

  expect(await seriousViolations(page)).toEqual([]);

  // The detail dialog, opened from the keyboard.
  const viewLink = page.getByRole("link", { name: `View order ${order.orderNumber}` });
  await viewLink.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Order ${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Ketaki Orderwala");
  await expect(dialog).toContainText(order.email);
  await expect(dialog).toContainText("9876543210");
  await expect(dialog).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}/);
  await expect(dialog.getByRole("cell", { name: MAHARASHTRA_PRODUCT.name })).toBeVisible();
  await expect(dialog).toContainText("12 Shivaji Nagar, Rajwada");
  await expect(dialog).toContainText("Satara, Maharashtra 415003");
  await expect(dialog).toContainText("Processing");
  await expect(dialog).toContainText("₹50.00");
  await expect(dialog).toContainText("₹239.00");
  expect(await seriousViolations(page)).toEqual([]);

  // A blank tracking ID is refused; a real one ships the order and is read-only after.
  const tracking = dialog.getByLabel("Tracking ID");
  await tracking.fill("   ");
  await dialog.getByRole("button", { name: "Add Tracking ID" }).click();
  await expect(dialog.getByText("Please enter a tracking ID")).toBeVisible();
  await expect(
    page.locator("[data-sonner-toast]").getByText("Please enter a tracking ID"),
  ).toBeVisible();
  await tracking.fill("DTDC123456789");
  await dialog.getByRole("button", { name: "Add Tracking ID" }).click();
  await expect(page.getByText("Tracking ID added and order marked as shipped")).toBeVisible();
  await expect(dialog.getByLabel("Tracking ID")).toHaveValue("DTDC123456789");
  await expect(dialog.getByLabel("Tracking ID")).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("button", { name: "Add Tracking ID" })).toHaveCount(0);
  await expect(dialog).toContainText("Shipped");
  const mail = await waitForMail(order.email, /has shipped/);
  expect(mail.subject).toBe(`Your order ${order.orderNumber} has shipped`);
  expect(mail.text).toContain("DTDC123456789");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(viewLink).toBeFocused();
  await expect(status).toHaveValue("shipped");

  // The invoice of a Maharashtra address splits CGST and SGST.
  const invoice = await openInvoice(page, order.orderNumber);
  await expect(invoice.getByText(/^INV\/\d{2}-\d{2}\/\d{6}$/)).toBeVisible();
  await expect(invoice.getByRole("region", { name: "Parties" })).toContainText(
    "Place of SupplyMaharashtra (27)",
  );
  await expect(invoice.getByRole("columnheader", { name: "CGST" })).toBeVisible();
  await expect(invoice.getByRole("columnheader", { name: "SGST" })).toBeVisible();
  await expect(invoice.getByRole("columnheader", { name: "IGST" })).toHaveCount(0);
  await expect(invoice.getByRole("cell", { name: "3004" })).toBeVisible();
  await expect(invoice.getByRole("cell", { name: "996812" })).toBeVisible();
  await expect(invoice.getByText("Rupees Two Hundred Thirty Nine Only")).toBeVisible();
  await expect(invoice.getByRole("button", { name: "Print" })).toBeVisible();
  expect(await seriousViolations(invoice)).toEqual([]);
  const number = await invoice.getByText(/^INV\//).textContent();
  await invoice.reload();
  await expect(invoice.getByText(number!)).toBeVisible();
  await invoice.close();
});

test("an order to Karnataka is invoiced with IGST, and its customer opens the invoice, nobody else", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const order = await placeCodOrder(browser, {
    fullName: "Kiran Rao",
    slug: KARNATAKA_PRODUCT.slug,
    address: {
      line1: "21 MG Road, Shanthala Nagar",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
    },
  });
  await withAdminSession(page.context());
  await openOrdersFor(page, order.orderNumber);
  const invoice = await openInvoice(page, order.orderNumber);
  await expect(invoice.getByRole("region", { name: "Parties" })).toContainText(
    "Place of SupplyKarnataka (29)",
  );
  await expect(invoice.getByRole("columnheader", { name: "IGST" })).toBeVisible();
  await expect(invoice.getByRole("columnheader", { name: "CGST" })).toHaveCount(0);
  await expect(invoice.getByText("Inter-state supply: IGST")).toBeVisible();
  await expect(invoice.getByText("State: Karnataka")).toBeVisible();
  const number = (await invoice.getByText(/^INV\//).textContent())!;
  await invoice.close();

  // The customer opens the same invoice from their Orders tab.
  const { customer } = order;
  await customer.goto("/profile?tab=orders");
  await customer
    .getByRole("link", { name: `Tax Invoice ${number} for order ${order.orderNumber}` })
    .click();
  await expect(customer.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(customer.getByText(number, { exact: true })).toBeVisible();
  await expect(customer.getByText("Inter-state supply: IGST")).toBeVisible();
  await expect(customer.getByText("The shop's GSTIN is not set yet")).toHaveCount(0);
  expect(await seriousViolations(customer)).toEqual([]);
  const address = customer.url();
  await customer.getByRole("link", { name: "Back to my orders" }).click();
  await expect(customer).toHaveURL("/profile?tab=orders");
  await customer.context().close();

  // Anyone else gets the page a missing invoice gets.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signUp(strangerPage, { fullName: "Curious Neighbour" });
  const answer = await strangerPage.goto(address);
  expect(answer?.status()).toBe(404);
  await expect(strangerPage.getByText("This invoice does not exist")).toBeVisible();
  await expect(strangerPage.getByText(number)).toHaveCount(0);
  await stranger.close();
});

test("cancelling asks first, 'Invalid status' is refused, the CSV export downloads, and a cancelled order reopens", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const order = await placeCodOrder(browser, {
    fullName: "Sneha Export",
    slug: CANCEL_PRODUCT.slug,
  });
  await order.customer.context().close();
  await withAdminSession(page.context());
  await openOrdersFor(page, order.orderNumber);

  // A status outside the five, posted by hand, is refused.
  const viewHref = await page
    .getByRole("link", { name: `View order ${order.orderNumber}` })
    .getAttribute("href");
  const orderId = new URL(viewHref!, "http://x").searchParams.get("view")!;
  const response = await page.request.post("/admin/orders", {
    form: { intent: "status", orderId, status: "lost" },
    headers: { origin: BASE_URL },
  });
  expect(response.status()).toBe(400);
  await page.reload();
  await expect(page.getByText("Invalid status")).toBeVisible();
  const status = page.getByLabel(`Status of order ${order.orderNumber}`);
  await expect(status).toHaveValue("pending");

  // Cancelling asks first; a cancelled order keeps its dropdown, so it can be reopened.
  await waitForHydration(page);
  await status.selectOption("cancelled");
  const confirm = page.getByRole("alertdialog", { name: `Cancel order ${order.orderNumber}?` });
  await confirm.getByRole("button", { name: "Keep Order" }).click();
  await expect(status).toHaveValue("pending");
  await status.selectOption("cancelled");
  await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText("Order status changed to cancelled")).toBeVisible();
  await expect(status).toHaveValue("cancelled");

  // The export has the filtered orders.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await fs.readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toBe(
    "Order Number,Date,Customer,Email,Status,Payment Method,Payment Status,Test Payment,Paid At,Subtotal,Discount,Shipping Method,Shipping,Total,Refunded,Net,City,State",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${order.orderNumber},`);
  expect(lines[1]).toContain(`,Sneha Export,${order.email},cancelled,Cash on Delivery,pending,`);
  expect(lines[1]).toMatch(/,Satara,Maharashtra$/);

  // Reopening takes the item again; the order is back in the list as processing.
  await status.selectOption("processing");
  await expect(page.getByText("Order status changed to processing")).toBeVisible();
  await expect(status).toHaveValue("processing");
});

test("an order is found by the customer's e-mail, and by their phone as read out on a call", async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  // A number no other order has.
  const phone = `7${String(Date.now()).slice(-9)}`;
  const context = await browser.newContext();
  const customer = await context.newPage();
  const account = await signUp(customer, { fullName: "Revati Callwala" });
  const orderNumber = await orderCashOnDelivery(
    customer,
    MAHARASHTRA_PRODUCT.slug,
    undefined,
    phone,
  );
  await context.close();
  await withAdminSession(page.context());

  const found = page.getByRole("row").filter({ hasText: orderNumber });
  const orderRows = page.getByRole("row").filter({ hasText: /ORD-/ });
  await openOrdersFor(page, account.email.toUpperCase());
  await expect(found).toContainText("Revati Callwala");
  await expect(orderRows).toHaveCount(1);
  for (const spoken of [`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`]) {
    await openOrdersFor(page, spoken);
    await expect(found).toContainText(account.email);
    await expect(orderRows).toHaveCount(1);
  }
});

test("search and the status filter work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("/admin/dashboard");
  await page.goto("/admin/orders");
  await page.getByPlaceholder("Search by order number or customer name...").fill("no such order");
  await page.getByLabel("Filter by status").selectOption("shipped");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=no\+such\+order&status=shipped/);
  await expect(page.getByText("No orders found")).toBeVisible();
  await context.close();
});

test("at 1280 px the orders table shows its Actions column in full, a long e-mail and a test payment included", async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const customer = await browser.newContext();
  const shopper = await customer.newPage();
  const name = "Venkataraghavan Subramanian Krishnamurthy";
  await signUp(shopper, { fullName: name, email: uniqueEmail("venkataraghavan.subramanian") });
  const orderNumber = await payByCard(shopper, LAYOUT_PRODUCT.slug);
  await customer.close();

  await withAdminSession(page.context());
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  const table = page.getByRole("table");
  const scroller = table.locator("xpath=..");
  const visible = (await scroller.boundingBox())!;
  const view = page.getByRole("link", { name: `View order ${orderNumber}` });
  for (const part of [page.getByRole("columnheader", { name: "Actions" }), view]) {
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(visible.x);
    expect(box.x + box.width).toBeLessThanOrEqual(visible.x + visible.width);
  }
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveText("Actions");
  // Nothing hidden to scroll to.
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await view.click();
  await expect(page.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible();
});
