/**
 * A product's place in the shop (docs/decisions/022): published products are sold; drafts are
 * being prepared; archived ones are withdrawn but keep their orders and reviews. Only published
 * products ever reach a shopper.
 */
export const PRODUCT_STATUSES = ["published", "draft", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  published: "Published",
  draft: "Draft",
  archived: "Archived",
};

export function isProductStatus(value: unknown): value is ProductStatus {
  return typeof value === "string" && (PRODUCT_STATUSES as readonly string[]).includes(value);
}

/** What a shopper is told about a saved line whose product is no longer sold. */
export const PRODUCT_UNAVAILABLE = "This product is no longer available";

/**
 * A product's page in the shop, or null while the product is hidden there (that page answers 404
 * to everyone): the back office links a row to the shop only when the shop shows it.
 */
export function storefrontPath(product: { slug: string; status: ProductStatus }) {
  return product.status === "published" ? `/product/${product.slug}` : null;
}
