import { sql } from "drizzle-orm";
import { products, productVariants } from "../../../db/schema";
import type { SizeNaming } from "../inventory/expiry-alerts.server";

/**
 * A pack size's product and label as a lateral row, for a read of another area that names the
 * size of its rows in its one statement (inventory's expiry alerts).
 */
export const sizeNaming: SizeNaming = (variantId) => ({
  lateral: sql`(select ${products.id} as product_id, ${products.name} as product_name,
      ${productVariants.label} as label
    from ${productVariants} join ${products} on ${products.id} = ${productVariants.productId}
    where ${productVariants.id} = ${variantId}) as size_named`,
  productId: sql<string>`size_named.product_id`,
  productName: sql<string>`size_named.product_name`,
  label: sql<string>`size_named.label`,
});
