import { sql } from "drizzle-orm";
import { orderItems, orders } from "../../../db/schema";
import type { RefundStatus } from "../../domain/refunds";
import { refundSumSubquery } from "../payments/order-refunds.server";

/**
 * What every view of a whole order reads (the customer's orders, the back office's detail, the
 * invoice): its number, status, payment, totals and shipping address.
 */
export const orderSummaryColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  paymentProvider: orders.paymentProvider,
  subtotal: orders.subtotal,
  discountAmount: orders.discountAmount,
  shippingCost: orders.shippingCost,
  shippingMethod: orders.shippingMethod,
  total: orders.total,
  couponCode: orders.couponCode,
  shippingAddress: orders.shippingAddress,
};

/** An order line as the order views list it. */
export const orderLineColumns = {
  id: orderItems.id,
  productName: orderItems.productName,
  /** The size as sold ('' for a product's only size) and its SKU (docs/decisions/056). */
  variantLabel: orderItems.variantLabel,
  sku: orderItems.sku,
  quantity: orderItems.quantity,
  unitPrice: orderItems.unitPrice,
  totalPrice: orderItems.totalPrice,
};

/**
 * The sum of an order's refunds in this status, as a column of a select from `orders`
 * (docs/decisions/039). Qualified by hand: inside a select from one table Drizzle writes bare
 * column names, and a bare "id" here would be the refund's own.
 */
export function refundSum(status: RefundStatus) {
  return refundSumSubquery(sql`"orders"."id"`, status);
}

/** The order's credit notes (id and number, oldest first) as a JSON column of a select from `orders`. */
export function creditNoteLinks() {
  return sql<
    { id: string; number: string }[]
  >`(select coalesce(json_agg(json_build_object('id', c.id, 'number', c.number) order by c.issued_at, c.number), '[]'::json) from credit_notes c where c.order_id = "orders"."id")`;
}
