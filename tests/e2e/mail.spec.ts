import { expect, test } from "@playwright/test";
import { signOutFromMenu, signUp, waitForMail } from "./helpers";

// What the customer's mail client shows: the HTML part, opened as a page, and the plain text.

test("the order confirmation has an HTML part in the shop's look and the same plain text", async ({
  page,
}) => {
  const account = await signUp(page, { fullName: "Rohan Desai" });
  await page.goto("/product/shilajit-capsule");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
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
  await expect(page.getByRole("link", { name: "Your orders" })).toHaveAttribute(
    "href",
    /\/profile\?tab=orders$/,
  );
});

test("the password reset e-mail's button carries the same link as its plain text", async ({
  page,
}) => {
  const account = await signUp(page);
  await signOutFromMenu(page);
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
