import { describe, expect, it } from "vitest";
import {
  adminOrdersHref,
  orderStatusFormSchema,
  parseAdminOrderQuery,
  refundFormSchema,
  trackingFormSchema,
} from "./order-admin";

const ID = "0b6f7c1e-8d4a-4f2b-9c3d-2a1b0c9d8e7f";

describe("parseAdminOrderQuery", () => {
  const parse = (search: string) => parseAdminOrderQuery(new URLSearchParams(search));

  it("reads the search, status and page", () => {
    expect(parse("q=%20ORD-17%20&status=shipped&page=3")).toEqual({
      q: "ORD-17",
      status: "shipped",
      page: 3,
    });
  });

  it("treats all, empty and malformed values as no filter on the first page", () => {
    expect(parse("")).toEqual({ q: undefined, status: undefined, page: 1 });
    expect(parse("q=%20%20&status=all&page=0")).toEqual({
      q: undefined,
      status: undefined,
      page: 1,
    });
    expect(parse("status=lost&page=abc")).toEqual({ q: undefined, status: undefined, page: 1 });
  });

  it("reads a shipment group of the dashboard, and ignores an unknown one", () => {
    expect(parse("shipment=in-transit")).toEqual({
      q: undefined,
      status: undefined,
      shipment: "in-transit",
      page: 1,
    });
    expect(parse("shipment=lost")).toStrictEqual({ q: undefined, status: undefined, page: 1 });
    expect(adminOrdersHref({ shipment: "returning", page: 2 })).toBe(
      "/admin/orders?shipment=returning&page=2",
    );
  });

  it("cuts an overlong search to 100 characters", () => {
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });
});

describe("adminOrdersHref", () => {
  it("keeps only what differs from the defaults", () => {
    expect(adminOrdersHref({})).toBe("/admin/orders");
    expect(adminOrdersHref({ q: "Asha Patil", status: "pending", page: 1 })).toBe(
      "/admin/orders?q=Asha+Patil&status=pending",
    );
    expect(adminOrdersHref({ page: 2, view: ID })).toBe(`/admin/orders?page=2&view=${ID}`);
    expect(adminOrdersHref({ status: "cancelled" }, "/admin/orders/export.csv")).toBe(
      "/admin/orders/export.csv?status=cancelled",
    );
  });
});

describe("orderStatusFormSchema (docs/SPEC.md §4)", () => {
  it.each(["pending", "processing", "shipped", "delivered", "cancelled"])(
    "accepts %s",
    (status) => {
      expect(orderStatusFormSchema.parse({ orderId: ID, status })).toEqual({ orderId: ID, status });
    },
  );

  it.each(["Shipped", "lost", "", undefined])("refuses %j with 'Invalid status'", (status) => {
    const result = orderStatusFormSchema.safeParse({ orderId: ID, status });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Invalid status"]);
  });

  it("refuses an order id that is not one", () => {
    const result = orderStatusFormSchema.safeParse({ orderId: "1; drop table", status: "shipped" });
    expect(result.error?.issues[0]?.message).toBe("That order could not be found");
  });
});

describe("trackingFormSchema (docs/SPEC.md §5)", () => {
  it("trims the tracking ID", () => {
    expect(trackingFormSchema.parse({ orderId: ID, trackingId: "  DTDC123456789  " })).toEqual({
      orderId: ID,
      trackingId: "DTDC123456789",
    });
  });

  it.each(["", "   ", undefined])("refuses %j with 'Please enter a tracking ID'", (trackingId) => {
    const result = trackingFormSchema.safeParse({ orderId: ID, trackingId });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["Please enter a tracking ID"]);
  });

  it("refuses line breaks and overlong IDs", () => {
    expect(trackingFormSchema.safeParse({ orderId: ID, trackingId: "AB\nC" }).success).toBe(false);
    expect(trackingFormSchema.safeParse({ orderId: ID, trackingId: "A".repeat(101) }).success).toBe(
      false,
    );
  });
});

describe("refundFormSchema (docs/decisions/039)", () => {
  const parse = (amount: string, reason = "Damaged in transit") =>
    refundFormSchema.safeParse({ orderId: ID, amount, reason });
  const messages = (result: ReturnType<typeof parse>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.message);

  it("reads rupees into paise and trims the reason", () => {
    expect(
      refundFormSchema.parse({ orderId: ID, amount: " 1,299.50 ", reason: "  Late  " }),
    ).toEqual({ orderId: ID, amount: 129_950, reason: "Late" });
  });

  it("refuses an empty, zero, negative or over-precise amount", () => {
    expect(messages(parse(""))).toEqual(["Please enter the amount to refund"]);
    for (const amount of ["0", "-5", "12.345", "abc"]) {
      expect(messages(parse(amount))).toEqual([
        "The refund must be an amount above ₹0 with at most 2 decimals",
      ]);
    }
  });

  it("needs a reason of 3 to 200 characters", () => {
    expect(messages(parse("10", " "))).toEqual(["Please give a reason for the refund"]);
    expect(messages(parse("10", "x".repeat(201)))).toEqual(["A reason has at most 200 characters"]);
    expect(parse("10", "x".repeat(200)).success).toBe(true);
  });
});
