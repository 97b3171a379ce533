import { and, asc, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { creditNotes, orderItems, orders } from "../../../db/schema";
import {
  type Gstr1CreditNote,
  type Gstr1Input,
  type Gstr1Invoice,
  monthBounds,
} from "../../domain/gstr1";
import type { Executor } from "../../lib/db.server";
import { getSettings } from "../settings/settings.server";
import { invoiceItemColumns, orderInvoiceTax } from "./invoices.server";

const invoicedOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  invoiceNumber: orders.invoiceNumber,
  invoicedAt: orders.invoicedAt,
  discountAmount: orders.discountAmount,
  shippingCost: orders.shippingCost,
  shippingMethod: orders.shippingMethod,
  total: orders.total,
  shippingAddress: orders.shippingAddress,
};

type InvoicedRow = {
  id: string;
  orderNumber: string;
  invoiceNumber: string | null;
  invoicedAt: Date | null;
  discountAmount: number;
  shippingCost: number;
  shippingMethod: string;
  total: number;
  shippingAddress: { state: string };
};

/** The invoices of these orders, computed as the printed invoice computes them. */
async function invoicesOf(executor: Executor, rows: readonly InvoicedRow[], supplierState: string) {
  const items = rows.length
    ? await executor
        .select({ ...invoiceItemColumns, orderId: orderItems.orderId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(orderItems.productName), asc(orderItems.id))
    : [];
  const byOrder = new Map<string, typeof items>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return new Map(
    rows.map((row) => {
      const tax = orderInvoiceTax(row, byOrder.get(row.id) ?? [], supplierState);
      const invoice: Gstr1Invoice = {
        number: row.invoiceNumber!,
        date: row.invoicedAt!,
        placeOfSupply: row.shippingAddress.state,
        supply: tax.supply,
        total: tax.totals.total,
        lines: tax.lines,
      };
      return [row.id, invoice] as const;
    }),
  );
}

/**
 * What the month's GSTR-1 files are built from (docs/decisions/041): the tax invoices issued in
 * it and the credit notes issued in it (India time), each credit note with the invoice it credits
 * whatever month that was issued in.
 */
export async function loadGstr1Month(
  executor: Executor,
  month: { year: number; month: number },
): Promise<Gstr1Input> {
  const { start, end } = monthBounds(month);
  const supplier = await getSettings(executor);
  const invoiced = await executor
    .select(invoicedOrderColumns)
    .from(orders)
    .where(
      and(
        isNotNull(orders.invoiceNumber),
        gte(orders.invoicedAt, start),
        lt(orders.invoicedAt, end),
      ),
    );
  const notes = await executor
    .select()
    .from(creditNotes)
    .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)))
    .orderBy(asc(creditNotes.number));
  const monthIds = new Set(invoiced.map((row) => row.id));
  const earlierIds = [...new Set(notes.map((note) => note.orderId))].filter(
    (id) => !monthIds.has(id),
  );
  const earlier = earlierIds.length
    ? await executor.select(invoicedOrderColumns).from(orders).where(inArray(orders.id, earlierIds))
    : [];
  const invoices = await invoicesOf(executor, [...invoiced, ...earlier], supplier.state);
  const creditNoteRows: Gstr1CreditNote[] = notes.map((note) => ({
    number: note.number,
    date: note.issuedAt,
    amount: note.amount,
    invoice: invoices.get(note.orderId)!,
    lines: note.lines,
  }));
  return {
    month: `${month.year}-${String(month.month).padStart(2, "0")}`,
    invoices: invoiced.map((row) => invoices.get(row.id)!),
    creditNotes: creditNoteRows,
  };
}
