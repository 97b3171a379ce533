import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { orderItemLots, orderItems, orders } from "../../../db/schema";
import { formatPromisedDay, indiaToday } from "../../domain/delivery-days";
import { invoicedStateRefusal } from "../../domain/invoiced-address";
import { formatRupees } from "../../domain/money";
import { type OrderStatus, paymentArrived } from "../../domain/orders";
import { phoneSearchDigits } from "../../domain/phone-search";
import {
  NOT_LATE_ORDER_STATUSES,
  NOT_LATE_SHIPMENT_STATES,
  SHIPMENT_GROUP_STATES,
} from "../../domain/shipment-groups";
import { ADMIN_ORDERS_PAGE_SIZE, type AdminOrderQuery } from "../../domain/validation/order-admin";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { shownEmailSql } from "../../lib/shown-email.server";
import { customerColumns, joinCustomer } from "../accounts/customer-columns.server";
import { recordAudit } from "../audit/audit.server";
import { hasCreditNotes } from "../gst-documents/credit-notes.server";
import { issueInvoiceAtDispatch } from "../gst-documents/invoices.server";
import { recallHoldReason, recallHoldsOfOrders } from "../inventory/batch-hold.server";
import { isClosedByRefund } from "../payments/refunds.server";
import { shipmentIn } from "../shipping/shipment-states.server";
import { orderLineColumns, orderSummaryColumns, refundSum } from "./order-columns.server";
import { OrderAdminError } from "./order-errors";
import { notifyOrderStep } from "./order-notices.server";

export { OrderAdminError };

/** `text` for LIKE, its wildcards taken literally (PostgreSQL's default escape is "\"). */
export function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/** A phone column's digits only, so "+91 98220 12345" and "9822012345" compare alike. */
const digitsOf = (phone: SQL | typeof customerColumns.phone) =>
  sql`regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g')`;

/**
 * Orders late for the day promised (docs/decisions/072, isLateOrder's rule): the day is before
 * India's `today`, and the order is neither delivered, cancelled nor its parcel returned.
 */
export function lateOrderCondition(today: string): SQL {
  const statuses = NOT_LATE_ORDER_STATUSES.map((status) => sql`${status}`);
  return sql`(${orders.promisedDeliveryOn} < ${today}::date and ${orders.status} not in (${sql.join(statuses, sql`, `)})
    and not ${shipmentIn(orders.id, NOT_LATE_SHIPMENT_STATES)})`;
}

/**
 * ?q= matches, anywhere and ignoring case, the order number, the customer's name or account
 * e-mail, a batch number any of its lines was filled from (docs/decisions/059), and, when it reads as a phone number (phoneSearchDigits), the phone on the order's
 * shipping address or the customer's profile; ?status= exact. Expects orders joined by
 * joinCustomer.
 */
