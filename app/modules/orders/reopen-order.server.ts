import { and, eq, sql } from "drizzle-orm";
import { couponRedemptions, coupons, orders } from "../../../db/schema";
import { queryRows, type Transaction } from "../../lib/db.server";
import { OrderAdminError } from "./order-errors";

type HeldLine = {
  product_id: string | null;
  product_name: string;
  quantity: number;
  stock: number | null;
};

/**
 * Takes back what a cancelled order gave back when it was cancelled (releaseOrder): each item's
 * stock and its coupon use. Call inside a transaction that holds the order row `for update`; a
 * refusal throws, so the transaction writes nothing. Product rows are locked in id order, as
 * placing an order does, and each take is a conditional update evaluated again after a lock wait,
 * so a concurrent order and a reopen never sell the same last unit twice.
 */
export async function reopenOrder(tx: Transaction, orderId: string, orderNumber: string) {
  const lines = await lockLines(tx, orderId);
  const gone = lines.find((line) => line.product_id === null || line.stock === null);
  if (gone) {
    throw new OrderAdminError(
      `Order ${orderNumber} cannot be reopened: ${gone.product_name} is no longer in the catalogue. Please ask the customer to place a new order.`,
    );
  }
  for (const line of lines) {
    const taken = await queryRows(
      tx,
      sql`
      update products set stock_quantity = stock_quantity - ${line.quantity}, updated_at = now()
      where id = ${line.product_id} and stock_quantity >= ${line.quantity}
      returning id
    `,
    );
    if (taken.length === 0) {
      throw new OrderAdminError(
        `Order ${orderNumber} cannot be reopened: ${stockText(line)}, and it needs ${line.quantity}. Please restock it or ask the customer to place a new order.`,
      );
    }
  }
  await retakeCoupon(tx, orderId, orderNumber);
}

async function lockLines(tx: Transaction, orderId: string): Promise<HeldLine[]> {
  await tx.execute(sql`
    select p.id from products p
    join order_items oi on oi.product_id = p.id
    where oi.order_id = ${orderId}
    order by p.id
    for update of p
  `);
  return queryRows<HeldLine>(
    tx,
    sql`
    select oi.product_id, min(oi.product_name) as product_name, sum(oi.quantity)::int as quantity,
      min(p.stock_quantity) as stock
    from order_items oi left join products p on p.id = oi.product_id
    where oi.order_id = ${orderId}
    group by oi.product_id
    order by oi.product_id
  `,
  );
}

function stockText(line: HeldLine) {
  // The stock read under the lock is what the refused update saw.
  const left = line.stock ?? 0;
  return left <= 0
    ? `${line.product_name} is out of stock`
    : `only ${left} of ${line.product_name} ${left === 1 ? "is" : "are"} left in stock`;
}

/** The order's coupon is counted again, within its usage limit; a deleted coupon is not. */
async function retakeCoupon(tx: Transaction, orderId: string, orderNumber: string) {
  const [order] = await tx
    .select({ couponId: orders.couponId, couponCode: orders.couponCode, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.couponId) return;
  const [counted] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, order.couponId),
        sql`(${coupons.usageLimit} is null or ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (!counted) {
    throw new OrderAdminError(
      `Order ${orderNumber} cannot be reopened: its coupon ${order.couponCode} has been fully redeemed since. Please ask the customer to place a new order.`,
    );
  }
  await tx
    .insert(couponRedemptions)
    .values({ couponId: order.couponId, userId: order.userId, orderId })
    .onConflictDoNothing({ target: couponRedemptions.orderId });
}
