import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createCustomer, uniqueEmail, waitForHydration, waitForMail } from "./helpers";

/** Where the shop started by scripts/e2e-server.mjs writes its SMS (SMS=outbox, the default). */
const OUTBOX = path.join("data", "e2e", "outbox");

let counter = 0;
/** A ten-digit mobile number no other test of this run uses. */
function freshNumber() {
  counter += 1;
  const tail = `${Date.now() % 100_000}${counter}`.padStart(6, "0").slice(-6);
  return `97${String(process.pid % 100).padStart(2, "0")}${tail}`;
}

/** The code of the newest SMS in the outbox to the ten digits (one JSON file a message). */
async function codeFromOutbox(ten: string) {
  let code: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX)
        ? fs
            .readdirSync(OUTBOX)
            .filter((file) => file.includes(`-sms-91${ten}-`))
            .sort()
        : [];
      const newest = files.at(-1);
      if (!newest) return false;
      const message = JSON.parse(fs.readFileSync(path.join(OUTBOX, newest), "utf8"));
      code = message.variables.OTP;
      return message.to === `+91${ten}` && message.text.includes(code);
    })
    .toBe(true);
  return code!;
}

/** A client address of its own (the shop believes this machine's proxies). */
function freshClient() {
  const group = () => randomInt(0x10000).toString(16);
  return `2a0${randomInt(10)}:${group()}:${group()}:${group()}::${group()}`;
}

async function askForCode(page: Page, ten: string) {
  // A client of its own, so the codes other journeys ask for cannot use up its hour's ten.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClient() });
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with mobile number" }).click();
  await expect(page.getByRole("heading", { name: "Sign in with mobile number" })).toBeVisible();
  await page.getByLabel("Mobile Number").fill(ten);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(`/auth/mobile?number=${ten}`);
  await expect(
    page.getByText(`Code sent to +91 ${ten.slice(0, 5)} ${ten.slice(5)}`, { exact: true }),
  ).toBeVisible();
}

test("a new customer signs in with a mobile number, reads the code from the SMS and gives a name", async ({
  page,
}) => {
  const ten = freshNumber();
  await askForCode(page, ten);
  await page.getByLabel("6-digit code").fill(await codeFromOutbox(ten));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();

  await expect(page.getByText("Your number is verified. Tell us your name")).toBeVisible();
  const name = page.getByLabel("Full Name");
  await name.fill("A");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await page.getByLabel("Full Name").fill("Sunita Jadhav");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByText("You are now signed in to your account.")).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByText("Hello, Sunita Jadhav")).toBeVisible();
  // The placeholder address Better Auth needs is never shown.
  await expect(page.getByText("no-email.invalid")).toHaveCount(0);
});

test("without JavaScript, a wrong code three times is refused, and then the right one too", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const ten = freshNumber();
  await askForCode(page, ten);
  const code = await codeFromOutbox(ten);
  const wrong = code === "000000" ? "111111" : "000000";
  const messages = [
    "That code is not right. 2 tries left.",
    "That code is not right. 1 try left.",
    "That code is not right, and it has been tried 3 times, so it no longer works. Please ask for a new code.",
  ];
  for (const message of messages) {
    await page.getByLabel("6-digit code").fill(wrong);
    await page.getByRole("button", { name: "Verify and Sign In" }).click();
    await expect(page.getByLabel("6-digit code")).toHaveAccessibleDescription(message);
  }
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByLabel("6-digit code")).toHaveAccessibleDescription(
    "This code no longer works. Please ask for a new code.",
  );
  // A new code at once is refused with the wait; the number has no account yet.
  await page.getByRole("button", { name: "Send a New Code" }).click();
  await expect(page.getByRole("alert")).toContainText(
    /Please wait \d+ seconds? before asking for a new code\./,
  );
  await context.close();
});

/** The code and, for a new number, the name: the steps after the number form. */
async function enterCode(page: Page, ten: string) {
  await page.getByLabel("6-digit code").fill(await codeFromOutbox(ten));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
}

