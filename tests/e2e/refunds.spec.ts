import fs from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { BASE_URL } from "./config";
import { adminPage, payByCard, signUp, waitForHydration, waitForMail } from "./helpers";

/** The owner's orders screen with one order's detail open. */
async function openOrder(admin: Page, orderNumber: string) {
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Refunds `amount` (as typed) with `reason` from the detail's Refunds part, answering the
 * question that comes first; returns the question's dialog as it was asked.
 */
async function refundThroughDialog(admin: Page, refunds: Locator, amount: string, reason: string) {
  await refunds.getByLabel("Refund amount (₹)").fill(amount);
  await refunds.getByLabel("Reason").fill(reason);
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  const question = admin.getByRole("alertdialog", {
    name: /^Refund ₹[\d,]+\.\d\d to the customer's card\?$/,
  });
  await expect(question).toContainText("This cannot be undone.");
  const text = await question.textContent();
  await question.getByRole("button", { name: "Yes, Refund" }).click();
  await expect(admin.getByText("Refund started", { exact: true })).toBeVisible();
  return text ?? "";
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
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText("Order cancelled").first()).toBeVisible();

  // The refund goes to the gateway right after the cancellation commits.
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/^Refunded ₹[\d,]+\.\d\d$/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Its payment reads Refunded, not Paid (docs/decisions/049).
  await expect(card.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(card.getByText("Paid", { exact: true })).toHaveCount(0);
  const started = await waitForMail(account.email, new RegExp(`^Refund started: ${orderNumber}$`));
  expect(started.text).toContain("(Order cancelled)");
  const completed = await waitForMail(
    account.email,
    new RegExp(`^Refund completed: ${orderNumber}$`),
  );
  // A test payment took no money, and its refund mail says so.
  expect(completed.text).toContain("has been recorded by the shop's test payment gateway");
  expect(completed.text).toContain("nothing was charged to your card");
  expect(completed.text).not.toContain("sent to your card");
  expect(completed.text).toContain("Payment: Card (test gateway) (refunded)");

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
  await expect(dialog.getByRole("region", { name: "Order" }).getByText("Refunded")).toBeVisible();
  // Refunded in full, it can no longer be reopened: the status shows with nothing to choose.
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await expect(status).toBeDisabled();
  await expect(status.locator("option")).toHaveText(["Cancelled"]);
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

test("the owner refunds part of a paid card order after confirming, within what is left; both sides see it partly refunded", async ({
  page,
  browser,
}) => {
  const account = await signUp(page, { fullName: "Suresh Partial" });
  const orderNumber = await payByCard(page, "yograj-guggulu");

  const admin = await adminPage(browser);
  const dialog = await openOrder(admin, orderNumber);
  const refunds = dialog.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText("Refunded ₹0.00");

  // Without a reason: refused by the server, nothing asked, nothing refunded.
  await refunds.getByLabel("Refund amount (₹)").fill("50");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refunds.getByText("Please give a reason for the refund")).toBeVisible();
  await expect(admin.getByRole("dialog", { name: /to the customer's card\?$/ })).toHaveCount(0);

  // Above what was paid: asked first, then refused by the server.
  await refunds.getByLabel("Reason").fill("Jar arrived cracked");
  await refunds.getByLabel("Refund amount (₹)").fill("99999");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  const tooMuch = admin.getByRole("alertdialog", {
    name: "Refund ₹99,999.00 to the customer's card?",
  });
  await expect(tooMuch).toContainText("This cannot be undone.");
  await tooMuch.getByRole("button", { name: "Yes, Refund" }).click();
  await expect(
    admin.getByText(/^At most ₹[\d,]+\.\d\d of this payment is left to refund$/),
  ).toBeVisible();
  await expect(refunds.getByRole("listitem")).toHaveCount(0);

  // Asked, and the owner thinks better of it: nothing is sent.
  await refunds.getByLabel("Refund amount (₹)").fill("50");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  const question = admin.getByRole("alertdialog", {
    name: "Refund ₹50.00 to the customer's card?",
  });
  await expect(question).toContainText("This cannot be undone.");
  expect(await seriousViolations(admin)).toEqual([]);
  await question.getByRole("button", { name: "Don't Refund" }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(refunds.getByRole("listitem")).toHaveCount(0);

  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await question.getByRole("button", { name: "Yes, Refund" }).click();
  await expect(admin.getByText("Refund started", { exact: true })).toBeVisible();
  await expect(refunds.getByRole("listitem")).toHaveCount(1);
  await expect(refunds.getByRole("listitem")).toContainText("₹50.00");
  await expect(refunds.getByRole("listitem")).toContainText("Jar arrived cracked");
  expect(await seriousViolations(admin)).toEqual([]);

  // Once the gateway has it, the list and the detail read "Partly refunded ₹50.00".
  const row = admin.getByRole("row").filter({ hasText: orderNumber });
  await expect(async () => {
    await admin.reload();
    await expect(
      dialog.getByRole("region", { name: "Order" }).getByText("Partly refunded ₹50.00"),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await admin.keyboard.press("Escape");
  await expect(row).toContainText("Partly refunded ₹50.00");
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = await fs.readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n").find((line) => line.startsWith(`${orderNumber},`))).toContain(
    ",Card (test gateway),partly refunded,TEST,",
  );
  await admin.context().close();

  const mail = await waitForMail(account.email, new RegExp(`^Refund started: ${orderNumber}$`));
  expect(mail.text).toContain("We have started a refund of ₹50.00");
  expect(mail.text).toContain("(Jar arrived cracked)");
  const completed = await waitForMail(
    account.email,
    new RegExp(`^Refund completed: ${orderNumber}$`),
  );
  expect(completed.text).toContain("Payment: Card (test gateway) (partly refunded ₹50.00)");
  await page.reload();
  const card = page.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
  await expect(card.getByText("Refunded ₹50.00", { exact: true })).toBeVisible();
  await expect(card.getByText("Partly refunded ₹50.00", { exact: true })).toBeVisible();
  // Partly refunded, it can still be cancelled (the rest is refunded then).
  await expect(card.getByRole("button", { name: "Cancel Order" })).toBeVisible();
});

test("the owner refunds all of an unshipped order: it is cancelled and reads Refunded; nobody can cancel, reopen or ship it", async ({
  page,
  browser,
}) => {
  const account = await signUp(page, { fullName: "Meera Fullrefund" });
  const orderNumber = await payByCard(page, "arjuna-capsule");

  const admin = await adminPage(browser);
  const dialog = await openOrder(admin, orderNumber);
  const refunds = dialog.getByRole("region", { name: "Refunds" });
  const most = (await refunds.getByText(/^At most ₹/).textContent())!;
  const amount = most.replace(/^At most ₹/, "").replaceAll(",", "");
  const asked = await refundThroughDialog(admin, refunds, amount, "Out of stock at the warehouse");
  expect(asked).toContain(
    "Nothing will be left to refund, so the order will be cancelled and its items go back into stock.",
  );
  await expect(
    admin.getByText(/Nothing is left to refund, so the order is cancelled$/),
  ).toBeVisible();

  const order = dialog.getByRole("region", { name: "Order" });
  await expect(async () => {
    await admin.reload();
    await expect(order.getByText("Refunded", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(order).toContainText("Cancelled");
  await expect(dialog).toContainText("A cancelled order cannot be shipped.");
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await expect(status).toBeDisabled();
  await expect(status.locator("option")).toHaveText(["Cancelled"]);
  expect(await seriousViolations(admin)).toEqual([]);
  const orderId = new URL(admin.url()).searchParams.get("view")!;
  await admin.keyboard.press("Escape");
  await expect(admin.getByRole("row").filter({ hasText: orderNumber })).toContainText("Refunded");

  // Posted by hand anyway, a reopen is refused.
  const reopen = await admin.request.post("/admin/orders", {
    form: { intent: "status", orderId, status: "processing" },
    headers: { origin: BASE_URL },
  });
  expect(reopen.status()).toBe(409);
  await admin.context().close();

  // The customer sees it cancelled and refunded, with nothing to cancel.
  await page.reload();
  const card = page.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
  await expect(card.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(card.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  const completed = await waitForMail(
    account.email,
    new RegExp(`^Refund completed: ${orderNumber}$`),
  );
  expect(completed.text).toContain("Payment: Card (test gateway) (refunded)");
});

test("a shipped order refunded in full keeps its status and cannot be shipped or moved on", async ({
  page,
  browser,
}) => {
  await signUp(page, { fullName: "Dinesh Returned" });
  const orderNumber = await payByCard(page, "adulsa-cough-syrup");

  const admin = await adminPage(browser);
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  const status = admin.getByLabel(`Status of order ${orderNumber}`);
  await status.selectOption("shipped");
  await expect(admin.getByText("Order status changed to shipped")).toBeVisible();
  const dialog = await openOrder(admin, orderNumber);
  const refunds = dialog.getByRole("region", { name: "Refunds" });
  const most = (await refunds.getByText(/^At most ₹/).textContent())!;
  const amount = most.replace(/^At most ₹/, "").replaceAll(",", "");
  const asked = await refundThroughDialog(admin, refunds, amount, "Parcel lost in transit");
  expect(asked).not.toContain("cancelled");

  await expect(async () => {
    await admin.reload();
    await expect(
      dialog.getByRole("region", { name: "Order" }).getByText("Refunded", { exact: true }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByRole("region", { name: "Order" })).toContainText("Shipped");
  await expect(dialog).toContainText("An order refunded in full cannot be shipped.");
  await expect(dialog.getByRole("button", { name: "Add Tracking ID" })).toHaveCount(0);
  await expect(status).toBeDisabled();
  await expect(status.locator("option")).toHaveText(["Shipped"]);

  // Posted by hand anyway, a tracking ID and a delivery are refused.
  const orderId = new URL(admin.url()).searchParams.get("view")!;
  const refused: Record<string, string>[] = [
    { intent: "tracking", orderId, trackingId: "DTDC-404" },
    { intent: "status", orderId, status: "delivered" },
  ];
  for (const form of refused) {
    const answer = await admin.request.post("/admin/orders", {
      form,
      headers: { origin: BASE_URL },
    });
    expect(answer.status()).toBe(409);
  }
  await admin.reload();
  await expect(dialog.getByRole("region", { name: "Order" })).toContainText("Shipped");
  await admin.context().close();

  await page.reload();
  const card = page.getByRole("article").filter({ hasText: `Order ${orderNumber}` });
  await expect(card.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(card.getByText("Shipped", { exact: true })).toBeVisible();
});
