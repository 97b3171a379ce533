import { expect, test } from "@playwright/test";
import { ADMIN } from "./config";
import {
  PASSWORD,
  signedOutCustomer,
  signIn,
  signOutFromMenu,
  signUp,
  signUpOnHome,
  signUpThroughForm,
  uniqueEmail,
  waitForMail,
} from "./helpers";

const ADMIN_PATHS = [
  "/admin",
  "/admin/dashboard",
  "/admin/products",
  "/admin/orders",
  "/admin/customers",
  "/admin/coupons",
  "/admin/reviews",
  "/admin/categories",
  "/admin/settings",
  "/admin/audit-log",
  "/admin/orders/export.csv",
];

test.describe("sign up", () => {
  test("creates the account, greets and goes home after a second", async ({ page }) => {
    const account = await signUpThroughForm(page, { fullName: "Meera Kulkarni" });
    await expect(page).toHaveURL("/");
    await expect(page.getByText("You are now signed in to your account.")).toBeVisible();
    await expect(page.getByText("You can now sign in to your account.")).toHaveCount(0);
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByText("Hello, Meera Kulkarni")).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  });

  test("shows every validation message while typing, and enables submit only when valid", async ({
    page,
  }) => {
    await page.goto("/auth?tab=sign-up");
    const form = page.locator("form#sign-up");
    const submit = form.getByRole("button", { name: "Create Account" });
    const name = form.getByLabel("Full Name");
    const email = form.getByLabel("Email");
    const password = form.getByLabel("Password");
    await expect(submit).toBeDisabled();

    await name.fill("A");
    await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
    await name.fill("Ravi 2");
    await expect(form.getByText("Name can only contain letters and spaces")).toBeVisible();
    await name.fill("a".repeat(101));
    await expect(form.getByText("Name must be less than 100 characters")).toBeVisible();
    await name.fill("");
    await expect(form.getByText("Full name is required")).toBeVisible();
    await name.fill("Ravi Kumar");

    await email.fill("ravi");
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await email.fill("ravi@example.com");
    await expect(
      form.getByText(
        "Please use a standard email provider (Gmail, Yahoo, Outlook, Rediffmail, etc.)",
      ),
    ).toBeVisible();
    await email.fill("");
    await expect(form.getByText("Email is required")).toBeVisible();
    await email.fill(uniqueEmail("ravi"));

    await password.fill("12345");
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(submit).toBeDisabled();
    await password.fill("");
    await expect(form.getByText("Password is required")).toBeVisible();
    await password.fill("123456");
    await expect(submit).toBeEnabled();
  });

  test("refuses an address that already has an account", async ({ page, browser }) => {
    const account = await signUp(page);
    const other = await browser.newPage();
    await other.goto("/auth?tab=sign-up");
    const form = other.locator("form#sign-up");
    await form.getByLabel("Full Name").fill("Someone Else");
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(other.getByText("Sign up failed")).toBeVisible();
    await other.close();
  });
});

test.describe("sign in and out", () => {
  test("signs in, welcomes back, and signs out with 'See you soon'", async ({ page }) => {
    const account = await signUpOnHome(page);
    await signOutFromMenu(page);
    await expect(page.getByText("See you soon")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

    await signIn(page, account.email, account.password);
    await page.waitForURL("/");
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("You have successfully signed in.")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Cart/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Wishlist/ })).toBeVisible();
  });

  test("without JavaScript, the sign-in form signs in and goes home", async ({ page, browser }) => {
    const account = await signUp(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/auth");
    const form = plain.locator("form#sign-in");
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill(account.password);
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(plain).toHaveURL("/");
    await context.close();
  });

  test("a wrong password says 'Sign in failed'", async ({ page }) => {
    const account = await signedOutCustomer(page);
    await signIn(page, account.email, "not-the-password");
    await expect(page.getByText("Sign in failed")).toBeVisible();
    await expect(page.getByText("Invalid email or password")).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test("the button reads 'Signing in...' while the request runs", async ({ page }) => {
    const account = await signedOutCustomer(page);
    await page.goto("/auth");
    const form = page.locator("form#sign-in");
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill(account.password);
    await page.route("**/auth.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(form.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(form.getByLabel("Email")).toBeDisabled();
    await page.waitForURL("/");
  });
});

test.describe("password reset", () => {
  test("sends a link by e-mail that sets a new password; the old one stops working", async ({
    page,
  }) => {
    const account = await signedOutCustomer(page);
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    await expect(dialog.getByRole("button", { name: "Send Reset Link" })).toBeDisabled();
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Password reset email sent!")).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(account.email, /reset your password/i);
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New Password").fill("a-brand-new-secret");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page.getByText("Password updated")).toBeVisible();

    await signIn(page, account.email, account.password);
    await expect(page.getByText("Sign in failed")).toBeVisible();
    await signIn(page, account.email, "a-brand-new-secret");
    await page.waitForURL("/");
    await expect(page.getByText("Welcome back!")).toBeVisible();
  });
});

test.describe("administrators", () => {
  test("sign in from /auth with 'Sign in as Admin'", async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password, { asAdmin: true });
    await page.waitForURL("/admin/dashboard");
    await expect(page.getByText("Welcome, Admin!")).toBeVisible();
    await expect(page.getByText("Overview of your store")).toBeVisible();
  });

  test("sign in from /admin/login", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("/admin/dashboard");
    await expect(page.getByText("Welcome back, Admin!")).toBeVisible();
    for (const label of ["Dashboard", "Products", "Orders", "Customers", "Coupons", "Reviews"]) {
      await expect(
        page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: label }),
      ).toBeVisible();
    }
  });

  test("a customer is refused at /admin/login and signed out", async ({ page }) => {
    const account = await signUp(page);
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Unauthorized: Admin access required")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("a customer ticking 'Sign in as Admin' is refused and signed out", async ({ page }) => {
    const account = await signedOutCustomer(page);
    await signIn(page, account.email, account.password, { asAdmin: true });
    await expect(page.getByText("Access Denied: Admin privileges not found")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("every /admin page sends a signed-in customer to /admin/login", async ({ page }) => {
    await signUp(page);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page).toHaveURL("/admin/login");
    }
  });

  test("every /admin page sends a visitor to /admin/login", async ({ page }) => {
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page).toHaveURL("/admin/login");
    }
  });
});

test.describe("account pages", () => {
  for (const path of ["/profile", "/wishlist"]) {
    test(`a visitor opening ${path} is sent to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/auth\\?redirectTo=${encodeURIComponent(path)}`));
      await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
    });
  }
});

test("an unknown path shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});
