import { and, desc, sql } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { csvRow, rupeesDecimal } from "../../domain/csv";
import { formatIstSortable } from "../../domain/india-time";
import { isTestPayment, paymentArrived, paymentMethodLabel } from "../../domain/orders";
import { paymentStanding } from "../../domain/refunds";
import { shippingMethodLabel } from "../../domain/shipping";
import type { AdminOrderQuery } from "../../domain/validation/order-admin";
import type { Executor } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { shownEmailSql } from "../../lib/shown-email.server";
import { customerColumns, joinCustomer } from "../accounts/customer-columns.server";
import { refundSum } from "./order-columns.server";
import { adminOrderFilter } from "./orders-admin.server";

export const ORDERS_CSV_HEADER = [
  "Order Number",
  "Date",
  "Customer",
  "Email",
  "Status",
  "Payment Method",
  "Payment Status",
  "Test Payment",
  "Paid At",
  "Subtotal",
  "Discount",
  "Shipping Method",
  "Shipping",
  "Total",
  "Refunded",
  "Net",
  "City",
  "State",
] as const;

/** Rows fetched per query while streaming. */
export const EXPORT_BATCH_SIZE = 500;

type Cursor = { createdAt: string; id: string };

async function nextBatch(
  executor: Executor,
  filter: Pick<AdminOrderQuery, "q" | "status" | "shipment">,
  after: Cursor | null,
  size: number,
) {
  // Keyset pagination on (created_at, id), newest first. The cursor's time travels as the
  // database's own text so no microseconds are lost on the way through JavaScript.
  const keyset = after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const page = executor
    .select({
      id: orders.id,
      cursorTime: sql<string>`${orders.createdAt}::text`,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      customerName: customerColumns.fullName,
      customerEmail: shownEmailSql(customerColumns.email),
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentProvider: orders.paymentProvider,
      paidAt: orders.paidAt,
      subtotal: orders.subtotal,
      discountAmount: orders.discountAmount,
      shippingCost: orders.shippingCost,
      shippingMethod: orders.shippingMethod,
      total: orders.total,
      refundedAmount: refundSum("processed"),
      refundPendingAmount: refundSum("pending"),
      address: orders.shippingAddress,
    })
    .from(orders)
    .$dynamic();
  return joinCustomer(page, orders.userId)
    .where(and(adminOrderFilter(filter), keyset))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(size);
}

type ExportRow = Awaited<ReturnType<typeof nextBatch>>[number];

function toCsv(row: ExportRow) {
  return csvRow([
    row.orderNumber,
    formatIstSortable(row.createdAt),
    row.customerName || "Guest",
    row.customerEmail ?? "",
    row.status,
    paymentMethodLabel(row),
    paymentStanding(row),
    isTestPayment(row) ? "TEST" : "",
    paymentArrived(row.paymentStatus) && row.paidAt ? formatIstSortable(row.paidAt) : "",
    rupeesDecimal(row.subtotal),
    rupeesDecimal(row.discountAmount),
    shippingMethodLabel(row.shippingMethod),
    rupeesDecimal(row.shippingCost),
    rupeesDecimal(row.total),
    rupeesDecimal(row.refundedAmount),
    rupeesDecimal(row.total - row.refundedAmount),
    row.address.city,
    row.address.state,
  ]);
}

/**
 * The orders matching the list's filters as CSV (UTF-8 with a byte-order mark, so spreadsheets
 * read rupee signs and Indian names right), streamed in batches: memory stays flat however many
 * orders the shop has. Dates are India time; amounts are rupees with two decimals. "Paid At" is
 * when the payment (card, or cash recorded by the shop) was received. "Test Payment"
 * says TEST for card orders of the built-in test gateway, through which no money moved.
 * "Payment Status" says "refunded", "partly refunded" or "refund pending" for a card payment
 * given back (docs/decisions/049); "Refunded" is what card refunds have given back so far, and
 * "Net" the total less it.
 */
export function ordersCsvStream(
  executor: Executor,
  filter: Pick<AdminOrderQuery, "q" | "status" | "shipment">,
  batchSize = EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvRow(ORDERS_CSV_HEADER)}`));
          return;
        }
        if (done) return;
        const rows = await nextBatch(executor, filter, cursor, batchSize);
        if (rows.length > 0) {
          controller.enqueue(encoder.encode(rows.map(toCsv).join("")));
          const last = rows.at(-1)!;
          cursor = { createdAt: last.cursorTime, id: last.id };
        }
        if (rows.length < batchSize) {
          done = true;
          controller.close();
        }
      } catch (error) {
        logger.error({ err: error }, "orders export failed");
        controller.error(error);
      }
    },
  });
}
