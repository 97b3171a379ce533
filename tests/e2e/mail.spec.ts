import { expect, test } from "@playwright/test";
import {
  adminPage,
  orderCashOnDelivery,
  signedOutCustomer,
  signUp,
  waitForHydration,
  waitForMail,
} from "./helpers";

// What the customer's mail client shows: the HTML part, opened as a page, and the plain text.

test("the order confirmation has an HTML part in the shop's look and the same plain text", async ({
  page,
}) => {
  const account = await signUp(page, { fullName: "Rohan Desai" });
  await page.goto("/product/shilajit-capsule");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("5 Rajwada <Chowk> & Co");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();

  const mail = await waitForMail(account.email, /^Order confirmed: ORD-/);
  const orderNumber = mail.subject.replace("Order confirmed: ", "");
  expect(mail.text).toContain("Namaste Rohan Desai,");
  expect(mail.text).toContain("1 x Shilajit Capsule: ₹");
  expect(mail.text).toMatch(/Total: ₹[\d,]+\.\d\d/);
  expect(mail.text).toContain("5 Rajwada <Chowk> & Co");
  expect(mail.html).not.toBeNull();
  const html = mail.html!;
  // What the customer typed is escaped, never markup.
  expect(html).toContain("5 Rajwada &lt;Chowk&gt; &amp; Co");
  expect(html).not.toContain("<Chowk>");

  await page.setContent(html);
  await expect(
    page.getByRole("heading", { name: `Thank you for your order ${orderNumber}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: /1 x Shilajit Capsule ₹/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /^Total ₹/ })).toBeVisible();
  await expect(page.getByText("5 Rajwada <Chowk> & Co")).toBeVisible();
  await expect(page.getByRole("link", { name: "View your order" })).toHaveAttribute(
    "href",
    /\/profile\?tab=orders&order=([0-9a-f-]+)#order-\1-title$/,
  );
});

test("the customer hears of shipping, delivery, the cash received and a cancellation, each linking to the order", async ({
  page,
  browser,
}) => {
  const account = await signUp(page, { fullName: "Meera Kulkarni" });
  const delivered = await orderCashOnDelivery(page, "hingvastak-churna");
  const cancelled = await orderCashOnDelivery(page, "triphala-churna");

  const admin = await adminPage(browser);
  await admin.goto(`/admin/orders?q=${delivered}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${delivered}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${delivered}` });
  await dialog.getByLabel("Tracking ID").fill("DTDC555000111");
  await dialog.getByRole("button", { name: "Add Tracking ID" }).click();
  await expect(admin.getByText("Tracking ID added and order marked as shipped")).toBeVisible();
  await admin.keyboard.press("Escape");
  await admin.getByLabel(`Status of order ${delivered}`).selectOption("delivered");
  await expect(admin.getByText("Order status changed to delivered")).toBeVisible();

  // Delivered is not paid: the courier pays the cash in later, and the owner records it then.
  const arrived = await waitForMail(account.email, new RegExp(`^Delivered: ${delivered}$`));
  expect(arrived.text).toContain(`Your order ${delivered} has been delivered.`);
  expect(arrived.text).not.toContain("We have received your cash payment");
  await admin.getByRole("link", { name: `View order ${delivered}` }).click();
  await dialog.getByRole("button", { name: "Record cash received" }).click();
  await admin
    .getByRole("alertdialog", { name: `Record the cash for order ${delivered}?` })
    .getByRole("button", { name: "Yes, Record Cash" })
    .click();
  await expect(admin.getByText(`Order ${delivered} is marked paid`, { exact: true })).toBeVisible();
  await admin.context().close();
  const receipt = await waitForMail(account.email, new RegExp(`^Payment received: ${delivered}$`));
  expect(receipt.text).toContain("We have received your payment of ₹");

  // The customer cancels the other order from the Orders tab.
  await page.goto("/profile?tab=orders");
  await waitForHydration(page);
  const card = page.getByRole("article").filter({ hasText: `Order ${cancelled}` });
  await card.getByRole("button", { name: "Cancel Order" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, Cancel Order" }).click();
  await expect(page.getByText("Order cancelled").first()).toBeVisible();

  const shipped = await waitForMail(
    account.email,
    new RegExp(`^Your order ${delivered} has shipped$`),
  );
  expect(shipped.text).toContain("Tracking ID: DTDC555000111");
  expect(shipped.text).toContain("1 x Hingvastak Churna: ₹");
  const gone = await waitForMail(account.email, new RegExp(`^Order cancelled: ${cancelled}$`));
  expect(gone.text).toContain("Nothing was charged.");
  // Triphala Churna is sold in two sizes: the line names the size ordered and its SKU.
  expect(gone.text).toContain("1 x Triphala Churna – 100 g (SKU triphala-churna): ₹");

  // The delivery mail, as the mail client shows it, leads to the order.
  await page.setContent(arrived.html ?? "");
  const link = await page.getByRole("link", { name: "View your order" }).getAttribute("href");
  // A new tab, as a mail client opens links: the customer's session is already there.
  const orderPage = await page.context().newPage();
  await orderPage.goto(link!);
  await expect(orderPage).toHaveURL(/\/profile\?tab=orders&order=([0-9a-f-]+)#order-\1-title$/);
  const deliveredCard = orderPage.getByRole("article").filter({ hasText: `Order ${delivered}` });
  await expect(
    deliveredCard.getByRole("heading", { name: `Order ${delivered}`, exact: true }),
  ).toBeVisible();
  await expect(deliveredCard).toContainText("Delivered");
  await expect(deliveredCard).toBeInViewport();
});

test("the password reset e-mail's button carries the same link as its plain text", async ({
  page,
}) => {
  const account = await signedOutCustomer(page);
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset Password" });
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset email sent!")).toBeVisible();

  const mail = await waitForMail(account.email, /reset your password/i);
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.setContent(mail.html ?? "");
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose a new password" })).toHaveAttribute(
    "href",
    link!,
  );
  await expect(page.getByText("your password stays the same")).toBeVisible();
});
