import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { signUp } from "~/modules/accounts/credentials.server";
import { addToCart } from "~/modules/cart/cart.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { action as authAction } from "~/routes/auth/auth";
import { action as cartAction } from "~/routes/store/cart";
import { profiles } from "../../db/schema";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, setStock } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { routeContext, TEST_SIGNER, testServices } from "./support/services";

const context = routeContext("10.0.0.21");

let handle: DatabaseHandle;
let tulsi: string;
let ghee: string;
let counter = 0;

function cookiesOf(headers: Headers) {
  return headers.getSetCookie();
}

type Outcome = { status: number; location: string | null; cookies: string[]; body: unknown };

async function call(handler: (args: never) => unknown, request: Request): Promise<Outcome> {
  let outcome: unknown;
  try {
    outcome = await handler({ request, params: {}, context } as never);
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      cookies: cookiesOf(outcome.headers),
      body: null,
    };
  }
  const result = outcome as { data: unknown; init: ResponseInit | null };
  return {
    status: result.init?.status ?? 200,
    location: null,
    cookies: cookiesOf(new Headers(result.init?.headers)),
    body: result.data,
  };
}

/** A visitor presses Add to Cart on `page`. */
function visitorAdds(productId: string, quantity: string, page?: string) {
  const fields: Record<string, string> = { intent: "add", productId, quantity };
  if (page !== undefined) fields.redirectTo = page;
  return call(
    cartAction as never,
    browserRequest("/cart", [], { method: "POST", body: new URLSearchParams(fields) }),
  );
}

function pendingCookie(cookies: string[]) {
  return cookies.filter((cookie) => cookie.startsWith("shop_pending_add="));
}

function postAuth(cookies: string[], fields: Record<string, string>, search = "") {
  return call(
    authAction as never,
    browserRequest(`/auth${search}`, cookies, {
      method: "POST",
      body: new URLSearchParams(fields),
    }),
  );
}

async function existingCustomer() {
  counter += 1;
  const email = `pending.${counter}.${Date.now()}@gmail.com`;
  const outcome = await signUp(
    testServices().accounts,
    { fullName: "Pending Tester", email, password: "secret12" },
    browserRequest("/auth"),
    "10.0.0.22",
  );
  if (!outcome.ok) throw new Error("sign-up failed");
  return { email, password: "secret12", id: outcome.userId };
}

async function toastOf(cookies: string[]) {
  return (await takeToast(TEST_SIGNER, browserRequest("/", cookies))).toast;
}

async function linesOf(userId: string) {
  return (await getCart(handle.db, userId)).lines.map((line) => [line.name, line.quantity]);
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  const rows = await insertProducts(handle.db, [
    { name: "Tulsi Drops", price: 30000, stockQuantity: 20 },
    { name: "Cow Ghee", price: 90000, stockQuantity: 5 },
  ]);
  tulsi = rows[0]!.id;
  ghee = rows[1]!.id;
});
afterAll(() => handle.close());

