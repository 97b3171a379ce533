import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { type RequestStore, runInRequest } from "~/lib/request-store.server";
import { takeToast } from "~/lib/toast.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { getCart } from "~/modules/cart/cart-view.server";
import { savedProductIds } from "~/modules/wishlist/wishlist.server";
import { action as wishlistAction } from "~/routes/account/wishlist";
import { action as mobileAction } from "~/routes/auth/mobile";
import { action as cartAction } from "~/routes/store/cart";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts, setStock } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { chooseSms, routeContext, TEST_SIGNER, testServices } from "./support/services";

/** docs/decisions/062: mobile sign-in completes a waiting add to cart or save as e-mail does. */

let handle: DatabaseHandle;
let outbox: string;
let tulsi: string;
let ghee: string;
let clientCounter = 0;
let numberCounter = 0;

type Outcome = {
  status: number;
  location: string | null;
  cookies: string[];
  body: Record<string, unknown> | null;
};

/** Runs an action as server.ts does for a form the browser itself posted. */
async function call(
  handler: (args: never) => unknown,
  request: Request,
  clientIp: string,
): Promise<Outcome> {
  const requestStore: RequestStore = { requestId: "pending-mobile", navigation: true, toasts: [] };
  const context = routeContext(clientIp);
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
      body: null,
    };
  }
  const { data, init } = outcome as { data: Record<string, unknown>; init: ResponseInit | null };
  return {
    status: init?.status ?? 200,
    location: null,
    cookies: new Headers(init?.headers).getSetCookie(),
    body: data,
  };
}

function post(url: string, fields: Record<string, string>, cookies: string[] = []) {
  return browserRequest(url, cookies, { method: "POST", body: new URLSearchParams(fields) });
}

const waiting = (cookies: string[]) =>
  cookies.filter((cookie) => /^shop_pending_(add|save)=/.test(cookie));
const cleared = (cookies: string[], name: string) =>
  cookies.some((cookie) => new RegExp(`^${name}=;.*Max-Age=0`, "i").test(cookie));

/** One visitor: their own client and number, so the code limits of one test leave the next alone. */
function visitor() {
  clientCounter += 1;
  numberCounter += 1;
  const clientIp = `10.40.${clientCounter}.1`;
  const ten = `97${String(process.pid % 100).padStart(2, "0")}${String(numberCounter).padStart(6, "0")}`;
  const mobile = (fields: Record<string, string>, cookies: string[] = [], search = "") =>
    call(mobileAction as never, post(`/auth/mobile${search}`, fields, cookies), clientIp);
  return {
    ten,
    mobile,
    adds: (productId: string, quantity: string, page: string) =>
      call(
        cartAction as never,
        post("/cart", { intent: "add", productId, quantity, redirectTo: page }),
        clientIp,
      ),
    saves: (productId: string, page: string) =>
      call(
        wishlistAction as never,
        post("/wishlist", { intent: "add", productId, redirectTo: page }),
        clientIp,
      ),
    /** Asks for a code (carrying `redirectTo`, as the number form does) and reads it from the SMS. */
    async code(redirectTo?: string) {
      const fields: Record<string, string> = { intent: "send-code", phoneNumber: ten };
      if (redirectTo !== undefined) fields.redirectTo = redirectTo;
      const sent = await mobile(fields);
      expect(sent.status).toBe(302);
      const files = (await fs.readdir(outbox)).filter((file) => file.includes(`-sms-91${ten}-`));
      const newest = files.sort().at(-1);
      if (!newest) throw new Error(`no SMS to ${ten}`);
      return JSON.parse(await fs.readFile(path.join(outbox, newest), "utf8")).variables
        .OTP as string;
    },
  };
}

type Visitor = ReturnType<typeof visitor>;

/** A new number's account, made with nothing waiting; the visitor is then signed out. */
async function existingMobileCustomer(person: Visitor) {
  const verified = await person.mobile({
    intent: "verify",
    phoneNumber: person.ten,
    code: await person.code(),
  });
  const created = await person.mobile({
    intent: "create-account",
    phoneNumber: person.ten,
    ticket: verified.body?.ticket as string,
    fullName: "Mobile Regular",
  });
  const user = await getCurrentUser(testServices().accounts, browserRequest("/", created.cookies));
  if (!user) throw new Error("mobile sign-up failed");
  // The next code may be asked for only 30 seconds after this one.
  await ageCodes(person.ten);
  return user.id;
}

async function ageCodes(ten: string) {
  await handle.db.execute(
    sql`update phone_codes set created_at = created_at - interval '31 seconds'
        where phone_number = ${`+91${ten}`}`,
  );
}

async function toastOf(cookies: string[]) {
  return (await takeToast(TEST_SIGNER, browserRequest("/", cookies))).toast;
}

