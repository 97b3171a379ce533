import { randomInt } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import { labelInNameViolations, seriousViolations } from "./accessibility-audit";
import { BASE_URL } from "./config";
import { createCustomer, waitForHydration } from "./helpers";
import { trialProduct } from "./trial-product";

/**
 * Every way a person writes their mobile number reaches that number (docs/decisions/062 and 066):
 * typed key by key and pasted, with and without JavaScript, on a desktop and on a phone.
 */

/** Where the shop started by scripts/e2e-server.mjs writes its SMS (SMS=outbox, the default). */
const OUTBOX = path.join("data", "e2e", "outbox");

/** How people write the ten digits: the four, and the two run together. */
const SPELLINGS: [string, (ten: string) => string][] = [
  ["+91, spaced", (ten) => `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`],
  ["+91, dashed", (ten) => `+91-${ten.slice(0, 5)}-${ten.slice(5)}`],
  ["a leading 0, spaced", (ten) => `0${ten.slice(0, 5)} ${ten.slice(5)}`],
  ["ten digits", (ten) => ten],
  ["+91 run together", (ten) => `+91${ten}`],
  ["a leading 0 run together", (ten) => `0${ten}`],
];

const WAYS = ["typed", "pasted"] as const;
type Way = (typeof WAYS)[number];

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "390 px", viewport: { width: 390, height: 844 } },
];

/**
 * A mobile number no other test uses. Half of them begin with 91, where reading "+91" as the
 * number's first digits still gives a valid number: the mistake that sent codes to strangers.
 */
function freshNumber(index: number) {
  const head = index % 2 === 0 ? "91" : `${randomInt(6, 10)}${randomInt(0, 10)}`;
  return `${head}${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

const shown = (ten: string) => `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`;

/** A client address of its own (the shop believes this machine's proxies), so no client limit is met. */
function freshClient() {
  const group = () => randomInt(0x10000).toString(16);
  // A network of its own to the widest limit the shop counts (an IPv6 /32, docs/decisions/068).
  return `2a0${randomInt(10)}:${group()}:${group()}:${group()}::${group()}`;
}

/**
 * The browser's clipboard, written from a page that runs scripts: a paste into a page without
 * JavaScript is the browser's own, as a shopper's is.
 */
async function clipboardOf(browser: Browser) {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/healthz`);
  return {
    copy: (text: string) => page.evaluate((value) => navigator.clipboard.writeText(value), text),
    close: () => context.close(),
  };
}

type Clipboard = Awaited<ReturnType<typeof clipboardOf>>;

async function enter(field: Locator, text: string, way: Way, clipboard: Clipboard) {
  await field.fill("");
  if (way === "typed") {
    await field.pressSequentially(text);
  } else {
    await clipboard.copy(text);
    await field.press("ControlOrMeta+V");
  }
}

/** The newest SMS to the ten digits: its file names them and it is addressed to them. */
async function expectCodeSentTo(ten: string) {
  await expect
    .poll(() => {
      const files = fs.existsSync(OUTBOX)
        ? fs.readdirSync(OUTBOX).filter((file) => file.includes(`-sms-91${ten}-`))
        : [];
      const newest = files.sort().at(-1);
      if (!newest) return null;
      return JSON.parse(fs.readFileSync(path.join(OUTBOX, newest), "utf8")).to;
    })
    .toBe(`+91${ten}`);
}

/** A customer of its own for each case, signed in in `context` (a signed-in /auth makes none). */
async function newCustomer(context: BrowserContext, fullName: string) {
  await context.clearCookies();
  await createCustomer(context.request, { fullName });
}

const PAGES = [
  { path: "/auth/mobile", signedIn: false },
  { path: "/profile/mobile", signedIn: true },
] as const;

async function openNumberStep(page: Page, context: BrowserContext, where: (typeof PAGES)[number]) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClient() });
  if (where.signedIn) await newCustomer(context, "Kavita Shinde");
  await page.goto(where.path);
}

