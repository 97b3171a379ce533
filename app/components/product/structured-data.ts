import { sizedName } from "~/domain/pack-sizes";
import { pictureUrl } from "~/domain/picture-urls";
import type { ProductDetail } from "~/modules/catalog/product-detail.server";

type Size = ProductDetail["sizes"][number];

function offer(size: Pick<Size, "price" | "discountPrice" | "stockQuantity">, url: string) {
  return {
    "@type": "Offer",
    url,
    priceCurrency: "INR",
    price: ((size.discountPrice ?? size.price) / 100).toFixed(2),
    availability:
      size.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  };
}

/**
 * schema.org Product for search engines (docs/SPEC.md §2: currency INR, availability); a product
 * sold in several pack sizes is a ProductGroup with a Product and Offer per size
 * (docs/decisions/056).
 */
export function productJsonLd(product: ProductDetail, origin: string) {
  const url = `${origin}/product/${product.slug}`;
  const image = product.images.map(
    (picture) => `${origin}${pictureUrl(picture.path, 1024, "webp")}`,
  );
  const brand = { "@type": "Brand", name: "Satara Ayurveda" };
  const category = product.categoryName ? { category: product.categoryName } : {};
  const rating =
    product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.toFixed(1),
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {};
  if (product.sizes.length > 1) {
    return {
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: product.name,
      description: product.description,
      productGroupID: product.slug,
      url,
      image,
      brand,
      ...category,
      variesBy: "https://schema.org/size",
      hasVariant: product.sizes.map((size) => {
        const sizeUrl = `${url}?size=${encodeURIComponent(size.sku)}`;
        return {
          "@type": "Product",
          name: sizedName(product.name, size.label),
          sku: size.sku,
          size: size.label,
          url: sizeUrl,
          offers: offer(size, sizeUrl),
        };
      }),
      ...rating,
    };
  }
  // A product with one size, as it always was.
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    url,
    image,
    brand,
    ...category,
    offers: offer(product, url),
    ...rating,
  };
}
