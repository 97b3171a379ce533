import { pictureUrl } from "~/domain/picture-urls";
import type { ProductDetail } from "~/modules/catalog/product-detail.server";

/** schema.org Product for search engines (docs/SPEC.md §2: currency INR, availability). */
export function productJsonLd(product: ProductDetail, origin: string) {
  const url = `${origin}/product/${product.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    url,
    image: product.images.map((image) => `${origin}${pictureUrl(image.path, 1024, "webp")}`),
    brand: { "@type": "Brand", name: "Satara Ayurveda" },
    ...(product.categoryName ? { category: product.categoryName } : {}),
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "INR",
      price: ((product.discountPrice ?? product.price) / 100).toFixed(2),
      availability:
        product.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
