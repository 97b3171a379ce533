import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type FakeMsg91, startFakeMsg91 } from "../fakes/msg91-api";
import { type FakeShiprocket, startFakeShiprocket } from "../fakes/shiprocket-api";
import { ADMIN, SPEC_SHOP_PORTS } from "./config";
import { PASSWORD, uniqueEmail, waitForHydration } from "./helpers";
import { shopTracker, waitForHealth } from "./support/shop-process";

/**
 * A courier or SMS provider that accepts the connection and never answers (docs/decisions/069),
 * through the running server: a shop of its own books with Shiprocket and sends codes with MSG91,
 * both stand-ins told to hang. The checkout page, Place Order and the delivery estimate answer
 * within a second once the courier's circuit is open (the first call waits its 1.5 s budget),
 * with the shop's own fees and promise; a sign-in code fails with its message within 2 s. Then a
 * booking refused by Shiprocket says when the shop tries again, and "Try now" books it, once.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

// Its own port (tests/e2e/config.ts lists every spec's).
const PORT = SPEC_SHOP_PORTS.providerOutage;
const ORIGIN = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: ORIGIN });

const SHIPROCKET = { email: "api-user@shop.example", password: "api-password-0123" };
const MSG91_KEY = "msg91-auth-key-0123";
const SAMPLES = 20;
const PRODUCT = { name: "Outage Test Vati", slug: "outage-test-vati" };

const shops = shopTracker();
let shiprocket: FakeShiprocket;
let msg91: FakeMsg91;

test.beforeAll(async () => {
  shiprocket = await startFakeShiprocket(SHIPROCKET);
  msg91 = await startFakeMsg91({ authKey: MSG91_KEY });
  shops.spawn({
    env: {
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: shops.migratedDataDir("provider-outage"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COURIER: "shiprocket",
      SHIPROCKET_EMAIL: SHIPROCKET.email,
      SHIPROCKET_PASSWORD: SHIPROCKET.password,
      SHIPROCKET_API_BASE: shiprocket.baseUrl,
      SMS: "msg91",
      MSG91_AUTH_KEY: MSG91_KEY,
      MSG91_SENDER_ID: "SATAYU",
      MSG91_API_BASE: msg91.baseUrl,
    },
  });
  await waitForHealth(PORT);
});
test.afterAll(async () => {
  await shops.killAll();
  shops.cleanUp();
  await shiprocket?.close();
  await msg91?.close();
});

/** Posts a form as a browser without JavaScript would; the response, redirects not followed. */
function post(request: APIRequestContext, path: string, form: Record<string, string>) {
  return request.post(path, { form, headers: { origin: ORIGIN }, maxRedirects: 0 });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** The nearest-rank percentile of the durations, in ms. */
function percentile(durations: number[], p: number) {
  const sorted = [...durations].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(step: string, durations: number[]) {
  const figures = {
    p50: Math.round(percentile(durations, 50)),
    p95: Math.round(percentile(durations, 95)),
    max: Math.round(Math.max(...durations)),
  };
  test.info().annotations.push({
    type: "timing",
    description: `${step}: p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms (${durations.length} requests)`,
  });
  console.log(`${step}: ${JSON.stringify(figures)} over ${durations.length}`);
  return figures;
}

/** A hidden field's value in a server-rendered form. */
function hiddenField(html: string, name: string) {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  expect(value, `the form's ${name}`).toBeTruthy();
  return value!.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  return page.getByRole("dialog", { name: `Order ${orderNumber}` });
}

/** A customer signed in on `request`'s cookie jar, and the product's id for the cart form. */
async function newCustomer(request: APIRequestContext) {
  const signUp = await post(request, "/auth", {
    intent: "sign-up",
    fullName: "Kavita Pawar",
    email: uniqueEmail("outage"),
    password: PASSWORD,
  });
  expect(signUp.status()).toBe(200);
  const productPage = await (await request.get(`/product/${PRODUCT.slug}`)).text();
  return hiddenField(productPage, "productId");
}

/** Places the checkout's form as a browser without JavaScript would, to a PIN code in Pune. */
function placeOrder(request: APIRequestContext, checkout: string, postalCode: string) {
  return post(request, "/checkout", {
    fullName: "Kavita Pawar",
    phone: "9876543210",
    addressLine1: "12 Shivaji Nagar",
    addressLine2: "",
    city: "Pune",
    state: "Maharashtra",
    postalCode,
    paymentMethod: "cod",
    shippingMethod: "standard",
    idempotencyKey: hiddenField(checkout, "idempotencyKey"),
    quote: hiddenField(checkout, "quote"),
  });
}

test("the owner sets up the shop: a product, and the sign-in code's MSG91 template", async ({
  page,
}) => {
  const login = await post(page.request, "/admin/login", ADMIN);
  expect(login.status()).toBe(302);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Product" });
  await dialog.getByLabel("Product Name", { exact: true }).fill(PRODUCT.name);
  await dialog.getByLabel("Price (₹)", { exact: true }).fill("120");
  await dialog.getByLabel("Stock Quantity", { exact: true }).fill("100");
  await dialog.getByLabel("Visibility").selectOption("Published");
  await dialog.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();

  const saved = await post(page.request, "/admin/messages", {
    whatsappLanguage: "en",
    orderMessagesPerHour: "100",
    smsSignInTemplateId: "SIGNIN01",
    smsCodesPerHour: "1000",
  });
  expect(saved.status(), await saved.text()).toBeLessThan(400);
});

test("with Shiprocket hung, the checkout page, Place Order and the delivery estimate stop asking it and answer within its budget, with the shop's own fees and promise", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const request = context.request;
  const productId = await newCustomer(request);

  shiprocket.hang();
  const callsBefore = shiprocket.calls.length;
  const page: number[] = [];
  const placing: number[] = [];
  const estimate: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const added = await post(request, "/cart", { intent: "add", productId, quantity: "1" });
    expect(added.status()).toBeLessThan(400);

    const [checkout, pageMs] = await timed(async () => (await request.get("/checkout")).text());
    page.push(pageMs);
    // The shop's own promise, where the courier would have named a day.
    expect(checkout).toContain("Delivery in 5-7 business days");

    // A new PIN code each time: nothing the shop remembers of another one helps it.
    const [placed, placingMs] = await timed(() =>
      placeOrder(request, checkout, String(411001 + i)),
    );
    placing.push(placingMs);
    expect(placed.status(), await placed.text()).toBe(302);
    expect(placed.headers().location).toMatch(/^\/profile/);

    const [estimated, estimateMs] = await timed(() =>
      request.get(`/api/delivery-estimate?pin=${560001 + i}`),
    );
    estimate.push(estimateMs);
    expect(estimated.status()).toBe(503);
    expect((await estimated.json()).message).toBe(
      "We could not check delivery just now. Please try again in a moment.",
    );
  }
  shiprocket.answerAgain();
  // Once its circuit opened, the shop stopped asking: of 60 requests for 40 PIN codes, only the
  // calls that opened the circuit and its probes reached the hung courier.
  const hungCalls = shiprocket.calls.length - callsBefore;
  expect(hungCalls).toBeLessThanOrEqual(6);
  const figures = [
    report("checkout page", page),
    report("place order", placing),
    report("delivery estimate", estimate),
  ];
  for (const { p95, max } of figures) {
    // Alone on a quiet machine the p95 is a few hundred ms (docs/decisions/069); beside the
    // other specs on two cores it stays below the courier's 1.5 s budget, which no request after
    // the circuit opened waited.
    expect(p95).toBeLessThan(1_500);
    // Only a call that is let through may wait: its budget and the page's own work on two busy
    // cores, never the 20 s the courier's hung connection would take.
    expect(max).toBeLessThan(5_000);
  }
  // The orders were taken at the shop's own fee (₹120 + ₹50 Standard below ₹999).
  const orders = await (await request.get("/profile?tab=orders")).text();
  expect(orders).toContain("₹170.00");
  await context.close();
});

