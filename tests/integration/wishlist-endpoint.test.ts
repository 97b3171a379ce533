import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { savedProductIds } from "~/modules/wishlist/wishlist.server";
import { action as wishlistAction } from "~/routes/account/wishlist";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { type Customer, createCustomer } from "./support/profile";
import { routeContext, TEST_SIGNER } from "./support/services";

let handle: DatabaseHandle;
let customer: Customer;
let herb: string;

async function post(fields: Record<string, string>) {
  const request = browserRequest("/wishlist", customer.cookies, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const response = (await wishlistAction({
    request,
    params: {},
    context: routeContext("127.0.0.1"),
  } as never)) as { init: ResponseInit | null };
  const headers = new Headers(response.init?.headers);
  const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", headers.getSetCookie()));
  return { status: response.init?.status ?? 200, toast };
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  customer = await createCustomer();
  const rows = await insertProducts(handle.db, [{ name: "Brahmi Vati", price: 20000 }]);
  herb = rows[0]!.id;
});
afterAll(() => handle.close());

describe(`the wishlist heart on ${DATABASE_KIND}`, () => {
  it("adds a product, and adding it again only says 'Already saved!' and keeps it", async () => {
    expect(await post({ intent: "add", productId: herb })).toMatchObject({
      status: 200,
      toast: { title: "Added to wishlist" },
    });
    expect(await post({ intent: "add", productId: herb })).toMatchObject({
      status: 200,
      toast: { title: "Already saved!" },
    });
    expect(await savedProductIds(handle.db, customer.id)).toEqual(new Set([herb]));
  });

  it("removes only when asked to remove (the product page's toggle, the wishlist page)", async () => {
    expect(await post({ intent: "remove", productId: herb })).toMatchObject({
      toast: { title: "Removed from wishlist" },
    });
    expect(await savedProductIds(handle.db, customer.id)).toEqual(new Set());
  });
});
