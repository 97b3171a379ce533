import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { BASE_URL } from "./config";
import { adminRequest } from "./helpers";

/**
 * A product of the test's own, added and changed through the back office's product form as the
 * owner posts it. It has no category and is not featured, so the pages other specs count stay as
 * they expect; `remove` deletes it again (an ordered product is archived instead).
 */
export async function trialProduct(
  label: string,
  initial: { price: string; stockQuantity?: string },
) {
  const name = `Zqx ${label} ${randomUUID().slice(0, 8)}`;
  const slug = name.toLowerCase().replaceAll(" ", "-");
  let fields: Record<string, string> = {
    name,
    slug,
    description: "A product the end-to-end tests add.",
    price: initial.price,
    stockQuantity: initial.stockQuantity ?? "20",
    status: "published",
  };
  await post({ intent: "create", ...fields });
  const id = await productIdOf(slug);
  return {
    id,
    name,
    slug,
    /** Changes the price (rupees) or the stock as the owner does on the product form. */
    async set(change: { price?: string; stockQuantity?: string }) {
      fields = { ...fields, ...change };
      await post({ intent: "update", id, ...fields });
    },
    async remove() {
      await post({ intent: "delete", id });
    },
  };
}

async function post(multipart: Record<string, string>) {
  const request = await adminRequest();
  const response = await request.post("/admin/products", {
    multipart,
    headers: { origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  await request.dispose();
}

/** The id the product page's Add to Cart form posts. */
async function productIdOf(slug: string) {
  const request = await adminRequest();
  const page = await (await request.get(`/product/${slug}`)).text();
  await request.dispose();
  const id = /name="productId" value="([0-9a-f-]{36})"/.exec(page)?.[1];
  expect(id, `the product page of ${slug} names its id`).toBeTruthy();
  return id!;
}
