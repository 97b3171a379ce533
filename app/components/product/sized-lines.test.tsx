// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { OrderCard, type OrderView } from "~/components/account/order-card";
import { CartContents } from "~/components/cart/cart-contents";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import type { CartLineView, CartView } from "~/modules/cart/cart-view.server";

/**
 * docs/decisions/056 and 071: a sized line reads "Product – size" on the shopper's screens, without
 * the SKU (the owner's and the documents'); a one-size line as before.
 */

function cartLine(overrides: Partial<CartLineView>): CartLineView {
  return {
    productId: "5d1c1f1e-7b6a-4c1d-8e1f-0a2b3c4d5e6f",
    slug: "triphala-churna",
    name: "Triphala Churna",
    productName: "Triphala Churna",
    variantId: "6e2d2f2f-8c7b-4d2e-9f2a-1b3c4d5e6f70",
    sku: "triphala-churna",
    sizeLabel: "",
    price: 15000,
    discountPrice: null,
    unitPrice: 15000,
    quantity: 1,
    stockQuantity: 20,
    weightGrams: null,
    imagePath: null,
    hsnCode: "3004",
    gstRate: 5,
    available: true,
    lineTotal: 15000,
    problem: null,
    ...overrides,
  };
}

const cart: CartView = {
  lines: [
    cartLine({}),
    cartLine({
      productId: "7f3e3a3a-9d8c-4e3f-8a3b-2c4d5e6f7a81",
      slug: "arjunarishta",
      name: "Arjunarishta – 200 ml",
      productName: "Arjunarishta",
      variantId: "8a4f4b4b-0e9d-4f4a-9b4c-3d5e6f7a8b92",
      sku: "ARJ-200",
      sizeLabel: "200 ml",
      quantity: 2,
      lineTotal: 30000,
    }),
  ],
  coupon: null,
  totals: { subtotal: 45000, discount: 0, shipping: 0, total: 45000 },
  count: 3,
  freeShippingGap: 0,
  couponDropped: null,
};

const order: OrderView = {
  id: "9b5a5c5c-1f0e-4a5b-8c5d-4e6f7a8b9ca3",
  orderNumber: "ORD-20261127-0001",
  createdAt: new Date("2026-11-27T05:00:00Z"),
  status: "delivered",
  paymentMethod: "cod",
  paymentProvider: null,
  paymentStatus: "paid",
  subtotal: 45000,
  discountAmount: 0,
  shippingCost: 0,
  shippingMethod: "standard",
  total: 45000,
  couponCode: null,
  trackingId: null,
  invoiceNumber: null,
  awaitsPayment: false,
  refundedAmount: 0,
  refundPendingAmount: 0,
  creditNotes: [],
  shippingAddress: {
    fullName: "Asha Patil",
    phone: "9876543210",
    addressLine1: "12 Shivaji Nagar",
    addressLine2: null,
    city: "Satara",
    state: "Maharashtra",
    postalCode: "415001",
  },
  items: [
    {
      id: "a1",
      productName: "Triphala Churna",
      variantLabel: "",
      sku: "triphala-churna",
      quantity: 1,
      unitPrice: 15000,
      totalPrice: 15000,
    },
    {
      id: "a2",
      productName: "Arjunarishta",
      variantLabel: "200 ml",
      sku: "ARJ-200",
      quantity: 2,
      unitPrice: 15000,
      totalPrice: 30000,
    },
  ],
};

type Screen = "cart" | "checkout" | "order";

function ScreenPage() {
  const screenShown = useLoaderData() as Screen;
  if (screenShown === "cart") return <CartContents cart={cart} />;
  if (screenShown === "order") return <OrderCard order={order} />;
  return (
    <CheckoutSummary cart={cart} totals={cart.totals} shippingMethod="standard">
      {null}
    </CheckoutSummary>
  );
}

async function renderInRouter(screenShown: Screen) {
  const Stub = createRoutesStub([{ path: "/", Component: ScreenPage, loader: () => screenShown }]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findAllByText(/Triphala Churna/);
}

afterEach(cleanup);

describe("a line of a pack size (docs/decisions/056)", () => {
  it("reads 'Product – size' in the cart, without its SKU; a one-size line by its name", async () => {
    await renderInRouter("cart");
    const [plain, sized] = within(
      screen.getByRole("list", { name: "Items in your cart" }),
    ).getAllByRole("listitem");
    expect(
      within(sized!).getByRole("link", { name: "Arjunarishta – 200 ml" }).getAttribute("href"),
    ).toBe(`/product/${cart.lines[1]!.productId}?size=ARJ-200`);
    expect(sized!.textContent).not.toContain("SKU");
    expect(within(plain!).getByRole("link", { name: "Triphala Churna" })).toBeTruthy();
    expect(within(plain!).queryByText(/SKU/)).toBeNull();
  });

  it("reads the same in the checkout's order summary", async () => {
    await renderInRouter("checkout");
    const [plain, sized] = within(
      screen.getByRole("list", { name: "Items in your order" }),
    ).getAllByRole("listitem");
    expect(sized!.textContent).toContain("Arjunarishta – 200 ml × 2");
    expect(sized!.textContent).not.toContain("SKU");
    expect(plain!.textContent).toContain("Triphala Churna × 1");
    expect(plain!.textContent).not.toContain("SKU");
  });

  it("reads the size as sold on the customer's order card, without its SKU", async () => {
    await renderInRouter("order");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelector("td")?.textContent)).toEqual([
      "Triphala Churna",
      "Arjunarishta – 200 ml",
    ]);
  });
});
