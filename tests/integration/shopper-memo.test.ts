import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productFormSchema } from "~/domain/validation/product";
import type { DatabaseHandle } from "~/lib/db.server";
import { SHOPPER_CHANGED } from "~/lib/live-events.server";
import { type RequestStore, runInRequest } from "~/lib/request-store.server";
import { deleteAddress, saveAddress, setDefaultAddress } from "~/modules/accounts/addresses.server";
import { signOut } from "~/modules/accounts/credentials.server";
import { updateProfile } from "~/modules/accounts/profile.server";
import { getShopper } from "~/modules/accounts/session.server";
import { rememberShoppers } from "~/modules/accounts/shopper-memo.server";
import { addToCart, clearCart, removeLine, setLineQuantity } from "~/modules/cart/cart.server";
import { setProductStatus, updateProduct } from "~/modules/catalog/products-admin.server";
import { addToWishlist, removeFromWishlist } from "~/modules/wishlist/wishlist.server";
import { products, sessions, userRoles } from "../../db/schema";
import { getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { createCustomer } from "./support/profile";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  await rememberShoppers(testServices().live);
});

afterAll(async () => {
  await testServices().live.close();
  await handle.close();
});

/** One page view's shopper and the statements it ran. */
async function view(cookies: string[]) {
  const request: RequestStore = { requestId: "memo", navigation: true, toasts: [], queries: 0 };
  const shopper = await runInRequest(request, () =>
    getShopper(testServices().accounts, getPage("/", cookies)),
  );
  return { shopper, queries: request.queries ?? 0 };
}

/**
 * Resolves when `userId` (or every user, "") is next announced. On the embedded database, where
 * the shop keeps shoppers, the announcement must already be in by the time the write returns: no
 * waiting there. PostgreSQL delivers it over another connection, a moment later.
 */
async function announcementOf(userId: string) {
  const heard = { done: false };
  let resolve = () => {};
  const arrived = new Promise<void>((settle) => {
    resolve = settle;
  });
  const stop = await testServices().live.subscribe(SHOPPER_CHANGED, (payload) => {
    if (payload === userId || payload === "") {
      heard.done = true;
      resolve();
    }
  });
  return {
    async heard() {
      if (handle.kind === "pglite")
        expect(heard.done, "heard before the write returned").toBe(true);
      await arrived;
      stop();
    },
  };
}

let barriers = 0;

/** Runs a write and waits until the shop has heard of it (at once on the embedded database). */
async function written(userId: string, write: () => Promise<unknown>) {
  const announcement = await announcementOf(userId);
  await write();
  await announcement.heard();
  if (handle.kind === "pglite") return;
  // A write of several transactions is announced several times; notifications arrive in commit
  // order, so one sent after the write arrives after all of the write's.
  const barrier = `barrier-${++barriers}`;
  const after = await announcementOf(barrier);
  await handle.db.execute(sql`select pg_notify(${SHOPPER_CHANGED}, ${barrier})`);
  await after.heard();
}

