import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { type RequestStore, runInRequest } from "~/lib/request-store.server";
import { rememberStorefrontReads } from "~/lib/storefront-memo.server";
import { listCustomers } from "~/modules/customers/customers-admin.server";
import { rememberSettingsUntilChanged, shopSettings } from "~/modules/settings/settings.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { loader as rootLoader } from "~/root";
import { action as checkoutAction } from "~/routes/store/checkout";
import { loader as productLoader } from "~/routes/store/product";
import { addresses, orders, productVariants, reviews, settings } from "../../db/schema";
import { callRoute, getPage, postForm } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, SHIPPING_ADDRESS } from "./support/orders";
import { createCustomer } from "./support/profile";
import { chooseCourier, testServices } from "./support/services";

let handle: DatabaseHandle;

/** The statements one request's loaders (or, not read-only, its action) run, as counted. */
async function queriesOf(load: () => Promise<unknown>, { readOnly = true } = {}) {
  const request: RequestStore = {
    requestId: "budget",
    navigation: true,
    toasts: [],
    queries: 0,
    readOnly,
  };
  await runInRequest(request, load);
  return request.queries ?? 0;
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  // As the shop starts: settings are kept in memory while their changes are heard.
  await rememberSettingsUntilChanged(testServices().live);
  await rememberStorefrontReads(testServices().live);
});

afterAll(async () => {
  chooseCourier(undefined);
  await testServices().live.close();
  await handle.close();
});

/** Root and product loaders of one product page view, the deferred reviews included. */
async function productPageQueries(slug: string, cookies: string[] = []) {
  let deferred: unknown;
  const count = await queriesOf(async () => {
    // React Router gives each loader a Request of its own.
    const [, page] = await Promise.all([
      callRoute(rootLoader, getPage(`/product/${slug}`, cookies)),
      callRoute<{ reviews: Promise<unknown> }>(
        productLoader,
        getPage(`/product/${slug}`, cookies),
        {
          id: slug,
        },
      ),
    ]);
    deferred = page.body?.reviews;
    await deferred;
  });
  return { count, deferred };
}

describe(`a product page's queries on ${DATABASE_KIND}`, () => {
  it("signed in: one for the session with the header's counts, the saved products and the default PIN code; the product and its reviews once, then kept", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Budgeted" }]);
    const customer = await createCustomer();
    await shopSettings(handle.db); // read once per process, then kept (settings.server.ts)
    const first = await productPageQueries(product!.slug, customer.cookies);
    expect(first.deferred).toBeInstanceOf(Promise);
    // Product with its pictures (1) and the reviews with their summary (2), the first time.
    expect(first.count).toBe(4);
    // Once the product's insert has been announced (at once on PGlite, a moment later from
    // PostgreSQL's listening connection), what was read is kept.
    await expect
      .poll(async () => (await productPageQueries(product!.slug, customer.cookies)).count)
      .toBe(1);
  });

  it("signed out: the product and the reviews the first time, nothing the next", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Budgeted For Visitors" }]);
    await shopSettings(handle.db);
    expect((await productPageQueries(product!.slug)).count).toBe(3);
    await expect.poll(async () => (await productPageQueries(product!.slug)).count).toBe(0);
    expect((await productPageQueries(product!.slug)).count).toBe(0);
  });

  it("a change to the product or a review is read again on the next view, and kept again after", async () => {
    const [product] = await insertProducts(handle.db, [{ name: "Budgeted Then Repriced" }]);
    const customer = await createCustomer();
    await productPageQueries(product!.slug, customer.cookies);
    await handle.db
      .update(productVariants)
      .set({ price: 12_345 })
      .where(eq(productVariants.id, product!.variantId));
    // The announcement arrives on the listening connection; then the product is read anew.
    await expect
      .poll(async () => {
        const { body } = await callRoute<{ product: { price: number } }>(
          productLoader,
          getPage(`/product/${product!.slug}`, customer.cookies),
          { id: product!.slug },
        );
        return body?.product.price;
      })
      .toBe(12_345);
    await expect
      .poll(async () => (await productPageQueries(product!.slug, customer.cookies)).count)
      .toBe(1);
    await handle.db.insert(reviews).values({
      productId: product!.id,
      userId: customer.id,
      rating: 4,
      title: "Calming",
      comment: "Helps me sleep through the night.",
      isApproved: true,
    });
    await expect
      .poll(async () => {
        const { deferred } = await productPageQueries(product!.slug, customer.cookies);
        const shown = (await deferred) as { list: { title: string }[] };
        return shown.list.map((review) => review.title);
      })
      .toEqual(["Calming"]);
    await expect
      .poll(async () => (await productPageQueries(product!.slug, customer.cookies)).count)
      .toBe(1);
  });

  it("settings are read again once changed, and kept again after", async () => {
    await shopSettings(handle.db);
    expect(await queriesOf(() => shopSettings(handle.db))).toBe(0);
    await handle.db.update(settings).set({ phone: "+91 91234 56789" });
    await expect.poll(async () => (await shopSettings(handle.db)).phone).toBe("+91 91234 56789");
    expect(await queriesOf(() => shopSettings(handle.db))).toBe(0);
  });
});

