import { and, desc, eq, gt, notInArray } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { cashOnDeliveryAvailability } from "../../domain/cash-on-delivery";
import { courierRefusal } from "../../domain/delivery-promise";
import { awaitsCardPayment, CARD_PAYMENT_WINDOW_MS, PAYMENTS_ARRIVED } from "../../domain/orders";
import type { Database, Executor } from "../../lib/db.server";
import { customerColumns, joinCustomer } from "../accounts/customer-columns.server";
import { cashOnDeliveryRules, getSettings } from "../settings/settings.server";
import type { Shipping } from "../shipping/shipping.server";
import { CashOnDeliveryUnavailableError, OrderError, OrderNotFoundError } from "./order-errors";
import { notifyNewOrder } from "./order-notices.server";

/**
 * The customer's latest card order still waiting for its payment (docs/decisions/050): the
 * checkout shows it after the payment was left, and after a reload, instead of an empty cart.
 */
export async function findOrderAwaitingPayment(
  executor: Executor,
  userId: string,
  now = new Date(),
) {
  const [order] = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      total: orders.total,
      createdAt: orders.createdAt,
      address: orders.shippingAddress,
    })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "razorpay"),
        notInArray(orders.paymentStatus, [...PAYMENTS_ARRIVED]),
        eq(orders.status, "pending"),
        gt(orders.createdAt, new Date(now.getTime() - CARD_PAYMENT_WINDOW_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    total: order.total,
    postalCode: order.address.postalCode,
    /** When the order is cancelled unless paid. */
    payBy: new Date(order.createdAt.getTime() + CARD_PAYMENT_WINDOW_MS),
  };
}

/** What deciding on a card order's payment reads of it (awaitsCardPayment's facts and more). */
const cardOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  total: orders.total,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  createdAt: orders.createdAt,
  address: orders.shippingAddress,
};

/**
 * The customer's own card order that can be paid now, with the name to prefill the payment form;
 * another customer's is not found, a paid or expired one refused.
 */
export async function findCardOrderToPay(
  executor: Executor,
  input: { userId: string; orderId: string },
  now = new Date(),
) {
  const cardOrder = executor
    .select({ ...cardOrderColumns, fullName: customerColumns.fullName })
    .from(orders)
    .$dynamic();
  const [order] = await joinCustomer(cardOrder, orders.userId).where(
    and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)),
  );
  if (!order) throw new OrderNotFoundError("Order not found");
  if (order.paymentStatus === "paid") {
    throw new OrderError(`Order ${order.orderNumber} is already paid`);
  }
  if (!awaitsCardPayment(order, now)) {
    throw new OrderError(`Order ${order.orderNumber} can no longer be paid by card`);
  }
  return order;
}

/**
 * The customer's own card order, still waiting for its payment, is to be paid in cash on delivery
 * instead (docs/decisions/050). Decided on the locked order row: a payment completing at the same
 * moment, or the expiry, runs before or after this, never beside it. The cash-on-delivery limits
 * are read in the same transaction, as when an order is placed (docs/decisions/037). The order is
 * now confirmed, so its mails are enqueued with the change. An order already switched (a repeated
 * submit) is answered as done.
 */
export async function switchToCashOnDelivery(
  database: Database,
  input: { shipping: Shipping; userId: string; orderId: string; now?: Date },
): Promise<{ orderNumber: string }> {
  const now = input.now ?? new Date();
  // The courier is asked before the transaction, by the order's PIN code, which never changes.
  const [placed] = await database
    .select({ address: orders.shippingAddress })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
  const pin = placed?.address.postalCode.trim() ?? "";
  const courierWord = placed ? await input.shipping.courierWordFor(pin) : null;
  const switched = await database.transaction(async (tx) => {
    const [order] = await tx
      .select(cardOrderColumns)
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for("update");
    if (!order) throw new OrderNotFoundError("Order not found");
    if (order.paymentStatus === "paid") {
      throw new OrderError(`Order ${order.orderNumber} is already paid`);
    }
    if (order.paymentMethod === "cod" && order.status === "pending") {
      return { orderNumber: order.orderNumber, changed: false };
    }
    if (!awaitsCardPayment(order, now)) {
      throw new OrderError(
        order.status === "cancelled"
          ? `Order ${order.orderNumber} was cancelled`
          : `Order ${order.orderNumber} can no longer be changed to cash on delivery`,
      );
    }
    const rules = cashOnDeliveryRules(await getSettings(tx));
    const availability = cashOnDeliveryAvailability(rules, {
      total: order.total,
      postalCode: order.address.postalCode,
    });
    if (!availability.available) throw new CashOnDeliveryUnavailableError(availability.reason);
    const courierSays = courierWord && courierRefusal(pin, courierWord, "cod");
    if (courierSays) throw new CashOnDeliveryUnavailableError(courierSays.message);
    await tx
      .update(orders)
      .set({
        paymentMethod: "cod",
        paymentProvider: null,
        paymentStatus: "pending",
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await notifyNewOrder(tx, order.id, now);
    return { orderNumber: order.orderNumber, changed: true };
  });
  return { orderNumber: switched.orderNumber };
}
