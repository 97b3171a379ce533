import { describe, expect, it } from "vitest";
import { likePattern, productListHref } from "./catalog-query";
import { parseProductListQuery } from "./catalog-query-params";

const parse = (query: string) => parseProductListQuery(new URLSearchParams(query));

describe("product list URL", () => {
  it("defaults to featured, page 1, no filters", () => {
    expect(parse("")).toEqual({
      search: undefined,
      categoryId: undefined,
      sort: "featured",
      page: 1,
    });
  });

  it("trims the search text and ignores blank text", () => {
    expect(parse("search=%20%20tulsi%20").search).toBe("tulsi");
    expect(parse("search=%20%20").search).toBeUndefined();
  });

  it("caps the search text at 100 characters", () => {
    expect(parse(`search=${"a".repeat(300)}`).search).toHaveLength(100);
  });

  it.each(["featured", "price-low", "price-high", "rating"])("accepts sort=%s", (sort) => {
    expect(parse(`sort=${sort}`).sort).toBe(sort);
  });

  it("falls back on malformed values instead of failing", () => {
    expect(parse("sort=cheapest&page=-3&category=not-a-uuid")).toEqual({
      search: undefined,
      categoryId: undefined,
      sort: "featured",
      page: 1,
    });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
  });

  it("reads a category id", () => {
    const id = "3f1c2a9e-8d3b-4c1a-9f0e-2b7d5c6a1e4f";
    expect(parse(`category=${id}`).categoryId).toBe(id);
  });

  it("builds links with only the parameters that differ from the defaults", () => {
    expect(productListHref({ sort: "featured", page: 1 })).toBe("/products");
    expect(productListHref({ search: "neem oil", sort: "rating", page: 3 })).toBe(
      "/products?search=neem+oil&sort=rating&page=3",
    );
  });

  it("escapes LIKE wildcards and lower-cases", () => {
    expect(likePattern("100%_Pure\\")).toBe("%100\\%\\_pure\\\\%");
  });
});
