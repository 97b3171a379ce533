import { expect, test } from "@playwright/test";
import { adminPage, orderCashOnDelivery, signUp, waitForHydration } from "./helpers";
import { trialProduct } from "./trial-product";

test("the sidebar leads to the remittances and the background jobs, which name each kind plainly and list the recent jobs with their orders", async ({
  browser,
}) => {
  const product = await trialProduct("Jobs", { price: "210" });
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUp(shopper, { fullName: "Jobs Shopper" });
  const orderNumber = await orderCashOnDelivery(shopper, product.slug);
  await context.close();

  const admin = await adminPage(browser);
  await admin.goto("/admin/dashboard");
  await waitForHydration(admin);
  const sidebar = admin.getByRole("navigation", { name: "Admin" });
  await sidebar.getByRole("link", { name: "Remittances" }).click();
  await expect(
    admin.getByRole("heading", { level: 1, name: "Cash on delivery remittances" }),
  ).toBeVisible();

  await sidebar.getByRole("link", { name: "Background jobs" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Background jobs" })).toBeVisible();
  // The order's mails are jobs: named as the owner says them, with the order they are about.
  const recent = admin
    .getByRole("table")
    .filter({ has: admin.getByRole("columnheader", { name: "Attempts" }) });
  const mail = recent
    .getByRole("row")
    .filter({ has: admin.getByRole("link", { name: orderNumber }) });
  // Other specs' jobs may have pushed these to a later page.
  for (let page = 2; page <= 5 && (await mail.count()) === 0; page++) {
    await admin.goto(`/admin/jobs?page=${page}`);
  }
  await expect(mail.first().getByRole("rowheader")).toHaveText("E-mail");
  await expect(mail.first()).toContainText(/Done|Waiting|Running/);
  await mail.first().getByRole("link", { name: orderNumber }).click();
  await expect(admin.getByRole("dialog", { name: `Order ${orderNumber}` })).toBeVisible();

  await admin.goBack();
  const byKind = admin
    .getByRole("table")
    .filter({ has: admin.getByRole("columnheader", { name: "Kind" }) })
    .first();
  await expect(byKind.getByRole("rowheader", { name: "E-mail", exact: true })).toBeVisible();
  await expect(byKind.getByRole("rowheader", { name: "mail", exact: true })).toHaveCount(0);
  await admin.context().close();
});
