// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductCard as ProductCardData } from "~/modules/catalog/listing.server";
import { ProductCard } from "./product-card";

const oneSize: ProductCardData = {
  id: "5d1c1f1e-7b6a-4c1d-8e1f-0a2b3c4d5e6f",
  slug: "triphala-churna",
  name: "Triphala Churna",
  description: "A classic blend of three fruits.",
  variantId: "6e2d2f2f-8c7b-4d2e-9f2a-1b3c4d5e6f70",
  sku: "triphala-churna",
  sizeLabel: "",
  price: 24_900,
  discountPrice: 19_900,
  pricesDiffer: false,
  rating: 4.5,
  reviewCount: 12,
  stockQuantity: 40,
  isFeatured: true,
  imagePath: null,
};

function CardPage() {
  const product = useLoaderData() as ProductCardData;
  return <ProductCard product={product} saved={false} />;
}

async function renderCard(product: ProductCardData) {
  const Stub = createRoutesStub([{ path: "/", Component: CardPage, loader: () => product }]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findByRole("article");
}

afterEach(cleanup);

describe("a product card's price (docs/decisions/056, 071)", () => {
  it("shows a product with one size as before: the price to pay and the original", async () => {
    await renderCard(oneSize);
    expect(screen.getByText("₹199")).toBeTruthy();
    expect(screen.queryByText(/from/)).toBeNull();
  });

  it("reads 'from' before the lowest price when the sizes' prices differ, and leaves the size to the shop", async () => {
    await renderCard({ ...oneSize, pricesDiffer: true, sizeLabel: "100 g" });
    expect(screen.getByText("from ₹199")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Add to Cart, Triphala Churna" });
    const form = new FormData(button.closest("form")!);
    // docs/decisions/071: the server adds the default size and names it.
    expect([form.get("productId"), form.get("variantId")]).toEqual([oneSize.id, null]);
  });
});
