import { describe, expect, it } from "vitest";
import { PRODUCT_STATUSES, storefrontPath } from "./product-status";

describe("storefrontPath", () => {
  it("is the product's page only while the shop shows it", () => {
    expect(
      PRODUCT_STATUSES.map((status) => [status, storefrontPath({ slug: "tulsi-drops", status })]),
    ).toEqual([
      ["published", "/product/tulsi-drops"],
      ["draft", null],
      ["archived", null],
    ]);
  });
});