async function cartOf(userId: string) {
  return (await getCart(handle.db, userId)).lines.map((line) => [line.name, line.quantity]);
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  outbox = await fs.mkdtemp(path.join(os.tmpdir(), "sms-outbox-"));
  chooseSms({ mode: "outbox", outboxDir: outbox });
  const rows = await insertProducts(handle.db, [
    { name: "Tulsi Drops", stockQuantity: 20 },
    { name: "Cow Ghee", stockQuantity: 5 },
  ]);
  tulsi = rows[0]!.id;
  ghee = rows[1]!.id;
});
afterAll(async () => {
  chooseSms(undefined);
  await fs.rm(outbox, { recursive: true, force: true });
  await handle.close();
});

describe(`a waiting add to cart or save is made by mobile sign-in on ${DATABASE_KIND}`, () => {
  it("adds the item when a known number signs in with its code, and returns to the product", async () => {
    const person = visitor();
    const userId = await existingMobileCustomer(person);
    const page = "/product/tulsi-drops?from=home";
    const visit = await person.adds(tulsi, "2", page);
    expect(visit.location).toBe(`/auth?redirectTo=${encodeURIComponent(page)}`);

    const code = await person.code(page);
    const signedIn = await person.mobile(
      { intent: "verify", phoneNumber: person.ten, code, redirectTo: page },
      waiting(visit.cookies),
      `?number=${person.ten}&redirectTo=${encodeURIComponent(page)}`,
    );
    expect(signedIn).toMatchObject({ status: 302, location: page });
    expect(await cartOf(userId)).toEqual([["Tulsi Drops", 2]]);
    expect(await toastOf(signedIn.cookies)).toMatchObject({
      title: "Welcome back!",
      description: "You have successfully signed in. Tulsi Drops was added to your cart.",
    });
    expect(cleared(signedIn.cookies, "shop_pending_add")).toBe(true);
  });

  it("keeps the waiting actions through a new number's code, and makes them with its name", async () => {
    const person = visitor();
    const page = "/product/cow-ghee";
    const add = await person.adds(ghee, "2", page);
    const save = await person.saves(tulsi, page);
    const cookies = [...waiting(add.cookies), ...waiting(save.cookies)];
    expect(cookies).toHaveLength(2);

    const verified = await person.mobile(
      {
        intent: "verify",
        phoneNumber: person.ten,
        code: await person.code(page),
        redirectTo: page,
      },
      cookies,
    );
    expect(verified.status).toBe(200);
    // Nobody is signed in yet, so nothing is taken: the name step makes them.
    expect(waiting(verified.cookies)).toEqual([]);

    const created = await person.mobile(
      {
        intent: "create-account",
        phoneNumber: person.ten,
        ticket: verified.body?.ticket as string,
        fullName: "Naya Grahak",
        redirectTo: page,
      },
      cookies,
    );
    expect(created).toMatchObject({ status: 302, location: page });
    expect(await toastOf(created.cookies)).toMatchObject({
      title: "Account created successfully!",
      description:
        "You are now signed in to your account. Cow Ghee was added to your cart. Tulsi Drops was saved to your wishlist.",
    });
    const user = await getCurrentUser(
      testServices().accounts,
      browserRequest("/", created.cookies),
    );
    expect(await cartOf(user!.id)).toEqual([["Cow Ghee", 2]]);
    expect(await savedProductIds(handle.db, user!.id)).toEqual(new Set([tulsi]));
    expect(cleared(created.cookies, "shop_pending_add")).toBe(true);
    expect(cleared(created.cookies, "shop_pending_save")).toBe(true);
  });

  it("says so when the waiting add no longer holds, and adds nothing", async () => {
    const person = visitor();
    const userId = await existingMobileCustomer(person);
    const visit = await person.adds(ghee, "5", "/products");
    await setStock(handle.db, { productId: ghee }, 1);
    const signedIn = await person.mobile(
      {
        intent: "verify",
        phoneNumber: person.ten,
        code: await person.code(),
        redirectTo: "/products",
      },
      waiting(visit.cookies),
    );
    await setStock(handle.db, { productId: ghee }, 5);
    expect(signedIn.location).toBe("/products");
    expect(await cartOf(userId)).toEqual([]);
    expect((await toastOf(signedIn.cookies))?.description).toBe(
      "You have successfully signed in. Only 1 of Cow Ghee left in stock, so it was not added to your cart.",
    );
  });

  it.each(["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)"])(
    "never sends a customer off the shop after the code or the name (%s)",
    async (target) => {
      const person = visitor();
      const verified = await person.mobile({
        intent: "verify",
        phoneNumber: person.ten,
        code: await person.code(target),
        redirectTo: target,
      });
      const created = await person.mobile({
        intent: "create-account",
        phoneNumber: person.ten,
        ticket: verified.body?.ticket as string,
        fullName: "Safe Grahak",
        redirectTo: target,
      });
      expect(created).toMatchObject({ status: 302, location: "/" });

      await ageCodes(person.ten);
      const again = await person.mobile({
        intent: "verify",
        phoneNumber: person.ten,
        code: await person.code(target),
        redirectTo: target,
      });
      expect(again).toMatchObject({ status: 302, location: "/" });
    },
  );
});
