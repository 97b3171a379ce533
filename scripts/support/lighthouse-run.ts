/**
 * Lighthouse over the shop's main pages in one Chromium, one page after another, against one
 * production server: the home page, the listing and a product page as a visitor sees them, the
 * cart and the checkout as a signed-up customer with an item in the cart sees them. Lighthouse's
 * default configuration is its mobile preset (a phone's screen, simulated slow 4G and CPU).
 */
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startHttp2Front } from "./http2-front";
import { type Category, findingsOf, type PageFindings, type Report } from "./lighthouse-findings";
import { newCustomer, type ProductionShop, postForm, productIdOn } from "./production-shop";

const PRODUCT = "/product/triphala-churna";

/**
 * A customer's page is seen signed in, and is kept out of search engines on purpose (noindex,
 * robots.txt): Lighthouse's is-crawlable audit, which wants every page indexed, is skipped there.
 */
type Page = { name: string; path: string; customers: boolean };

export const PAGES: Page[] = [
  { name: "home", path: "/", customers: false },
  { name: "listing", path: "/products", customers: false },
  { name: "product page", path: PRODUCT, customers: false },
  { name: "cart", path: "/cart", customers: true },
  { name: "checkout", path: "/checkout", customers: true },
];

/** A run Lighthouse itself could not complete (a trace without a navigation start, say) is tried again. */
const ATTEMPTS = 3;

/** Debian's Chromium unless CHROME_PATH names another; Lighthouse never downloads one. */
function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      "No Chromium for Lighthouse. Install Debian's package (apt-get install -y chromium) " +
        "or set CHROME_PATH to a Chromium binary.",
    );
  }
  return found;
}

/** A customer's session cookie, signed up through the shop's own form, with one item in the cart. */
async function customerWithACart(base: string) {
  const cookie = await newCustomer(base, "Lighthouse Shopper");
  const productPage = await fetch(`${base}${PRODUCT}`);
  const productId = productIdOn(await productPage.text());
  const added = await postForm(base, "/cart", cookie, { intent: "add", productId, quantity: "1" });
  if (added.status >= 400) throw new Error(`adding to the cart answered ${added.status}`);
  return cookie;
}

/**
 * `through: "http2"` measures the pages as a phone gets them in production, through a TLS and
 * HTTP/2 front like the deployment's proxy (support/http2-front.ts); "direct" asks the shop's own
 * HTTP/1.1 server.
 */
export async function lighthouseThePages(
  shop: ProductionShop,
  categories: readonly Category[],
  onPage: (findings: PageFindings) => void = () => {},
  through: "http2" | "direct" = "direct",
) {
  const cookie = await customerWithACart(shop.base);
  const front = through === "http2" ? await startHttp2Front(shop.base) : undefined;
  const base = front?.base ?? shop.base;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      ...(front ? ["--ignore-certificate-errors"] : []),
    ],
    logLevel: "silent",
  });
  const results: PageFindings[] = [];
  try {
    for (const page of PAGES) {
      let report: Report | undefined;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          logLevel: "error",
          onlyCategories: [...categories],
          disableFullPageScreenshot: true,
          ...(page.customers
            ? { extraHeaders: { Cookie: cookie }, skipAudits: ["is-crawlable"] }
            : {}),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        report = result.lhr as Report;
        if (!report.runtimeError) break;
        console.warn(`${page.path}, attempt ${attempt}: ${report.runtimeError.code}`);
      }
      const findings = findingsOf(page.name, page.path, report!, categories);
      onPage(findings);
      results.push(findings);
    }
  } finally {
    chrome.kill();
    await front?.close();
  }
  return results;
}
