import type { APIResponse, Page, Response } from "@playwright/test";
import { BASE_URL } from "./config";
import { expect, test } from "./console-guard";
import { adminPage, signUp, waitForHydration } from "./helpers";

/** A product of this spec's own, so no other spec's prices or stock move under it. */
async function createProduct(admin: Page, name: string, price: string) {
  const fields = {
    intent: "create",
    name,
    price,
    discountPrice: "",
    stockQuantity: "40",
    status: "published",
    gstRate: "5",
    hsnCode: "3004",
    dosageInstructions: "Twice a day",
  };
  const created = await admin.request.post("/admin/products", {
    multipart: fields,
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBeLessThan(400);
  const list = await (
    await admin.request.get(`/admin/products?q=${encodeURIComponent(name)}`)
  ).text();
  const id = list.match(/edit=([0-9a-f-]{36})/)?.[1];
  expect(id).toBeDefined();
  return { id: id!, fields };
}

async function changePrice(
  admin: Page,
  product: { id: string; fields: Record<string, string> },
  price: string,
) {
  const updated = await admin.request.post("/admin/products", {
    multipart: { ...product.fields, intent: "update", id: product.id, price },
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(updated.status(), await updated.text()).toBeLessThan(400);
}

function cacheState(response: APIResponse | Response | null) {
  return response?.headers()["x-cache"];
}

/**
 * A view of a page the cache keeps. The specs run side by side, and another spec's save (a
 * setting, a category) rightly drops the kept page, or refuses the render it overlapped; the
 * page is kept again by the next view, so a few views in a row end in a HIT.
 */
async function keptView(page: Page, path: string) {
  let response: Response | null = null;
  for (let view = 0; view < 5; view++) {
    response = await page.goto(path);
    if (cacheState(response) === "HIT") break;
  }
  return response;
}

test("a signed-out visitor's product page comes from the cache, hashed, working, and a back-office price change reaches the next view", async ({
  browser,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  const admin = await adminPage(browser);
  const name = `Cached Tonic ${Date.now()}`;
  const product = await createProduct(admin, name, "210");
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  const context = await browser.newContext();
  await consoleGuard.watch(context);
  const visitor = await context.newPage();
  const first = await visitor.goto(`/product/${slug}`);
  expect(cacheState(first)).toBe("MISS");
  await expect(visitor.getByText("₹210", { exact: true }).first()).toBeVisible();

  // The next view is the kept page: no per-response nonce, its inline scripts allowed by hash.
  const second = await keptView(visitor, `/product/${slug}`);
  expect(cacheState(second)).toBe("HIT");
  const policy = second?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+/);
  expect(policy).not.toContain("nonce-");
  expect(second?.headers()["cache-control"]).toBe("no-cache");
  // Its scripts run: the page hydrates and a click changes the quantity.
  await waitForHydration(visitor);
  const quantity = visitor.getByRole("spinbutton", { name: "Quantity" });
  await visitor.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("2");

  // The browser revalidates the page it holds and gets 304 while nothing changed.
  const etag = second?.headers().etag ?? "";
  const revalidated = await context.request.get(`/product/${slug}`, {
    headers: { "if-none-match": etag },
  });
  expect(revalidated.status()).toBe(304);

  await changePrice(admin, product, "245");
  const afterChange = await visitor.goto(`/product/${slug}`);
  expect(cacheState(afterChange)).toBe("MISS");
  await expect(visitor.getByText("₹245", { exact: true }).first()).toBeVisible();
  await expect(visitor.getByText("₹210", { exact: true })).toHaveCount(0);
  const stale = await context.request.get(`/product/${slug}`, {
    headers: { "if-none-match": etag },
  });
  expect(stale.status()).toBe(200);

  // The listing that showed the old price is dropped too.
  const listing = await visitor.goto(`/products?search=${encodeURIComponent(name)}`);
  expect(["MISS", "HIT"]).toContain(cacheState(listing));
  await expect(visitor.getByText("₹245", { exact: true }).first()).toBeVisible();
  await context.close();
  await admin.context().close();
});

test("a signed-in shopper never gets a cached page, nor sees a visitor's", async ({
  page,
  browser,
}) => {
  // A visitor's view fills the cache first (a settings save of a spec beside it may drop it).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/faq");
  expect(cacheState(await keptView(visitor, "/faq"))).toBe("HIT");
  await visitorContext.close();

  await signUp(page, { fullName: "Cache Checker" });
  const response = await page.goto("/faq");
  expect(cacheState(response)).toBeUndefined();
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
  await expect(page.getByRole("link", { name: "Cart, 0 items" })).toBeVisible();
});

test("the shop's own cookies and every write go past the cache; other cookies do not", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  await request.get("/about");
  expect(cacheState(await request.get("/about"))).toBe("HIT");
  for (const cookie of [
    "shop.session_token=forged.value",
    "shop_toast=pending",
    "shop_pending_add=waiting",
    "_ga=GA1.1; shop.session_token=x",
  ]) {
    const answer = await request.get("/about", { headers: { cookie } });
    expect(answer.status(), cookie).toBe(200);
    expect(cacheState(answer), cookie).toBeUndefined();
  }
  expect(cacheState(await request.get("/about", { headers: { cookie: "_ga=GA1.1" } }))).toBe("HIT");
  const head = await request.head("/about");
  expect(cacheState(head)).toBe("HIT");
  const posted = await request.post("/about", { headers: { origin: BASE_URL }, form: { a: "1" } });
  expect(cacheState(posted)).toBeUndefined();
  // Pages that are always someone's own are never kept.
  expect(cacheState(await request.get("/cart", { maxRedirects: 0 }))).toBeUndefined();
  await request.dispose();
});

test("parameters a page does not read are no part of its key: random ones are all served the one kept page", async ({
  playwright,
  page,
}) => {
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  await request.get("/about");
  const kept = await request.get("/about");
  expect(cacheState(kept)).toBe("HIT");
  const random = () => Math.random().toString(36).slice(2);
  for (let n = 0; n < 25; n++) {
    const answer = await request.get(
      `/about?u=${random()}&utm_source=${random()}&gclid=${random()}&fbclid=${n}`,
    );
    expect(cacheState(answer), answer.url()).toBe("HIT");
    expect(answer.headers().etag).toBe(kept.headers().etag);
  }

  // The listing's own parameters keep their meaning, in any order.
  const search = `tulsi-${random()}`;
  await request.get(`/products?sort=price-asc&search=${search}`);
  const reordered = await request.get(
    `/products?search=${search}&utm_medium=social&sort=price-asc`,
  );
  expect(cacheState(reordered)).toBe("HIT");
  const otherSort = await request.get(`/products?search=${search}&sort=price-desc`);
  expect(cacheState(otherSort)).toBe("MISS");
  await request.dispose();

  // A product page kept without the campaign's tags opens its tab and works with them.
  const listing = await page.goto("/products");
  const slug = /href="\/product\/([^"?]+)"/.exec((await listing?.text()) ?? "")?.[1];
  expect(slug).toBeDefined();
  await page.goto(`/product/${slug}?tab=reviews`);
  const tagged = await page.goto(`/product/${slug}?utm_source=news&tab=reviews&gclid=${random()}`);
  expect(cacheState(tagged)).toBe("HIT");
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Ingredients" }).click();
  await expect(page.getByRole("tab", { name: "Ingredients" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  // The visitor's address keeps its tags for whatever reads them in the browser.
  await expect(page).toHaveURL(/utm_source=news.*tab=ingredients/);
});
