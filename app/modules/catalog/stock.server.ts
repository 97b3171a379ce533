import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { products } from "../../../db/schema";
import type { ProductStatus } from "../../domain/product-status";
import type { Transaction } from "../../lib/db.server";

export type StockLine = { productId: string; quantity: number };

/** What the product row held as its stock was taken: the price and tax an order records. */
export type TakenStock = {
  productId: string;
  price: number;
  discountPrice: number | null;
  hsnCode: string;
  gstRate: number;
};

/** A line that could not be taken, with what its product holds now (nulls: the product is gone). */
export type StockShortfall = StockLine & { stock: number | null; status: ProductStatus | null };

/**
 * Takes each line's quantity from its product's stock inside the caller's transaction, one
 * conditional update per line: the row lock makes concurrent takes wait, and the
 * `stock_quantity >= quantity` test, evaluated again after the wait, keeps stock from going below
 * zero. Rows are taken in product id order, the order returnStock locks them in, so two
 * transactions holding the same products cannot deadlock. Stops at the first line that cannot be
 * taken; the caller then refuses, which rolls the transaction back. `publishedOnly` also refuses
 * a product that is no longer on sale.
 */
export async function takeStock(
  tx: Transaction,
  lines: StockLine[],
  options: { publishedOnly: boolean },
): Promise<{ taken: TakenStock[]; shortfall: StockShortfall | null }> {
  const taken: TakenStock[] = [];
  const byId = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of byId) {
    const [row] = await tx
      .update(products)
      .set({
        stockQuantity: sql`${products.stockQuantity} - ${line.quantity}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(products.id, line.productId),
          options.publishedOnly ? eq(products.status, "published") : undefined,
          sql`${products.stockQuantity} >= ${line.quantity}`,
        ),
      )
      .returning({
        productId: products.id,
        price: products.price,
        discountPrice: products.discountPrice,
        hsnCode: products.hsnCode,
        gstRate: products.gstRate,
      });
    if (!row) {
      const [current] = await tx
        .select({ stock: products.stockQuantity, status: products.status })
        .from(products)
        .where(eq(products.id, line.productId));
      return {
        taken,
        shortfall: { ...line, stock: current?.stock ?? null, status: current?.status ?? null },
      };
    }
    taken.push(row);
  }
  return { taken, shortfall: null };
}

/**
 * Gives stock back inside the caller's transaction. Product rows are locked in id order, as
 * takeStock takes them, so the two cannot deadlock; a product deleted since has nothing to return.
 * The lock is the one an update of a non-key column takes: `for update` would also wait on a
 * checkout whose order lines already reference the row (their foreign key holds it `key share`)
 * while that checkout waits to take stock from a row locked here.
 */
export async function returnStock(tx: Transaction, lines: StockLine[]) {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  if (quantities.size === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...quantities.keys()]))
    .orderBy(asc(products.id))
    .for("no key update");
  const returned = sql.join(
    [...quantities].map(([productId, quantity]) => sql`(${productId}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update products p
    set stock_quantity = p.stock_quantity + r.quantity, updated_at = now()
    from (values ${returned}) as r(product_id, quantity)
    where p.id = r.product_id
  `);
}
