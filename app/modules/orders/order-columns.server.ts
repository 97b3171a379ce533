import { orderItems, orders } from "../../../db/schema";

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
  quantity: orderItems.quantity,
  unitPrice: orderItems.unitPrice,
  totalPrice: orderItems.totalPrice,
};
