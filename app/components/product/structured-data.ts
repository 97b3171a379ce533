import { RETURN_WINDOW_DAYS } from "~/content/policy";
import type { LegalDetails, PackDeclaration } from "~/domain/legal-metrology";
import { sizedName } from "~/domain/pack-sizes";
import { pictureUrl } from "~/domain/picture-urls";
import type { ProductDetail } from "~/modules/catalog/product-detail.server";

type Size = ProductDetail["sizes"][number];

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** UN/CEFACT codes of what a unit sale price is per: grams, millilitres, one unit. */
const UNIT_CODES = { mass: "GRM", volume: "MLT", count: "C62" } as const;

/** The MRP inclusive of all taxes, and the unit sale price when the pack states its quantity. */
function priceSpecification(pack: PackDeclaration | undefined) {
  if (!pack) return {};
  const measure = pack.unitPriceMeasure;
  return {
    priceSpecification: [
      {
        "@type": "UnitPriceSpecification",
        priceType: "https://schema.org/ListPrice",
        price: rupees(pack.mrp),
        priceCurrency: "INR",
        valueAddedTaxIncluded: true,
      },
      ...(measure
        ? [
            {
              "@type": "UnitPriceSpecification",
              price: rupees(measure.paise),
              priceCurrency: "INR",
              valueAddedTaxIncluded: true,
              referenceQuantity: {
                "@type": "QuantitativeValue",
                value: measure.value,
                unitCode: UNIT_CODES[measure.measure],
                unitText: measure.per,
              },
            },
          ]
        : []),
    ],
  };
}

function offer(
  size: Pick<Size, "id" | "price" | "discountPrice" | "stockQuantity">,
  url: string,
  legal: LegalDetails,
  origin: string,
) {
  const { seller } = legal;
  return {
    "@type": "Offer",
    url,
    priceCurrency: "INR",
    price: rupees(size.discountPrice ?? size.price),
    availability:
      size.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    ...priceSpecification(legal.packs.find((pack) => pack.sizeId === size.id)),
    seller: {
      "@type": "Organization",
      name: seller.name,
      address: seller.address,
      ...(seller.gstin ? { taxID: seller.gstin } : {}),
    },
    hasMerchantReturnPolicy: {
      "@type": "MerchantReturnPolicy",
      applicableCountry: "IN",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_WINDOW_DAYS,
      merchantReturnLink: `${origin}/returns`,
    },
  };
}

/**
 * schema.org Product for search engines (docs/SPEC.md §2: currency INR, availability); a product
 * sold in several pack sizes is a ProductGroup with a Product and Offer per size
 * (docs/decisions/056). Each offer carries what the page declares by law (docs/decisions/073):
 * the MRP, the unit sale price, the seller and its return policy; the product its manufacturer
 * and country of origin. Built by the loader, so none of it is in the page's scripts.
 */
export function productJsonLd(product: ProductDetail, origin: string, legal: LegalDetails) {
  const url = `${origin}/product/${product.slug}`;
  const image = product.images.map(
    (picture) => `${origin}${pictureUrl(picture.path, 1024, "webp")}`,
  );
  const brand = { "@type": "Brand", name: "Satara Ayurveda" };
  const category = product.categoryName ? { category: product.categoryName } : {};
  const made = {
    countryOfOrigin: { "@type": "Country", name: legal.countryOfOrigin },
    manufacturer: {
      "@type": "Organization",
      name: legal.manufacturer.name,
      address: legal.manufacturer.address,
    },
  };
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
      ...made,
      variesBy: "https://schema.org/size",
      hasVariant: product.sizes.map((size) => {
        const sizeUrl = `${url}?size=${encodeURIComponent(size.sku)}`;
        return {
          "@type": "Product",
          name: sizedName(product.name, size.label),
          sku: size.sku,
          size: size.label,
          url: sizeUrl,
          offers: offer(size, sizeUrl, legal, origin),
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
    ...made,
    offers: offer({ ...product, id: product.variantId }, url, legal, origin),
    ...rating,
  };
}