describe(`a visitor's add to cart waits for sign-in on ${DATABASE_KIND}`, () => {
  it("sends the visitor to /auth with the way back to the page, and keeps the add in a cookie", async () => {
    const result = await visitorAdds(tulsi, "2", "/product/tulsi-drops?from=home");
    expect(result.status).toBe(302);
    expect(result.location).toBe(
      `/auth?redirectTo=${encodeURIComponent("/product/tulsi-drops?from=home")}`,
    );
    expect(pendingCookie(result.cookies)).toHaveLength(1);
    expect(await toastOf(result.cookies)).toMatchObject({ title: "Please sign in first" });
  });

  it.each(["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "never sends the visitor back off the shop (%s)",
    async (target) => {
      const result = await visitorAdds(tulsi, "1", target);
      expect(result.location).toBe("/auth");
    },
  );

  it("keeps nothing for a bad add, and still asks the visitor to sign in", async () => {
    const result = await visitorAdds(tulsi, "11", "/products");
    expect(result.location).toBe("/auth");
    expect(pendingCookie(result.cookies)).toEqual([]);
  });

  it("adds the item on sign-in, returns to the page, and says so", async () => {
    const customer = await existingCustomer();
    const visit = await visitorAdds(tulsi, "2", "/products?page=2");
    const signIn = await postAuth(
      pendingCookie(visit.cookies),
      {
        intent: "sign-in",
        email: customer.email,
        password: customer.password,
        redirectTo: "/products?page=2",
      },
      "?redirectTo=%2Fproducts%3Fpage%3D2",
    );
    expect(signIn.status).toBe(302);
    expect(signIn.location).toBe("/products?page=2");
    expect(await linesOf(customer.id)).toEqual([["Tulsi Drops", 2]]);
    expect(await toastOf(signIn.cookies)).toMatchObject({
      title: "Welcome back!",
      description: "You have successfully signed in. Tulsi Drops was added to your cart.",
    });
    // The cookie is cleared, so a later sign-in adds nothing more.
    expect(signIn.cookies.some((c) => /^shop_pending_add=;.*Max-Age=0/i.test(c))).toBe(true);
  });

  it("checks the stock again at sign-in and adds nothing when it no longer holds", async () => {
    const customer = await existingCustomer();
    const visit = await visitorAdds(ghee, "4", "/product/cow-ghee");
    await setStock(handle.db, { productId: ghee }, 3);
    const signIn = await postAuth(pendingCookie(visit.cookies), {
      intent: "sign-in",
      email: customer.email,
      password: customer.password,
      redirectTo: "/product/cow-ghee",
    });
    expect(signIn.location).toBe("/product/cow-ghee");
    expect(await linesOf(customer.id)).toEqual([]);
    expect(await toastOf(signIn.cookies)).toMatchObject({
      title: "Welcome back!",
      description:
        "You have successfully signed in. Only 3 of Cow Ghee left in stock, so it was not added to your cart.",
    });
    await setStock(handle.db, { productId: ghee }, 5);
  });

  it("checks the 10-unit limit against what the cart already holds", async () => {
    const customer = await existingCustomer();
    await addToCart(handle.db, { userId: customer.id, productId: tulsi, quantity: 9 });
    const visit = await visitorAdds(tulsi, "2", "/");
    const signIn = await postAuth(pendingCookie(visit.cookies), {
      intent: "sign-in",
      email: customer.email,
      password: customer.password,
    });
    expect(await linesOf(customer.id)).toEqual([["Tulsi Drops", 9]]);
    expect((await toastOf(signIn.cookies))?.description).toBe(
      "You have successfully signed in. You can buy at most 10 of Tulsi Drops, so it was not added to your cart.",
    );
  });

  it("ignores a pending add whose cookie was tampered with", async () => {
    const customer = await existingCustomer();
    const visit = await visitorAdds(tulsi, "1", "/");
    const [cookie] = pendingCookie(visit.cookies);
    const [nameValue] = cookie!.split(";");
    const tampered = `${nameValue!.slice(0, -3)}abc`;
    const signIn = await postAuth([tampered], {
      intent: "sign-in",
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.status).toBe(302);
    expect(await linesOf(customer.id)).toEqual([]);
    expect((await toastOf(signIn.cookies))?.description).toBe("You have successfully signed in.");
  });

  it("adds the item on sign-up too, and the new customer goes back to the page", async () => {
    const visit = await visitorAdds(ghee, "2", "/product/cow-ghee");
    const email = `pending.new.${Date.now()}@gmail.com`;
    const result = await postAuth(pendingCookie(visit.cookies), {
      intent: "sign-up",
      fullName: "New Customer",
      email,
      password: "secret12",
      redirectTo: "/product/cow-ghee",
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ signedUp: true, next: "/product/cow-ghee" });
    expect(await toastOf(result.cookies)).toMatchObject({
      title: "Account created successfully!",
      description: "You are now signed in to your account. Cow Ghee was added to your cart.",
    });
    const [profile] = await handle.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.email, email));
    expect(await linesOf(profile!.id)).toEqual([["Cow Ghee", 2]]);
  });

  it("after a plain sign-up says the customer is signed in, and goes to /", async () => {
    const result = await postAuth([], {
      intent: "sign-up",
      fullName: "Plain Customer",
      email: `plain.${Date.now()}@gmail.com`,
      password: "secret12",
      redirectTo: "//evil.example",
    });
    expect(result.body).toMatchObject({ signedUp: true, next: "/" });
    expect(await toastOf(result.cookies)).toMatchObject({
      title: "Account created successfully!",
      description: "You are now signed in to your account.",
    });
  });
});
