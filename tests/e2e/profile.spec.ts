import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { signedInTest } from "./fixtures";
import { signInWithoutScript, signUp, waitForHydration } from "./helpers";

/** The newest toast with this title (an earlier one with the same text may still be showing). */
const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).last();

const addressList = (page: Page) => page.getByRole("list", { name: "Saved addresses" });

const addressCard = (page: Page, text: string) =>
  addressList(page).getByRole("listitem").filter({ hasText: text });

async function fillAddress(
  page: Page,
  values: { fullName: string; phone: string; line1: string; city: string; postalCode: string },
) {
  await page.getByLabel("Full Name", { exact: true }).fill(values.fullName);
  await page.getByLabel("Phone", { exact: true }).fill(values.phone);
  await page.getByLabel("Address Line 1", { exact: true }).fill(values.line1);
  await page.getByLabel("City", { exact: true }).fill(values.city);
  await page.getByLabel("State", { exact: true }).fill("Maharashtra");
  await page.getByLabel("Postal Code", { exact: true }).fill(values.postalCode);
}

test("a visitor opening a profile tab is sent to /auth and comes back to it", async ({ page }) => {
  await page.goto("/profile?tab=addresses");
  await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent("/profile?tab=addresses")}`);
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
});

test("the Profile tab edits the name and phone; the e-mail is read-only", async ({ page }) => {
  const account = await signUp(page, { fullName: "Asha Patil" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  await waitForHydration(page);

  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toHaveValue(account.email);
  await expect(email).not.toBeEditable();

  const fullName = page.getByLabel("Full Name", { exact: true });
  await expect(fullName).toHaveValue("Asha Patil");
  await fullName.fill("Asha Deshmukh");

  // docs/SPEC.md §5: digits only, at most 10, whatever is typed.
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveAttribute("inputmode", "numeric");
  await phone.pressSequentially("98a76-54 321099");
  await expect(phone).toHaveValue("9876543210");

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Asha Deshmukh");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("9876543210");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu").getByText("Hello, Asha Deshmukh")).toBeVisible();
});

test("the Profile tab shows each problem under its field and saves nothing", async ({ page }) => {
  await signUp(page, { fullName: "Ravi Shinde" });
  await page.goto("/profile");
  await waitForHydration(page);
  // The form's code loads after the page (docs/decisions/029): typing starts once it is here.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Full Name", { exact: true }).fill("R2");
  await page.getByLabel("Phone", { exact: true }).fill("12345");
  await page.getByRole("button", { name: "Save Changes" }).click();
  // Under each field (a refusal from the server also says the first one in a toast).
  const panel = page.getByRole("tabpanel", { name: "Profile" });
  await expect(panel.getByText("Name can only contain letters and spaces")).toBeVisible();
  await expect(panel.getByText("Phone must be exactly 10 digits")).toBeVisible();
  await expect(page.getByText("Profile updated")).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Ravi Shinde");
});

signedInTest("the Orders tab follows the address bar and starts empty", async ({ page }) => {
  await page.goto("/profile");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page).toHaveURL("/profile?tab=orders");
  await expect(page.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No orders yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute(
    "href",
    "/products",
  );

  await page.goto("/profile?tab=addresses");
  await expect(page.getByRole("tab", { name: "Addresses" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("heading", { name: "Saved Addresses" })).toBeVisible();
});

test("addresses: add, edit, set the default, delete", async ({ page }) => {
  await signUp(page, { fullName: "Sunita Pawar" });
  await page.goto("/profile?tab=addresses");
  await expect(page.getByText("No saved addresses yet")).toBeVisible();
  await waitForHydration(page);

  // Add the first address: it becomes the default.
  await page.getByRole("link", { name: "Add New Address" }).click();
  await expect(page.getByRole("heading", { name: "Add New Address" })).toBeVisible();
  await fillAddress(page, {
    fullName: "Sunita Pawar",
    phone: "9822012345",
    line1: "12 Shivaji Nagar",
    city: "Satara",
    postalCode: "415003",
  });
  const phone = page.getByLabel("Phone", { exact: true });
  await phone.fill("");
  // A written +91 is the prefix it is (docs/decisions/066), not the number's first digits.
  await phone.pressSequentially("+91 98220-12345");
  await expect(phone).toHaveValue("9822012345");
  await phone.fill("9822012345");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(toast(page, "Address added")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Add New Address" })).toHaveCount(0);
  const satara = addressCard(page, "12 Shivaji Nagar");
  await expect(satara).toContainText("Satara, Maharashtra 415003");
  await expect(satara).toContainText("9822012345");
  await expect(satara.getByText("Default", { exact: true })).toBeVisible();

  // A second address is not the default.
  await page.getByRole("link", { name: "Add New Address" }).click();
  await fillAddress(page, {
    fullName: "Sunita Pawar",
    phone: "9822067890",
    line1: "4 FC Road",
    city: "Pune",
    postalCode: "411004",
  });
  await page.getByRole("button", { name: "Save Address" }).click();
  const pune = addressCard(page, "4 FC Road");
  await expect(pune).toBeVisible();
  await expect(toast(page, "Address added")).toBeVisible();
  await expect(pune.getByText("Default", { exact: true })).toHaveCount(0);
  await expect(addressList(page).getByRole("listitem")).toHaveCount(2);

  // Edit it: the same form, filled in.
  await pune.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Address" })).toBeVisible();
  await expect(page.getByLabel("Address Line 1", { exact: true })).toHaveValue("4 FC Road");
  await expect(page.getByLabel("Postal Code", { exact: true })).toHaveValue("411004");
  await page.getByLabel("Address Line 1", { exact: true }).fill("4 FC Road, Shivajinagar");
  await page.getByLabel("City", { exact: true }).fill("Pune City");
  await page.getByRole("button", { name: "Update Address" }).click();
  await expect(toast(page, "Address updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit Address" })).toHaveCount(0);
  const edited = addressCard(page, "4 FC Road, Shivajinagar");
  await expect(edited).toContainText("Pune City, Maharashtra 411004");

  // Make it the default: the badge moves and it is listed first.
  await edited.getByRole("button", { name: "Set as Default" }).click();
  await expect(toast(page, "Default address updated")).toBeVisible();
  await expect(edited.getByText("Default", { exact: true })).toBeVisible();
  await expect(satara.getByText("Default", { exact: true })).toHaveCount(0);
  await expect(addressList(page).getByRole("listitem").first()).toContainText("4 FC Road");
  await expect(edited.getByRole("button", { name: "Set as Default" })).toHaveCount(0);

  // Delete the other one: a dialog asks first; Escape keeps the address and returns focus.
  const deleteSatara = satara.getByRole("button", { name: "Delete address 12 Shivaji Nagar" });
  await deleteSatara.click();
  const question = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(question).toContainText(
    "This will permanently delete the address 12 Shivaji Nagar, Satara. This action cannot be undone.",
  );
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(deleteSatara).toBeFocused();
  await expect(addressList(page).getByRole("listitem")).toHaveCount(2);
  await deleteSatara.click();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(addressList(page).getByRole("listitem")).toHaveCount(2);
  await deleteSatara.click();
  await question.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Address deleted")).toBeVisible();
  await expect(satara).toHaveCount(0);
  await expect(addressList(page).getByRole("listitem")).toHaveCount(1);
});

signedInTest("the address form shows each problem under its field", async ({ page }) => {
  await page.goto("/profile?tab=addresses&address=new");
  await expect(page.getByRole("heading", { name: "Add New Address" })).toBeVisible();
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");

  // Under each field; a refusal answered by the server (the form's checks still loading) also
  // says the first problem in a toast, outside the panel.
  const panel = page.getByRole("tabpanel", { name: "Addresses" });
  await page.getByRole("button", { name: "Save Address" }).click();
  for (const message of [
    "Full name is required",
    "Phone must be exactly 10 digits",
    "Address must be at least 5 characters",
    "City must be at least 2 characters",
    "State must be at least 2 characters",
    "Postal code must be exactly 6 digits",
  ]) {
    await expect(panel.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel("Full Name", { exact: true }).fill("Sunita Pawar");
  await expect(panel.getByText("Full name is required")).toHaveCount(0);
  await page.getByLabel("City", { exact: true }).fill("Pune 2");
  await page.getByLabel("Postal Code", { exact: true }).fill("4110");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(panel.getByText("City can only contain letters and spaces")).toBeVisible();
  await expect(panel.getByText("Postal code must be exactly 6 digits")).toBeVisible();
  await expect(page.getByLabel("City", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Address added")).toHaveCount(0);

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Add New Address" })).toHaveCount(0);
  await expect(page.getByText("No saved addresses yet")).toBeVisible();
});

test("without JavaScript: switch tabs, add an address and see the server's errors", async ({
  page,
  browser,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);

  await plain.goto("/profile");
  await plain.getByRole("tab", { name: "Addresses" }).click();
  await expect(plain).toHaveURL("/profile?tab=addresses");
  await plain.getByRole("link", { name: "Add New Address" }).click();

  // The server checks with the same rules and shows them under the fields.
  await plain.getByLabel("Full Name", { exact: true }).fill("Sunita Pawar");
  await plain.getByLabel("Postal Code", { exact: true }).fill("4110");
  await plain.getByRole("button", { name: "Save Address" }).click();
  await expect(plain.getByText("Phone must be exactly 10 digits").first()).toBeVisible();
  await expect(plain.getByText("Postal code must be exactly 6 digits").first()).toBeVisible();

  await fillAddress(plain, {
    fullName: "Sunita Pawar",
    phone: "9822012345",
    line1: "12 Shivaji Nagar",
    city: "Satara",
    postalCode: "415003",
  });
  await plain.getByRole("button", { name: "Save Address" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Address added" })).toBeAttached();
  const card = addressCard(plain, "12 Shivaji Nagar");
  await expect(card.getByText("Default", { exact: true })).toBeVisible();

  // Delete asks first on the page itself; Cancel keeps the address.
  await card.getByRole("link", { name: "Delete address 12 Shivaji Nagar" }).click();
  const question = plain.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(question).toContainText("This will permanently delete the address 12 Shivaji Nagar");
  await question.getByRole("link", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  await expect(card).toBeVisible();
  await card.getByRole("link", { name: "Delete address 12 Shivaji Nagar" }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Address deleted" })).toBeAttached();
  await expect(plain.getByText("No saved addresses yet")).toBeVisible();
  await context.close();
});

test("the account tabs have no serious accessibility violations and work by keyboard", async ({
  page,
}) => {
  await signUp(page);
  for (const path of ["/profile", "/profile?tab=orders", "/profile?tab=addresses&address=new"]) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }

  await page.goto("/profile");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Profile" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Orders" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL("/profile?tab=orders");
  await expect(page.getByText("No orders yet")).toBeVisible();
});
