import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { getHeaderCounts } from "~/modules/accounts/header-counts.server";
import { addToWishlist } from "~/modules/wishlist/wishlist.server";
import { getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart } from "./support/orders";
import { createCustomer } from "./support/profile";

let handle: DatabaseHandle;
/** Each count is another page view: a request of its own. */
const counts = (cookies: string[]) => getHeaderCounts(getPage("/", cookies));

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});
afterAll(() => handle.close());

describe(`header badges on ${DATABASE_KIND}`, () => {
  it("count the cart's units and the saved products of this customer only", async () => {
    const asha = await createCustomer("Asha Patil");
    const ravi = await createCustomer("Ravi Kulkarni");
    const [brahmi, ashwagandha] = await insertProducts(handle.db, [
      { name: "Brahmi Vati", price: 20_000 },
      { name: "Ashwagandha Churna", price: 30_000 },
    ]);
    expect(await counts(asha.cookies)).toEqual({ cart: 0, wishlist: 0 });

    await fillCart(handle.db, asha.id, [
      { productId: brahmi!.id, quantity: 2 },
      { productId: ashwagandha!.id, quantity: 3 },
    ]);
    await addToWishlist(handle.db, asha.id, brahmi!.id);
    await fillCart(handle.db, ravi.id, [{ productId: brahmi!.id, quantity: 7 }]);
    await addToWishlist(handle.db, ravi.id, brahmi!.id);
    await addToWishlist(handle.db, ravi.id, ashwagandha!.id);

    expect(await counts(asha.cookies)).toEqual({ cart: 5, wishlist: 1 });
    expect(await counts(ravi.cookies)).toEqual({ cart: 7, wishlist: 2 });
  });

  it("are zero for a visitor without a session, or with a forged one", async () => {
    expect(await counts([])).toEqual({ cart: 0, wishlist: 0 });
    expect(await counts(["shop.session_token=forged.value"])).toEqual({ cart: 0, wishlist: 0 });
  });
});
