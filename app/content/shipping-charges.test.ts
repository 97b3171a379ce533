import { describe, expect, it } from "vitest";
import { faqGroups } from "./faq";
import { shippingChargesText } from "./shipping-charges";

const shop = shippingChargesText("shop");
const courier = shippingChargesText("courier");

function answers(feesFrom: "shop" | "courier") {
  return faqGroups(feesFrom).flatMap((group) =>
    group.items.map((item) => [item.question, item.answer] as const),
  );
}

describe("the shipping charges the policy pages state (docs/decisions/064)", () => {
  it("with the shop's own fees: the flat ₹50 and Express ₹150 in 2-3 days, as they always read", () => {
    expect(shop.shipping).toEqual({
      description:
        "Free shipping across India on orders above ₹999, otherwise a flat ₹50. Standard delivery in 5-7 business days; express delivery in 2-3 days.",
      standardCharge: "₹50",
      expressCharge: "₹150",
      expressTime: "2-3 days",
      standard:
        "Orders of ₹999 or less carry a flat shipping charge of ₹50. The exact shipping charge is always shown in your cart and at checkout before you pay.",
      express:
        "Express shipping costs ₹150 and is available to locations our courier partners serve with express service, mainly larger towns and cities.",
      expressDelivery: "2-3 days after shipping.",
      deliveryDates: null,
    });
    expect(shop.faq).toEqual({
      cost: "Shipping is free on orders above ₹999. Orders of ₹999 or less carry a flat shipping charge of ₹50. The exact amount is shown in your cart and at checkout before you place the order.",
      express:
        "Yes. Express shipping costs ₹150 and delivers in 2-3 days to locations our courier partners serve with express service.",
    });
    expect(shop.terms).toBe(
      "Shipping is free on orders above ₹999; otherwise a flat charge of ₹50 applies. Express shipping costs ₹150 (2-3 days).",
    );
  });

  it("with the courier's rates: free above ₹999, else the courier's rate for the PIN code and weight; Express the courier's, else ₹150", () => {
    const standard =
      "Orders of ₹999 or less are charged the courier's rate for your delivery PIN code and parcel weight.";
    const express =
      "Express delivery is charged at the courier's express rate where the courier offers one for your PIN code; otherwise it costs ₹150 and takes 2-3 days.";
    const atCheckout =
      "The exact charges and delivery dates are shown at checkout before you place the order.";
    expect(courier.shipping).toEqual({
      description:
        "Free shipping across India on orders above ₹999, otherwise the courier's rate for your PIN code and parcel weight. Charges and delivery dates are shown at checkout.",
      standardCharge: "Courier's rate for your PIN code and parcel weight",
      expressCharge: "Courier's express rate, otherwise ₹150",
      expressTime: "Courier's express time, otherwise 2-3 days",
      standard: `${standard} ${atCheckout}`,
      express: `${express} It is available to locations our courier partners serve with express service, mainly larger towns and cities.`,
      expressDelivery:
        "the courier's express time where it offers one for your PIN code, otherwise 2-3 days after shipping.",
      deliveryDates: "Delivery dates for your PIN code are shown at checkout.",
    });
    // The three pages say it in the same sentences.
    expect(courier.faq).toEqual({
      cost: `Shipping is free on orders above ₹999. ${standard} ${atCheckout}`,
      express: `Yes. ${express} ${atCheckout}`,
    });
    expect(courier.terms).toBe(
      `Shipping is free on orders above ₹999. ${standard} ${express} ${atCheckout}`,
    );
  });

  it("with the courier's rates no page promises the flat ₹50, nor a cart that shows the fee", () => {
    const texts = [
      ...Object.values(courier.shipping),
      ...Object.values(courier.faq),
      courier.terms,
    ].join("\n");
    expect(texts).not.toContain("₹50");
    expect(texts).not.toMatch(/flat/i);
    expect(texts).not.toContain("in your cart");
  });
});

describe("the FAQ", () => {
  it("with the shop's own fees answers as it always did: four groups, the shipping answers from the shop's fees", () => {
    const groups = faqGroups("shop");
    expect(groups.map((group) => group.title)).toEqual([
      "Orders & Shipping",
      "Products",
      "Payments",
      "Account & Support",
    ]);
    expect(groups[0]!.items[0]).toEqual({
      question: "How much does shipping cost?",
      answer: shop.faq.cost,
    });
    expect(groups[0]!.items[2]).toEqual({
      question: "Do you offer express shipping?",
      answer: shop.faq.express,
    });
  });

  it("with the courier's rates changes the two answers on charges and nothing else", () => {
    const before = answers("shop");
    const after = answers("courier");
    expect(after.map(([question]) => question)).toEqual(before.map(([question]) => question));
    const changed = after.filter(([, answer], index) => answer !== before[index]![1]);
    expect(changed).toEqual([
      ["How much does shipping cost?", courier.faq.cost],
      ["Do you offer express shipping?", courier.faq.express],
    ]);
  });
});
