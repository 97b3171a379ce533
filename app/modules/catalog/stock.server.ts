import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { products, productVariants } from "../../../db/schema";
import type { ProductStatus } from "../../domain/product-status";
import type { Transaction } from "../../lib/db.server";

/** A quantity of one pack size (docs/decisions/056): stock is kept per size. */
export type StockLine = { variantId: string; quantity: number };

/** What the size and its product held as the stock was taken: the price and tax an order records. */
export type TakenStock = {
  variantId: string;
  price: number;
  discountPrice: number | null;
  hsnCode: string;
  gstRate: number;
};

/**
 * A line that could not be taken, with what its size holds now (nulls: the size is gone), whether
 * the size is archived and its product's status.
 */
export type StockShortfall = StockLine & {
  stock: number | null;
  archived: boolean;
  status: ProductStatus | null;
};

/**
 * Takes each line's quantity from its size's stock inside the caller's transaction, one
 * conditional update per line: the row lock makes concurrent takes wait, and the
 * `stock_quantity >= quantity` test, evaluated again after the wait, keeps stock from going below
 * zero. Rows are taken in size id order, the order returnStock locks them in, so two transactions
 * holding the same sizes cannot deadlock. Stops at the first line that cannot be taken; the
 * caller then refuses, which rolls the transaction back. `forSale` also refuses a size that is
 * archived or whose product is no longer published.
 *
 * The product's tax codes and status are read after the size is taken, by a statement of its
 * own: it sees what an administrator's edit committed while the take waited for the size (the
 * product form writes the size and the product in one transaction), which a read joined to the
 * update would not.
 */
export async function takeStock(
  tx: Transaction,
  lines: StockLine[],
  options: { forSale: boolean },
): Promise<{ taken: TakenStock[]; shortfall: StockShortfall | null }> {
  const taken: TakenStock[] = [];
  const byId = [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1));
  for (const line of byId) {
    const [row] = await tx
      .update(productVariants)
      .set({
        stockQuantity: sql`${productVariants.stockQuantity} - ${line.quantity}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(productVariants.id, line.variantId),
          options.forSale ? isNull(productVariants.archivedAt) : undefined,
          sql`${productVariants.stockQuantity} >= ${line.quantity}`,
        ),
      )
      .returning({
        variantId: productVariants.id,
        productId: productVariants.productId,
        price: productVariants.price,
        discountPrice: productVariants.discountPrice,
      });
    const [product] = row
      ? await tx
          .select({ hsnCode: products.hsnCode, gstRate: products.gstRate, status: products.status })
          .from(products)
          .where(eq(products.id, row.productId))
      : [];
    if (!row || !product || (options.forSale && product.status !== "published")) {
      return { taken, shortfall: await shortfallOf(tx, line) };
    }
    taken.push({
      variantId: row.variantId,
      price: row.price,
      discountPrice: row.discountPrice,
      hsnCode: product.hsnCode,
      gstRate: product.gstRate,
    });
  }
  return { taken, shortfall: null };
}

/** What a size that could not be taken holds now. */
async function shortfallOf(tx: Transaction, line: StockLine): Promise<StockShortfall> {
  const [current] = await tx
    .select({
      stock: productVariants.stockQuantity,
      archived: sql<boolean>`${productVariants.archivedAt} is not null`,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, line.variantId));
  return {
    ...line,
    stock: current?.stock ?? null,
    archived: current?.archived ?? false,
    status: current?.status ?? null,
  };
}

/**
 * Gives stock back inside the caller's transaction. Size rows are locked in id order, as
 * takeStock takes them, so the two cannot deadlock; a size deleted since has nothing to return.
 * The lock is the one an update of a non-key column takes: `for update` would also wait on a
 * checkout whose order lines already reference the row (their foreign key holds it `key share`)
 * while that checkout waits to take stock from a row locked here.
 */
export async function returnStock(tx: Transaction, lines: StockLine[]) {
  const quantities = new Map<string, number>();
  for (const line of lines) {
    quantities.set(line.variantId, (quantities.get(line.variantId) ?? 0) + line.quantity);
  }
  if (quantities.size === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, [...quantities.keys()]))
    .orderBy(asc(productVariants.id))
    .for("no key update");
  const returned = sql.join(
    [...quantities].map(([variantId, quantity]) => sql`(${variantId}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update product_variants v
    set stock_quantity = v.stock_quantity + r.quantity, updated_at = now()
    from (values ${returned}) as r(variant_id, quantity)
    where v.id = r.variant_id
  `);
}
