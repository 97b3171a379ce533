import type { ProductCard as ProductCardData } from "~/modules/catalog/listing.server";
import { ProductCard } from "./product-card";

/** docs/SPEC.md §2: 1 column small, 2 at sm, 4 at lg. */
export function ProductGrid({
  products,
  savedIds,
}: {
  products: ProductCardData[];
  savedIds: string[];
}) {
  const saved = new Set(savedIds);
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} saved={saved.has(product.id)} priority={index < 4} />
        </li>
      ))}
    </ul>
  );
}