test("with MSG91 hung, a sign-in code is refused with its message after its 1.5 s budget", async ({
  browser,
}) => {
  const context = await browser.newContext();
  msg91.hang();
  const durations: number[] = [];
  // Shoppers asking at the same time, four at once: each still answers after its own budget.
  const lanes = [0, 1, 2, 3];
  await Promise.all(
    lanes.map(async (lane) => {
      for (let i = lane; i < SAMPLES; i += lanes.length) {
        const [answer, ms] = await timed(() =>
          context.request.post("/auth/mobile", {
            form: { intent: "send-code", phoneNumber: `98500${String(20_000 + i)}` },
            // A client of its own each time, so the per-client limit of codes is not what answers.
            headers: { origin: ORIGIN, "x-forwarded-for": `203.0.113.${10 + i}` },
            maxRedirects: 0,
          }),
        );
        durations.push(ms);
        expect(answer.status()).toBe(502);
        expect(await answer.text()).toContain(
          "We could not send the code. Please try again in a few minutes.",
        );
      }
    }),
  );
  msg91.answerAgain();
  expect(msg91.requests.length).toBe(SAMPLES);
  const { p95, max } = report("sign-in code", durations);
  // Each send waits its 1.5 s budget; the rest is the request's own work on two busy cores.
  expect(p95).toBeLessThan(3_000);
  expect(max).toBeLessThan(5_000);
  await context.close();
});

