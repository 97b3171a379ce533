import { expect, type Page, test } from "@playwright/test";
import { type FakeMsg91, postMsg91DeliveryReport, startFakeMsg91 } from "../fakes/msg91-api";
import {
  type FakeShiprocket,
  postShiprocketWebhook,
  startFakeShiprocket,
} from "../fakes/shiprocket-api";
import {
  type FakeWhatsAppCloud,
  postWhatsAppStatus,
  startFakeWhatsAppCloud,
} from "../fakes/whatsapp-cloud-api";
import { ADMIN, SPEC_SHOP_PORTS } from "./config";
import { newestOrderNumber, PASSWORD, uniqueEmail, waitForHydration } from "./helpers";
import { shopTracker, waitForHealth } from "./support/shop-process";

/**
 * The live providers' callbacks, end to end (docs/decisions/065): a shop started with
 * COURIER=shiprocket, SMS=msg91 and WHATSAPP=cloud against the stand-ins of tests/fakes. A
 * customer who opted in to both channels orders; the "order placed" SMS and WhatsApp message go
 * out through the stand-ins; the owner ships with Shiprocket; the Shiprocket stand-in posts the
 * DELIVERED scan to the tracking webhook as Shiprocket does, and the order is delivered; the MSG91
 * and WhatsApp stand-ins post their delivery reports, and the owner sees both messages delivered.
 * Every callback goes server to server: no Origin, no Referer, no cookie.
 */
test.describe.configure({ mode: "serial", timeout: 180_000 });

const PORT = SPEC_SHOP_PORTS.providerCallbacks;
const ORIGIN = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: ORIGIN });

const SHIPROCKET = { email: "api@shop.example", password: "shiprocket-secret" };
const SHIPROCKET_WEBHOOK_TOKEN = "shiprocket-webhook-token-callbacks";
const MSG91 = { authKey: "msg91-auth-key-callbacks" };
const MSG91_WEBHOOK_TOKEN = "msg91-webhook-token-callbacks";
const WHATSAPP = { token: "whatsapp-token-callbacks", phoneNumberId: "106540352242922" };
const WHATSAPP_APP_SECRET = "whatsapp-app-secret-callbacks";

const shops = shopTracker();
let shiprocket: FakeShiprocket;
let msg91: FakeMsg91;
let whatsapp: FakeWhatsAppCloud;

test.beforeAll(async () => {
  shiprocket = await startFakeShiprocket(SHIPROCKET);
  msg91 = await startFakeMsg91(MSG91);
  whatsapp = await startFakeWhatsAppCloud({ ...WHATSAPP, approvedTemplates: ["order_placed"] });
  shops.spawn({
    env: {
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: shops.migratedDataDir("provider-callbacks"),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COURIER: "shiprocket",
      SHIPROCKET_EMAIL: SHIPROCKET.email,
      SHIPROCKET_PASSWORD: SHIPROCKET.password,
      SHIPROCKET_API_BASE: shiprocket.baseUrl,
      SHIPROCKET_WEBHOOK_TOKEN,
      SMS: "msg91",
      MSG91_AUTH_KEY: MSG91.authKey,
      MSG91_SENDER_ID: "SATARA",
      MSG91_API_BASE: msg91.baseUrl,
      MSG91_WEBHOOK_TOKEN,
      WHATSAPP: "cloud",
      WHATSAPP_TOKEN: WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      WHATSAPP_API_BASE: whatsapp.baseUrl,
      WHATSAPP_APP_SECRET,
    },
  });
  await waitForHealth(PORT);
});
test.afterAll(async () => {
  await shops.killAll();
  shops.cleanUp();
  await Promise.all([shiprocket?.close(), msg91?.close(), whatsapp?.close()]);
});

