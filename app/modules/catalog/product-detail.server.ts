import { and, eq, sql } from "drizzle-orm";
import { categories, productImages, products } from "../../../db/schema";
import { defaultSize } from "../../domain/pack-sizes";
import { PAGE_TAGS, productTag } from "../../domain/page-cache-rules";
import { bestBeforeText } from "../../domain/stock-lots";
import { isUuid } from "../../domain/uuid";
import type { Database, Executor } from "../../lib/db.server";
import { pageShows } from "../../lib/page-dependencies.server";
import { storefrontMemo } from "../../lib/storefront-memo.server";
import { nextLotExpirySql } from "../inventory/sellable.server";
import { isPublished } from "./listing.server";
import { picturePathColumn } from "./picture-path.server";
import type { Size } from "./sizes.server";

/** docs/SPEC.md §2: the parameter is tried first as a slug, then as an id. Hidden products are not found. */
export async function findProduct(executor: Executor, slugOrId: string) {
  const columns = {
    id: products.id,
    slug: products.slug,
    name: products.name,
    description: products.description,
    detailedDescription: products.detailedDescription,
    ingredients: products.ingredients,
    benefits: products.benefits,
    dosageInstructions: products.dosageInstructions,
    ayurvedicProperties: products.ayurvedicProperties,
    certifications: products.certifications,
    // What its page declares by law beyond its sizes (docs/decisions/073).
    manufacturerName: products.manufacturerName,
    manufacturerAddress: products.manufacturerAddress,
    countryOfOrigin: products.countryOfOrigin,
    medicalSupervision: products.medicalSupervision,
    // Its sizes on sale in the administrator's order, in the same query (docs/decisions/056),
    // each with the expiry of the lot it would ship next (docs/decisions/059).
    sizes: sql<Size[]>`coalesce((
      select json_agg(json_build_object(
        'id', v.id,
        'sku', v.sku,
        'label', v.label,
        'price', v.price,
        'discountPrice', v.discount_price,
        'stockQuantity', v.stock_quantity,
        'weightGrams', v.weight_grams,
        'netQuantity', v.net_quantity,
        'nextExpiry', ${nextLotExpirySql("v")}
      ) order by v.sort_order, v.id)
      from product_variants v
      where v.product_id = ${products.id} and v.archived_at is null
    ), '[]'::json)`,
    rating: products.rating,
    reviewCount: products.reviewCount,
    categoryName: categories.name,
    categorySlug: categories.slug,
    // The pictures in the same query, primary first, then as the administrator ordered them.
    images: sql<GalleryPicture[]>`coalesce((
      select json_agg(json_build_object(
        'imageId', ${productImages.imageId},
        'path', ${picturePathColumn},
        'alt', ${productImages.alt},
        'isPrimary', ${productImages.isPrimary}
      ) order by ${productImages.isPrimary} desc, ${productImages.sortOrder}, ${productImages.createdAt})
      from ${productImages}
      where ${productImages.productId} = ${products.id}
    ), '[]'::json)`,
  };
  const base = () =>
    executor
      .select(columns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));
  let [product] = await base()
    .where(and(eq(products.slug, slugOrId), isPublished))
    .limit(1);
  if (!product && isUuid(slugOrId))
    [product] = await base()
      .where(and(eq(products.id, slugOrId), isPublished))
      .limit(1);
  if (!product) return null;
  pageShows(productTag(product.id), PAGE_TAGS.categories);
  const { sizes, ...rest } = product;
  const shown = defaultSize(sizes);
  // A product with no size on sale has nothing to sell: as if it were hidden.
  if (!shown) return null;
  return {
    ...rest,
    sizes,
    /** The size the page shows: the default one (the first in stock, else the first). */
    variantId: shown.id,
    sku: shown.sku,
    sizeLabel: shown.label,
    price: shown.price,
    discountPrice: shown.discountPrice,
    stockQuantity: shown.stockQuantity,
    /** "Best before Mar 2027" for the lot that ships next; null when it has no expiry. */
    bestBefore: bestBeforeText(shown.nextExpiry ?? null),
  };
}

/** Product pages kept in memory, by the slug or id they were asked by (docs/decisions/036). */
const productPages = storefrontMemo<ProductDetail | null>(1_000);

/** findProduct for the product page: kept until a write announces a change to the product. */
export function findProductForPage(db: Database, slugOrId: string) {
  return productPages.read(slugOrId, async () => {
    const product = await findProduct(db, slugOrId);
    const tags = product ? [productTag(product.id), PAGE_TAGS.categories] : [];
    return { value: product, tags };
  });
}

/**
 * The product's page for one of its sizes (docs/decisions/056): `?size=<sku>` names it, in any
 * case. Its price, stock and SKU take the place of the default size's; an unknown or archived
 * SKU leaves the default size shown.
 */
export function withChosenSize(product: ProductDetail, sku: string | null): ProductDetail {
  const wanted = sku?.trim().toLowerCase();
  const chosen = wanted ? product.sizes.find((size) => size.sku.toLowerCase() === wanted) : null;
  if (!chosen || chosen.id === product.variantId) return product;
  return {
    ...product,
    variantId: chosen.id,
    sku: chosen.sku,
    sizeLabel: chosen.label,
    price: chosen.price,
    discountPrice: chosen.discountPrice,
    stockQuantity: chosen.stockQuantity,
    bestBefore: bestBeforeText(chosen.nextExpiry ?? null),
  };
}

/**
 * Where "Choose size" without JavaScript leads (docs/decisions/071): the page of the size the
 * Add to Cart form names by id, on the tab that was open; the product's page when the id is not
 * one of its sizes on sale.
 */
export function sizePagePath(
  product: ProductDetail,
  pathname: string,
  variantId: string,
  tab: string | null,
) {
  const params = new URLSearchParams(tab ? { tab } : {});
  const size = product.sizes.find((candidate) => candidate.id === variantId);
  if (size) params.set("size", size.sku);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

type GalleryPicture = { imageId: string; path: string; alt: string; isPrimary: boolean };

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof findProduct>>>;
