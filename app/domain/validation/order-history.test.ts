import { describe, expect, it } from "vitest";
import {
  orderHistoryHref,
  orderHistoryOrder,
  orderHistoryPage,
  orderMailPath,
} from "./order-history";

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

describe("orderHistoryOrder", () => {
  const id = "0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b";

  it("reads an order id, in lower case", () => {
    expect(orderHistoryOrder(id)).toBe(id);
    expect(orderHistoryOrder(` ${id.toUpperCase()} `)).toBe(id);
  });

  it.each([null, "", "abc", "ORD-1000", `${id}x`, id.slice(1), "' or 1=1 --"])(
    "reads %j as no order",
    (value) => {
      expect(orderHistoryOrder(value)).toBeNull();
    },
  );
});

describe("orderMailPath", () => {
  it("names the order for the tab to find its page, and scrolls to it", () => {
    expect(orderMailPath("0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b")).toBe(
      "/profile?tab=orders&order=0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b#order-0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b-title",
    );
  });
});
