import fs from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { BASE_URL } from "./config";
import { adminPage, createCustomer, newestOrderNumber, signUp, waitForHydration } from "./helpers";

/**
 * An order's SMS and its short link (docs/decisions/070), through the running shop: the customer
 * opts in to SMS at the checkout, finds one GSM-7 SMS in the outbox of the shop started by
 * scripts/e2e-server.mjs (SMS=outbox), and follows its `/o/<code>`: signed out it asks them to sign
 * in and then opens their order; another customer is told it is not theirs, and a visitor is
 * answered the same for a code the shop never gave.
 */
const OUTBOX = path.join("data", "e2e", "outbox");

/** A ten-digit mobile number no other test of this run uses. */
function freshNumber() {
  const tail = `${Date.now() % 1_000_000}`.padStart(6, "0");
  return `97${String(process.pid % 100).padStart(2, "0")}${tail}`;
}

type OutboxSms = { channel: string; text: string; variables: Record<string, string> };

function smsTo(ten: string): OutboxSms[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((file) => file.includes(`-sms-91${ten}-`))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(OUTBOX, file), "utf8")));
}

test("a customer follows the short link of their order's SMS: signed out to the sign-in and on to the order; another customer and a stranger learn nothing", async ({
  page,
  browser,
}) => {
  const ten = freshNumber();
  const account = await signUp(page, { fullName: "Kavita Shinde" });
  await page.goto("/product/shilajit-capsule");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Send order updates by SMS" }).check();
  await page.getByLabel("Phone").fill(ten);
  await page.getByLabel("Address Line 1").fill("7 Powai Naka, Sadar Bazar");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  const orderNumber = await newestOrderNumber(page);

  await expect.poll(() => smsTo(ten).length).toBe(1);
  const [sms] = smsTo(ten);
  // One GSM-7 segment: no ₹, at most 160 characters, the link the shop's own.
  expect(sms!.text).toMatch(
    new RegExp(
      `^Satara Ayurveda: Your order ${orderNumber} of Rs\\.[\\d,]+\\.\\d{2} is confirmed\\. See it at ${BASE_URL}/o/[0-9A-Za-z]{8}$`,
    ),
  );
  expect(sms!.text.length).toBeLessThanOrEqual(160);
  expect(sms!.variables.order).toBe(orderNumber);
  const link = sms!.text.split(" ").at(-1)!;
  const code = link.slice(-8);
  expect(sms!.variables.code).toBe(code);

  // Without a session, as any HTTP client: the same answer for this code and one never given,
  // never kept by a cache.
  const visitor = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const answers = [];
  for (const tried of [code, "Zz00Zz00"]) {
    const response = await visitor.get(`/o/${tried}`, { maxRedirects: 0 });
    answers.push({
      status: response.status(),
      location: response.headers().location?.replace(tried, "<code>"),
      cache: response.headers()["cache-control"],
      robots: response.headers()["x-robots-tag"],
      body: await response.text(),
    });
  }
  expect(answers[0]).toEqual({
    status: 303,
    location: "/auth?redirectTo=%2Fo%2F<code>",
    cache: "private, no-store",
    robots: "noindex",
    body: "",
  });
  expect(answers[1]).toEqual(answers[0]);
  await visitor.dispose();

  // Signed out (another browser, a phone's width): the sign-in page, then the order.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.goto(link);
  await expect(phonePage).toHaveURL(`/auth?redirectTo=${encodeURIComponent(`/o/${code}`)}`);
  const form = phonePage.locator("form#sign-in");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(phonePage).toHaveURL(/\/profile\?tab=orders&order=[0-9a-f-]{36}#order-/);
  await expect(
    phonePage.getByRole("heading", { name: `Order ${orderNumber}`, exact: true }),
  ).toBeInViewport();
  // Signed in, the link opens the order at once.
  await phonePage.goto("/");
  await phonePage.goto(link);
  await expect(phonePage).toHaveURL(/\/profile\?tab=orders&order=/);
  await expect(phonePage.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await phone.close();

  // Another customer: told it is not theirs, the same for a code that does not exist.
  const other = await browser.newContext();
  await createCustomer(other.request, { fullName: "Sunita More" });
  const otherPage = await other.newPage();
  for (const tried of [link, `${BASE_URL}/o/Zz00Zz00`]) {
    const response = await otherPage.goto(tried);
    expect(response!.status()).toBe(404);
    await expect(
      otherPage.getByRole("heading", { name: "This link is not for this account" }),
    ).toBeVisible();
    await expect(otherPage.getByText("Signed in as Sunita More")).toBeVisible();
    await expect(otherPage.locator("body")).not.toContainText(orderNumber);
    expect(await seriousViolations(otherPage)).toEqual([]);
  }
  await other.close();

  // The owner of the shop: the order in the back office.
  const admin = await adminPage(browser);
  await admin.goto(link);
  await expect(admin).toHaveURL(/\/admin\/orders\?view=[0-9a-f-]{36}$/);
  await expect(admin.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible();
  await admin.context().close();
});
