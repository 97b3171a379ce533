import { expect, test } from "@playwright/test";
import { adminPage, orderCashOnDelivery, signUp, waitForHydration } from "./helpers";
import { trialProduct } from "./trial-product";

test("the test courier's label has Print and Back, the sender's phone and the AWB as a barcode", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const product = await trialProduct("Label", { price: "230" });
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUp(shopper, { fullName: "Label Shopper" });
  const orderNumber = await orderCashOnDelivery(shopper, product.slug);
  await context.close();

  const admin = await adminPage(browser);
  const openOrder = async () => {
    await admin.goto(`/admin/orders?q=${orderNumber}`);
    await waitForHydration(admin);
    await admin.getByRole("link", { name: `View order ${orderNumber}` }).click();
    return admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  };
  let dialog = await openOrder();
  await dialog.getByRole("button", { name: "Ship", exact: true }).click();
  await expect(admin.getByText("Booking the shipment").first()).toBeVisible();
  // The booking runs as a background job just after the click's commit.
  await expect
    .poll(
      async () => {
        dialog = await openOrder();
        return (await dialog.textContent()) ?? "";
      },
      { timeout: 15_000 },
    )
    .toMatch(/AWB TEST\d{10}/);
  const awb = /AWB (TEST\d{10})/.exec((await dialog.textContent()) ?? "")![1]!;

  const [label] = await Promise.all([
    admin.context().waitForEvent("page"),
    dialog.getByRole("link", { name: "Print label" }).click(),
  ]);
  await waitForHydration(label);
  const barcode = label.getByRole("img", { name: `Barcode of AWB ${awb}` });
  await expect(barcode).toBeVisible();
  // Start, eleven symbols (four letters, a change of code set, five pairs of digits, the check)
  // and the stop: 3 bars each, 4 in the stop.
  await expect(barcode.locator("rect")).toHaveCount(13 * 3 + 1);
  const from = label.getByRole("region", { name: "From" });
  await expect(from).toContainText(/Phone \+?[\d ]{10,}/);
  const back = label.getByRole("link", { name: "Back to the order" });
  await expect(back).toHaveAttribute("href", /^\/admin\/orders\?view=[0-9a-f-]{36}$/);

  await label.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await label.getByRole("button", { name: "Print" }).click();
  await expect(label.locator("body")).toHaveAttribute("data-printed", "yes");

  await back.click();
  await expect(label.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible();
  await admin.context().close();
});