for (const { name: width, viewport } of WIDTHS) {
  for (const javaScriptEnabled of [true, false]) {
    for (const where of PAGES) {
      test(`${where.path}, ${width}, ${javaScriptEnabled ? "with" : "without"} JavaScript: every spelling, typed and pasted, gets the code to the number`, async ({
        browser,
      }) => {
        test.setTimeout(180_000);
        const clipboard = await clipboardOf(browser);
        const context = await browser.newContext({ javaScriptEnabled, viewport });
        const page = await context.newPage();
        let index = 0;
        for (const [spelling, spell] of SPELLINGS) {
          for (const way of WAYS) {
            const ten = freshNumber(index++);
            await test.step(`${spelling} (${spell(ten)}), ${way}`, async () => {
              await openNumberStep(page, context, where);
              if (javaScriptEnabled) await waitForHydration(page);
              const field = page.getByLabel("Mobile Number");
              await enter(field, spell(ten), way, clipboard);
              // The field keeps what was written; the number it reads is shown before sending.
              await expect(field).toHaveValue(spell(ten));
              if (javaScriptEnabled) {
                await expect(page.getByText(`Code will be sent to ${shown(ten)}`)).toBeVisible();
              }
              await page.getByRole("button", { name: "Send Code" }).click();
              await expect(page).toHaveURL(`${where.path}?number=${ten}`);
              await expect(page.getByText(`Code sent to ${shown(ten)}`)).toBeVisible();
              await expectCodeSentTo(ten);
            });
          }
        }
        await context.close();
        await clipboard.close();
      });
    }
  }
}

test("with JavaScript, the number is named as it is written, and only once it is one", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClient() });
  await page.goto("/auth/mobile");
  await waitForHydration(page);
  const field = page.getByLabel("Mobile Number");
  await expect(field).toHaveAttribute("inputmode", "tel");
  await expect(field).toHaveAttribute("autocomplete", "tel-national");
  const hint = page.getByText(/^Code will be sent to/);
  await field.pressSequentially("+91 98500 1122");
  await expect(hint).toHaveCount(0);
  await field.press("3");
  await expect(hint).toHaveText("Code will be sent to +91 98500 11223");
  await expect(hint).toHaveAttribute("aria-live", "polite");
  expect(await seriousViolations(page)).toEqual([]);
  expect(await labelInNameViolations(page)).toEqual([]);
  // An eleventh digit that is not a leading 0 makes it no number at all.
  await field.press("4");
  await expect(hint).toHaveCount(0);
  // Another country's number is refused by the server with the rule, and nothing is sent.
  await field.fill("+1 415 555 0100");
  await expect(hint).toHaveCount(0);
  await page.getByRole("button", { name: "Send Code" }).click();
  await expect(field).toHaveAccessibleDescription(
    /Enter a 10-digit mobile number starting with 6, 7, 8 or 9/,
  );
  await expect(page).toHaveURL("/auth/mobile");
});

/**
 * The spec's phone fields (docs/SPEC.md §5: digits only, capped at 10) on the checkout, a saved
 * address and the profile: a written +91 or leading 0 is dropped as the prefix it is.
 */
const SPEC_PHONE = "9850011223";

