import { and, asc, eq, sql } from "drizzle-orm";
import { invoiceCounters, orderItems, orders, profiles } from "../../../db/schema";
import { findGstState, stateWithCode } from "../../domain/gst-states";
import { financialYearOf } from "../../domain/india-time";
import {
  amountInWords,
  computeInvoiceTax,
  type InvoiceItemInput,
  invoiceNumber,
} from "../../domain/invoice";
import { documentLineName } from "../../domain/pack-sizes";
import { AppError } from "../../lib/app-error";
import type { Database, Executor, Transaction } from "../../lib/db.server";
import { shownEmailSql } from "../../lib/shown-email.server";
import { recordAudit } from "../audit/audit.server";
import { getSettings } from "../settings/settings.server";
import { batchesOfOrder } from "./line-batches.server";

/** An invoice that cannot be issued yet, or ever; shown as the 'Error' toast's description. */
export class InvoiceError extends AppError {
  constructor(message: string, status = 409) {
    super(message, { status });
  }
}

type OrderToInvoice = {
  id: string;
  orderNumber: string;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  trackingId: string | null;
  invoiceNumber: string | null;
};

/** Why the order has no invoice to issue: cancelled, refunded in full, its card payment awaited. */
function invoiceRefusal(order: OrderToInvoice): string | null {
  if (order.status === "cancelled") {
    return `Order ${order.orderNumber} is cancelled, so it has no invoice`;
  }
  if (order.paymentStatus === "refunded") {
    return `Order ${order.orderNumber} has been refunded in full, so it has no invoice`;
  }
  if (order.paymentMethod !== "cod" && order.paymentStatus !== "paid") {
    return `Order ${order.orderNumber} is waiting for its card payment; its invoice can be printed once it is paid`;
  }
  return null;
}

/** The order row, locked `for update`, so concurrent issues of one order make one number. */
async function lockOrderToInvoice(tx: Transaction, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      trackingId: orders.trackingId,
      invoiceNumber: orders.invoiceNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order ?? null;
}

/**
 * Numbers the invoice: the next number of the Indian financial year of `now` (India time), from
 * invoice_counters, in the caller's transaction, which holds the order row. The counter row is
 * updated in place (insert ... on conflict do update), so concurrent issues for different orders
 * get consecutive numbers without gaps or repeats: each waits on the row until the one before
 * commits.
 */
async function numberInvoice(
  tx: Transaction,
  actorId: string | null,
  order: OrderToInvoice,
  now: Date,
  when: "print" | "dispatch",
) {
  const financialYear = financialYearOf(now);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const number = invoiceNumber(financialYear, counter!.lastNumber);
  await tx
    .update(orders)
    .set({ invoiceNumber: number, invoicedAt: now, updatedAt: now })
    .where(eq(orders.id, order.id));
  await recordAudit(tx, {
    actorId,
    action: "issue-invoice",
    entity: "order",
    entityId: order.id,
    changes: {
      orderNumber: order.orderNumber,
      invoiceNumber: number,
      financialYear,
      ...(when === "dispatch" ? { issued: "at dispatch" } : {}),
    },
  });
  return number;
}

/**
 * Gives the order its GST invoice number on its first print, if it was not issued at dispatch
 * already (issueInvoiceAtDispatch), once; a reprint keeps the number.
 */
export async function issueInvoice(
  database: Database,
  actorId: string,
  orderId: string,
  now = new Date(),
): Promise<{ invoiceNumber: string; issued: boolean }> {
  return database.transaction(async (tx) => {
    const order = await lockOrderToInvoice(tx, orderId);
    if (!order) throw new InvoiceError("This order no longer exists", 404);
    if (order.invoiceNumber) return { invoiceNumber: order.invoiceNumber, issued: false };
    const refusal = invoiceRefusal(order);
    if (refusal) throw new InvoiceError(refusal);
    return { invoiceNumber: await numberInvoice(tx, actorId, order, now, "print"), issued: true };
  });
}

/**
 * GST rule 46/47 (docs/decisions/074): the tax invoice is issued when the goods leave, at the
 * latest. Called in the transaction that dispatches the order (a courier's booking, a tracking ID,
 * the status shipped or delivered), after it has moved, and before a refund or cancellation of a
 * dispatched order that somehow has none (one dispatched before this rule), so its credit note has
 * an invoice to credit. Nothing for an order not dispatched, one already invoiced, or one that
 * cannot have an invoice (cancelled, refunded, its card payment awaited). Returns the new number.
 */
