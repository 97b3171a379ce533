import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productFormSchema } from "~/domain/validation/product";
import type { DatabaseHandle } from "~/lib/db.server";
import { getHeaderCounts } from "~/modules/accounts/header-counts.server";
import {
  deleteProduct,
  setProductStatus,
  updateProduct,
} from "~/modules/catalog/products-admin.server";
import { addToWishlist } from "~/modules/wishlist/wishlist.server";
import { countWishlist, listWishlist } from "~/modules/wishlist/wishlist-read.server";
import { getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart, orderFor } from "./support/orders";
import { createCustomer } from "./support/profile";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
/** Each count is another page view: a request of its own. */
const counts = (cookies: string[]) =>
  getHeaderCounts(testServices().accounts, getPage("/", cookies));

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

  it("leave out saved products that are hidden, as the wishlist page's list does, and count them again once published", async () => {
    const customer = await createCustomer("Neha Deshpande");
    const [tulsi, triphala, giloy] = await insertProducts(handle.db, [
      { name: "Tulsi Drops" },
      { name: "Triphala Churna" },
      { name: "Giloy Ghan Vati" },
    ]);
    for (const product of [tulsi, triphala, giloy]) {
      await addToWishlist(handle.db, customer.id, product!.id);
    }
    /** The badge, and how many products the wishlist page lists as saved (not those withdrawn). */
    const counted = async () => {
      const page = await listWishlist(handle.db, customer.id);
      return {
        badge: (await counts(customer.cookies)).wishlist,
        listed: page.filter((item) => item.available).length,
        count: await countWishlist(handle.db, customer.id),
        withdrawn: page
          .filter((item) => !item.available)
          .map((item) => item.name)
          .sort(),
      };
    };
    expect(await counted()).toEqual({ badge: 3, listed: 3, count: 3, withdrawn: [] });

    await setProductStatus(handle.db, customer.id, tulsi!.id, "draft");
    expect(await counted()).toEqual({
      badge: 2,
      listed: 2,
      count: 2,
      withdrawn: ["Tulsi Drops"],
    });

    // Saved by the product form too; an ordered product archived instead of deleted.
    const form = productFormSchema.parse({
      name: "Triphala Churna",
      price: "100",
      stockQuantity: "10",
      status: "archived",
    });
    await updateProduct(handle.db, customer.id, triphala!.id, { ...form, slug: triphala!.slug });
    await fillCart(handle.db, customer.id, [{ productId: giloy!.id, quantity: 1 }]);
    await orderFor(handle.db, customer.id);
    expect(await deleteProduct(handle.db, customer.id, giloy!.id)).toMatchObject({
      outcome: "archived",
    });
    expect(await counted()).toEqual({
      badge: 0,
      listed: 0,
      count: 0,
      withdrawn: ["Giloy Ghan Vati", "Triphala Churna", "Tulsi Drops"],
    });

    await setProductStatus(handle.db, customer.id, tulsi!.id, "published");
    expect(await counted()).toMatchObject({ badge: 1, listed: 1, count: 1 });
  });

  it("are zero for a visitor without a session, or with a forged one", async () => {
    expect(await counts([])).toEqual({ cart: 0, wishlist: 0 });
    expect(await counts(["shop.session_token=forged.value"])).toEqual({ cart: 0, wishlist: 0 });
  });
});