describe(`the back office's customer list on ${DATABASE_KIND}`, () => {
  it("counts and reads a page in two queries, each customer's checkout phone included", async () => {
    const group = `Budget Buyer ${Date.now()}`;
    for (let i = 0; i < 4; i += 1) {
      const customer = await createCustomer(`${group} ${i}`);
      await handle.db
        .insert(addresses)
        .values({ ...SHIPPING_ADDRESS, userId: customer.id, phone: `98220000${10 + i}` });
    }
    let page: Awaited<ReturnType<typeof listCustomers>> | undefined;
    const count = await queriesOf(async () => {
      page = await listCustomers(handle.db, { query: group });
    });
    expect(page!.customers.map((c) => c.phone).sort()).toEqual([
      "9822000010",
      "9822000011",
      "9822000012",
      "9822000013",
    ]);
    expect(count).toBe(2);
  });
});

describe(`placing an order on ${DATABASE_KIND}`, () => {
  /** One cash-on-delivery order placed through the checkout's action; its statements counted. */
  async function placeCashOrder(customer: Awaited<ReturnType<typeof createCustomer>>) {
    const [product] = await insertProducts(handle.db, [
      { name: `Budget Guggulu ${Date.now()}`, price: 45_000, stockQuantity: 9 },
    ]);
    await fillCart(handle.db, customer.id, [{ productId: product!.id, quantity: 2 }]);
    let status = 0;
    const count = await queriesOf(
      async () => {
        const answer = await callRoute(
          checkoutAction,
          postForm("/checkout", customer.cookies, {
            ...SHIPPING_ADDRESS,
            addressLine2: "",
            paymentMethod: "cod",
            idempotencyKey: crypto.randomUUID(),
          }),
        );
        status = answer.status;
      },
      { readOnly: false },
    );
    expect(status).toBe(302);
    return count;
  }

  it("takes 14 statements, and the courier's word on the PIN code adds none once known", async () => {
    const customer = await createCustomer("Budget Checkout Buyer");
    chooseCourier(null);
    const withoutCourier = await placeCashOrder(customer);
    chooseCourier(testCourier);
    // The first order to a PIN code asks the courier (in memory for the test courier); then kept.
    await placeCashOrder(customer);
    const withCourier = await placeCashOrder(customer);
    // On PostgreSQL the transaction's begin and commit are counted as statements too.
    expect(withoutCourier).toBe(DATABASE_KIND === "PostgreSQL" ? 16 : 14);
    expect(withCourier).toBe(withoutCourier);
    const placed = await handle.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(placed).toHaveLength(3);
  });
});
