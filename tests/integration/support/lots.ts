import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { orderItemLots, orderItems, stockLots } from "../../../db/schema";

export type BatchPick = { batchNumber: string; expiresOn: string; quantity: number };

/**
 * Records that an order's line of a size was filled from these batches, as the checkout's
 * first-expiry-first-out allocation records it: the lots exist (made here when missing, with
 * their dates) and the line's allocation rows copy batch and expiry.
 */
export async function recordLinePicks(
  database: Database,
  orderId: string,
  variantId: string,
  picks: readonly BatchPick[],
) {
  const [item] = await database
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, variantId)));
  for (const pick of picks) {
    const [existing] = await database
      .select({ id: stockLots.id })
      .from(stockLots)
      .where(
        and(
          eq(stockLots.variantId, variantId),
          sql`lower(${stockLots.batchNumber}) = lower(${pick.batchNumber})`,
        ),
      );
    const lotId =
      existing?.id ??
      (
        await database
          .insert(stockLots)
          .values({
            variantId,
            batchNumber: pick.batchNumber,
            manufacturedOn: "2026-01-01",
            expiresOn: pick.expiresOn,
            quantityReceived: pick.quantity,
            quantityLeft: 0,
          })
          .returning({ id: stockLots.id })
      )[0]!.id;
    await database.insert(orderItemLots).values({
      orderItemId: item!.id,
      lotId,
      batchNumber: pick.batchNumber,
      expiresOn: pick.expiresOn,
      quantity: pick.quantity,
    });
  }
  return item!.id;
}
