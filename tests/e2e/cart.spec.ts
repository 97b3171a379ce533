import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { signedInTest } from "./fixtures";
import {
  addToCartOverHttp,
  PASSWORD,
  signedOutCustomer,
  signIn,
  signInWithoutScript,
  signOutFromMenu,
  signUp,
  uniqueEmail,
  waitForHydration,
} from "./helpers";

async function addFromProductPage(page: Page, slug: string, quantity = 1) {
  await page.goto(`/product/${slug}`);
  // A click before hydration can be lost between the server's HTML and React taking over.
  await waitForHydration(page);
  for (let i = 1; i < quantity; i++)
    await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  // The server's answer, so a navigation right after cannot cancel the add.
  await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();
}

const summary = (page: Page) => page.getByRole("complementary", { name: "Order Summary" });

/** A product card's Add to Cart, found by the card's heading. */
function cardAddButton(page: Page, name: string) {
  return page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name }) })
    .getByRole("button", { name: /cart/i });
}

test("a visitor's add on the product page waits for sign-in and comes back with the item", async ({
  page,
}) => {
  const account = await signedOutCustomer(page);
  await page.goto("/product/aceemal-tablet");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL("/auth?redirectTo=%2Fproduct%2Faceemal-tablet");
  await expect(page.getByText("Please sign in first")).toBeVisible();
  await expect(page.getByText("You need to be signed in to add items to cart")).toBeVisible();

  const form = page.locator("form#sign-in");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/product/aceemal-tablet");
  await expect(
    page.getByText("You have successfully signed in. Aceemal Tablet was added to your cart."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
});

test("a visitor's add on a product card comes back after signing up", async ({ page }) => {
  await page.goto("/products?search=Brahmi");
  await waitForHydration(page);
  await cardAddButton(page, "Brahmi Vati").click();
  await expect(page).toHaveURL("/auth?redirectTo=%2Fproducts%3Fsearch%3DBrahmi");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const form = page.locator("form#sign-up");
  await form.getByLabel("Full Name").fill("Kavya Joshi");
  await form.getByLabel("Email").fill(uniqueEmail());
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  // Brahmi Vati is sold in two sizes: the card adds the one it shows, named in the message.
  await expect(
    page.getByText(
      "You are now signed in to your account. Brahmi Vati – 40 tablets was added to your cart.",
    ),
  ).toBeVisible();
  await page.waitForURL("/products?search=Brahmi");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("without JavaScript: a visitor's add comes back after signing up, and after signing in", async ({
  page,
  browser,
}) => {
  const existing = await signUp(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();

  await plain.goto("/products?search=Mauli");
  await cardAddButton(plain, "Mauli Shatavaryadi Kalpa").click();
  await expect(plain).toHaveURL("/auth?redirectTo=%2Fproducts%3Fsearch%3DMauli");
  await plain.getByRole("link", { name: "Create an account" }).click();
  const signUpForm = plain.locator("form#sign-up");
  await signUpForm.getByLabel("Full Name").fill("Rohan Deshmukh");
  await signUpForm.getByLabel("Email").fill(uniqueEmail());
  await signUpForm.getByLabel("Password").fill(PASSWORD);
  await signUpForm.getByRole("button", { name: "Create Account" }).click();
  await expect(
    plain.getByRole("status").filter({ hasText: "Account created successfully!" }),
  ).toContainText("Mauli Shatavaryadi Kalpa was added to your cart.");
  await plain.waitForURL("/products?search=Mauli");
  await expect(plain.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await context.clearCookies();

  await plain.goto("/product/uroflam-syrup");
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/auth?redirectTo=%2Fproduct%2Furoflam-syrup");
  const signInForm = plain.locator("form#sign-in");
  await signInForm.getByLabel("Email").fill(existing.email);
  await signInForm.getByLabel("Password").fill(existing.password);
  await signInForm.getByRole("button", { name: "Sign In" }).click();
  await expect(plain).toHaveURL("/product/uroflam-syrup");
  await expect(plain.getByRole("status").filter({ hasText: "Welcome back!" })).toContainText(
    "Uroflam Syrup was added to your cart.",
  );
  await expect(plain.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
  await context.close();
});

signedInTest(
  "the quantity can be typed in: below 1 is ignored, above the stock or 10 is lowered with a message",
  async ({ page }) => {
    // The adds themselves are walked in "add, update, remove"; here the cart is only filled.
    await addToCartOverHttp(page.context(), "shilajit-capsule"); // 5 in stock
    await addToCartOverHttp(page.context(), "aceemal-tablet");
    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);

    const shilajit = page.getByRole("spinbutton", { name: "Quantity of Shilajit Capsule" });
    await shilajit.fill("3");
    await shilajit.press("Tab");
    await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();

    await shilajit.fill("7");
    await shilajit.press("Tab");
    await expect(page.getByText("Only 5 of Shilajit Capsule left in stock")).toBeVisible();
    await expect(shilajit).toHaveValue("5");
    await expect(page.getByRole("link", { name: "Cart, 6 items" })).toBeVisible();

    const aceemal = page.getByRole("spinbutton", { name: "Quantity of Aceemal Tablet" });
    await aceemal.fill("15");
    await aceemal.press("Enter");
    await expect(page.getByText("You can buy at most 10 of Aceemal Tablet")).toBeVisible();
    await expect(aceemal).toHaveValue("10");
    await expect(summary(page).getByText("Subtotal (15 items)")).toBeVisible();

    await aceemal.fill("0");
    await aceemal.press("Tab");
    await expect(aceemal).toHaveValue("10");
    await expect(summary(page).getByText("Subtotal (15 items)")).toBeVisible();
  },
);

signedInTest(
  "the cart's quantity boxes and a saved product's heart have no serious accessibility violations",
  async ({ page }) => {
    await addFromProductPage(page, "triphala-churna");
    await page.getByRole("button", { name: "Add to Wishlist, Triphala Churna" }).click();
    await expect(page.getByText("Added to wishlist")).toBeVisible();
    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByRole("spinbutton", { name: "Quantity of Triphala Churna" })).toHaveValue(
      "1",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/products?search=Triphala");
    await waitForHydration(page);
    await expect(
      page.getByRole("button", { name: "Triphala Churna is in your wishlist" }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  },
);

signedInTest("add, update, remove, with the header badge counting quantities", async ({ page }) => {
  await addFromProductPage(page, "aceemal-tablet", 2);
  await expect(page.getByText("Added to cart")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await addFromProductPage(page, "aceemal-tablet");
  await expect(page.getByText("Cart updated")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
  await addFromProductPage(page, "uroflam-syrup");
  await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();

  await page.getByRole("link", { name: "Cart, 4 items" }).click();
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await page.getByRole("button", { name: "Increase quantity of Uroflam Syrup" }).click();
  await expect(page.getByText("Cart updated")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 5 items" })).toBeVisible();
  await page.getByRole("button", { name: "Decrease quantity of Aceemal Tablet" }).click();
  await expect(page.getByRole("link", { name: "Cart, 4 items" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Uroflam Syrup from cart" }).click();
  await expect(page.getByText("Removed from cart")).toBeVisible();
  await expect(page.getByRole("link", { name: "Cart, 2 items" })).toBeVisible();
  await page.getByRole("button", { name: "Remove Aceemal Tablet from cart" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute(
    "href",
    "/products",
  );
});

signedInTest(
  "the cart is kept on the server and comes back after signing out and in",
  async ({ page, signedIn: account }) => {
    await addFromProductPage(page, "mauderma-tablet", 3);
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
    await signOutFromMenu(page);
    await expect(page.getByRole("link", { name: /^Cart/ })).toHaveCount(0);
    await signIn(page, account.email, account.password);
    await page.waitForURL("/");
    await expect(page.getByRole("link", { name: "Cart, 3 items" })).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: "Mauderma Tablet" })).toBeVisible();
  },
);

signedInTest(
  "the free-shipping hint appears below ₹999 and disappears above it",
  async ({ page }) => {
    // Chyawanprash Special costs ₹1,049 after its discount; Aceemal Tablet ₹189.
    await addToCartOverHttp(page.context(), "aceemal-tablet", 5); // ₹945
    await page.goto("/cart");
    await expect(summary(page).getByText("Add ₹55 more for free shipping")).toBeVisible();
    await expect(summary(page).getByText("₹50.00")).toBeVisible();
    await page.getByRole("button", { name: "Increase quantity of Aceemal Tablet" }).click(); // ₹1,134
    await expect(summary(page).getByText(/more for free shipping/)).toHaveCount(0);
    await expect(summary(page).getByText("FREE")).toBeVisible();
    await page.getByRole("button", { name: "Decrease quantity of Aceemal Tablet" }).click();
    await expect(summary(page).getByText("Add ₹55 more for free shipping")).toBeVisible();
  },
);

signedInTest("every coupon message, applying and removing", async ({ page }) => {
  await addToCartOverHttp(page.context(), "aceemal-tablet"); // ₹189
  await page.goto("/cart");
  const code = summary(page).getByLabel("Coupon code");
  const apply = summary(page).getByRole("button", { name: "Apply" });

  await apply.click();
  await expect(page.getByText("Enter a coupon code!")).toBeVisible();
  await code.fill("NOSUCHCODE");
  await apply.click();
  await expect(page.getByText("Invalid coupon code!")).toBeVisible();
  await expect(page.getByText("This coupon does not exist or has expired")).toBeVisible();
  await code.fill("monsoon20"); // inactive
  await apply.click();
  await expect(page.getByText("Invalid coupon code!").last()).toBeVisible();
  await code.fill("welcome10"); // minimum ₹499
  await apply.click();
  await expect(page.getByText("Minimum order not met!")).toBeVisible();
  await expect(page.getByText("Add ₹310 more to use this coupon")).toBeVisible();

  await page.getByRole("button", { name: "Increase quantity of Aceemal Tablet" }).click();
  await page.getByRole("button", { name: "Increase quantity of Aceemal Tablet" }).click(); // ₹567
  await expect(summary(page).getByText("Subtotal (3 items)")).toBeVisible();
  await code.fill("welcome10");
  await apply.click();
  await expect(page.getByText("Coupon applied successfully!")).toBeVisible();
  await expect(page.getByText("You saved ₹56.70 on this order!")).toBeVisible();
  await expect(summary(page).getByText("WELCOME10 applied")).toBeVisible();
  await expect(summary(page).getByText("−₹56.70")).toBeVisible();

  // Going under the minimum takes the coupon off with the reason.
  await page.getByRole("button", { name: "Decrease quantity of Aceemal Tablet" }).click();
  await expect(page.getByText("Coupon removed!")).toBeVisible();
  await expect(summary(page).getByLabel("Coupon code")).toBeVisible();

  await page.getByRole("button", { name: "Increase quantity of Aceemal Tablet" }).click();
  await summary(page).getByLabel("Coupon code").fill("WELCOME10");
  await summary(page).getByRole("button", { name: "Apply" }).click();
  await expect(summary(page).getByText("WELCOME10 applied")).toBeVisible();
  await summary(page).getByRole("button", { name: "Remove coupon WELCOME10" }).click();
  // The earlier 'Coupon removed!' toast may still be on screen.
  await expect(page.getByText("Coupon removed!").last()).toBeVisible();
  await expect(summary(page).getByLabel("Coupon code")).toBeVisible();
});

signedInTest(
  "the wishlist: save from a product, see it, add it to the cart, remove it",
  async ({ page }) => {
    await page.goto("/product/arshalit-tablet");
    await page.getByRole("button", { name: "Add to Wishlist, Arshalit Tablet" }).click();
    await expect(page.getByText("Added to wishlist")).toBeVisible();
    await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();
    await page.getByRole("link", { name: "Wishlist, 1 item" }).click();
    await expect(page.getByRole("link", { name: "Arshalit Tablet" })).toBeVisible();
    await page.getByRole("button", { name: "Add to Cart, Arshalit Tablet" }).click();
    await expect(page.getByText("Added to cart")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
    await page.getByRole("button", { name: "Remove Arshalit Tablet from wishlist" }).click();
    await expect(page.getByText("Removed from wishlist")).toBeVisible();
    await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  },
);

test("without JavaScript: sign in, add to the cart, change the quantity and apply a coupon", async ({
  page,
  browser,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto("/product/chyawanprash-special");
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  await expect(plain.getByRole("link", { name: "Chyawanprash Special" })).toBeVisible();
  await plain.getByRole("button", { name: "Increase quantity of Chyawanprash Special" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Cart updated" })).toBeAttached();
  await expect(plain.getByText("Subtotal (2 items)")).toBeVisible();

  await plain.getByLabel("Coupon code").fill("ayur250");
  await plain.getByRole("button", { name: "Apply" }).click();
  await expect(plain.getByText("AYUR250 applied")).toBeVisible();
  await context.close();
});

test("without JavaScript: the quantity is typed in and sent with Update", async ({
  page,
  browser,
}) => {
  const { plain, context } = await signInWithoutScript(page, browser);
  await plain.goto("/product/chyawanprash-special");
  await plain.getByRole("button", { name: "Add to Cart" }).click();
  await expect(plain).toHaveURL("/cart");
  const quantity = plain.getByRole("spinbutton", { name: "Quantity of Chyawanprash Special" });
  await expect(quantity).toHaveValue("1");
  await quantity.fill("4");
  await plain.getByRole("button", { name: "Update" }).click();
  await expect(plain.getByText("Subtotal (4 items)")).toBeVisible();
  await quantity.fill("0");
  await plain.getByRole("button", { name: "Update" }).click();
  await expect(plain.getByText("Subtotal (4 items)")).toBeVisible();
  await expect(quantity).toHaveValue("4");
  await quantity.fill("25");
  await plain.getByRole("button", { name: "Update" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Cart updated" })).toContainText(
    "You can buy at most 10 of Chyawanprash Special",
  );
  await expect(plain.getByText("Subtotal (10 items)")).toBeVisible();

  await context.close();
});
