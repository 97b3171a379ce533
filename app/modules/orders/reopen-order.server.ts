import { eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import { sizedName } from "../../domain/pack-sizes";
import type { Transaction } from "../../lib/db.server";
import { type StockShortfall, takeStock } from "../inventory/stock.server";
import { recordRedemption, redeemCoupon } from "../promotions/redemptions.server";
import { OrderAdminError } from "./order-errors";

/**
 * Takes back what a cancelled order gave back when it was cancelled (releaseOrder): each item's
 * stock and its coupon use. Call inside a transaction that holds the order row `for update`; a
 * refusal throws, so the transaction writes nothing. The inventory takes the stock in size id
 * order, as placing an order does, each take a conditional update evaluated again after a lock
 * wait, so a concurrent order and a reopen never sell the same last unit twice; it takes it from
 * the lots that may be sold today, first expiry first out, which may differ from those first taken.
 */
export async function reopenOrder(tx: Transaction, orderId: string, orderNumber: string) {
  const lines = await heldLines(tx, orderId);
  const gone = lines.find((line) => line.variantId === null);
  if (gone) throw productGone(orderNumber, gone.name);
  const names = new Map(lines.map((line) => [line.variantId, line.name]));
  const { shortfall } = await takeStock(
    tx,
    lines.map((line) => ({
      variantId: line.variantId!,
      quantity: line.quantity,
      orderItemId: line.id,
    })),
    { forSale: false, replacesAllocation: true },
  );
  if (shortfall) {
    const name = names.get(shortfall.variantId)!;
    if (shortfall.stock === null) throw productGone(orderNumber, name);
    throw new OrderAdminError(
      `Order ${orderNumber} cannot be reopened: ${stockText(name, shortfall)}, and it needs ${shortfall.quantity}. Please restock it or ask the customer to place a new order.`,
    );
  }
  await retakeCoupon(tx, orderId, orderNumber);
}

/**
 * The order's lines (one per pack size), named as the order names them; a size deleted since has
 * a null id. Each is taken again from the lots, first expiry first out, as when it was placed.
 */
async function heldLines(tx: Transaction, orderId: string) {
  const lines = await tx
    .select({
      id: orderItems.id,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      label: orderItems.variantLabel,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.variantId, orderItems.id);
  return lines.map((line) => ({ ...line, name: sizedName(line.productName, line.label) }));
}

function productGone(orderNumber: string, productName: string) {
  return new OrderAdminError(
    `Order ${orderNumber} cannot be reopened: ${productName} is no longer in the catalogue. Please ask the customer to place a new order.`,
  );
}

function stockText(name: string, shortfall: StockShortfall) {
  const left = shortfall.stock ?? 0;
  return left <= 0
    ? `${name} is out of stock`
    : `only ${left} of ${name} ${left === 1 ? "is" : "are"} left in stock`;
}

/** The order's coupon is counted again, within its usage limit; a deleted coupon is not. */
async function retakeCoupon(tx: Transaction, orderId: string, orderNumber: string) {
  const [order] = await tx
    .select({ couponId: orders.couponId, couponCode: orders.couponCode, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.couponId) return;
  if (!(await redeemCoupon(tx, order.couponId))) {
    throw new OrderAdminError(
      `Order ${orderNumber} cannot be reopened: its coupon ${order.couponCode} has been fully redeemed since. Please ask the customer to place a new order.`,
    );
  }
  await recordRedemption(tx, { couponId: order.couponId, userId: order.userId, orderId });
}
