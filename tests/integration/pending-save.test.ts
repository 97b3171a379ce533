import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { type RequestStore, runInRequest } from "~/lib/request-store.server";
import { takeToast } from "~/lib/toast.server";
import { signUp } from "~/modules/accounts/credentials.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { addToWishlist, savedProductIds } from "~/modules/wishlist/wishlist.server";
import { action as wishlistAction } from "~/routes/account/wishlist";
import { action as authAction } from "~/routes/auth/auth";
import { action as cartAction } from "~/routes/store/cart";
import { products } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext, TEST_SIGNER, testServices } from "./support/services";

const context = routeContext("10.0.0.31");

let handle: DatabaseHandle;
let tulsi: string;
let ghee: string;
let counter = 0;

type Outcome = { status: number; location: string | null; cookies: string[] };

/** Runs an action as server.ts does: `navigation` when the browser itself posted the form. */
async function call(
  handler: (args: never) => unknown,
  request: Request,
  navigation = true,
): Promise<Outcome> {
  const requestStore: RequestStore = { requestId: "pending", navigation, toasts: [] };
  let outcome: unknown;
  try {
    outcome = await runInRequest(requestStore, () =>
      handler({ request, params: {}, context } as never),
    );
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      cookies: outcome.headers.getSetCookie(),
    };
  }
  const result = outcome as { init: ResponseInit | null };
  return {
    status: result.init?.status ?? 200,
    location: null,
    cookies: new Headers(result.init?.headers).getSetCookie(),
  };
}

function post(path: string, fields: Record<string, string>) {
  return browserRequest(path, [], { method: "POST", body: new URLSearchParams(fields) });
}

/** A visitor presses a heart on `page`, without JavaScript unless `navigation` is false. */
function visitorSaves(productId: string, page?: string, intent = "add", navigation = true) {
  const fields: Record<string, string> = { intent, productId };
  if (page !== undefined) fields.redirectTo = page;
  return call(wishlistAction as never, post("/wishlist", fields), navigation);
}

const pendingSave = (cookies: string[]) =>
  cookies.filter((cookie) => cookie.startsWith("shop_pending_save="));

async function toastOf(cookies: string[]) {
  return (await takeToast(TEST_SIGNER, browserRequest("/", cookies))).toast;
}

async function existingCustomer() {
  counter += 1;
  const email = `pending.save.${counter}.${Date.now()}@gmail.com`;
  const outcome = await signUp(
    testServices().accounts,
    { fullName: "Pending Saver", email, password: "secret12" },
    browserRequest("/auth"),
    "10.0.0.32",
  );
  if (!outcome.ok) throw new Error("sign-up failed");
  return { email, password: "secret12", id: outcome.userId };
}

function signInWith(cookies: string[], customer: { email: string; password: string }, back = "/") {
  return call(
    authAction as never,
    browserRequest("/auth", cookies, {
      method: "POST",
      body: new URLSearchParams({
        intent: "sign-in",
        email: customer.email,
        password: customer.password,
        redirectTo: back,
      }),
    }),
  );
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const rows = await insertProducts(handle.db, [
    { name: "Tulsi Drops", stockQuantity: 20 },
    { name: "Cow Ghee", stockQuantity: 5 },
  ]);
  tulsi = rows[0]!.id;
  ghee = rows[1]!.id;
});
afterAll(() => handle.close());

