import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeToast } from "~/lib/toast.server";
import { action as productAction } from "~/routes/store/product";
import { browserRequest, wireApp } from "./support/app";
import { insertProducts } from "./support/catalog";
import { DATABASE_KIND, useTestDatabase } from "./support/database";
import { type Customer, createCustomer } from "./support/profile";
import { routeContext, TEST_SIGNER } from "./support/services";

let handle: DatabaseHandle;
let customer: Customer;
let herb: string;

async function post(fields: Record<string, string>, cookies = customer.cookies) {
  const request = browserRequest(`/product/${herb}`, cookies, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const response = (await productAction({
    request,
    params: { id: herb },
    context: routeContext("127.0.0.1"),
  } as never)) as { data: Record<string, unknown>; init: ResponseInit | null };
  const headers = new Headers(response.init?.headers);
  const { toast } = await takeToast(TEST_SIGNER, browserRequest("/", headers.getSetCookie()));
  return { status: response.init?.status ?? 200, body: response.data, toast };
}

beforeAll(async () => {
  handle = await useTestDatabase();
  await wireApp(handle.db);
  customer = await createCustomer();
  const rows = await insertProducts(handle.db, [{ name: "Ashwagandha Churna", price: 30000 }]);
  herb = rows[0]!.id;
});
afterAll(() => handle.close());

describe(`the review form's answers on ${DATABASE_KIND}`, () => {
  it("asks a visitor to sign in", async () => {
    expect(await post({ rating: "5", comment: "Good" }, [])).toEqual({
      status: 401,
      body: { intent: "review" },
      toast: {
        type: "error",
        title: "Please sign in",
        description: "You need to be signed in to write a review",
      },
    });
  });

  it("titles the toast with the first problem of the form", async () => {
    const answer = await post({ rating: "0", comment: "Good" });
    expect(answer).toMatchObject({
      status: 400,
      body: { intent: "review", result: { status: "error" } },
      toast: { type: "error", title: "Please select a rating" },
    });
    expect(answer.toast).not.toHaveProperty("description");
  });

  it("thanks for a review, and refuses a second one with 409", async () => {
    expect(await post({ rating: "5", comment: "Helps me sleep" })).toEqual({
      status: 200,
      body: { intent: "review", submitted: true },
      toast: {
        type: "success",
        title: "Review submitted!",
        description: "Thank you for your feedback",
      },
    });
    expect(await post({ rating: "4", comment: "Again" })).toMatchObject({
      status: 409,
      body: { intent: "review", result: expect.any(Object) },
      toast: {
        type: "error",
        title: "Failed to submit review",
        description: "You have already reviewed this product",
      },
    });
  });
});
