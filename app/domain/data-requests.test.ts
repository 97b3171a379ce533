import { describe, expect, it } from "vitest";
import { pageAddressOf, pageOfDataPath } from "./data-requests";

describe("React Router's data requests", () => {
  it("name the page they load: its path with .data, or _.data after a slash", () => {
    expect(pageOfDataPath("/products.data")).toBe("/products");
    expect(pageOfDataPath("/product/amla-juice.data")).toBe("/product/amla-juice");
    expect(pageOfDataPath("/_.data")).toBe("/");
    expect(pageOfDataPath("/blog/_.data")).toBe("/blog/");
    expect(pageOfDataPath("/products")).toBeNull();
    expect(pageOfDataPath("/")).toBeNull();
  });

  it("give the address the browser shows, without React Router's own parameters", () => {
    const address = (url: string) => pageAddressOf(new URL(url, "http://localhost"));
    expect(address("/profile.data?tab=orders&_routes=root%2Croutes%2Faccount%2Fprofile")).toBe(
      "/profile?tab=orders",
    );
    expect(address("/_.data?_routes=root")).toBe("/");
    expect(address("/cart.data?index&page=2")).toBe("/cart?page=2");
    expect(address("/products?search=amla&_routes=x")).toBe("/products?search=amla&_routes=x");
    expect(address("/checkout")).toBe("/checkout");
  });
});
