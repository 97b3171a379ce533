import { type AnyColumn, asc, eq, type SQL, sql } from "drizzle-orm";
import { cartItems, carts } from "../../../db/schema";
import { sizedName } from "../../domain/pack-sizes";
import { type Executor, queryRows } from "../../lib/db.server";
import { joinLineSize, lineSizeColumns } from "../catalog/line-sizes.server";

/** The customer's cart lines, one per pack size, with current prices and stock (one query). */
export async function listCartLines(executor: Executor, userId: string) {
  const lines = executor
    .select({ quantity: cartItems.quantity, ...lineSizeColumns })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .$dynamic();
  const rows = await joinLineSize(lines, cartItems.variantId)
    .where(eq(carts.userId, userId))
    .orderBy(asc(cartItems.createdAt));
  return rows.map((row) => ({
    productId: row.productId,
    slug: row.slug,
    /** What the line is called wherever it shows: "Chyawanprash – 1 kg", or the name alone. */
    name: sizedName(row.productName, row.sizeLabel),
    productName: row.productName,
    /** The pack size (docs/decisions/056); its label is '' when it is the product's only one. */
    variantId: row.variantId,
    sku: row.sku,
    sizeLabel: row.sizeLabel,
    price: row.price,
    discountPrice: row.discountPrice,
    unitPrice: row.discountPrice ?? row.price,
    quantity: row.quantity,
    stockQuantity: row.stockQuantity,
    /** The size's weight, for the parcel the courier prices (docs/decisions/064); null if never entered. */
    weightGrams: row.weightGrams,
    imagePath: row.imagePath,
    /** For the order's GST lines; checked again when the stock is taken. */
    hsnCode: row.hsnCode,
    gstRate: row.gstRate,
    /** False once the product is a draft or archived, or the size archived: it can no longer be bought. */
    available: row.status === "published" && !row.archived,
  }));
}

/** countCartUnits as a subquery, for a read that shows it beside other things (the session). */
export function cartUnitsSubquery(userId: SQL | AnyColumn) {
  return sql<number>`(select coalesce(sum(ci.quantity), 0)::int from cart_items ci
    join carts c on c.id = ci.cart_id where c.user_id = ${userId})`;
}

/** The header badge: the sum of the quantities in the customer's cart (docs/SPEC.md §9). */
export async function countCartUnits(executor: Executor, userId: string) {
  const [row] = await queryRows<{ count: number }>(
    executor,
    sql`select coalesce(sum(ci.quantity), 0)::int as count from cart_items ci
        join carts c on c.id = ci.cart_id where c.user_id = ${userId}`,
  );
  return Number(row?.count ?? 0);
}
