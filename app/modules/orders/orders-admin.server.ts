import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { orderItems, orders, profiles } from "../../../db/schema";
import type { OrderStatus } from "../../domain/orders";
import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrderQuery } from "../../domain/validation/order-admin";
import type { Database, Executor } from "../../lib/db.server";
import { recordAudit } from "../audit/audit.server";
import { releaseOrder } from "./cancel-order.server";

/** A refusal the administrator can act on; shown as the 'Error' toast's description. */
export class OrderAdminError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

/** `text` for LIKE, its wildcards taken literally (PostgreSQL's default escape is "\"). */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** ?q= matches the order number or the customer's name anywhere, ignoring case; ?status= exact. */
export function adminOrderFilter(query: Pick<AdminOrderQuery, "q" | "status">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(orders.orderNumber, pattern), ilike(profiles.fullName, pattern))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of SPEC §2's orders table, newest first, each row with its customer's name and e-mail:
 * one query for the rows and their count (a second only when the page is past the end).
 */
export async function listAdminOrders(
  executor: Executor,
  query: AdminOrderQuery,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
) {
  const where = adminOrderFilter(query);
  const rows = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentProvider: orders.paymentProvider,
      status: orders.status,
      customerName: profiles.fullName,
      customerEmail: profiles.email,
      matching: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  let totalCount = rows[0]?.matching ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [row] = await executor
      .select({ n: count() })
      .from(orders)
      .leftJoin(profiles, eq(profiles.id, orders.userId))
      .where(where);
    totalCount = row?.n ?? 0;
  }
  return {
    orders: rows.map(({ matching: _, ...row }) => row),
    totalCount,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

export type AdminOrderRow = Awaited<ReturnType<typeof listAdminOrders>>["orders"][number];

/** Everything the detail dialog shows (SPEC §2), in two queries; null when there is no order. */
export async function getAdminOrder(executor: Executor, orderId: string) {
  const [order] = await executor
    .select({
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
      trackingId: orders.trackingId,
      invoiceNumber: orders.invoiceNumber,
      shippingAddress: orders.shippingAddress,
      customerName: profiles.fullName,
      customerEmail: profiles.email,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await executor
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      totalPrice: orderItems.totalPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  return { ...order, items };
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

async function lockOrder(executor: Executor, orderId: string) {
  const [order] = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      trackingId: orders.trackingId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new OrderAdminError("This order no longer exists", 404);
  return order;
}

/**
 * SPEC §4: an administrator may move an order to any status. Setting it to cancelled gives back
 * its stock and coupon in the same transaction (releaseOrder). A cancelled order is not reopened:
 * what it held was already given back and may have been sold again, so the customer orders anew.
 * The order row is locked first, so two cancels of one order release it once.
 */
export async function updateOrderStatus(
  database: Database,
  actorId: string,
  orderId: string,
  status: OrderStatus,
) {
  return database.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const result = { orderNumber: order.orderNumber, status, released: false };
    if (order.status === status) return { ...result, changed: false };
    if (order.status === "cancelled") {
      throw new OrderAdminError(
        `Order ${order.orderNumber} is cancelled and cannot be reopened: its stock and coupon were given back. Please ask the customer to place a new order.`,
      );
    }
    if (status === "cancelled") {
      await releaseOrder(tx, order.id);
    } else {
      await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, order.id));
    }
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
      },
    });
    return { ...result, released: status === "cancelled", changed: true };
  });
}

/**
 * SPEC §4: adding a tracking ID to an order that has none sets it and marks the order shipped.
 * Once set it is read-only; a cancelled order cannot be shipped.
 */
export async function addTrackingId(
  database: Database,
  actorId: string,
  orderId: string,
  trackingId: string,
) {
  return database.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.trackingId) {
      throw new OrderAdminError(
        `Order ${order.orderNumber} already has the tracking ID ${order.trackingId}`,
      );
    }
    if (order.status === "cancelled") {
      throw new OrderAdminError(`Order ${order.orderNumber} is cancelled and cannot be shipped`);
    }
    await tx
      .update(orders)
      .set({ trackingId, status: "shipped", updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorId,
      action: "add-tracking",
      entity: "order",
      entityId: order.id,
      changes: {
        orderNumber: order.orderNumber,
        before: { status: order.status, trackingId: null },
        after: { status: "shipped", trackingId },
      },
    });
    return { orderNumber: order.orderNumber, trackingId };
  });
}
