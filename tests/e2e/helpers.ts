import { randomInt, randomUUID } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  expect,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import { TOAST_COOKIE } from "../../app/lib/toast";
import { ADMIN, BASE_URL, SMTP_HTTP_PORT } from "./config";

export const PASSWORD = "herbal-secret";

/** A fresh customer address on an allowed provider. */
export function uniqueEmail(prefix = "customer") {
  return `${prefix}.${randomUUID().slice(0, 8)}@gmail.com`;
}

type NewAccount = { fullName?: string; email?: string; password?: string };
export type Account = Required<NewAccount>;

function newAccount(input: NewAccount): Account {
  return {
    fullName: input.fullName ?? "Asha Patil",
    email: input.email ?? uniqueEmail(),
    password: input.password ?? PASSWORD,
  };
}

/** An address in the range set aside for testing networks (198.18.0.0/15), a new one each time. */
function shopperAddress() {
  return `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

/**
 * Posts the sign-up form as a browser without JavaScript posts it; the session lands in the
 * cookie jar of `request` (a page's `context().request` shares the page's jar).
 */
export async function createCustomer(request: APIRequestContext, input: NewAccount = {}) {
  const account = newAccount(input);
  const response = await request.post("/auth", {
    form: { intent: "sign-up", ...account },
    // Each new customer signs up from an address of their own, as shoppers do: the suite's
    // hundreds of accounts from this one machine would meet the 100-an-hour sign-up limit
    // per address (client-limits.spec.ts tests that limit itself).
    headers: { origin: BASE_URL, "x-forwarded-for": shopperAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/**
 * A new customer, signed in on `page`'s context, on no page yet: the journeys that start here are
 * about what comes after and open the page they need. The welcome that sign-up leaves for the next
 * page is dropped, so no toast covers the header there; `signUpOnHome` shows and closes it, and
 * `signUpThroughForm` covers the form itself.
 */
export async function signUp(page: Page, input: NewAccount = {}) {
  const account = await createCustomer(page.context().request, input);
  await page.context().clearCookies({ name: TOAST_COOKIE });
  return account;
}

/**
 * A new customer, signed in, on the home page, for the journeys that go on from there (its header's
 * account menu, its counts). The welcome toast is closed as a shopper would close it.
 */
export async function signUpOnHome(page: Page, input: NewAccount = {}) {
  const account = await createCustomer(page.context().request, input);
  await page.goto("/");
  if (await settle(page)) {
    // The welcome toast sits over the header's account and cart buttons for a few seconds, and
    // a pointer resting on it keeps it there: close it, as a shopper would.
    const welcome = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Account created successfully!" });
    await welcome.getByRole("button", { name: "Close toast" }).click();
    await expect(welcome).toHaveCount(0);
  }
  return account;
}

/**
 * A customer who has an account but is signed out in `page`'s context, on no page yet, for the
 * journeys that begin at the sign-in form: signed up over HTTP, then every cookie dropped. Signing
 * out from the account menu is walked in auth.spec ("signs in, welcomes back, and signs out").
 */
export async function signedOutCustomer(page: Page, input: NewAccount = {}) {
  const account = await createCustomer(page.context().request, input);
  await page.context().clearCookies();
  return account;
}

let adminCookies: Promise<Cookie[]> | undefined;

/**
 * Puts the administrator's session into `context`. The /admin/login form is posted once per test
 * worker, as a browser without JavaScript posts it, and its cookies are reused: the form itself has
 * tests of its own (auth.spec).
 */
export async function withAdminSession(context: BrowserContext) {
  await context.addCookies(await adminSessionCookies());
}

/** A request context of its own in the administrator's session, for back-office posts. */
export async function adminRequest() {
  return playwrightRequest.newContext({
    baseURL: BASE_URL,
    storageState: { cookies: await adminSessionCookies(), origins: [] },
  });
}

function adminSessionCookies() {
  adminCookies ??= (async () => {
    const request = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const response = await request.post("/admin/login", {
      form: { email: ADMIN.email, password: ADMIN.password },
      headers: { origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text()).toBe(302);
    const { cookies } = await request.storageState();
    await request.dispose();
    // The session only: the welcome the sign-in leaves for the next page would otherwise greet
    // the first page of every context given these cookies, over what the test clicks there.
    return cookies.filter((cookie) => cookie.name !== TOAST_COOKIE);
  })().catch((error) => {
    // A failed sign-in is not kept: the next test signs in afresh.
    adminCookies = undefined;
    throw error;
  });
  return adminCookies;
}

/**
 * The administrator (signed in on `page`'s context here) adds a product of five in stock at ₹120
 * through the back office's dialog, in the visibility given.
 */
export async function addProduct(page: Page, name: string, visibility: "Draft" | "Published") {
  await withAdminSession(page.context());
  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name", { exact: true }).fill(name);
  await dialog.getByLabel("Price (₹)", { exact: true }).fill("120");
  await dialog.getByLabel("Stock Quantity", { exact: true }).fill("5");
  await dialog.getByLabel("Visibility").selectOption(visibility);
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();
}

/** Signs the page's context in as the shop's administrator and opens the dashboard. */
export async function signInAsAdmin(page: Page) {
  await withAdminSession(page.context());
  await page.goto("/admin/dashboard");
  await settle(page);
}

/**
 * A page in a browser context of its own in the administrator's session, on no page yet: the test
 * opens the one it needs.
 */
export async function adminPage(browser: Browser, options?: BrowserContextOptions) {
  const context = await browser.newContext(options);
  await withAdminSession(context);
  return context.newPage();
}

/** Waits until React Router has taken over the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page) {
  // The router exists before React has hydrated; the root layout marks the page once it has.
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Waits for hydration where the page runs scripts; a context may have JavaScript turned off
 * (`test.use` applies to the contexts a test opens too), and then the page is already final.
 */
/** Waits for hydration when the page runs scripts; says whether it does. */
async function settle(page: Page) {
  const scripted = await page.evaluate(() => "__reactRouterContext" in window).catch(() => false);
  if (scripted) await waitForHydration(page);
  return scripted;
}

/** Signs up by typing into the form on /auth, as a shopper does. */
export async function signUpThroughForm(page: Page, input: NewAccount = {}) {
  const account = newAccount(input);
  await page.goto("/auth?tab=sign-up");
  const form = page.locator("form#sign-up");
  await form.getByLabel("Full Name").fill(account.fullName);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await page.waitForURL("/");
  return account;
}

export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { asAdmin?: boolean } = {},
) {
  await page.goto("/auth");
  const form = page.locator("form#sign-in");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  if (options.asAdmin) await form.getByLabel("Sign in as Admin").check();
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs out and waits until the header shows the signed-out state, so the next step starts clean. */
export async function signOutFromMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** A message as the fake SMTP server captured it (tests/fakes/smtp-server.ts). */
export type Mail = { to: string[]; subject: string; text: string; html: string | null };

/** Waits for the shop to send `to` a message whose subject matches. */
export async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `http://127.0.0.1:${SMTP_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`,
        );
        const messages = (await response.json()) as Mail[];
        found = messages.findLast((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * A fresh customer, signed in on `page`'s context and, as its second session, in a browser context
 * with JavaScript turned off, for the journeys that must work with plain forms. Both sessions come
 * over HTTP, as the plain forms post them; the forms themselves are walked in auth.spec.
 */
export async function signInWithoutScript(page: Page, browser: Browser) {
  const account = await signUp(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInOverHttp(context, account);
  const plain = await context.newPage();
  return { account, plain, context };
}

/**
 * Posts the sign-in form as a browser without JavaScript posts it; the session lands in `context`.
 * The welcome back it leaves for the next page is dropped, as `signUp` drops its welcome.
 */
async function signInOverHttp(context: BrowserContext, account: Account) {
  const response = await context.request.post("/auth", {
    form: { intent: "sign-in", email: account.email, password: account.password },
    headers: { origin: BASE_URL, "x-forwarded-for": shopperAddress() },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers().location).toBe("/");
  await context.clearCookies({ name: TOAST_COOKIE });
}

/** The id the Add to Cart form of the product page at /product/{slug} posts, read from its HTML. */
export async function productIdOverHttp(request: APIRequestContext, slug: string) {
  const productPage = await request.get(`/product/${slug}`);
  expect(productPage.status()).toBe(200);
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(await productPage.text())?.[1];
  expect(productId, `the product page of ${slug} names its id`).toBeTruthy();
  return productId!;
}

/**
 * Puts `quantity` of the product at /product/{slug} (one of one size) into the cart of the customer
 * signed in on `context`, as the product page's form posts it without JavaScript, for the journeys
 * about what comes after the add; the adds themselves are walked in cart.spec and catalog.spec. The
 * "Added to cart" it leaves for the next page is dropped, as `signUp` drops its welcome.
 */
export async function addToCartOverHttp(context: BrowserContext, slug: string, quantity = 1) {
  const productId = await productIdOverHttp(context.request, slug);
  const response = await context.request.post("/cart", {
    form: { intent: "add", productId, quantity: String(quantity) },
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(200);
  await context.clearCookies({ name: TOAST_COOKIE });
}

type Address = { line1: string; city: string; state: string; postalCode: string };

/**
 * The signed-in customer on `page` adds one of a product from its page and places a cash-on-delivery
 * order through the checkout form, to the default Satara address or `address`; returns the order
 * number shown on the Orders tab.
 */
export async function orderCashOnDelivery(
  page: Page,
  slug: string,
  address?: Address,
  phone = "9876543210",
) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  return checkOutCashOnDelivery(page, address, phone);
}

/**
 * Places the cart of the signed-in customer on `page` as a cash-on-delivery order through the
 * checkout form; returns the order number shown on the Orders tab.
 */
export async function checkOutCashOnDelivery(page: Page, address?: Address, phone = "9876543210") {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Address Line 1").fill(address?.line1 ?? "12 Shivaji Nagar, Rajwada");
  if (address) {
    await page.getByLabel("City").fill(address.city);
    await page.getByLabel("State").fill(address.state);
    await page.getByLabel("Postal Code").fill(address.postalCode);
  }
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=orders/);
  return newestOrderNumber(page);
}

/** The number of the newest order on the Orders tab `page` shows ("ORD-…"). */
export async function newestOrderNumber(page: Page) {
  const heading = page
    .getByRole("article")
    .filter({ hasText: /Order ORD-/ })
    .first()
    .getByRole("heading")
    .first();
  return (await heading.textContent())!.replace("Order ", "").trim();
}

/**
 * The signed-in customer on `page` buys one of a product by card through the built-in test
 * gateway; returns the order number shown on the Orders tab.
 */
export async function payByCard(page: Page, slug: string) {
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
