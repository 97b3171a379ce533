import { asc, eq } from "drizzle-orm";
import { cartItems, carts, products } from "../../../db/schema";
import type { Executor } from "../../lib/db.server";
import { productCardColumns } from "../catalog/listing.server";

/** The customer's cart lines with current prices and stock (one query). */
export async function listCartLines(executor: Executor, userId: string) {
  const rows = await executor
    .select({
      quantity: cartItems.quantity,
      ...productCardColumns,
      status: products.status,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.createdAt));
  return rows.map((row) => ({
    productId: row.id,
    name: row.name,
    price: row.price,
    discountPrice: row.discountPrice,
    unitPrice: row.discountPrice ?? row.price,
    quantity: row.quantity,
    stockQuantity: row.stockQuantity,
    imageId: row.imageId,
    /** False once the product is a draft or archived: it can no longer be bought. */
    available: row.status === "published",
  }));
}
