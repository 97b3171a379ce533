import { type AnyColumn, and, asc, gt, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { stockLots } from "../../../db/schema";
import { sizedName } from "../../domain/pack-sizes";
import type { Executor } from "../../lib/db.server";

/**
 * How a lot's pack size is named, from the area that owns the sizes (catalog's `sizeNaming`): a
 * lateral row joined on true for the variant id given, and the columns it gives.
 */
export type SizeNaming = (variantId: AnyColumn) => {
  lateral: SQL;
  productId: SQL<string>;
  productName: SQL<string>;
  label: SQL<string>;
};

/** A lot with units left whose expiry needs the owner's eye: the size, its batch and expiry. */
export type ExpiryAlert = {
  lotId: string;
  productId: string;
  name: string;
  batchNumber: string;
  expiresOn: string;
  quantityLeft: number;
};

/**
 * docs/decisions/059: lots with units left that expire from `today` until before `until` (expiring soon)
 * and those already expired (on hand, to write off), earliest first; `tracksBatches` says whether
 * the shop has entered any batch at all, so a shop that has not sees its dashboard as before.
 * Inventory may not import the catalog, so the caller hands in how a size is named.
 */
export async function getExpiryAlerts(
  executor: Executor,
  { today, until, limit = 5 }: { today: string; until: string; limit?: number },
  sizeNaming: SizeNaming,
) {
  const size = sizeNaming(stockLots.variantId);
  const alerts = (window: ReturnType<typeof and>) =>
    executor
      .select({
        lotId: stockLots.id,
        productId: size.productId,
        productName: size.productName,
        label: size.label,
        batchNumber: sql<string>`${stockLots.batchNumber}`,
        expiresOn: sql<string>`${stockLots.expiresOn}`,
        quantityLeft: stockLots.quantityLeft,
      })
      .from(stockLots)
      .innerJoinLateral(size.lateral, sql`true`)
      .where(and(gt(stockLots.quantityLeft, 0), isNotNull(stockLots.expiresOn), window))
      .orderBy(asc(stockLots.expiresOn), asc(size.productName), asc(stockLots.id))
      .limit(limit);
  const [expiringSoon, expired, [batched]] = await Promise.all([
    alerts(and(gte(stockLots.expiresOn, today), lt(stockLots.expiresOn, until))),
    alerts(lt(stockLots.expiresOn, today)),
    executor
      .select({ id: stockLots.id })
      .from(stockLots)
      .where(isNotNull(stockLots.batchNumber))
      .limit(1),
  ]);
  const named = (rows: typeof expiringSoon): ExpiryAlert[] =>
    rows.map(({ productName, label, ...row }) => ({ ...row, name: sizedName(productName, label) }));
  return {
    tracksBatches: Boolean(batched),
    expiringSoon: named(expiringSoon),
    expired: named(expired),
  };
}