describe(`a visitor's heart without JavaScript waits for sign-in on ${DATABASE_KIND}`, () => {
  it("sends the visitor to /auth with the way back to the page, and keeps the save in a cookie", async () => {
    const result = await visitorSaves(tulsi, "/product/tulsi-drops?tab=benefits");
    expect(result.status).toBe(302);
    expect(result.location).toBe(
      `/auth?redirectTo=${encodeURIComponent("/product/tulsi-drops?tab=benefits")}`,
    );
    expect(pendingSave(result.cookies)).toHaveLength(1);
    expect(await toastOf(result.cookies)).toMatchObject({
      title: "Please sign in!",
      description: "You need to be signed in to add items to wishlist",
    });
  });

  it("with JavaScript answers with the message where the visitor is, and keeps nothing", async () => {
    const result = await visitorSaves(tulsi, "/products", "add", false);
    expect(result).toMatchObject({ status: 401, location: null });
    expect(pendingSave(result.cookies)).toEqual([]);
  });

  it.each(["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "never sends the visitor back off the shop (%s)",
    async (target) => {
      expect((await visitorSaves(tulsi, target)).location).toBe("/auth");
    },
  );

  it("keeps nothing for a removal or a bad product, and still asks the visitor to sign in", async () => {
    for (const result of [
      await visitorSaves(tulsi, "/wishlist", "remove"),
      await visitorSaves("not-a-product", "/products"),
    ]) {
      expect(result.status).toBe(302);
      expect(pendingSave(result.cookies)).toEqual([]);
    }
  });

  it("saves the product on sign-in, returns to the page and says so; the cookie is then cleared", async () => {
    const customer = await existingCustomer();
    const visit = await visitorSaves(tulsi, "/products?page=2");
    const signIn = await signInWith(pendingSave(visit.cookies), customer, "/products?page=2");
    expect(signIn).toMatchObject({ status: 302, location: "/products?page=2" });
    expect(await savedProductIds(handle.db, customer.id)).toEqual(new Set([tulsi]));
    expect(await toastOf(signIn.cookies)).toMatchObject({
      title: "Welcome back!",
      description: "You have successfully signed in. Tulsi Drops was saved to your wishlist.",
    });
    expect(signIn.cookies.some((c) => /^shop_pending_save=;.*Max-Age=0/i.test(c))).toBe(true);
  });

  it("says so when the product was saved already, or is no longer sold", async () => {
    const customer = await existingCustomer();
    await addToWishlist(handle.db, customer.id, tulsi);
    const again = await signInWith(pendingSave((await visitorSaves(tulsi, "/")).cookies), customer);
    expect((await toastOf(again.cookies))?.description).toBe(
      "You have successfully signed in. Tulsi Drops was already in your wishlist.",
    );

    const visit = await visitorSaves(ghee, "/product/cow-ghee");
    await handle.db.update(products).set({ status: "archived" }).where(eq(products.id, ghee));
    const hidden = await signInWith(pendingSave(visit.cookies), customer, "/product/cow-ghee");
    expect((await toastOf(hidden.cookies))?.description).toBe(
      "You have successfully signed in. This product is no longer available, so it was not saved to your wishlist.",
    );
    expect(await savedProductIds(handle.db, customer.id)).toEqual(new Set([tulsi]));
    await handle.db.update(products).set({ status: "published" }).where(eq(products.id, ghee));
  });

  it("makes a waiting add to cart and a waiting save together, in one welcome", async () => {
    const customer = await existingCustomer();
    const save = await visitorSaves(ghee, "/");
    const add = await call(
      cartAction as never,
      post("/cart", { intent: "add", productId: tulsi, quantity: "2" }),
    );
    const signIn = await signInWith([...pendingSave(save.cookies), ...add.cookies], customer);
    expect((await toastOf(signIn.cookies))?.description).toBe(
      "You have successfully signed in. Tulsi Drops was added to your cart. Cow Ghee was saved to your wishlist.",
    );
    expect((await getCart(handle.db, customer.id)).lines.map((line) => line.name)).toEqual([
      "Tulsi Drops",
    ]);
    expect(await savedProductIds(handle.db, customer.id)).toEqual(new Set([ghee]));
  });

  it("ignores a waiting save whose cookie was tampered with", async () => {
    const customer = await existingCustomer();
    const [cookie] = pendingSave((await visitorSaves(tulsi, "/")).cookies);
    const [nameValue] = cookie!.split(";");
    const signIn = await signInWith([`${nameValue!.slice(0, -3)}abc`], customer);
    expect(signIn.status).toBe(302);
    expect(await savedProductIds(handle.db, customer.id)).toEqual(new Set());
    expect((await toastOf(signIn.cookies))?.description).toBe("You have successfully signed in.");
  });

  it("saves the product on sign-up too", async () => {
    const visit = await visitorSaves(ghee, "/product/cow-ghee");
    const result = await call(
      authAction as never,
      browserRequest("/auth", pendingSave(visit.cookies), {
        method: "POST",
        body: new URLSearchParams({
          intent: "sign-up",
          fullName: "New Saver",
          email: `pending.save.new.${Date.now()}@gmail.com`,
          password: "secret12",
          redirectTo: "/product/cow-ghee",
        }),
      }),
      // Sign-up moves on by script (docs/SPEC.md §2), so its toast travels in a cookie.
      false,
    );
    expect(result.status).toBe(200);
    expect(await toastOf(result.cookies)).toMatchObject({
      title: "Account created successfully!",
      description: "You are now signed in to your account. Cow Ghee was saved to your wishlist.",
    });
  });
});
