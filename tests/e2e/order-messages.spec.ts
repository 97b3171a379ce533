import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { labelInNameViolations, seriousViolations } from "./accessibility-audit";
import { BASE_URL } from "./config";
import { adminPage, newestOrderNumber, waitForHydration } from "./helpers";

/**
 * Order updates by WhatsApp (docs/decisions/063), end to end: a customer who signs in with a
 * mobile number buys with cash on delivery, opts in at the checkout, and finds the "order placed"
 * and "shipped" messages in the outbox of the shop started by scripts/e2e-server.mjs
 * (WHATSAPP=outbox, the default); after opting out in the profile the next step is not sent.
 */
const OUTBOX = path.join("data", "e2e", "outbox");

/** A ten-digit mobile number no other test of this run uses. */
function freshNumber() {
  const tail = `${Date.now() % 1_000_000}`.padStart(6, "0");
  return `96${String(process.pid % 100).padStart(2, "0")}${tail}`;
}

type OutboxMessage = { channel: string; to: string; text: string; parameters?: string[] };

/** The outbox's messages on `channel` to the ten digits, oldest first. */
function messagesTo(ten: string, channel: "sms" | "whatsapp"): OutboxMessage[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((file) => file.includes(`-${channel}-91${ten}-`))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(OUTBOX, file), "utf8")));
}

async function signInWithMobile(page: Page, ten: string, fullName: string) {
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with mobile number" }).click();
  await page.getByLabel("Mobile Number").fill(ten);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(`/auth/mobile?number=${ten}`);
  let code = "";
  await expect
    .poll(() => {
      const sms = messagesTo(ten, "sms").at(-1) as { variables?: { OTP?: string } } | undefined;
      code = sms?.variables?.OTP ?? "";
      return code.length;
    })
    .toBe(6);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("You are now signed in to your account.")).toBeVisible();
}

test("a customer opts in to WhatsApp at checkout, reads the placed and shipped messages, opts out, and the next step is not sent", async ({
  page,
  browser,
}) => {
  const ten = freshNumber();
  await signInWithMobile(page, ten, "Kavita Shinde");

  await page.goto("/product/shilajit-capsule");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  const whatsapp = page.getByRole("checkbox", { name: "Send order updates on WhatsApp" });
  const sms = page.getByRole("checkbox", { name: "Send order updates by SMS" });
  // Off by default.
  await expect(whatsapp).not.toBeChecked();
  await expect(sms).not.toBeChecked();
  // The delivery phone differs: the verified mobile the customer signs in with is told.
  await page.getByLabel("Phone").fill("9876543210");
  await page.getByLabel("Address Line 1").fill("7 Powai Naka, Sadar Bazar");
  await whatsapp.check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  const orderNumber = await newestOrderNumber(page);

  await expect
    .poll(() => messagesTo(ten, "whatsapp").map((message) => message.text))
    .toEqual([expect.stringContaining(`Namaste Kavita Shinde, your order ${orderNumber} of ₹`)]);
  expect(messagesTo(ten, "sms").filter((m) => m.text.includes(orderNumber))).toEqual([]);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(admin);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await dialog.getByLabel("Tracking ID").fill("DTDC777000222");
  await dialog.getByRole("button", { name: "Add Tracking ID" }).click();
  await expect(admin.getByText("Tracking ID added and order marked as shipped")).toBeVisible();

  await expect
    .poll(() => messagesTo(ten, "whatsapp").map((message) => message.text))
    .toEqual([
      expect.stringContaining(`your order ${orderNumber} of ₹`),
      expect.stringMatching(
        new RegExp(
          `your order ${orderNumber} has shipped\\. Tracking ID DTDC777000222\\. Track it here: http://\\S+/o/[0-9A-Za-z]{8}$`,
        ),
      ),
    ]);

  // The owner sees both, sent, with only the number's last four digits.
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  const messages = dialog.getByRole("region", { name: "Messages" });
  const byWhatsApp = messages.getByRole("listitem").filter({ hasText: "by WhatsApp" });
  await expect(byWhatsApp).toHaveCount(2);
  await expect(byWhatsApp.first()).toContainText(
    `Order placed by WhatsApp to ••••••${ten.slice(-4)}`,
  );
  await expect(byWhatsApp.nth(1)).toContainText("Shipped by WhatsApp");
  await expect(byWhatsApp.getByText("Sent")).toHaveCount(2);
  // Its mails are in the same log (decision 081).
  await expect(
    messages.getByRole("listitem").filter({ hasText: "Order placed by E-mail" }),
  ).toHaveCount(1);
  await expect(messages).not.toContainText(ten);

  // One click in the profile withdraws it.
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByText(/^Order updates on WhatsApp are on, since /)).toBeVisible();
  await page.getByRole("button", { name: "Stop order updates on WhatsApp" }).click();
  await expect(page.getByText("Order updates on WhatsApp are off.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send order updates on WhatsApp" })).toBeVisible();

  await admin.keyboard.press("Escape");
  await admin.getByLabel(`Status of order ${orderNumber}`).selectOption("delivered");
  await expect(admin.getByText("Order status changed to delivered")).toBeVisible();
  // The delivery's messages would have been written with the status, in its transaction: none.
  await admin.goto(`/admin/orders?q=${orderNumber}`);
  await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
  await expect(dialog.getByText("Delivered", { exact: true }).first()).toBeVisible();
  // By WhatsApp the customer hears nothing more (the delivery is still mailed).
  await expect(byWhatsApp).toHaveCount(2);
  expect(messagesTo(ten, "whatsapp")).toHaveLength(2);
  await admin.context().close();
});

