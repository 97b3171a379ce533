import { describe, expect, it } from "vitest";
import {
  cardRefundOnCancel,
  isRefundableByCard,
  isRefundedInFull,
  MAX_REFUND_ATTEMPTS,
  nextRefundAttempt,
  paymentStanding,
  paymentStandingLabel,
  REFUND_RETRY,
  refundableAmount,
  refundTotals,
  showsRefunds,
} from "./refunds";

describe("refundableAmount", () => {
  it("is the payment less every refund that has not failed", () => {
    expect(refundableAmount(65_000, [])).toBe(65_000);
    expect(
      refundableAmount(65_000, [
        { amount: 20_000, status: "processed" },
        { amount: 10_000, status: "pending" },
        { amount: 30_000, status: "failed" },
      ]),
    ).toBe(35_000);
  });

  it("is never below zero, whatever the refunds add up to", () => {
    expect(refundableAmount(1_000, [{ amount: 1_500, status: "processed" }])).toBe(0);
  });

  it("for any refunds that fit, what is left plus what was given back is the payment", () => {
    for (let run = 0; run < 200; run += 1) {
      const paid = 100 + Math.floor(Math.random() * 1_000_000);
      let left = paid;
      const refunds: { amount: number; status: "pending" | "processed" | "failed" }[] = [];
      while (left > 0 && refunds.length < 6) {
        const amount = 1 + Math.floor(Math.random() * left);
        const status = (["pending", "processed", "failed"] as const)[run % 3]!;
        refunds.push({ amount, status });
        if (status !== "failed") left -= amount;
      }
      const { processed, pending } = refundTotals(refunds);
      expect(refundableAmount(paid, refunds) + processed + pending).toBe(paid);
    }
  });
});

describe("refundTotals", () => {
  it("adds processed and pending refunds apart, and leaves failed ones out", () => {
    expect(
      refundTotals([
        { amount: 100, status: "processed" },
        { amount: 200, status: "processed" },
        { amount: 50, status: "pending" },
        { amount: 999, status: "failed" },
      ]),
    ).toEqual({ processed: 300, pending: 50 });
  });
});

describe("nextRefundAttempt", () => {
  const now = new Date("2026-11-24T10:00:00Z");

  it("waits half to all of a minute after the first failure, at most an hour later on", () => {
    expect(nextRefundAttempt(1, now, () => 0)!.getTime() - now.getTime()).toBe(30_000);
    expect(nextRefundAttempt(1, now, () => 1)!.getTime() - now.getTime()).toBe(60_000);
    expect(nextRefundAttempt(20, now, () => 1)!.getTime() - now.getTime()).toBe(REFUND_RETRY.capMs);
  });

  it("gives up after the last attempt", () => {
    expect(nextRefundAttempt(MAX_REFUND_ATTEMPTS - 1, now)).toBeInstanceOf(Date);
    expect(nextRefundAttempt(MAX_REFUND_ATTEMPTS, now)).toBeNull();
  });
});

describe("which orders have refunds", () => {
  const card = (paymentStatus: string) => ({ paymentMethod: "razorpay", paymentStatus });

  it("refunds a card order through the gateway only once it is paid", () => {
    expect(isRefundableByCard(card("paid"))).toBe(true);
    for (const status of ["pending", "failed", "refunded"]) {
      expect(isRefundableByCard(card(status))).toBe(false);
    }
    expect(isRefundableByCard({ paymentMethod: "cod", paymentStatus: "paid" })).toBe(false);
  });

  it("shows a Refunds part for a refundable card order, or one that has refunds", () => {
    expect(showsRefunds(card("paid"), 0)).toBe(true);
    expect(showsRefunds(card("failed"), 1)).toBe(true);
    expect(showsRefunds(card("pending"), 0)).toBe(false);
    expect(showsRefunds({ paymentMethod: "cod", paymentStatus: "paid" }, 0)).toBe(false);
  });
});

