import { describe, expect, it } from "vitest";
import {
  awaitsCardPayment,
  CARD_PAYMENT_WINDOW_MS,
  customerMayCancel,
  ORDER_STATUSES,
  orderNumber,
  orderStatusTone,
  paymentMethodLabel,
  statusLabel,
} from "./orders";

describe("paymentMethodLabel", () => {
  it("names the test gateway apart from Razorpay and cash on delivery", () => {
    expect(paymentMethodLabel({ paymentMethod: "razorpay", paymentProvider: "test" })).toBe(
      "Card (test gateway)",
    );
    expect(paymentMethodLabel({ paymentMethod: "razorpay", paymentProvider: "razorpay" })).toBe(
      "Card (Razorpay)",
    );
    expect(paymentMethodLabel({ paymentMethod: "razorpay", paymentProvider: null })).toBe(
      "Card (Razorpay)",
    );
    expect(paymentMethodLabel({ paymentMethod: "cod", paymentProvider: null })).toBe(
      "Cash on Delivery",
    );
  });
});

describe("customerMayCancel (docs/DESIGN.md §6.16)", () => {
  it("allows pending and processing orders only", () => {
    expect(ORDER_STATUSES.filter(customerMayCancel)).toEqual(["pending", "processing"]);
  });
});

describe("awaitsCardPayment", () => {
  const placed = new Date("2026-11-21T10:00:00Z");
  const order = {
    paymentMethod: "razorpay" as const,
    paymentStatus: "pending" as const,
    status: "pending" as const,
    createdAt: placed,
  };
  const at = (ms: number) => new Date(placed.getTime() + ms);

  it("is open for 30 minutes after the order, failed attempts included", () => {
    expect(awaitsCardPayment(order, at(0))).toBe(true);
    expect(awaitsCardPayment({ ...order, paymentStatus: "failed" }, at(60_000))).toBe(true);
    expect(awaitsCardPayment(order, at(CARD_PAYMENT_WINDOW_MS - 1))).toBe(true);
    expect(awaitsCardPayment(order, at(CARD_PAYMENT_WINDOW_MS))).toBe(false);
  });

  it("is closed for paid, refunded, cancelled and cash-on-delivery orders", () => {
    expect(awaitsCardPayment({ ...order, paymentStatus: "paid" }, at(0))).toBe(false);
    expect(awaitsCardPayment({ ...order, paymentStatus: "refunded" }, at(0))).toBe(false);
    expect(awaitsCardPayment({ ...order, status: "cancelled" }, at(0))).toBe(false);
    expect(awaitsCardPayment({ ...order, paymentMethod: "cod" }, at(0))).toBe(false);
  });
});

describe("orderNumber (docs/SPEC.md §9, docs/DESIGN.md §6.9)", () => {
  const now = new Date("2026-11-21T10:00:00.123Z");
  it("is 'ORD-' and the timestamp, with a suffix after a clash", () => {
    expect(orderNumber(now)).toBe(`ORD-${now.getTime()}`);
    expect(orderNumber(now, 2)).toBe(`ORD-${now.getTime()}-2`);
  });
});

describe("order status badges (docs/SPEC.md §4)", () => {
  it("are yellow, blue, purple, green and red, grey for anything else", () => {
    expect(ORDER_STATUSES.map(orderStatusTone)).toEqual([
      "warning",
      "info",
      "purple",
      "success",
      "destructive",
    ]);
    expect(orderStatusTone("returned")).toBe("neutral");
    expect(statusLabel("processing")).toBe("Processing");
  });
});