async function postForm(page: Page, path: string, form: Record<string, string>, status: number) {
  const response = await page.context().request.post(path, {
    form,
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(status);
}

async function openOrder(page: Page, orderNumber: string) {
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
  return page.getByRole("dialog", { name: `Order ${orderNumber}` });
}

/** Shiprocket's webhook time, "DD MM YYYY HH:mm:ss" in India's time. */
function istWebhookTime(at: Date) {
  const [date, time] = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 19).split("T");
  const [year, month, day] = date!.split("-");
  return `${day} ${month} ${year} ${time}`;
}

test("Shiprocket's DELIVERED scan delivers the order; MSG91's and WhatsApp's reports mark its messages delivered", async ({
  page,
  browser,
}) => {
  // The owner: a product, and the "order placed" templates of both providers.
  await postForm(page, "/admin/login", { email: ADMIN.email, password: ADMIN.password }, 302);
  await page.goto("/admin/products");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Add Product" }).click();
  const product = page.getByRole("dialog", { name: "Add New Product" });
  await product.getByLabel("Product Name", { exact: true }).fill("Callback Churna");
  await product.getByLabel("Price (₹)", { exact: true }).fill("150");
  await product.getByLabel("Stock Quantity", { exact: true }).fill("5");
  await product.getByLabel("Visibility").selectOption("Published");
  await product.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product added successfully")).toBeVisible();

  await page.goto("/admin/messages");
  await waitForHydration(page);
  await page.getByLabel("Order placed: SMS DLT Template ID").fill("1207161234567890123");
  await page.getByLabel("Order placed: WhatsApp Template Name").fill("order_placed");
  await page.getByRole("button", { name: "Save Message Settings" }).click();
  await expect(page.getByText("Message settings saved")).toBeVisible();

  // The customer opts in to both channels at the checkout and orders, cash on delivery.
  const context = await browser.newContext({ baseURL: ORIGIN });
  const shopper = await context.newPage();
  await postForm(
    shopper,
    "/auth",
    {
      intent: "sign-up",
      fullName: "Sunita Pawar",
      email: uniqueEmail("callbacks"),
      password: PASSWORD,
    },
    200,
  );
  await shopper.goto("/product/callback-churna");
  await waitForHydration(shopper);
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText("Added to cart").first()).toBeVisible();
  await shopper.goto("/checkout");
  await waitForHydration(shopper);
  await shopper.getByLabel("Phone").fill("9822012345");
  await shopper.getByLabel("Address Line 1").fill("12 Shivaji Nagar, Rajwada");
  await shopper.getByRole("checkbox", { name: "Send order updates on WhatsApp" }).check();
  await shopper.getByRole("checkbox", { name: "Send order updates by SMS" }).check();
  await shopper.getByRole("button", { name: "Place Order" }).click();
  await expect(shopper.getByText("Order placed successfully!")).toBeVisible();
  const orderNumber = await newestOrderNumber(shopper);

  // Both messages go out through the stand-ins.
  await expect.poll(() => msg91.sent.length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => whatsapp.sent.length, { timeout: 30_000 }).toBe(1);
  expect(msg91.sent[0]).toMatchObject({ mobiles: "919822012345" });
  expect(whatsapp.sent[0]).toMatchObject({ to: "919822012345", template: "order_placed" });

  // The owner ships with Shiprocket; the booking job gets an AWB from the stand-in.
  let dialog = await openOrder(page, orderNumber);
  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(page.getByText("Booking the shipment").first()).toBeVisible();
  await expect
    .poll(() => shiprocket.orders.get(orderNumber)?.awb ?? null, { timeout: 30_000 })
    .not.toBeNull();
  const awb = shiprocket.orders.get(orderNumber)!.awb!;
  await expect
    .poll(async () => (await (await openOrder(page, orderNumber)).textContent()) ?? "", {
      timeout: 30_000,
    })
    .toContain(awb);

  // Shiprocket posts the delivery as it does: server to server, its token in x-api-key.
  const callback = `${ORIGIN}/api/webhooks/courier`;
  const delivered = shiprocket.scan(awb, "DELIVERED", 7, new Date());
  expect(await postShiprocketWebhook(callback, null, delivered)).toMatchObject({ status: 401 });
  // A delivery 400 days ahead is refused, and changes nothing.
  const future = {
    ...delivered,
    current_timestamp: istWebhookTime(new Date(Date.now() + 400 * 86_400_000)),
  };
  expect(await postShiprocketWebhook(callback, SHIPROCKET_WEBHOOK_TOKEN, future)).toEqual({
    status: 400,
    body: JSON.stringify({ error: "current_timestamp is in the future" }),
  });
  expect(await postShiprocketWebhook(callback, SHIPROCKET_WEBHOOK_TOKEN, delivered)).toEqual({
    status: 200,
    body: JSON.stringify({ status: "applied" }),
  });
  await page.goto(`/admin/orders?q=${orderNumber}`);
  await expect(page.getByLabel(`Status of order ${orderNumber}`)).toHaveValue("delivered");
  dialog = await openOrder(page, orderNumber);
  await expect(dialog.getByRole("definition").filter({ hasText: /^Delivered$/ })).toHaveCount(1);

  // The customer sees it delivered too.
  await shopper.goto("/profile?tab=orders");
  await expect(
    shopper.getByRole("article").filter({ hasText: `Order ${orderNumber}` }),
  ).toContainText(/Delivered/);

  // MSG91 and WhatsApp report the "order placed" messages delivered.
  const messages = dialog.getByRole("region", { name: "Messages" });
  const placedBy = (channel: string) =>
    messages.getByRole("listitem").filter({ hasText: `Order placed by ${channel}` });
  await expect(placedBy("SMS")).toContainText("Sent");
  await expect(placedBy("WhatsApp")).toContainText("Sent");
  const smsReport = `${ORIGIN}/api/webhooks/sms?token=${MSG91_WEBHOOK_TOKEN}`;
  expect(await postMsg91DeliveryReport(smsReport, msg91.sent[0]!)).toEqual({
    status: 200,
    body: JSON.stringify({ recorded: 1 }),
  });
  const statuses = `${ORIGIN}/api/webhooks/whatsapp`;
  expect(
    await postWhatsAppStatus(statuses, WHATSAPP_APP_SECRET, whatsapp.sent[0]!, "sent"),
  ).toMatchObject({ status: 200 });
  expect(
    await postWhatsAppStatus(statuses, WHATSAPP_APP_SECRET, whatsapp.sent[0]!, "delivered"),
  ).toEqual({ status: 200, body: JSON.stringify({ recorded: 1 }) });
  // Read after delivered, and a report sent again: still delivered, once.
  expect(
    await postWhatsAppStatus(statuses, WHATSAPP_APP_SECRET, whatsapp.sent[0]!, "read"),
  ).toEqual({ status: 200, body: JSON.stringify({ recorded: 0 }) });
  expect(await postMsg91DeliveryReport(smsReport, msg91.sent[0]!)).toEqual({
    status: 200,
    body: JSON.stringify({ recorded: 0 }),
  });

  dialog = await openOrder(page, orderNumber);
  await expect(placedBy("SMS")).toContainText("Delivered");
  await expect(placedBy("WhatsApp")).toContainText("Delivered");
  await expect(placedBy("SMS")).not.toContainText("Sent");
  await context.close();
});
