import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import {
  orderItemLots,
  orderItems,
  orders,
  products,
  productVariants,
  stockLots,
} from "../../../db/schema";
import { sizedName } from "../../domain/pack-sizes";
import type { Executor } from "../../lib/db.server";
import { shownEmailSql } from "../../lib/shown-email.server";
import { customerColumns, joinCustomer } from "../accounts/customer-columns.server";

/** A batch number compared as the shop stores it unique: ignoring case. */
const sameBatch = (
  column: typeof stockLots.batchNumber | typeof orderItemLots.batchNumber,
  batch: string,
) => sql`lower(${column}) = lower(${batch})`;

/**
 * The lots that carry a batch number (docs/decisions/059): one per size, since a batch number
 * may be used for several sizes of a product, or of different products.
 */
export function lotsOfBatch(executor: Executor, batch: string) {
  return executor
    .select({
      lotId: stockLots.id,
      batchNumber: sql<string>`${stockLots.batchNumber}`,
      productId: products.id,
      productName: products.name,
      variantLabel: productVariants.label,
      sku: productVariants.sku,
      manufacturedOn: stockLots.manufacturedOn,
      expiresOn: stockLots.expiresOn,
      quantityReceived: stockLots.quantityReceived,
      quantityLeft: stockLots.quantityLeft,
      variantId: stockLots.variantId,
      heldAt: stockLots.heldAt,
      holdLiftedAt: stockLots.holdLiftedAt,
    })
    .from(stockLots)
    .innerJoin(productVariants, eq(productVariants.id, stockLots.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sameBatch(stockLots.batchNumber, batch))
    .orderBy(asc(products.name), asc(productVariants.sortOrder), asc(productVariants.id));
}

/**
 * Every order line that received units of a batch, newest order first, with its customer and the
 * quantity of that batch: what a recall has to reach. A cancelled order's units went back to
 * stock, so it is left out.
 */
export async function recipientsOfBatch(executor: Executor, batch: string) {
  const lines = executor
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderedAt: orders.createdAt,
      status: orders.status,
      customerId: orders.userId,
      customerName: customerColumns.fullName,
      // The placeholder address of a mobile-only account is no address (decision 062).
      customerEmail: shownEmailSql(customerColumns.email),
      address: orders.shippingAddress,
      productName: orderItems.productName,
      variantLabel: orderItems.variantLabel,
      sku: orderItems.sku,
      batchNumber: sql<string>`min(${orderItemLots.batchNumber})`,
      quantity: sql<number>`sum(${orderItemLots.quantity})::int`.mapWith(Number),
    })
    .from(orderItemLots)
    .innerJoin(orderItems, eq(orderItems.id, orderItemLots.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .$dynamic();
  const rows = await joinCustomer(lines, orders.userId)
    .where(and(sameBatch(orderItemLots.batchNumber, batch), ne(orders.status, "cancelled")))
    .groupBy(orders.id, customerColumns.id, orderItems.id)
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.productName));
  return rows.map(({ address, customerName, productName, variantLabel, ...row }) => ({
    ...row,
    customerName: customerName?.trim() || address.fullName,
    phone: address.phone,
    city: address.city,
    state: address.state,
    item: sizedName(productName, variantLabel),
    received: RECEIVED_STATUSES.includes(row.status),
  }));
}

/** An order whose parcel has left the shop: its customer received the batch. */
export const RECEIVED_STATUSES: readonly string[] = ["shipped", "delivered"];

export type BatchRecipient = Awaited<ReturnType<typeof recipientsOfBatch>>[number];
