import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { adminPage, signUp, waitForHydration, waitForMail } from "./helpers";

/** Buys one of a product by card through the built-in test gateway; returns the order number. */
async function payByCard(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("12 Shivaji Nagar, Rajwada");
  await page.getByLabel(/Card Payment/).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await page
    .getByRole("dialog", { name: /Card payment/ })
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page.getByText("Payment Successful!")).toBeVisible();
  await expect(page).toHaveURL("/profile?tab=orders");
  const heading = page.getByRole("article").first().getByRole("heading").first();
  return (await heading.textContent())!.replace("Order ", "").trim();
}

test("a paid, invoiced card order cancelled by the customer is refunded and credited; both sides see it", async ({
  page,
  browser,
}) => {
  const account = await signUp(page, { fullName: "Kavita Refundwala" });
  const orderNumber = await payByCard(page, "avipattikar-churna");

  // The owner prints its tax invoice.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  const [invoice] = await Promise.all([
    admin.context().waitForEvent("page"),
    dialog.getByRole("button", { name: "Print Invoice" }).click(),
  ]);
  await expect(invoice.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  const invoiceNumber = await invoice.getByText(/^INV\/\d{2}-\d{2}\/\d{6}$/).textContent();
  await invoice.close();

  // The customer cancels it.
  await page.reload();
  const card = page.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
  await card.getByRole("button", { name: "Cancel Order" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText("Order cancelled").first()).toBeVisible();

  // The refund goes to the gateway right after the cancellation commits.
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/^Refunded ₹[\d,]+\.\d\d$/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const started = await waitForMail(account.email, new RegExp(`^Refund started: ${orderNumber}$`));
  expect(started.text).toContain("(Order cancelled)");
  const completed = await waitForMail(
    account.email,
    new RegExp(`^Refund completed: ${orderNumber}$`),
  );
  expect(completed.text).toContain("has been processed by the payment gateway");

  // The customer opens the credit note that cancels the invoice.
  await card.getByRole("link", { name: /^Credit Note CN\// }).click();
  await expect(page.getByRole("heading", { name: "Credit Note", level: 1 })).toBeVisible();
  const document = page.getByRole("article");
  await expect(document).toContainText(/CN\/\d{2}-\d{2}\/\d{6}/);
  await expect(document).toContainText(`Against Invoice${invoiceNumber}`);
  await expect(document).toContainText("Reason: Order cancelled");
  await expect(document.getByRole("row", { name: /^Total credited/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const creditNoteNumber = /CN\/\d{2}-\d{2}\/\d{6}/.exec((await document.textContent()) ?? "")![0];

  // The owner sees the refund and the credit note on the order.
  await admin.reload();
  const refunds = dialog.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByRole("listitem")).toHaveCount(1);
  await expect(refunds.getByRole("listitem")).toContainText("Order cancelled");
  await expect(refunds.getByRole("listitem")).toContainText("Refunded");
  await expect(refunds).toContainText("₹0.00 left to refund");
  await expect(refunds.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: /^Credit Note CN\// })).toHaveAttribute(
    "href",
    /\/admin\/orders\/[0-9a-f-]+\/credit-notes\/[0-9a-f-]+\?print=1$/,
  );

  // The month's GSTR-1 files list the invoice and its credit note.
  await admin.goto("/admin/gst-returns");
  await expect(admin.getByRole("heading", { name: "GST Returns", level: 1 })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin
      .getByRole("link", { name: /^Download Documents Issued \(docs\) for \d{4}-\d{2}$/ })
      .click(),
  ]);
  const docs = await fs.readFile((await download.path())!, "utf8");
  expect(docs.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled",
  );
  const invoices = docs
    .split("\r\n")
    .find((line) => line.startsWith("Invoices for outward supply"))!;
  const notes = docs.split("\r\n").find((line) => line.startsWith("Credit Note"))!;
  const [, invoiceFrom, invoiceTo, , cancelled] = invoices.split(",");
  expect(invoiceFrom! <= invoiceNumber! && invoiceNumber! <= invoiceTo!).toBe(true);
  // Its invoice was issued and then credited: issued, never also cancelled.
  expect(cancelled).toBe("0");
  const [, noteFrom, noteTo] = notes.split(",");
  expect(noteFrom! <= creditNoteNumber && creditNoteNumber <= noteTo!).toBe(true);
  await admin.context().close();
});

test("the owner refunds part of a paid card order, within what is left", async ({
  page,
  browser,
}) => {
  const account = await signUp(page, { fullName: "Suresh Partial" });
  const orderNumber = await payByCard(page, "yograj-guggulu");

  const admin = await adminPage(browser);
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  const refunds = dialog.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText("Refunded ₹0.00");

  // Without a reason, and above what was paid: refused, nothing refunded.
  await refunds.getByLabel("Refund amount (₹)").fill("50");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refunds.getByText("Please give a reason for the refund")).toBeVisible();
  await refunds.getByLabel("Reason").fill("Jar arrived cracked");
  await refunds.getByLabel("Refund amount (₹)").fill("99999");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(
    admin.getByText(/^At most ₹[\d,]+\.\d\d of this payment is left to refund$/),
  ).toBeVisible();
  await expect(refunds.getByRole("listitem")).toHaveCount(0);

  await refunds.getByLabel("Refund amount (₹)").fill("50");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(admin.getByText("Refund started", { exact: true })).toBeVisible();
  await expect(refunds.getByRole("listitem")).toHaveCount(1);
  await expect(refunds.getByRole("listitem")).toContainText("₹50.00");
  await expect(refunds.getByRole("listitem")).toContainText("Jar arrived cracked");
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.context().close();

  const mail = await waitForMail(account.email, new RegExp(`^Refund started: ${orderNumber}$`));
  expect(mail.text).toContain("We have started a refund of ₹50.00");
  expect(mail.text).toContain("(Jar arrived cracked)");
  await expect(async () => {
    await page.reload();
    const card = page.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
    await expect(card.getByText("Refunded ₹50.00")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});
