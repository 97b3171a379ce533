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
import { addToCartOverHttp, createCustomer, waitForHydration } from "./helpers";
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
 * JavaScript is the browser's own, as a shopper's is. The page is opened at the first copy, so a
 * test that only types opens none.
 */
function clipboardOf(browser: Browser) {
  let opened: Promise<{ context: BrowserContext; page: Page }> | undefined;
  const open = async () => {
    const context = await browser.newContext({
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/healthz`);
    return { context, page };
  };
  return {
    copy: async (text: string) => {
      opened ??= open();
      const { page } = await opened;
      await page.evaluate((value) => navigator.clipboard.writeText(value), text);
    },
    close: async () => {
      if (opened) await (await opened).context.close();
    },
  };
}

type Clipboard = ReturnType<typeof clipboardOf>;

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

/** Each spelling, typed and pasted: twelve cases, numbered as freshNumber numbers them. */
const CASES = SPELLINGS.flatMap(([spelling, spell], spellingIndex) =>
  WAYS.map((way, wayIndex) => ({
    spelling,
    spell,
    way,
    index: spellingIndex * WAYS.length + wayIndex,
    // Even or odd: which width a case is sent at on a page, with or without JavaScript.
    parity: (spellingIndex + wayIndex) % 2,
  })),
);

/**
 * The number step for the next case: the page itself for the first, then the code step's "Use a
 * different number", as a shopper who mistyped goes back. A customer of its own for each case on
 * /profile/mobile (an account may ask for five codes an hour), and a client address of its own.
 */
async function openNumberStep(
  page: Page,
  context: BrowserContext,
  where: (typeof PAGES)[number],
  first: boolean,
) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshClient() });
  if (where.signedIn) await newCustomer(context, "Kavita Shinde");
  if (first) {
    await page.goto(where.path);
  } else {
    await page.getByRole("link", { name: "Use a different number" }).click();
    await expect(page).toHaveURL(where.path);
  }
}

/**
 * Every spelling, typed and pasted, is sent on both pages with and without JavaScript; the width
 * only moves the layout, not how the number is read, so each page with or without JavaScript sends
 * half of the twelve cases at 1280 px and the other half at 390 px, and the halves swap between
 * the page and JavaScript settings. So every case is still sent at both widths, on both pages and
 * with and without JavaScript, and each test has every spelling once, typed or pasted in turn;
 * only a case's width together with its page and JavaScript setting is not every combination.
 */
PAGES.forEach((where, pageIndex) => {
  [true, false].forEach((javaScriptEnabled, scriptIndex) => {
    WIDTHS.forEach(({ name: width, viewport }, widthIndex) => {
      const cases = CASES.filter(
        (one) => (one.parity + pageIndex + scriptIndex) % 2 === widthIndex,
      );
      test(`${where.path}, ${width}, ${javaScriptEnabled ? "with" : "without"} JavaScript: each spelling, typed or pasted (the other way at the other width), gets the code to the number`, async ({
        browser,
      }) => {
        test.setTimeout(120_000);
        expect(cases.map((one) => one.spelling)).toEqual(SPELLINGS.map(([spelling]) => spelling));
        const clipboard = clipboardOf(browser);
        const context = await browser.newContext({ javaScriptEnabled, viewport });
        const page = await context.newPage();
        let first = true;
        for (const { spelling, spell, way, index } of cases) {
          const ten = freshNumber(index);
          await test.step(`${spelling} (${spell(ten)}), ${way}`, async () => {
            await openNumberStep(page, context, where, first);
            first = false;
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
        await context.close();
        await clipboard.close();
      });
    });
  });
});

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

  const forms = [
    { path: "/checkout", name: "checkout" },
    { path: "/profile?tab=addresses&address=new", name: "saved address" },
    { path: "/profile", name: "profile" },
  ];

  /**
   * With JavaScript the field drops the prefix as it is written. Each form gets every spelling, typed
   * and pasted, across the two widths: at one width each spelling is typed or pasted in turn, at the
   * other the other way, and the halves swap from form to form, so every case is also written at
   * both widths. The width only moves the layout, not how the field reads what is written.
   */
  WIDTHS.forEach(({ name: width, viewport }, widthIndex) => {
    test(`${width}, with JavaScript: typed or pasted (the other way at the other width), each spelling leaves the ten digits in the checkout's, an address's and the profile's phone`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const clipboard = clipboardOf(browser);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await createCustomer(context.request, { fullName: "Sunita Pawar" });
      // Something in the cart, so the checkout shows its form.
      await addToCartOverHttp(context, product.slug);

      for (const [formIndex, form] of forms.entries()) {
        await page.goto(form.path);
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        const phone = page.getByLabel("Phone", { exact: true });
        await expect(phone).toHaveAttribute("inputmode", "numeric");
        const cases = CASES.filter((one) => (one.parity + formIndex) % 2 === widthIndex);
        expect(cases.map((one) => one.spelling)).toEqual(SPELLINGS.map(([spelling]) => spelling));
        for (const { spelling, spell, way } of cases) {
          await test.step(`${form.name}: ${spelling}, ${way}`, async () => {
            await enter(phone, spell(SPEC_PHONE), way, clipboard);
            await expect(phone).toHaveValue(SPEC_PHONE);
          });
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
  });

  // A test for each spelling and way, seven pages each, so that the workers share them out.
  SPELLINGS.forEach(([spelling, spell], position) => {
    WAYS.forEach((way, wayIndex) => {
      const index = position * WAYS.length + wayIndex + 1;
      test(`390 px, without JavaScript: the checkout, a saved address and the profile store ${spelling}, ${way}, as the ten digits`, async ({
        browser,
      }) => {
        test.setTimeout(90_000);
        const clipboard = clipboardOf(browser);
        const context = await browser.newContext({
          javaScriptEnabled: false,
          viewport: { width: 390, height: 844 },
        });
        const page = await context.newPage();
        const ten = freshNumber(index);
        await test.step(`${spelling} (${spell(ten)}), ${way}`, async () => {
          await newCustomer(context, "Rohan Patil");

          // The checkout, its address saved to the account.
          await addToCartOverHttp(context, product.slug);
          await page.goto("/checkout");
          await enter(page.getByLabel("Phone"), spell(ten), way, clipboard);
          await expect(page.getByLabel("Phone")).toHaveValue(spell(ten));
          await page.getByLabel("Address Line 1").fill(`${index} Rajwada Chowk`);
          await page.getByRole("button", { name: "Place Order" }).click();
          await expect(page).toHaveURL("/profile?tab=orders");
          // The address book with its add form open (its link is walked in profile.spec).
          await page.goto("/profile?tab=addresses&address=new");
          const fromCheckout = page
            .getByRole("list", { name: "Saved addresses" })
            .getByRole("listitem")
            .filter({ hasText: `${index} Rajwada Chowk` });
          await expect(fromCheckout).toContainText(ten);

          // A saved address of its own.
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
