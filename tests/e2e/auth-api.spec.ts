import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";

// Better Auth's own endpoints are not served; only the e-mailed reset link is (docs/decisions/012).
test("the raw auth endpoints answer 404 over HTTP and create nothing", async ({ request }) => {
  const attempts = [
    ["sign-in/email", { email: "nobody@gmail.com", password: "wrong-password" }],
    ["sign-up/email", { email: "evil@evil.example", name: "<img src=x>", password: "evil-secret" }],
    ["request-password-reset", { email: "nobody@gmail.com", redirectTo: "/auth" }],
    ["update-user", { name: "x".repeat(100_000) }],
    ["sign-out", {}],
  ] as const;
  for (const [path, body] of attempts) {
    // Sent from the shop's own origin, so the answer is the endpoint's, not the origin rule's.
    const response = await request.post(`/api/auth/${path}`, {
      data: body,
      headers: { origin: BASE_URL },
    });
    expect(response.status(), path).toBe(404);
    expect(response.headers()["set-cookie"], path).toBeUndefined();
  }
  expect((await request.get("/api/auth/get-session")).status()).toBe(404);
});

test("an unknown reset link leads to /auth, which says it has expired", async ({ page }) => {
  await page.goto("/api/auth/reset-password/not-a-token?callbackURL=https%3A%2F%2Fevil.example");
  await expect(page).toHaveURL(/\/auth\?error=INVALID_TOKEN$/);
  await expect(page.getByText("This password reset link is invalid or has expired")).toBeVisible();
});