test("the owner sets the message templates, the sender and the hourly cap on an accessible screen; bad input is named", async ({
  page,
  browser,
}) => {
  // Not for customers: the back office's gate sends them to its sign-in.
  await page.goto("/admin/messages");
  await expect(page).toHaveURL(/\/admin\/login/);

  const admin = await adminPage(browser);
  await admin.goto("/admin/dashboard");
  await waitForHydration(admin);
  await admin.getByRole("link", { name: "Message settings" }).first().click();
  await expect(admin.getByRole("heading", { name: "Message settings", level: 1 })).toBeVisible();
  await admin.waitForLoadState("networkidle");
  expect(await seriousViolations(admin)).toEqual([]);
  expect(await labelInNameViolations(admin)).toEqual([]);
  // docs/decisions/070: each SMS's text to register on DLT, under its template id.
  await expect(admin.getByLabel("Order placed: SMS DLT Template ID")).toHaveAccessibleDescription(
    new RegExp(
      `^Register on DLT: Satara Ayurveda: Your order \\{#var#\\} of \\{#var#\\} is confirmed\\. See it at ${BASE_URL}/o/\\{#var#\\} — MSG91 variables in order: order, detail, code\\. At most \\d+ of 160 characters\\.$`,
    ),
  );
  await expect(admin.getByText(/^Register on DLT: .* has been processed\. See /)).toBeVisible();

  const cap = admin.getByLabel("Order Messages per Hour");
  const placedSms = admin.getByLabel("Order placed: SMS DLT Template ID");
  await cap.fill("0");
  await placedSms.fill("not-a-number");
  await admin.getByRole("button", { name: "Save Message Settings" }).click();
  await expect(cap).toHaveAccessibleDescription(
    /The hourly cap is a whole number from 1 to 100000/,
  );
  await expect(placedSms).toHaveAccessibleDescription(
    /An SMS template ID is 1 to 40 letters and digits, as MSG91 shows it/,
  );

  await cap.fill("300");
  await placedSms.fill("1207161234567890123");
  await admin.getByLabel("Shipped: WhatsApp Template Name").fill("order_shipped");
  await admin.getByRole("button", { name: "Save Message Settings" }).click();
  await expect(admin.getByText("Message settings saved")).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel("Order Messages per Hour")).toHaveValue("300");
  await expect(admin.getByLabel("Shipped: WhatsApp Template Name")).toHaveValue("order_shipped");

  // Back as they were.
  await admin.getByLabel("Order Messages per Hour").fill("500");
  await admin.getByLabel("Order placed: SMS DLT Template ID").fill("");
  await admin.getByLabel("Shipped: WhatsApp Template Name").fill("");
  await admin.getByRole("button", { name: "Save Message Settings" }).click();
  await expect(admin.getByText("Message settings saved")).toBeVisible();
  await admin.context().close();
});

test("the owner sets the sign-in code's template and hourly cap without JavaScript; bad input is named", async ({
  browser,
}) => {
  const admin = await adminPage(browser, { javaScriptEnabled: false });
  await admin.goto("/admin/messages");
  // The accessibility audit of the whole screen, this section included, runs with JavaScript above.
  await expect(admin.getByRole("heading", { name: "Sign-in codes", level: 2 })).toBeVisible();
  const template = admin.getByLabel("Sign-in code template ID (MSG91)");
  const cap = admin.getByLabel("Sign-in codes per hour (whole shop)");
  await expect(cap).toHaveValue("300");

  await template.fill("otp-template");
  await cap.fill("1.5");
  await admin.getByRole("button", { name: "Save Message Settings" }).click();
  await expect(admin.getByLabel("Sign-in codes per hour (whole shop)")).toHaveAccessibleDescription(
    /Sign-in codes per hour is a whole number from 1 to 100000, in digits only/,
  );
  await expect(admin.getByLabel("Sign-in code template ID (MSG91)")).toHaveAccessibleDescription(
    /An SMS template ID is 1 to 40 letters and digits, as MSG91 shows it/,
  );

  await admin.getByLabel("Sign-in code template ID (MSG91)").fill("1207160000000000042");
  await admin.getByLabel("Sign-in codes per hour (whole shop)").fill("250");
  await admin.getByRole("button", { name: "Save Message Settings" }).click();
  await admin.goto("/admin/messages");
  await expect(admin.getByLabel("Sign-in code template ID (MSG91)")).toHaveValue(
    "1207160000000000042",
  );
  await expect(admin.getByLabel("Sign-in codes per hour (whole shop)")).toHaveValue("250");

  // Back as they were.
  await admin.getByLabel("Sign-in code template ID (MSG91)").fill("");
  await admin.getByLabel("Sign-in codes per hour (whole shop)").fill("300");
  await admin.getByRole("button", { name: "Save Message Settings" }).click();
  await admin.goto("/admin/messages");
  await expect(admin.getByLabel("Sign-in codes per hour (whole shop)")).toHaveValue("300");
  await admin.context().close();
});
