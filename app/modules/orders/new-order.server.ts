import { and, eq } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import type { ShippingAddressSnapshot } from "../../../db/schema/commerce";
import { orderNumber } from "../../domain/orders";
import type { AddressInput } from "../../domain/validation/address";
import type { Executor, Transaction } from "../../lib/db.server";

/** What placing an order answers: the order, its number, its total and how it is paid. */
const placedColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
};

/** The order an earlier submit of the same checkout placed (its idempotency key), if any. */
export async function orderPlacedWith(tx: Executor, userId: string, idempotencyKey: string) {
  const [earlier] = await tx
    .select(placedColumns)
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return earlier;
}

export type NewOrder = Omit<typeof orders.$inferInsert, "orderNumber">;

/** One line of a new order: a pack size at the price and tax codes the cart read. */
export type NewOrderLine = Pick<
  typeof orderItems.$inferInsert,
  | "productId"
  | "variantId"
  | "productName"
  | "variantLabel"
  | "sku"
  | "hsnCode"
  | "gstRate"
  | "quantity"
  | "unitPrice"
>;

/**
 * Writes the order and its lines in the caller's transaction; answers the order and each line's
 * id by its size, which the stock taken for it is recorded against.
 */
export async function writeOrder(
  tx: Transaction,
  values: NewOrder,
  lines: NewOrderLine[],
  now: Date,
) {
  const order = await insertOrder(tx, values, now);
  const items = await tx
    .insert(orderItems)
    .values(
      lines.map((line) => ({
        ...line,
        orderId: order.id,
        totalPrice: line.unitPrice * line.quantity,
      })),
    )
    .returning({ id: orderItems.id, variantId: orderItems.variantId });
  return { order, itemOf: new Map(items.map((item) => [item.variantId, item.id])) };
}

/**
 * Only the address itself: the checkout's parsed form also carries the payment method, the
 * idempotency key and the save-address choice, which are not part of where the order goes.
 */
export function addressSnapshot(address: AddressInput): ShippingAddressSnapshot {
  return {
    fullName: address.fullName,
    phone: address.phone,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
  };
}

/** docs/DESIGN.md §6.9: 'ORD-' + timestamp; a clash (two orders in one millisecond) takes a suffix. */
async function insertOrder(tx: Transaction, values: NewOrder, now: Date) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [order] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: orderNumber(now, attempt) })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning(placedColumns);
    if (order) return order;
  }
  throw new Error("could not find a free order number");
}
