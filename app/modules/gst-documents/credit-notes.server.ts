import { and, asc, eq, sql } from "drizzle-orm";
import { creditNoteCounters, creditNotes } from "../../../db/schema";
import { computeCreditNote, creditedPerLine, creditNoteNumber } from "../../domain/credit-note";
import { financialYearOf } from "../../domain/india-time";
import { amountInWords } from "../../domain/invoice";
import type { Executor, Transaction } from "../../lib/db.server";
import { loadInvoice } from "./invoices.server";

type CreditRequest = {
  orderId: string;
  /** Tax-inclusive paise, or everything not yet credited (a cancellation). */
  amount: number | "rest";
  reason: string;
  refundId: string | null;
  now?: Date;
};

/**
 * Issues a GST credit note against the order's tax invoice, in the caller's transaction, which
 * must hold the order row `for update` (docs/decisions/040). Nothing when the order has no issued
 * invoice yet, or nothing of it is left to credit; a credit larger than what is left credits what
 * is left. Numbered from its own series of the financial year of `now`, like the invoice: the
 * counter row is updated in place, so concurrent notes get consecutive numbers.
 */
export async function issueCreditNote(tx: Transaction, request: CreditRequest) {
  const now = request.now ?? new Date();
  const view = await loadInvoice(tx, request.orderId);
  if (!view?.invoice) return null;
  const { lines, supply, totals } = view.invoice.tax;
  const earlier = await tx
    .select({ lines: creditNotes.lines })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, request.orderId));
  const credited = creditedPerLine(lines, earlier);
  const left = totals.total - credited.reduce((a, b) => a + b, 0);
  const amount = request.amount === "rest" ? left : Math.min(request.amount, left);
  if (amount <= 0) return null;
  const note = computeCreditNote(
    supply,
    lines,
    credited,
    request.amount === "rest" ? "rest" : amount,
  );
  const financialYear = financialYearOf(now);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: creditNoteCounters.financialYear,
      set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: creditNoteCounters.lastNumber });
  const [row] = await tx
    .insert(creditNotes)
    .values({
      orderId: request.orderId,
      number: creditNoteNumber(financialYear, counter!.lastNumber),
      financialYear,
      issuedAt: now,
      reason: request.reason,
      refundId: request.refundId,
      supply,
      lines: note.lines,
      amount: note.totals.amount,
      taxableValue: note.totals.taxableValue,
      cgst: note.totals.cgst,
      sgst: note.totals.sgst,
      igst: note.totals.igst,
    })
    .returning({ id: creditNotes.id, number: creditNotes.number });
  return row!;
}

/** The order's credit notes, oldest first, for links on the order. */
export function listCreditNotes(executor: Executor, orderId: string) {
  return executor
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      amount: creditNotes.amount,
    })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
}

/** Whether any credit note has been issued against the order. */
export async function hasCreditNotes(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .limit(1);
  return Boolean(row);
}

/**
 * A printable credit note with the invoice it credits: the supplier, the buyer and the place of
 * supply as on the invoice. Null when there is no such note on the order, or (with `customerId`)
 * the order is not that customer's.
 */
export async function loadCreditNote(
  executor: Executor,
  orderId: string,
  creditNoteId: string,
  customerId?: string,
) {
  const [note] = await executor
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.orderId, orderId)));
  if (!note) return null;
  const view = await loadInvoice(executor, orderId, customerId);
  if (!view?.invoice) return null;
  return {
    order: view.order,
    invoice: view.invoice,
    creditNote: {
      number: note.number,
      date: note.issuedAt,
      reason: note.reason,
      supply: note.supply,
      lines: note.lines,
      totals: {
        amount: note.amount,
        taxableValue: note.taxableValue,
        cgst: note.cgst,
        sgst: note.sgst,
        igst: note.igst,
        tax: note.cgst + note.sgst + note.igst,
      },
      totalInWords: amountInWords(note.amount),
    },
  };
}

export type CreditNoteView = NonNullable<Awaited<ReturnType<typeof loadCreditNote>>>;
