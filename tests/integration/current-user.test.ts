import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { type RequestStore, runInRequest } from "~/lib/request-store.server";
import { getCurrentUser, getShopper } from "~/modules/accounts/session.server";
import { addToWishlist } from "~/modules/wishlist/wishlist.server";
import { sessions } from "../../db/schema";
import { createAdmin, getPage } from "./support/admin";
import { wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { fillCart } from "./support/orders";
import { createCustomer } from "./support/profile";
import { testServices } from "./support/services";

let handle: DatabaseHandle;
const DAY = 86_400_000;

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
});

afterAll(async () => {
  await handle.close();
});

const userOf = (cookies: string[]) =>
  getCurrentUser(testServices().accounts, getPage("/", cookies));

async function queriesOf(work: () => Promise<unknown>) {
  const request: RequestStore = { requestId: "session", navigation: true, toasts: [], queries: 0 };
  await runInRequest(request, work);
  return request.queries ?? 0;
}

describe(`the signed-in user, read in one query, on ${DATABASE_KIND}`, () => {
  it("a customer and an administrator, from the cookies Better Auth set at sign-in", async () => {
    const customer = await createCustomer("Meera Joshi");
    expect(await userOf(customer.cookies)).toEqual({
      id: customer.id,
      email: customer.email,
      fullName: "Meera Joshi",
      phone: null,
      isAdmin: false,
    });
    const admin = await createAdmin(handle.db, "Shop Owner");
    expect(await userOf(admin.cookies)).toMatchObject({ id: admin.id, isAdmin: true });
  });

  it("nobody for a cookie whose token or signature was changed", async () => {
    const customer = await createCustomer();
    const [cookie] = customer.cookies.filter((c) => c.startsWith("shop.session_token="));
    const value = decodeURIComponent(cookie!.split(";")[0]!.split("=").slice(1).join("="));
    const [token, signature] = [
      value.slice(0, value.lastIndexOf(".")),
      value.slice(value.lastIndexOf(".") + 1),
    ];
    const forged = (raw: string) => [`shop.session_token=${encodeURIComponent(raw)}`];
    expect(await userOf(forged(`${token}x.${signature}`))).toBeNull();
    expect(
      await userOf(forged(`${token}.${signature!.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)),
    ).toBeNull();
    expect(await userOf(forged(token!))).toBeNull();
    expect(await userOf([])).toBeNull();
  });

  it("nobody once the session is gone (signed out elsewhere) or expired", async () => {
    const signedOut = await createCustomer();
    await handle.db.delete(sessions).where(eq(sessions.userId, signedOut.id));
    expect(await userOf(signedOut.cookies)).toBeNull();

    const expired = await createCustomer();
    await handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    expect(await userOf(expired.cookies)).toBeNull();
  });

  it("reads a current session in one query, and hands one due for its daily extension to Better Auth", async () => {
    const customer = await createCustomer();
    expect(await queriesOf(() => userOf(customer.cookies))).toBe(1);
    await handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.userId, customer.id));
    let user: unknown;
    const queries = await queriesOf(async () => {
      user = await userOf(customer.cookies);
    });
    expect(user).toMatchObject({ id: customer.id });
    expect(queries).toBeGreaterThan(1);
  });

  it("brings the cart count and saved products with it, on either path", async () => {
    const customer = await createCustomer();
    const [herb] = await insertProducts(handle.db, [{ name: "Shatavari Kalpa" }]);
    await fillCart(handle.db, customer.id, [{ productId: herb!.id, quantity: 3 }]);
    await addToWishlist(handle.db, customer.id, herb!.id);
    const expected = { cartUnits: 3, savedProductIds: new Set([herb!.id]) };
    expect(await getShopper(testServices().accounts, getPage("/", customer.cookies))).toMatchObject(
      expected,
    );
    // Due for its daily extension: read through Better Auth, the figures apart.
    await handle.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sessions.userId, customer.id));
    expect(await getShopper(testServices().accounts, getPage("/", customer.cookies))).toMatchObject(
      expected,
    );
  });
});
