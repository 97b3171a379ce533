import type { Page, Request } from "@playwright/test";
import { seriousViolations } from "./accessibility-audit";
import { BASE_URL } from "./config";
// A Content-Security-Policy violation on these pages fails the test: the contact form's hand-over
// to the mail client must not need the policy to allow more than the shop's own forms.
import { expect, test } from "./console-guard";

/** docs/SPEC.md §2 "Static pages": every content page and the heading it must show. */
const PAGES = [
  { path: "/about", heading: /^About / },
  { path: "/contact", heading: "Get in Touch" },
  { path: "/blog", heading: "Wellness Blog" },
  { path: "/blog/eating-for-agni-ayurvedic-nutrition", heading: /^Eating for Agni/ },
  { path: "/faq", heading: "Frequently Asked Questions" },
  { path: "/terms", heading: "Terms & Conditions" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/shipping", heading: "Shipping Information" },
  { path: "/returns", heading: "Return & Refund Policy" },
] as const;

const NUTRITION_ARTICLE = "Eating for Agni: Ayurvedic Principles of Healthy Nutrition";
const LIFESTYLE_ARTICLE = "Dinacharya: Building a Simple Ayurvedic Daily Routine";

/**
 * The contact form hands a mailto: URL to the browser (`openMailClient`, or the confirmation page's
 * refresh without JavaScript). Chromium reports that navigation as a request for the mailto: URL before it
 * passes it to the (absent) external mail handler, and the page itself stays where it is. So the
 * test waits for that request: nothing in the shop is stubbed, and no real mail client opens.
 */
function waitForMailto(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.url().startsWith("mailto:"));
}

function contactForm(page: Page) {
  return page.getByRole("form", { name: "Contact form" });
}

function readMailto(url: string) {
  const parsed = new URL(url);
  return {
    to: decodeURIComponent(parsed.pathname),
    subject: parsed.searchParams.get("subject"),
    body: parsed.searchParams.get("body"),
  };
}