export function adminOrderFilter(
  query: Pick<AdminOrderQuery, "q" | "status" | "shipment">,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.shipment === "late") {
    conditions.push(lateOrderCondition(indiaToday(new Date())));
  } else if (query.shipment) {
    conditions.push(shipmentIn(orders.id, SHIPMENT_GROUP_STATES[query.shipment]));
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    const digits = phoneSearchDigits(query.q);
    const phonePattern = digits ? `%${digits}%` : null;
    conditions.push(
      or(
        ilike(orders.orderNumber, pattern),
        ilike(customerColumns.fullName, pattern),
        ilike(customerColumns.email, pattern),
        sql`exists (select 1 from ${orderItemLots} join ${orderItems} on ${orderItems.id} = ${orderItemLots.orderItemId}
          where ${orderItems.orderId} = ${orders.id} and ${orderItemLots.batchNumber} ilike ${pattern})`,
        phonePattern
          ? sql`${digitsOf(sql`${orders.shippingAddress}->>'phone'`)} like ${phonePattern}`
          : undefined,
        phonePattern ? sql`${digitsOf(customerColumns.phone)} like ${phonePattern}` : undefined,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of docs/SPEC.md §2's orders table, newest first, each row with its customer's name and e-mail:
 * one query for the rows and their count (a second only when the page is past the end).
 */
export async function listAdminOrders(
  executor: Executor,
  query: AdminOrderQuery,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
) {
  const where = adminOrderFilter(query);
  const listed = executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      total: orders.total,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentProvider: orders.paymentProvider,
      status: orders.status,
      customerName: customerColumns.fullName,
      customerEmail: shownEmailSql(customerColumns.email),
      // docs/decisions/049: what has come back of a card payment, and what is on its way.
      refundedAmount: refundSum("processed"),
      refundPendingAmount: refundSum("pending"),
      matching: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .$dynamic();
  const rows = await joinCustomer(listed, orders.userId)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  let totalCount = rows[0]?.matching ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = executor.select({ n: count() }).from(orders).$dynamic();
    const [row] = await joinCustomer(counted, orders.userId).where(where);
    totalCount = row?.n ?? 0;
  }
  const holds = await recallHoldsOfOrders(
    executor,
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map(({ matching: _, ...row }) => ({
      ...row,
      // docs/decisions/067: held on a recalled batch, not shippable ("Needs attention").
      recallHold: holds.get(row.id) ?? null,
    })),
    totalCount,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

/** Everything the detail dialog shows (docs/SPEC.md §2), in two queries; null when there is no order. */
export async function getAdminOrder(executor: Executor, orderId: string) {
  const detail = executor
    .select({
      ...orderSummaryColumns,
      trackingId: orders.trackingId,
      promisedDeliveryOn: orders.promisedDeliveryOn,
      invoiceNumber: orders.invoiceNumber,
      paidAt: orders.paidAt,
      customerName: customerColumns.fullName,
      customerEmail: shownEmailSql(customerColumns.email),
    })
    .from(orders)
    .$dynamic();
  const [order] = await joinCustomer(detail, orders.userId).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await executor
    .select(orderLineColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  const recallHold = (await recallHoldsOfOrders(executor, [orderId])).get(orderId) ?? null;
  return {
    ...order,
    deliveryBy: order.promisedDeliveryOn ? formatPromisedDay(order.promisedDeliveryOn) : null,
    items,
    recallHold,
  };
}

export type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

/** The order row, locked as every change to an order does first; refused when it is gone. */
export async function lockOrder(executor: Executor, orderId: string) {
  const [order] = await executor
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      trackingId: orders.trackingId,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paidAt: orders.paidAt,
      total: orders.total,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new OrderAdminError("This order no longer exists", 404);
  return order;
}

/**
 * Whether a cancelled order may be reopened, by the order's own record: its card payment must
 * have arrived, and its invoice must not have been cancelled by a credit note. A refusal throws.
 * Taking its stock and coupon use again is the reopening workflow's (app/workflows/reopen-order).
 */
export async function refuseReopening(tx: Transaction, order: LockedOrder) {
  if (order.paymentMethod !== "cod" && !paymentArrived(order.paymentStatus)) {
    // Its payment window has closed; it could never be paid, and expiry would cancel it again.
    throw new OrderAdminError(
      `Order ${order.orderNumber} cannot be reopened: its card payment never arrived. Please ask the customer to place a new order.`,
    );
  }
  if (await hasCreditNotes(tx, order.id)) {
    // Its invoice was credited in full; the goods would go out without a valid invoice.
    throw new OrderAdminError(
      `Order ${order.orderNumber} cannot be reopened: its invoice was cancelled by a credit note. Please ask the customer to place a new order.`,
    );
  }
}

/**
 * Moves a locked order to another status that is not "cancelled" (cancelling is a workflow:
 * app/workflows/change-order-status.server.ts). A cancelled order is reopened by the workflow,
 * which takes its stock and coupon use again first (reopen-order); a delivered order's customer is
 * told (docs/decisions/038). Delivering a cash-on-delivery order leaves its cash to be recorded
 * when the courier hands it over ("Record cash received", decision 049). Shipped or delivered,
 * the order has been dispatched, so its tax invoice is issued now if it has none (decision 074).
 */
export async function moveOrderOn(
  tx: Transaction,
  actorId: string | null,
  order: LockedOrder,
  status: Exclude<OrderStatus, "cancelled">,
  now: Date,
) {
  if (status === "shipped" || status === "delivered") {
    const held = await recallHoldReason(tx, order.id);
    if (held) throw new OrderAdminError(`Order ${order.orderNumber} ${held}`);
  }
  await tx
    .update(orders)
    .set({
      status,
      updatedAt: now,
      ...(order.status === "cancelled" ? { cancelledAt: null } : {}),
    })
    .where(eq(orders.id, order.id));
  if (status === "shipped" || status === "delivered") {
    await issueInvoiceAtDispatch(tx, actorId, order.id, now);
  }
  if (status === "delivered") await notifyOrderStep(tx, "order-delivered", order.id, now);
}

/**
 * The explicit "Record cash received" of a cash-on-delivery order: its payment becomes paid, with
 * the time, audited with the administrator, and the customer is sent a receipt. Card payments
 * are recorded by their gateway only.
 */
export async function recordCashReceived(
  database: Database,
  actorId: string,
  orderId: string,
  now = new Date(),
) {
  const recorded = await database.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.paymentMethod !== "cod") {
      throw new OrderAdminError(
        `Order ${order.orderNumber} is paid by card; its payment is recorded by the card gateway`,
      );
    }
    if (order.paymentStatus === "paid") {
      throw new OrderAdminError(`The cash for order ${order.orderNumber} was already recorded`);
    }
    if (order.status === "cancelled") {
      throw new OrderAdminError(
        `Order ${order.orderNumber} is cancelled; reopen it before recording its cash`,
      );
    }
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorId,
      action: "record-cash",
      entity: "order",
      entityId: order.id,
      changes: {
        orderNumber: order.orderNumber,
        before: { paymentStatus: order.paymentStatus },
        after: { paymentStatus: "paid" },
        cashReceived: formatRupees(order.total),
      },
    });
    await notifyOrderStep(tx, "payment-received", order.id, now);
    return { orderNumber: order.orderNumber, paidAt: now };
  });
  return recorded;
}

