/**
 * The Shipping, FAQ and Terms pages state the shipping charges the checkout applies
 * (docs/decisions/064): the shop's own fees unless the owner chose the courier's rates and a
 * courier is on. Their loaders read the settings kept in memory, so a kept page depends on the
 * settings and is dropped, and the next render reads the new choice, when the owner changes it
 * here or in another process. PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { shippingChargesText } from "~/content/shipping-charges";
import type { ShippingFeeSource } from "~/domain/courier-fees";
import { PAGE_TAGS } from "~/domain/page-cache-rules";
import type { DatabaseHandle } from "~/lib/db.server";
import { newPageDependencies } from "~/lib/page-dependencies.server";
import { runInRequest } from "~/lib/request-store.server";
import { type StorefrontPageCache, startPageCache } from "~/lib/storefront-page-cache.server";
import {
  getSettings,
  rememberSettingsUntilChanged,
  updateSettings,
} from "~/modules/settings/settings.server";
import { testCourier } from "~/modules/shipping/test-courier.server";
import { loader as rootLoader } from "~/root";
import { loader as faqLoader } from "~/routes/content/faq";
import { loader as shippingLoader } from "~/routes/content/shipping";
import { loader as termsLoader } from "~/routes/content/terms";
import { settings } from "../../db/schema";
import { callRoute, createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { DATABASE_KIND, useDatabase, useTestDatabase } from "./support/database";
import type { Customer } from "./support/profile";
import { chooseCourier, testServices } from "./support/services";

const PAGES = [
  ["/shipping", shippingLoader],
  ["/faq", faqLoader],
  ["/terms", termsLoader],
] as const;

let handle: DatabaseHandle;
let admin: Customer;
let pageCache: StorefrontPageCache;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  admin = await createAdmin(handle.db, "Policy Owner");
  // As the shop's process starts: the settings kept in memory until a change is announced.
  await rememberSettingsUntilChanged(testServices().live);
  pageCache = await startPageCache(1, testServices().live);
});
afterEach(async () => {
  chooseCourier(undefined);
  await feesFrom("shop");
});
afterAll(async () => {
  chooseCourier(undefined);
  pageCache.stop();
  await testServices().live.close();
  useDatabase(handle);
  await handle.close();
});

/** The owner's choice, saved as the settings screen saves it. */
async function feesFrom(source: ShippingFeeSource) {
  const current = await getSettings(handle.db);
  await updateSettings(handle.db, admin.id, { ...current, shippingFeesFrom: source });
}

async function statedFees(path: string, loader: (args: never) => unknown) {
  const page = await callRoute<{ shippingFeesFrom: ShippingFeeSource }>(loader, getPage(path));
  expect(page.status).toBe(200);
  return page.body!.shippingFeesFrom;
}

async function everyPageStates() {
  return Promise.all(PAGES.map(([path, loader]) => statedFees(path, loader)));
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The tags a render for the page cache collects from these loaders. */
async function tagsOf(render: () => Promise<unknown>) {
  const page = newPageDependencies();
  await runInRequest({ requestId: "test", navigation: true, toasts: [], page }, render);
  return page.tags;
}

describe(`the policy pages state the checkout's shipping charges on ${DATABASE_KIND}`, () => {
  it("the shop's own fees by default, with a courier on", async () => {
    chooseCourier(testCourier);
    expect(await everyPageStates()).toEqual(["shop", "shop", "shop"]);
    expect(shippingChargesText("shop").terms).toContain("a flat charge of ₹50");
  });

  it("the courier's rates where the owner chose them and a courier is on", async () => {
    chooseCourier(testCourier);
    await feesFrom("courier");
    expect(await everyPageStates()).toEqual(["courier", "courier", "courier"]);
  });

  it("the shop's own fees while COURIER=off, whatever the setting says", async () => {
    chooseCourier(null);
    await feesFrom("courier");
    expect(await everyPageStates()).toEqual(["shop", "shop", "shop"]);
  });
});

describe(`a kept policy page follows the setting on ${DATABASE_KIND}`, () => {
  it("each page's own loader says it shows the settings, so its data is dropped with them too", async () => {
    chooseCourier(testCourier);
    for (const [path, loader] of PAGES) {
      expect(await tagsOf(() => callRoute(loader, getPage(path)))).toEqual(
        new Set([PAGE_TAGS.settings]),
      );
    }
  });

  it("a change of the setting, by the owner here or by another process, drops the kept pages and the next render states it", async () => {
    chooseCourier(testCourier);
    const cache = pageCache.answering();
    expect(cache).not.toBeNull();

    /**
     * Renders each page as the cache does (the root's loader and the page's) and keeps it. The
     * announcement of an earlier test's save may arrive during a render on PostgreSQL; the cache
     * then rightly refuses that render, and the page is rendered again.
     */
    async function keepEveryPage() {
      for (const [path, loader] of PAGES) {
        await waitFor(async () => {
          await keepPage(path, loader);
          return cache!.lookup(path) !== undefined;
        });
      }
    }
    async function keepPage(path: string, loader: (args: never) => unknown) {
      const generation = cache!.generation();
      let stated: ShippingFeeSource | undefined;
      const tags = await tagsOf(async () => {
        await callRoute(rootLoader, getPage(path));
        stated = await statedFees(path, loader);
      });
      expect(tags).toContain(PAGE_TAGS.settings);
      await cache!.admit(
        path,
        {
          status: 200,
          contentType: "text/html",
          body: Buffer.from(shippingChargesText(stated!).terms),
          tags: [...tags],
        },
        generation,
      );
      const kept = cache!.lookup(path);
      if (kept) expect(kept.bodies.identity.toString()).toBe(shippingChargesText(stated!).terms);
    }
    const everyPageDropped = () => PAGES.every(([path]) => cache!.lookup(path) === undefined);

    await keepEveryPage();
    expect(cache!.lookup("/shipping")?.bodies.identity.toString()).toContain("flat charge of ₹50");

    // Another process saves the courier's rates: only the database's announcement tells this one.
    await handle.db.update(settings).set({ shippingFeesFrom: "courier" }).where(eq(settings.id, 1));
    await waitFor(everyPageDropped);
    await waitFor(async () => (await statedFees("/faq", faqLoader)) === "courier");
    expect(await everyPageStates()).toEqual(["courier", "courier", "courier"]);

    await keepEveryPage();
    expect(cache!.lookup("/terms")?.bodies.identity.toString()).toContain("the courier's rate");

    // The owner goes back to the shop's own fees on the settings screen.
    await feesFrom("shop");
    await waitFor(everyPageDropped);
    expect(await everyPageStates()).toEqual(["shop", "shop", "shop"]);
  });
});
