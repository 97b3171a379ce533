import { formatRupees } from "../domain/money";
import type { OrderStatus } from "../domain/orders";
import { isRefundableByCard } from "../domain/refunds";
import type { Database, Transaction } from "../lib/db.server";
import { recordAudit } from "../modules/audit/audit.server";
import { lockOrder, moveOrderOn, OrderAdminError } from "../modules/orders/orders-admin.server";
import { isClosedByRefund } from "../modules/payments/refunds.server";
import { cancelOrder } from "./cancel-order.server";
import { reopenOrder } from "./reopen-order.server";

/**
 * docs/SPEC.md §4: an administrator may move an order to any status from any other, in one
 * transaction that locks the order row first (so two cancels of one order release it once).
 * - Cancelling is the cancellation workflow: stock and coupon back, a paid card order refunded
 *   through the gateway (decision 039); paid cash is owed back and shown as due (decision 019).
 * - Reopening a cancelled order is the reopening workflow: the order's own refusals, then its
 *   stock and coupon use taken again. Any other move is the orders area's (moveOrderOn).
 * - An order whose card payment is refunded in full, or on its way back in full, keeps its status
 *   (decision 049).
 */
export async function updateOrderStatus(
  database: Database,
  actorId: string,
  orderId: string,
  status: OrderStatus,
  now = new Date(),
) {
  return database.transaction((tx) => changeOrderStatus(tx, actorId, orderId, status, now));
}

/**
 * updateOrderStatus inside the caller's transaction; `actorId` null when the shop itself moves the
 * order (a courier's scan: delivered, returned to the shop).
 */
export async function changeOrderStatus(
  tx: Transaction,
  actorId: string | null,
  orderId: string,
  status: OrderStatus,
  now = new Date(),
) {
  const order = await lockOrder(tx, orderId);
  const result = { orderNumber: order.orderNumber, status, released: false };
  if (order.status === status) return { ...result, changed: false };
  if (await isClosedByRefund(tx, order)) {
    throw new OrderAdminError(
      order.status === "cancelled"
        ? `Order ${order.orderNumber} cannot be reopened: its card payment has been refunded. Please ask the customer to place a new order.`
        : `Order ${order.orderNumber} has been refunded in full, so its status can no longer be changed`,
    );
  }
  if (status === "cancelled") {
    await cancelOrder(tx, order.id, { actorId: actorId ?? undefined }, now);
  } else {
    if (order.status === "cancelled") await reopenOrder(tx, order);
    await moveOrderOn(tx, actorId, order, status, now);
  }
  const refundDue =
    status === "cancelled" && order.paymentStatus === "paid" && order.paymentMethod === "cod";
  const refunded = status === "cancelled" && isRefundableByCard(order);
  await recordAudit(tx, {
    actorId,
    action: "update-status",
    entity: "order",
    entityId: order.id,
    changes: {
      orderNumber: order.orderNumber,
      before: { status: order.status },
      after: { status },
      ...(status === "cancelled" ? { released: "stock and coupon" } : {}),
      ...(order.status === "cancelled" ? { taken: "stock and coupon" } : {}),
      ...(refundDue ? { refundDue: formatRupees(order.total) } : {}),
      ...(refunded ? { refundStarted: "what is left of the card payment" } : {}),
    },
  });
  return { ...result, released: status === "cancelled", changed: true };
}