export async function issueInvoiceAtDispatch(
  tx: Transaction,
  actorId: string | null,
  orderId: string,
  now = new Date(),
): Promise<string | null> {
  const order = await lockOrderToInvoice(tx, orderId);
  if (!order || order.invoiceNumber || invoiceRefusal(order)) return null;
  const dispatched =
    order.status === "shipped" || order.status === "delivered" || Boolean(order.trackingId);
  if (!dispatched) return null;
  return numberInvoice(tx, actorId, order, now, "dispatch");
}

type InvoicedOrder = {
  orderNumber: string;
  discountAmount: number;
  shippingCost: number;
  shippingMethod: string;
  total: number;
  shippingAddress: { state: string };
};

/** The columns of an order line the invoice is computed from, in the invoice's order. */
export const invoiceItemColumns = {
  productName: orderItems.productName,
  variantLabel: orderItems.variantLabel,
  sku: orderItems.sku,
  hsnCode: orderItems.hsnCode,
  gstRate: orderItems.gstRate,
  quantity: orderItems.quantity,
  unitPrice: orderItems.unitPrice,
  totalPrice: orderItems.totalPrice,
};

type InvoiceItemRow = Omit<InvoiceItemInput, "gstRate" | "description"> & {
  gstRate: string | number;
  productName: string;
  variantLabel: string;
  sku: string | null;
};

/**
 * An order's invoice lines and totals (app/domain/invoice.ts), its items in the invoice's order
 * (product name, then id). Throws when they do not add up to the order's total: an invoice must
 * never disagree with the order.
 */
export function orderInvoiceTax(
  order: InvoicedOrder,
  items: readonly InvoiceItemRow[],
  supplierState: string,
) {
  const tax = computeInvoiceTax({
    items: items.map(({ productName, variantLabel, sku, ...item }) => ({
      ...item,
      description: documentLineName({ productName, variantLabel, sku }),
      gstRate: Number(item.gstRate),
    })),
    discount: order.discountAmount,
    shipping: order.shippingCost,
    shippingMethod: order.shippingMethod,
    supplierState,
    placeOfSupply: order.shippingAddress.state,
  });
  if (tax.totals.total !== order.total) {
    throw new Error(`Order ${order.orderNumber}: its lines do not add up to its total`);
  }
  return tax;
}

/**
 * What the printable tax invoice shows: the supplier from settings, the customer and shipping
 * address, the place of supply, and every line with its HSN code, taxable value and GST (see
 * app/domain/invoice.ts). `invoice` is null until the number is issued. Null when no order, or
 * when `customerId` is given and the order is not that customer's.
 */
export async function loadInvoice(executor: Executor, orderId: string, customerId?: string) {
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
      shippingAddress: orders.shippingAddress,
      invoiceNumber: orders.invoiceNumber,
      invoicedAt: orders.invoicedAt,
      paidAt: orders.paidAt,
      customerName: profiles.fullName,
      customerEmail: shownEmailSql(profiles.email),
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .where(and(eq(orders.id, orderId), customerId ? eq(orders.userId, customerId) : undefined));
  if (!order) return null;
  const { invoiceNumber: number, invoicedAt, ...rest } = order;
  if (!number || !invoicedAt) return { order: rest, invoice: null };

  const [items, supplier, batches] = await Promise.all([
    executor
      .select({ ...invoiceItemColumns, id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.productName), asc(orderItems.id)),
    getSettings(executor),
    batchesOfOrder(executor, orderId),
  ]);
  const tax = orderInvoiceTax(
    order,
    items.map(({ id: _id, ...item }) => item),
    supplier.state,
  );
  // The goods lines come first, in the items' order; the shipping line has no batch.
  const lineBatches = tax.lines.map((_line, index) => batches.get(items[index]?.id ?? "") ?? []);
  return {
    order: rest,
    invoice: {
      number,
      date: invoicedAt,
      supplier: {
        name: supplier.shopName,
        addressLine1: supplier.addressLine1,
        addressLine2: supplier.addressLine2,
        city: supplier.city,
        state: supplier.state,
        stateCode: findGstState(supplier.state)?.code ?? null,
        postalCode: supplier.postalCode,
        gstin: supplier.gstin,
        phone: supplier.phone,
        email: supplier.email,
        manufacturingLicence: supplier.manufacturingLicence,
      },
      lineBatches,
      placeOfSupply: stateWithCode(order.shippingAddress.state),
      tax,
      totalInWords: amountInWords(tax.totals.total),
    },
  };
}

export type InvoiceView = NonNullable<Awaited<ReturnType<typeof loadInvoice>>>;
/** An invoice that has its number: what the printable document shows. */
export type IssuedInvoiceView = {
  order: InvoiceView["order"];
  invoice: NonNullable<InvoiceView["invoice"]>;
};