describe("an order's payment as shown and exported (docs/decisions/049)", () => {
  const none = { refundedAmount: 0, refundPendingAmount: 0 };
  it("reads Paid, Refunded, Partly refunded with what came back so far, or Refund pending", () => {
    expect(paymentStandingLabel({ paymentStatus: "paid", ...none })).toBe("Paid");
    expect(paymentStandingLabel({ paymentStatus: "pending", ...none })).toBe("Pending");
    expect(
      paymentStandingLabel({
        paymentStatus: "refunded",
        refundedAmount: 65_000,
        refundPendingAmount: 0,
      }),
    ).toBe("Refunded");
    expect(
      paymentStandingLabel({
        paymentStatus: "paid",
        refundedAmount: 20_050,
        refundPendingAmount: 10_000,
      }),
    ).toBe("Partly refunded ₹200.50");
    expect(
      paymentStandingLabel({
        paymentStatus: "paid",
        refundedAmount: 0,
        refundPendingAmount: 65_000,
      }),
    ).toBe("Refund pending");
  });

  it("exports the same in lower case, without the amount (the CSV has a Refunded column)", () => {
    expect(
      paymentStanding({ paymentStatus: "paid", refundedAmount: 1, refundPendingAmount: 0 }),
    ).toBe("partly refunded");
    expect(
      paymentStanding({ paymentStatus: "paid", refundedAmount: 0, refundPendingAmount: 1 }),
    ).toBe("refund pending");
    expect(paymentStanding({ paymentStatus: "refunded", ...none })).toBe("refunded");
    expect(paymentStanding({ paymentStatus: "failed", ...none })).toBe("failed");
  });
});

describe("isRefundedInFull (docs/decisions/049)", () => {
  const card = { paymentMethod: "razorpay", paymentStatus: "paid", total: 65_000 };
  it("is a card payment refunded, or given back in full counting refunds on their way", () => {
    expect(
      isRefundedInFull({
        ...card,
        paymentStatus: "refunded",
        refundedAmount: 0,
        refundPendingAmount: 0,
      }),
    ).toBe(true);
    expect(isRefundedInFull({ ...card, refundedAmount: 30_000, refundPendingAmount: 35_000 })).toBe(
      true,
    );
    expect(isRefundedInFull({ ...card, refundedAmount: 0, refundPendingAmount: 65_000 })).toBe(
      true,
    );
    expect(isRefundedInFull({ ...card, refundedAmount: 30_000, refundPendingAmount: 34_999 })).toBe(
      false,
    );
  });

  it("is never an unpaid order or cash on delivery", () => {
    expect(
      isRefundedInFull({
        ...card,
        paymentStatus: "pending",
        refundedAmount: 0,
        refundPendingAmount: 0,
      }),
    ).toBe(false);
    expect(
      isRefundedInFull({
        ...card,
        paymentMethod: "cod",
        refundedAmount: 0,
        refundPendingAmount: 0,
        total: 0,
      }),
    ).toBe(false);
  });
});

describe("cardRefundOnCancel: what a cancellation's confirmation says the card gets back", () => {
  const none = { refundedAmount: 0, refundPendingAmount: 0 };
  const paidCard = { paymentMethod: "card", paymentStatus: "paid", total: 59_900 };

  it("a paid card order's whole total", () => {
    expect(cardRefundOnCancel({ ...paidCard, ...none })).toBe(59_900);
  });

  it("less what was refunded and what is on its way", () => {
    expect(
      cardRefundOnCancel({ ...paidCard, refundedAmount: 10_000, refundPendingAmount: 5_000 }),
    ).toBe(44_900);
  });

  it("never below nothing", () => {
    expect(
      cardRefundOnCancel({ ...paidCard, refundedAmount: 59_900, refundPendingAmount: 100 }),
    ).toBe(0);
  });

  it("nothing for cash on delivery or a card payment not made", () => {
    expect(cardRefundOnCancel({ ...paidCard, paymentMethod: "cod", ...none })).toBe(0);
    expect(cardRefundOnCancel({ ...paidCard, paymentStatus: "pending", ...none })).toBe(0);
  });
});
