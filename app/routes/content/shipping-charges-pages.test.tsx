// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ShippingFeeSource } from "~/domain/courier-fees";
import Faq from "./faq";
import Shipping, { meta as shippingMeta } from "./shipping";
import Terms from "./terms";

afterEach(cleanup);

async function renderPage(Page: ComponentType<never>, shippingFeesFrom: ShippingFeeSource) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Page as ComponentType,
      HydrateFallback: () => null,
      loader: () => ({ shippingFeesFrom }),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findByRole("heading", { level: 1 });
  return document.body;
}

/** The text of the element holding `start`, with its white space as the browser lays it out. */
function textOf(start: string) {
  const element = screen.getByText((_, node) =>
    Boolean(node?.textContent?.startsWith(start) && node.tagName === "P"),
  );
  return element.textContent?.replace(/\s+/g, " ").trim();
}

function descriptionOf(feesFrom: ShippingFeeSource) {
  const tags = shippingMeta({ loaderData: { shippingFeesFrom: feesFrom } } as never);
  return tags.find((tag) => "name" in tag && tag.name === "description");
}

describe("the Shipping page", () => {
  it("with the shop's own fees reads as it always did", async () => {
    await renderPage(Shipping, "shop");
    expect(screen.getByRole("row", { name: /order of ₹999 or less/ }).textContent).toBe(
      "Standard, order of ₹999 or less₹505-7 business days",
    );
    expect(screen.getByRole("row", { name: /^Express/ }).textContent).toBe("Express₹1502-3 days");
    expect(textOf("Free shipping on orders above ₹999.")).toBe(
      "Free shipping on orders above ₹999. Orders of ₹999 or less carry a flat shipping charge of ₹50. The exact shipping charge is always shown in your cart and at checkout before you pay.",
    );
    expect(textOf("Express shipping costs")).toBe(
      "Express shipping costs ₹150 and is available to locations our courier partners serve with express service, mainly larger towns and cities.",
    );
    expect(screen.getByText("Express delivery:").parentElement?.textContent).toBe(
      "Express delivery: 2-3 days after shipping.",
    );
    expect(screen.queryByText(/shown at checkout/)).toBeNull();
    expect(descriptionOf("shop")).toEqual({
      name: "description",
      content:
        "Free shipping across India on orders above ₹999, otherwise a flat ₹50. Standard delivery in 5-7 business days; express delivery in 2-3 days.",
    });
  });

  it("with the courier's rates states them, and that checkout shows the charge and the dates", async () => {
    await renderPage(Shipping, "courier");
    expect(screen.getByRole("row", { name: /order above ₹999/ }).textContent).toBe(
      "Standard, order above ₹999Free5-7 business days",
    );
    expect(screen.getByRole("row", { name: /order of ₹999 or less/ }).textContent).toBe(
      "Standard, order of ₹999 or lessCourier's rate for your PIN code and parcel weight5-7 business days",
    );
    expect(screen.getByRole("row", { name: /^Express/ }).textContent).toBe(
      "ExpressCourier's express rate, otherwise ₹150Courier's express time, otherwise 2-3 days",
    );
    expect(textOf("Free shipping on orders above ₹999.")).toBe(
      "Free shipping on orders above ₹999. Orders of ₹999 or less are charged the courier's rate for your delivery PIN code and parcel weight. The exact charges and delivery dates are shown at checkout before you place the order.",
    );
    expect(textOf("Express delivery is charged")).toBe(
      "Express delivery is charged at the courier's express rate where the courier offers one for your PIN code; otherwise it costs ₹150 and takes 2-3 days. It is available to locations our courier partners serve with express service, mainly larger towns and cities.",
    );
    expect(screen.getByText("Express delivery:").parentElement?.textContent).toBe(
      "Express delivery: the courier's express time where it offers one for your PIN code, otherwise 2-3 days after shipping.",
    );
    expect(
      screen.getByText("Delivery dates for your PIN code are shown at checkout."),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain("₹50");
    expect(descriptionOf("courier")).toEqual({
      name: "description",
      content:
        "Free shipping across India on orders above ₹999, otherwise the courier's rate for your PIN code and parcel weight. Charges and delivery dates are shown at checkout.",
    });
  });
});

describe("the FAQ", () => {
  it.each<[ShippingFeeSource, string, string]>([
    [
      "shop",
      "Shipping is free on orders above ₹999. Orders of ₹999 or less carry a flat shipping charge of ₹50. The exact amount is shown in your cart and at checkout before you place the order.",
      "Yes. Express shipping costs ₹150 and delivers in 2-3 days to locations our courier partners serve with express service.",
    ],
    [
      "courier",
      "Shipping is free on orders above ₹999. Orders of ₹999 or less are charged the courier's rate for your delivery PIN code and parcel weight. The exact charges and delivery dates are shown at checkout before you place the order.",
      "Yes. Express delivery is charged at the courier's express rate where the courier offers one for your PIN code; otherwise it costs ₹150 and takes 2-3 days. The exact charges and delivery dates are shown at checkout before you place the order.",
    ],
  ])("with the %s fees answers on shipping charges with them", async (feesFrom, cost, express) => {
    await renderPage(Faq, feesFrom);
    const answerTo = (question: string) =>
      screen.getByText(question).closest("details")?.querySelector("p")?.textContent;
    expect(answerTo("How much does shipping cost?")).toBe(cost);
    expect(answerTo("Do you offer express shipping?")).toBe(express);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Orders & Shipping",
      "Products",
      "Payments",
      "Account & Support",
      "Still have a question?",
    ]);
  });
});

describe("the Terms", () => {
  it.each<[ShippingFeeSource, string]>([
    [
      "shop",
      "Shipping is free on orders above ₹999; otherwise a flat charge of ₹50 applies. Express shipping costs ₹150 (2-3 days). We process orders within 1-2 business days, and standard delivery takes 5-7 business days. Packages left unclaimed for 7 days are returned and the order is cancelled. See Shipping Information for details.",
    ],
    [
      "courier",
      "Shipping is free on orders above ₹999. Orders of ₹999 or less are charged the courier's rate for your delivery PIN code and parcel weight. Express delivery is charged at the courier's express rate where the courier offers one for your PIN code; otherwise it costs ₹150 and takes 2-3 days. The exact charges and delivery dates are shown at checkout before you place the order. We process orders within 1-2 business days, and standard delivery takes 5-7 business days. Packages left unclaimed for 7 days are returned and the order is cancelled. See Shipping Information for details.",
    ],
  ])("with the %s fees states them in its shipping section", async (feesFrom, section) => {
    await renderPage(Terms, feesFrom);
    const heading = screen.getByRole("heading", { name: "7. Shipping" });
    expect(heading.nextElementSibling?.textContent?.replace(/\s+/g, " ")).toBe(section);
  });
});
