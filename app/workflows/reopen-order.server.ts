import type { Transaction } from "../lib/db.server";
import { type StockShortfall, takeStock } from "../modules/inventory/stock.server";
import { OrderAdminError } from "../modules/orders/order-errors";
import { type LockedOrder, refuseReopening } from "../modules/orders/orders-admin.server";
import { couponOfOrder, linesToTakeAgain } from "../modules/orders/reopen-order.server";
import { recordRedemption, redeemCoupon } from "../modules/promotions/redemptions.server";

/**
 * Reopening a cancelled order takes back what its cancellation gave back (releaseOrder): each
 * item's stock, from the inventory, and its coupon use, from the promotions. Call inside the
 * transaction that holds the order row `for update`; a refusal throws, so the transaction writes
 * nothing. The inventory takes the stock in size id order, as placing an order does, each take a
 * conditional update evaluated again after a lock wait, so a concurrent order and a reopen never
 * sell the same last unit twice; it takes it from the lots that may be sold today, first expiry
 * first out, which may differ from those first taken.
 */
export async function reopenOrder(tx: Transaction, order: LockedOrder) {
  await refuseReopening(tx, order);
  const { orderNumber } = order;
  const lines = await linesToTakeAgain(tx, order.id);
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
  await retakeCoupon(tx, order.id, orderNumber);
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
  const coupon = await couponOfOrder(tx, orderId);
  if (!coupon) return;
  if (!(await redeemCoupon(tx, coupon.couponId))) {
    throw new OrderAdminError(
      `Order ${orderNumber} cannot be reopened: its coupon ${coupon.couponCode} has been fully redeemed since. Please ask the customer to place a new order.`,
    );
  }
  await recordRedemption(tx, { couponId: coupon.couponId, userId: coupon.userId, orderId });
}