test("a booking Shiprocket refused says when the shop tries again; Try now books it once", async ({
  page,
  browser,
}) => {
  const context = await browser.newContext();
  const productId = await newCustomer(context.request);
  await post(context.request, "/cart", { intent: "add", productId, quantity: "1" });
  const checkout = await (await context.request.get("/checkout")).text();
  expect((await placeOrder(context.request, checkout, "411038")).status()).toBe(302);
  await context.close();

  await post(page.request, "/admin/login", ADMIN);
  await page.goto("/admin/orders");
  const first = page.getByRole("link", { name: /^View order ORD-/ }).first();
  const orderNumber = (await first.getAttribute("aria-label"))!.replace("View order ", "");

  shiprocket.failNext(
    "/orders/create/adhoc",
    500,
    "Courier partner is down. Please try again later.",
  );
  let dialog = await openOrder(page, orderNumber);
  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page.getByText("Booking the shipment").first()).toBeVisible();

  // The booking job ran at once, met the error, and waits for its next attempt.
  await expect
    .poll(
      async () => {
        dialog = await openOrder(page, orderNumber);
        return (await dialog.textContent()) ?? "";
      },
      { timeout: 15_000 },
    )
    .toContain("Shiprocket answered 500: Courier partner is down. Please try again later.");
  await expect(dialog.getByText(/^The shop will try again at \d{2}:\d{2}\.$/)).toBeVisible();
  await dialog.getByRole("button", { name: "Try now" }).click();
  await expect(page.getByText("Booking now").first()).toBeVisible();

  await expect
    .poll(
      async () => {
        dialog = await openOrder(page, orderNumber);
        return (await dialog.textContent()) ?? "";
      },
      { timeout: 15_000 },
    )
    .toMatch(/AWB 1904\d+/);
  await expect(dialog.getByRole("button", { name: "Try now" })).toHaveCount(0);
  await expect(dialog.getByText(/The shop will try again/)).toHaveCount(0);

  const creates = shiprocket.calls.filter((call) => call.path === "/orders/create/adhoc");
  const ofOrder = creates.filter((call) => call.body?.order_id === orderNumber);
  expect(ofOrder).toHaveLength(2);
  // Booked by "Try now": the job's own next attempt comes 15 s after the failure at the earliest.
  expect(ofOrder[1]!.at - ofOrder[0]!.at).toBeLessThan(15_000);
  expect([...shiprocket.orders.keys()].filter((key) => key === orderNumber)).toHaveLength(1);
});
