import { eq, getTableColumns } from "drizzle-orm";
import { products } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Transaction } from "../../lib/db.server";

/**
 * A refusal worth showing the administrator as it is (the destructive 'Error' toast); `field`
 * names the form field it is about, so the form can show it there too.
 */
export class ProductAdminError extends AppError {
  declare readonly field: ProductField | undefined;

  constructor(message: string, field?: ProductField) {
    super(message, { field });
  }
}

/** A field of the product form; a size's fields are named as the form posts them: "sizes[1].sku". */
export type ProductField =
  | "slug"
  | "categoryId"
  | "images"
  | "sku"
  | "stockQuantity"
  | "sizes"
  | "newSize.sku"
  | `sizes[${number}].${string}`;

/** Every column an administrator edits or sees, without the database-kept search text. */
const { searchText: _searchText, ...columns } = getTableColumns(products);
export const productColumns = columns;

/**
 * Locks a product's row for the rest of the transaction, so two administrators' edits of one
 * product apply one after the other.
 */
export async function lockProduct(tx: Transaction, id: string) {
  const [product] = await tx
    .select(productColumns)
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  if (!product) throw new ProductAdminError("This product no longer exists");
  return product;
}