test("a visitor's Add to Cart waits for a known number's code, then comes back to the product with the item", async ({
  browser,
}) => {
  // The number is known because a customer proved it on their profile: that code is for adding a
  // number, so the sign-in code below is the number's first and need not wait the 30 seconds
  // after one (the integration tests age a code in the database for that rule).
  const ten = freshNumber();
  const owner = await browser.newContext({ javaScriptEnabled: false });
  await createCustomer(owner.request, { fullName: "Meera Kulkarni" });
  const profile = await owner.newPage();
  await profile.goto("/profile/mobile");
  await profile.getByLabel("Mobile Number").fill(ten);
  await profile.getByRole("button", { name: "Send Code" }).click();
  await profile.getByLabel("6-digit code").fill(await codeFromOutbox(ten));
  await profile.getByRole("button", { name: "Verify Number" }).click();
  await expect(
    profile.getByText(`You can sign in with +91 ${ten.slice(0, 5)} ${ten.slice(5)}.`),
  ).toBeVisible();
  await owner.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/product/aceemal-tablet");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL("/auth?redirectTo=%2Fproduct%2Faceemal-tablet");
  await page.getByRole("link", { name: "Sign in with mobile number" }).click();
  await expect(page).toHaveURL("/auth/mobile?redirectTo=%2Fproduct%2Faceemal-tablet");
  await page.getByLabel("Mobile Number").fill(ten);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(`/auth/mobile?number=${ten}&redirectTo=%2Fproduct%2Faceemal-tablet`);
  await enterCode(page, ten);

  await expect(page).toHaveURL("/product/aceemal-tablet");
  await expect(
    page.getByText("You have successfully signed in. Aceemal Tablet was added to your cart."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await context.close();
});

test("without JavaScript, a visitor's Add to Cart comes back after a new number's code and name", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const ten = freshNumber();
  await page.goto("/product/aceemal-tablet");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL("/auth?redirectTo=%2Fproduct%2Faceemal-tablet");
  await page.getByRole("link", { name: "Sign in with mobile number" }).click();
  await expect(page).toHaveURL("/auth/mobile?redirectTo=%2Fproduct%2Faceemal-tablet");
  await page.getByLabel("Mobile Number").fill(ten);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(page).toHaveURL(`/auth/mobile?number=${ten}&redirectTo=%2Fproduct%2Faceemal-tablet`);
  // Every way off the code step keeps the way back to the product.
  for (const [name, href] of [
    ["Use a different number", "/auth/mobile?redirectTo=%2Fproduct%2Faceemal-tablet"],
    ["Sign in with e-mail instead", "/auth?redirectTo=%2Fproduct%2Faceemal-tablet"],
  ] as const) {
    await expect(page.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await enterCode(page, ten);
  await page.getByLabel("Full Name").fill("Rohan Patil");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL("/product/aceemal-tablet");
  await expect(
    page.getByRole("status").filter({ hasText: "Account created successfully!" }),
  ).toContainText("You are now signed in to your account. Aceemal Tablet was added to your cart.");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await context.close();
});

/** The toasts on screen (sonner's), by their text. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Well within a toast's own 4 seconds: gone because its step is over, not because it timed out. */
const AT_ONCE = { timeout: 1_500 };

test("the toasts of a step are gone once the step is over: the code's, then the name's", async ({
  page,
}) => {
  const ten = freshNumber();
  await askForCode(page, ten);
  await expect(toast(page, "Code sent")).toBeVisible();
  const code = await codeFromOutbox(ten);
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(toast(page, "That code is not right. 2 tries left.")).toBeVisible();

  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByText("Your number is verified. Tell us your name")).toBeVisible();
  await expect(toast(page, "That code is not right. 2 tries left.")).toHaveCount(0, AT_ONCE);
  await expect(toast(page, "Code sent")).toHaveCount(0, AT_ONCE);

  await page.getByLabel("Full Name").fill("A");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await page.getByLabel("Full Name").fill("Kavita Shinde");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
  await expect(toast(page, "Account created successfully!")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
});

test("a mobile-only customer's profile shows the sign-in number and adds an e-mail, confirmed by the link mailed to it", async ({
  page,
}) => {
  const ten = freshNumber();
  await askForCode(page, ten);
  await page.getByLabel("6-digit code").fill(await codeFromOutbox(ten));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await page.getByLabel("Full Name").fill("Prakash More");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");

  await page.goto("/profile");
  const number = page.getByLabel("Sign-in number", { exact: true });
  await expect(number).toHaveValue(`+91 ${ten.slice(0, 5)} ${ten.slice(5)}`);
  await expect(number).toHaveAttribute("readonly", "");
  // No e-mail address to show, so no empty e-mail field.
  await expect(page.getByLabel("Email", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Add an e-mail" }).click();

  await expect(page).toHaveURL(/\/profile\/mobile#/);
  const form = page.getByRole("form", { name: "Add an e-mail address" });
  const email = uniqueEmail("mobile.only");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("secret-password-1");
  await form.getByRole("button", { name: "Add E-mail Address" }).click();
  await expect(toast(page, "Check your e-mail")).toBeVisible();

  const mail = await waitForMail(email, /^Confirm your e-mail address$/);
  const link = /https?:\/\/\S+\/profile\/email\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByRole("button", { name: "Confirm E-mail Address" }).click();
  await expect(page).toHaveURL("/profile");
  await expect(toast(page, "E-mail address added")).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
});