describe(`a signed-in shopper kept between requests, on ${DATABASE_KIND}`, () => {
  it("is read once, then answered from memory until something of theirs changes", async () => {
    const customer = await createCustomer("Kavya Shinde");
    const first = await view(customer.cookies);
    expect(first.shopper?.user).toMatchObject({ id: customer.id, fullName: "Kavya Shinde" });
    expect(first.queries).toBe(1);
    const again = await view(customer.cookies);
    expect(again).toEqual({ shopper: first.shopper, queries: 0 });
  });

  it("shows every cart change at the next view: add, set, remove, empty", async () => {
    const customer = await createCustomer();
    const [herb, oil] = await insertProducts(handle.db, [
      { name: "Ashwagandha Churna" },
      { name: "Mahanarayan Oil" },
    ]);
    await view(customer.cookies);
    const steps: [() => Promise<unknown>, number][] = [
      [() => addToCart(handle.db, { userId: customer.id, productId: herb!.id, quantity: 2 }), 2],
      [() => addToCart(handle.db, { userId: customer.id, productId: oil!.id, quantity: 1 }), 3],
      [
        () =>
          setLineQuantity(handle.db, {
            userId: customer.id,
            variantId: herb!.variantId,
            quantity: 5,
          }),
        6,
      ],
      [() => removeLine(handle.db, customer.id, oil!.variantId), 5],
      [() => clearCart(handle.db, customer.id), 0],
    ];
    for (const [write, units] of steps) {
      await written(customer.id, write);
      expect((await view(customer.cookies)).shopper?.cartUnits).toBe(units);
      expect((await view(customer.cookies)).queries).toBe(0);
    }
  });

  it("carries the default address's PIN code, read again when an address is added, made default or deleted", async () => {
    const customer = await createCustomer();
    const address = {
      fullName: "Asha Patil",
      phone: "9876543210",
      addressLine1: "12 Shivaji Nagar",
      addressLine2: null,
      city: "Satara",
      state: "Maharashtra",
    };
    expect((await view(customer.cookies)).shopper?.defaultPin).toBeNull();
    await written(customer.id, () =>
      saveAddress(handle.db, customer.id, { ...address, postalCode: "415003" }),
    );
    expect((await view(customer.cookies)).shopper?.defaultPin).toBe("415003");
    expect((await view(customer.cookies)).queries).toBe(0);
    let secondId = "";
    await written(customer.id, async () => {
      secondId = (await saveAddress(handle.db, customer.id, { ...address, postalCode: "560001" }))
        .address.id;
    });
    expect((await view(customer.cookies)).shopper?.defaultPin).toBe("415003");
    await written(customer.id, () => setDefaultAddress(handle.db, customer.id, secondId));
    expect((await view(customer.cookies)).shopper?.defaultPin).toBe("560001");
    await written(customer.id, () => deleteAddress(handle.db, customer.id, secondId));
    expect([null, "415003"]).toContain((await view(customer.cookies)).shopper?.defaultPin);
  });

  it("shows a product saved or let go, and a product deleted from the catalog leaves cart and hearts", async () => {
    const customer = await createCustomer();
    const [herb] = await insertProducts(handle.db, [{ name: "Brahmi Vati" }]);
    await view(customer.cookies);
    await written(customer.id, () => addToWishlist(handle.db, customer.id, herb!.id));
    expect((await view(customer.cookies)).shopper?.savedProductIds).toEqual(new Set([herb!.id]));
    await written(customer.id, () => removeFromWishlist(handle.db, customer.id, herb!.id));
    expect((await view(customer.cookies)).shopper?.savedProductIds).toEqual(new Set());

    await written(customer.id, async () => {
      await addToWishlist(handle.db, customer.id, herb!.id);
      await addToCart(handle.db, { userId: customer.id, productId: herb!.id, quantity: 1 });
    });
    expect((await view(customer.cookies)).shopper).toMatchObject({ cartUnits: 1 });
    // Cascades fire the lines' own triggers.
    await written(customer.id, () => handle.db.delete(products).where(eq(products.id, herb!.id)));
    expect((await view(customer.cookies)).shopper).toMatchObject({
      cartUnits: 0,
      savedProductIds: new Set(),
    });
  });

  it("shows a saved product leave the hearts and the count when it is hidden, and come back when published", async () => {
    const customer = await createCustomer();
    const other = await createCustomer();
    const [herb, oil] = await insertProducts(handle.db, [
      { name: "Shatavari Kalpa" },
      { name: "Ksheerabala Taila" },
    ]);
    await written(customer.id, async () => {
      await addToWishlist(handle.db, customer.id, herb!.id);
      await addToWishlist(handle.db, customer.id, oil!.id);
    });
    await view(other.cookies);
    expect((await view(customer.cookies)).shopper?.savedProductIds).toEqual(
      new Set([herb!.id, oil!.id]),
    );

    // The status buttons, then the product form, each announce the customers who saved it.
    await written(customer.id, () => setProductStatus(handle.db, other.id, herb!.id, "archived"));
    expect((await view(customer.cookies)).shopper?.savedProductIds).toEqual(new Set([oil!.id]));
    expect((await view(customer.cookies)).queries).toBe(0);
    // Nobody else's kept shopper is dropped.
    expect((await view(other.cookies)).queries).toBe(0);

    const form = productFormSchema.parse({
      name: "Ksheerabala Taila",
      price: "100",
      stockQuantity: "10",
      status: "draft",
    });
    await written(customer.id, () =>
      updateProduct(handle.db, other.id, oil!.id, { ...form, slug: oil!.slug }),
    );
    expect((await view(customer.cookies)).shopper?.savedProductIds).toEqual(new Set());

    await written(customer.id, () => setProductStatus(handle.db, other.id, herb!.id, "published"));
    expect((await view(customer.cookies)).shopper?.savedProductIds).toEqual(new Set([herb!.id]));
  });

  it("shows a new name and a role granted or taken away at once", async () => {
    const customer = await createCustomer("Old Name");
    await view(customer.cookies);
    await written(customer.id, () =>
      updateProfile(handle.db, customer.id, { fullName: "New Name", phone: null }),
    );
    expect((await view(customer.cookies)).shopper?.user.fullName).toBe("New Name");

    await written(customer.id, () =>
      handle.db.insert(userRoles).values({ userId: customer.id, role: "admin" }),
    );
    expect((await view(customer.cookies)).shopper?.user.isAdmin).toBe(true);
    await written(customer.id, () =>
      handle.db.delete(userRoles).where(eq(userRoles.userId, customer.id)),
    );
    expect((await view(customer.cookies)).shopper?.user.isAdmin).toBe(false);
  });

  it("refuses a signed-out session at once, though it was kept a moment before", async () => {
    const customer = await createCustomer();
    expect((await view(customer.cookies)).shopper).not.toBeNull();
    await written(customer.id, () =>
      signOut(testServices().accounts, getPage("/", customer.cookies)),
    );
    expect(await view(customer.cookies)).toEqual({ shopper: null, queries: 1 });
  });

  it("refuses a session ended elsewhere (every session of the user deleted)", async () => {
    const customer = await createCustomer();
    await view(customer.cookies);
    await written(customer.id, () =>
      handle.db.delete(sessions).where(eq(sessions.userId, customer.id)),
    );
    expect((await view(customer.cookies)).shopper).toBeNull();
  });

  it("checks a kept session's expiry at every view: one due for its daily extension goes through Better Auth", async () => {
    const customer = await createCustomer();
    const [session] = await handle.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, customer.id));
    // Current now, due for its extension two minutes from now.
    const dueAt = Date.now() + 2 * 60_000;
    const expiresAt = new Date(dueAt + session!.expiresAt.getTime() - Date.now() - DAY);
    await written(customer.id, () =>
      handle.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, customer.id)),
    );
    expect((await view(customer.cookies)).queries).toBe(1);
    expect((await view(customer.cookies)).queries).toBe(0);
    vi.useFakeTimers({ now: dueAt + 1000, toFake: ["Date"] });
    try {
      const extended = await view(customer.cookies);
      expect(extended.shopper?.user.id).toBe(customer.id);
      expect(extended.queries).toBeGreaterThan(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a kept session once it has expired", async () => {
    const customer = await createCustomer();
    expect((await view(customer.cookies)).shopper).not.toBeNull();
    const [session] = await handle.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, customer.id));
    vi.useFakeTimers({ now: session!.expiresAt.getTime() + 1000, toFake: ["Date"] });
    try {
      expect((await view(customer.cookies)).shopper).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps nothing for a token that finds no session", async () => {
    const customer = await createCustomer();
    await written(customer.id, () =>
      handle.db.delete(sessions).where(eq(sessions.userId, customer.id)),
    );
    expect(await view(customer.cookies)).toEqual({ shopper: null, queries: 1 });
    expect(await view(customer.cookies)).toEqual({ shopper: null, queries: 1 });
  });

  it("forgets every shopper when a table is emptied", async () => {
    const customer = await createCustomer();
    const [herb] = await insertProducts(handle.db, [{ name: "Triphala Guggulu" }]);
    await written(customer.id, () => addToWishlist(handle.db, customer.id, herb!.id));
    expect((await view(customer.cookies)).shopper?.savedProductIds.size).toBe(1);
    await written("", () => handle.db.execute("truncate table wishlist"));
    expect((await view(customer.cookies)).shopper?.savedProductIds.size).toBe(0);
  });
});