test.describe("the spec's phone fields", () => {
  let product: Awaited<ReturnType<typeof trialProduct>>;
  test.beforeAll(async () => {
    product = await trialProduct("phone spellings", { price: "120", stockQuantity: "200" });
  });
  test.afterAll(async () => {
    await product.remove();
  });

  for (const { name: width, viewport } of WIDTHS) {
    test(`${width}, with JavaScript: typed or pasted, each spelling leaves the ten digits in the checkout's, an address's and the profile's phone`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const clipboard = await clipboardOf(browser);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await createCustomer(context.request, { fullName: "Sunita Pawar" });
      await page.goto(`/product/${product.slug}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await expect(page.getByText(/^(Added to cart|Cart updated)$/).last()).toBeVisible();

      const forms = [
        { path: "/checkout", name: "checkout" },
        { path: "/profile?tab=addresses&address=new", name: "saved address" },
        { path: "/profile", name: "profile" },
      ];
      for (const form of forms) {
        await page.goto(form.path);
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        const phone = page.getByLabel("Phone", { exact: true });
        await expect(phone).toHaveAttribute("inputmode", "numeric");
        for (const [spelling, spell] of SPELLINGS) {
          for (const way of WAYS) {
            await test.step(`${form.name}: ${spelling}, ${way}`, async () => {
              await enter(phone, spell(SPEC_PHONE), way, clipboard);
              await expect(phone).toHaveValue(SPEC_PHONE);
            });
          }
        }
        // Plain digits are as the spec has them: digits only, ten at most, 91 kept as digits.
        await enter(phone, "98a76-54 321099", "typed", clipboard);
        await expect(phone).toHaveValue("9876543210");
        await enter(phone, "91985001122", "typed", clipboard);
        await expect(phone).toHaveValue("9198500112");
        await enter(phone, "919850011223", "pasted", clipboard);
        await expect(phone).toHaveValue(SPEC_PHONE);
      }
      await context.close();
      await clipboard.close();
    });
  }

  // A test for each spelling and way, a dozen pages each, so that the workers share them out.
  SPELLINGS.forEach(([spelling, spell], position) => {
    WAYS.forEach((way, wayIndex) => {
      const index = position * WAYS.length + wayIndex + 1;
      test(`390 px, without JavaScript: the checkout, a saved address and the profile store ${spelling}, ${way}, as the ten digits`, async ({
        browser,
      }) => {
        test.setTimeout(90_000);
        const clipboard = await clipboardOf(browser);
        const context = await browser.newContext({
          javaScriptEnabled: false,
          viewport: { width: 390, height: 844 },
        });
        const page = await context.newPage();
        const ten = freshNumber(index);
        await test.step(`${spelling} (${spell(ten)}), ${way}`, async () => {
          await newCustomer(context, "Rohan Patil");

          // The checkout, its address saved to the account.
          await page.goto(`/product/${product.slug}`);
          await page.getByRole("button", { name: "Add to Cart" }).click();
          await expect(page).toHaveURL("/cart");
          await page.goto("/checkout");
          await enter(page.getByLabel("Phone"), spell(ten), way, clipboard);
          await expect(page.getByLabel("Phone")).toHaveValue(spell(ten));
          await page.getByLabel("Address Line 1").fill(`${index} Rajwada Chowk`);
          await page.getByRole("button", { name: "Place Order" }).click();
          await expect(page).toHaveURL("/profile?tab=orders");
          await page.goto("/profile?tab=addresses");
          const fromCheckout = page
            .getByRole("list", { name: "Saved addresses" })
            .getByRole("listitem")
            .filter({ hasText: `${index} Rajwada Chowk` });
          await expect(fromCheckout).toContainText(ten);

          // A saved address of its own.
          await page.getByRole("link", { name: "Add New Address" }).click();
          await page.getByLabel("Full Name", { exact: true }).fill("Rohan Patil");
          await enter(page.getByLabel("Phone", { exact: true }), spell(ten), way, clipboard);
          await page.getByLabel("Address Line 1", { exact: true }).fill(`${index} Shivaji Nagar`);
          await page.getByLabel("City", { exact: true }).fill("Satara");
          await page.getByLabel("State", { exact: true }).fill("Maharashtra");
          await page.getByLabel("Postal Code", { exact: true }).fill("415003");
          await page.getByRole("button", { name: "Save Address" }).click();
          const saved = page
            .getByRole("list", { name: "Saved addresses" })
            .getByRole("listitem")
            .filter({ hasText: `${index} Shivaji Nagar` });
          await expect(saved).toContainText(ten);

          // The profile's phone.
          await page.goto("/profile");
          await enter(page.getByLabel("Phone", { exact: true }), spell(ten), way, clipboard);
          await page.getByRole("button", { name: "Save Changes" }).click();
          await page.goto("/profile");
          await expect(page.getByLabel("Phone", { exact: true })).toHaveValue(ten);
        });
        await context.close();
        await clipboard.close();
      });
    });
  });
});