/**
 * Sets a locked order's tracking ID and marks it shipped, audited, and tells the customer: by hand
 * (addTrackingId) or from a courier's AWB (docs/decisions/060). Refused when the order already has
 * a tracking ID, is cancelled, or was refunded in full. This is its dispatch: its tax invoice is
 * issued in the same transaction, if it has none (decision 074).
 */
export async function shipWithTrackingId(
  tx: Transaction,
  order: LockedOrder,
  trackingId: string,
  actorId: string | null,
  now: Date,
) {
  if (order.trackingId) {
    throw new OrderAdminError(
      `Order ${order.orderNumber} already has the tracking ID ${order.trackingId}`,
    );
  }
  if (order.status === "cancelled") {
    throw new OrderAdminError(`Order ${order.orderNumber} is cancelled and cannot be shipped`);
  }
  if (await isClosedByRefund(tx, order)) {
    throw new OrderAdminError(
      `Order ${order.orderNumber} has been refunded in full and cannot be shipped`,
    );
  }
  const held = await recallHoldReason(tx, order.id);
  if (held) throw new OrderAdminError(`Order ${order.orderNumber} ${held}`);
  await tx
    .update(orders)
    .set({ trackingId, status: "shipped", updatedAt: now })
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
  await issueInvoiceAtDispatch(tx, actorId, order.id, now);
  await notifyOrderStep(tx, "order-shipped", order.id, now);
}

/**
 * docs/SPEC.md §4: adding a tracking ID to an order that has none sets it and marks the order shipped.
 * Once set it is read-only; a cancelled order cannot be shipped, nor one whose card payment has
 * been refunded in full (decision 049). The customer is told, with the tracking ID, through the
 * mail outbox.
 */
export async function addTrackingId(
  database: Database,
  actorId: string,
  orderId: string,
  trackingId: string,
) {
  const shipped = await database.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await shipWithTrackingId(tx, order, trackingId, actorId, new Date());
    return { orderNumber: order.orderNumber, trackingId };
  });
  return shipped;
}

type ShippingAddress = (typeof orders.$inferSelect)["shippingAddress"];

/** The address a locked order goes to (the owner may have changed it since it was placed). */
export async function shippingAddressOf(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({ address: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.address ?? null;
}

/**
 * "Update address" (docs/decisions/074): the owner corrects where an order goes, after the
 * customer says so (a failed delivery attempt, a call), in one transaction that locks the order,
 * audited with the fields that changed. Refused once the order is delivered or cancelled, and
 * for a move to another state once its tax invoice is issued (invoiced-address.ts).
 */
export async function updateShippingAddress(
  database: Database,
  actorId: string,
  orderId: string,
  address: ShippingAddress,
  now = new Date(),
) {
  return database.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === "delivered" || order.status === "cancelled") {
      throw new OrderAdminError(
        `Order ${order.orderNumber} is ${order.status}; its address can no longer be changed`,
      );
    }
    const current = (await shippingAddressOf(tx, orderId))!;
    const stateRefusal = invoicedStateRefusal(order, current.state, address.state);
    if (stateRefusal) throw new OrderAdminError(stateRefusal);
    const fields = Object.keys(address) as (keyof ShippingAddress)[];
    const changed = fields.filter((field) => (current[field] ?? null) !== (address[field] ?? null));
    if (changed.length === 0) return { orderNumber: order.orderNumber, changed: false };
    await tx
      .update(orders)
      .set({ shippingAddress: address, updatedAt: now })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorId,
      action: "update-address",
      entity: "order",
      entityId: order.id,
      changes: {
        orderNumber: order.orderNumber,
        before: Object.fromEntries(changed.map((field) => [field, current[field] ?? null])),
        after: Object.fromEntries(changed.map((field) => [field, address[field] ?? null])),
      },
    });
    return { orderNumber: order.orderNumber, changed: true };
  });
}
