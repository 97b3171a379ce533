import { and, asc, eq } from "drizzle-orm";
import { categories, productImages, products } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import { isPublished } from "./listing.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC §2: the parameter is tried first as a slug, then as an id. Hidden products are not found. */
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
    price: products.price,
    discountPrice: products.discountPrice,
    stockQuantity: products.stockQuantity,
    rating: products.rating,
    reviewCount: products.reviewCount,
    categoryName: categories.name,
    categorySlug: categories.slug,
  };
  const base = () =>
    executor
      .select(columns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));
  let [product] = await base()
    .where(and(eq(products.slug, slugOrId), isPublished))
    .limit(1);
  if (!product && UUID.test(slugOrId))
    [product] = await base()
      .where(and(eq(products.id, slugOrId), isPublished))
      .limit(1);
  if (!product) return null;
  const images = await executor
    .select({
      imageId: productImages.imageId,
      alt: productImages.alt,
      isPrimary: productImages.isPrimary,
    })
    .from(productImages)
    .where(eq(productImages.productId, product.id))
    .orderBy(asc(productImages.sortOrder), asc(productImages.createdAt));
  images.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return { ...product, images };
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof findProduct>>>;
