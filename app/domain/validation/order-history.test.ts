import { describe, expect, it } from "vitest";
import { orderHistoryHref, orderHistoryPage } from "./order-history";

describe("orderHistoryPage", () => {
  it("reads a positive whole number", () => {
    expect(orderHistoryPage("1")).toBe(1);
    expect(orderHistoryPage("4")).toBe(4);
    expect(orderHistoryPage(" 12 ")).toBe(12);
  });

  it.each([null, "", "0", "-1", "1.5", "abc", "2e3", "0x10", "１"])(
    "reads %j as page 1",
    (value) => {
      expect(orderHistoryPage(value)).toBe(1);
    },
  );

  it("keeps a huge number huge, for the service to clamp to the last page", () => {
    expect(orderHistoryPage("99999999999999999999")).toBeGreaterThan(1e19);
  });
});

describe("orderHistoryHref", () => {
  it("leaves page 1 out of the URL", () => {
    expect(orderHistoryHref(1)).toBe("/profile?tab=orders");
    expect(orderHistoryHref(3)).toBe("/profile?tab=orders&page=3");
  });
});