test.describe("content pages", () => {
  test("about links to the products", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByText("GMP-certified manufacturing")).toBeVisible();
    await page.getByRole("link", { name: "Browse our products" }).click();
    await expect(page).toHaveURL("/products");
  });

  for (const path of ["/about", "/contact", "/blog", "/faq", "/privacy", "/shipping"]) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("wellness blog", () => {
  test("shows six articles and the category tabs", async ({ page }) => {
    await page.goto("/blog");
    const tabs = page.getByRole("navigation", { name: "Blog categories" });
    for (const name of ["All", "Ayurveda Basics", "Herbs & Remedies", "Lifestyle", "Nutrition"]) {
      await expect(tabs.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(tabs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("article")).toHaveCount(6);
  });

  test("the tabs filter the articles and keep the category in the URL", async ({ page }) => {
    await page.goto("/blog");
    const tabs = page.getByRole("navigation", { name: "Blog categories" });

    await tabs.getByRole("link", { name: "Nutrition" }).click();
    await expect(page).toHaveURL("/blog?category=nutrition");
    await expect(tabs.getByRole("link", { name: "Nutrition" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("link", { name: NUTRITION_ARTICLE })).toBeVisible();
    await expect(page.getByRole("link", { name: LIFESTYLE_ARTICLE })).toHaveCount(0);

    await tabs.getByRole("link", { name: "Lifestyle" }).click();
    await expect(page).toHaveURL("/blog?category=lifestyle");
    await expect(page.getByRole("link", { name: LIFESTYLE_ARTICLE })).toBeVisible();
    await expect(page.getByRole("link", { name: NUTRITION_ARTICLE })).toHaveCount(0);

    await tabs.getByRole("link", { name: "Herbs & Remedies" }).click();
    await expect(page).toHaveURL("/blog?category=herbs-remedies");
    await expect(page.getByRole("article")).toHaveCount(2);

    await tabs.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("article")).toHaveCount(6);
  });

  test("a category link opens filtered, and an unknown category shows all", async ({ page }) => {
    await page.goto("/blog?category=nutrition");
    await expect(page.getByRole("article")).toHaveCount(1);
    await page.goto("/blog?category=astrology");
    await expect(page.getByRole("article")).toHaveCount(6);
  });

  test("an article opens from its card", async ({ page }) => {
    await page.goto("/blog?category=nutrition");
    await page.getByRole("link", { name: NUTRITION_ARTICLE }).click();
    await expect(page).toHaveURL("/blog/eating-for-agni-ayurvedic-nutrition");
    await expect(page.getByRole("heading", { level: 1, name: NUTRITION_ARTICLE })).toBeVisible();
    await expect(
      page.getByText(/Ayurveda describes digestion through the idea of agni/),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${NUTRITION_ARTICLE} | Satara Ayurveda`);
    await page.getByRole("link", { name: "Back to Wellness Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("an unknown article answers 404 with a way back to the blog", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Wellness Blog" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Wellness Blog" })).toBeVisible();
  });
});

test.describe("FAQ", () => {
  test("shows the four groups and opens an answer", async ({ page }) => {
    await page.goto("/faq");
    for (const name of ["Orders & Shipping", "Products", "Payments", "Account & Support"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    const answer = page.getByText(/Shipping is free on orders above ₹999/);
    await expect(answer).toBeHidden();
    await page.getByText("How much does shipping cost?").click();
    await expect(answer).toBeVisible();
    await expect(answer).toContainText("₹50");
    await page.getByText("Which payment methods do you accept?").click();
    await expect(
      page.getByText(/cash on delivery, or pay online by card through Razorpay/),
    ).toBeVisible();
  });
});

test.describe("policy pages", () => {
  test("shipping states the charges and delivery times", async ({ page }) => {
    await page.goto("/shipping");
    const main = page.getByRole("main");
    await expect(main.getByText("Free shipping on orders above ₹999.")).toBeVisible();
    await expect(main.getByRole("cell", { name: "₹50" })).toBeVisible();
    await expect(main.getByRole("cell", { name: "₹150" })).toBeVisible();
    await expect(main.getByRole("cell", { name: "5-7 business days" }).first()).toBeVisible();
    await expect(main.getByRole("cell", { name: "2-3 days" })).toBeVisible();
    await expect(main.getByText(/within 1-2 business days/)).toBeVisible();
    await expect(main.getByText(/unclaimed for 7 days/)).toBeVisible();
    await expect(main.getByText(/Last updated:/)).toBeVisible();
  });

  test("returns states the window, the refund time and cancellation", async ({ page }) => {
    await page.goto("/returns");
    const main = page.getByRole("main");
    await expect(main.getByText(/within 7 days of receiving your order/)).toBeVisible();
    await expect(main.getByText("5-7 business days", { exact: true })).toBeVisible();
    await expect(main.getByText("before it is shipped", { exact: true })).toBeVisible();
  });

  test("terms repeat the same numbers", async ({ page }) => {
    await page.goto("/terms");
    const main = page.getByRole("main");
    await expect(
      main.getByText(/Shipping is free on orders above ₹999; otherwise a flat charge of ₹50/),
    ).toBeVisible();
    await expect(main.getByText(/within 7 days of delivery/)).toBeVisible();
  });

  test("privacy covers Razorpay, cookies, the DPDP Act and the shop's e-mail", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    await expect(main.getByText("never seen or stored by us")).toBeVisible();
    await expect(main.getByText("session cookie")).toBeVisible();
    await expect(main.getByText("one-time message cookie")).toBeVisible();
    await expect(
      main.getByText(/Digital Personal Data Protection Act, 2023/).first(),
    ).toBeVisible();
    await expect(main.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
  });
});

test.describe("contact", () => {
  test("shows the address, phone, e-mail and business hours", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByText(/Satara, Maharashtra 415003/)).toBeVisible();
    await expect(main.getByRole("link", { name: /^\+91/ })).toHaveAttribute(
      "href",
      /^tel:\+91\d+$/,
    );
    await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:[^?]+$/);
    await expect(main.getByText("Monday to Saturday:")).toBeVisible();
    await expect(main.getByText(/9 AM to 6 PM/)).toBeVisible();
    await expect(main.getByText("Sunday:")).toBeVisible();
    await expect(main.getByText("Closed")).toBeVisible();
  });

  test("an empty submission shows 'Missing Information'", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Missing Information")).toBeVisible();
    await expect(page.getByText("Please fill in all fields")).toBeVisible();
    await expect(page.getByText("Please enter your name")).toBeVisible();
    await expect(contactForm(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/contact");
  });

  test("an invalid e-mail shows 'Please enter a valid email address'", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    await contactForm(page).getByLabel("Name").fill("Asha Patil");
    await contactForm(page).getByLabel("Email").fill("asha@");
    await contactForm(page).getByLabel("Subject").fill("Order question");
    await contactForm(page).getByLabel("Message").fill("When will my order ship?");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
    await expect(contactForm(page).getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Missing Information")).toHaveCount(0);
  });

  test("a valid submission opens the mail client, says so on the page, then clears the form", async ({
    page,
  }) => {
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    const shopEmail = (
      (await page.getByRole("main").getByRole("link", { name: /@/ }).textContent()) ?? ""
    ).trim();
    await contactForm(page).getByLabel("Name").fill("Asha Patil");
    await contactForm(page).getByLabel("Email").fill("asha.patil@gmail.com");
    await contactForm(page).getByLabel("Subject").fill("Triphala & dosage");
    await contactForm(page).getByLabel("Message").fill("Namaste,\nhow should I take Triphala?");
    const mailto = waitForMailto(page);
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    const mail = readMailto((await mailto).url());
    expect(mail.to).toBe(shopEmail);
    expect(mail.subject).toBe("Triphala & dosage");
    expect(mail.body).toContain("Name: Asha Patil");
    expect(mail.body).toContain("Email: asha.patil@gmail.com");
    expect(mail.body).toContain("Namaste,\r\nhow should I take Triphala?");
    await expect(page).toHaveURL("/contact");
    const sent = page.getByRole("status").filter({ hasText: "Your message is ready to send" });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(
      `We opened your e-mail app with your message to ${shopEmail}.`,
    );
    await expect(sent.getByRole("link", { name: "Open the message again" })).toHaveAttribute(
      "href",
      (await mailto).url(),
    );
    await expect(
      page.getByRole("heading", { name: "Your message is ready to send" }),
    ).toBeFocused();
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("");
    await expect(contactForm(page).getByLabel("Message")).toHaveValue("");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of PAGES) {
    test(`${path} renders its heading and page title on the server`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(/ \| Satara Ayurveda$/);
    });
  }

  test("the blog tabs filter through the URL", async ({ page }) => {
    await page.goto("/blog");
    await page
      .getByRole("navigation", { name: "Blog categories" })
      .getByRole("link", { name: "Nutrition" })
      .click();
    await expect(page).toHaveURL("/blog?category=nutrition");
    await expect(page.getByRole("link", { name: NUTRITION_ARTICLE })).toBeVisible();
    await expect(page.getByRole("link", { name: LIFESTYLE_ARTICLE })).toHaveCount(0);
  });

  test("FAQ answers open", async ({ page }) => {
    await page.goto("/faq");
    await page.getByText("Can I cancel my order?").click();
    await expect(page.getByText(/as long as it has not been shipped yet/)).toBeVisible();
  });

  test("the contact form shows the field errors after an empty submit", async ({ page }) => {
    await page.goto("/contact");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toContainText("Missing Information");
    await expect(page.getByRole("alert")).toContainText("Please fill in all fields");
    for (const [label, message] of [
      ["Name", "Please enter your name"],
      ["Email", "Please enter your email address"],
      ["Subject", "Please enter a subject"],
      ["Message", "Please enter your message"],
    ] as const) {
      await expect(contactForm(page).getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(message)).toBeVisible();
    }
  });

  test("the contact form keeps what was typed and flags an invalid e-mail", async ({ page }) => {
    await page.goto("/contact");
    await contactForm(page).getByLabel("Name").fill("Asha Patil");
    await contactForm(page).getByLabel("Email").fill("asha@");
    await contactForm(page).getByLabel("Subject").fill("Order question");
    await contactForm(page).getByLabel("Message").fill("When will my order ship?");
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please enter a valid email address").first()).toBeVisible();
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("Asha Patil");
    await expect(contactForm(page).getByLabel("Message")).toHaveValue("When will my order ship?");
  });

  test("the contact action answers a valid message with the confirmation and the mailto: URL", async ({
    page,
  }) => {
    const response = await page.request.post("/contact", {
      form: {
        name: "Asha Patil",
        email: "asha.patil@gmail.com",
        subject: "Triphala & dosage",
        message: "Namaste",
      },
      headers: { origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your message is ready to send");
    const refresh = html.match(/<meta http-equiv="refresh" content="0;url=([^"]+)"/);
    const mail = readMailto((refresh?.[1] ?? "").replaceAll("&amp;", "&"));
    expect(mail.subject).toBe("Triphala & dosage");
    expect(mail.body).toBe(
      "Name: Asha Patil\r\nEmail: asha.patil@gmail.com\r\n\r\nMessage:\r\nNamaste",
    );
  });

  test("a valid message opens the mail client and the page confirms it", async ({ page }) => {
    await page.goto("/contact");
    await contactForm(page).getByLabel("Name").fill("Asha Patil");
    await contactForm(page).getByLabel("Email").fill("asha.patil@gmail.com");
    await contactForm(page).getByLabel("Subject").fill("Triphala & dosage");
    await contactForm(page).getByLabel("Message").fill("Namaste");
    const mailto = waitForMailto(page);
    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    expect(readMailto((await mailto).url()).subject).toBe("Triphala & dosage");
    await expect(page).toHaveURL("/contact");
    const sent = page.getByRole("status").filter({ hasText: "Your message is ready to send" });
    await expect(sent).toBeVisible();
    await expect(sent.getByRole("link", { name: "Open the message again" })).toHaveAttribute(
      "href",
      /^mailto:.+subject=Triphala%20%26%20dosage/,
    );
    await expect(contactForm(page).getByLabel("Name")).toHaveValue("");
  });
});
