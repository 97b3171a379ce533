/**
 * GST credit notes (section 34 of the CGST Act, rule 53), in integer paise and without I/O
 * (docs/decisions/040). A credit note gives back part or all of an issued tax invoice, line by
 * line, at each line's own rate and with the invoice's kind of supply (CGST + SGST, or IGST).
 *
 * Every figure of a credit note is the difference of two cumulative figures of its line: what all
 * credit notes of the line have credited after it, less what they had credited before it. The
 * cumulative taxable value of a credited amount C is `splitInclusive(C)` of the invoice's own
 * arithmetic (app/domain/invoice.ts), and its CGST is half its tax rounded up, as on the invoice.
 * So the credit notes of a line always add up to the invoice line exactly once it is credited in
 * full, no figure of any credit note is negative, and no line is ever credited below zero.
 */
import {
  apportionDiscount,
  documentNumber,
  type InvoiceLine,
  type SupplyKind,
  splitInclusive,
} from "./invoice";
import type { Paise } from "./money";

/** What a credit note credits, of one line or in all: the amount, tax-inclusive, and its parts. */
export type CreditNoteTotals = {
  amount: Paise;
  taxableValue: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
};

export type CreditNoteLine = CreditNoteTotals & {
  /** The invoice line it credits, by its position on the invoice. */
  line: number;
  description: string;
  hsnCode: string;
  gstRate: number;
};

export type CreditNoteTax = {
  supply: SupplyKind;
  lines: CreditNoteLine[];
  totals: CreditNoteTotals;
};

/** What a line's credit notes have credited so far, tax-inclusive; the same order as the invoice. */
export type CreditedSoFar = readonly Paise[];

function cumulative(line: InvoiceLine, credited: Paise, supply: SupplyKind) {
  const { taxable, tax } =
    credited === line.amount
      ? { taxable: line.taxableValue, tax: line.tax }
      : splitInclusive(credited, line.gstRate);
  if (supply === "inter-state") return { taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.ceil(tax / 2);
  return { taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/** What is still creditable of each invoice line. */
export function creditableAmounts(lines: readonly InvoiceLine[], credited: CreditedSoFar) {
  return lines.map((line, index) => {
    const done = credited[index] ?? 0;
    if (!Number.isSafeInteger(done) || done < 0 || done > line.amount) {
      throw new RangeError(`${line.description}: ${done} paise credited of ${line.amount}`);
    }
    return line.amount - done;
  });
}

/**
 * A credit note for `amount` paise of an invoice (or everything still creditable when "rest"):
 * the amount is shared across the lines in proportion to what is left of each (largest
 * remainder, so the shares add up exactly and none exceeds its line), then each line's figures are
 * the difference of its cumulative figures (see the module comment). Throws when the amount is
 * more than what is left.
 */
export function computeCreditNote(
  supply: SupplyKind,
  lines: readonly InvoiceLine[],
  credited: CreditedSoFar,
  amount: Paise | "rest",
): CreditNoteTax {
  const left = creditableAmounts(lines, credited);
  const totalLeft = left.reduce((a, b) => a + b, 0);
  const wanted = amount === "rest" ? totalLeft : amount;
  if (!Number.isSafeInteger(wanted) || wanted < 0) {
    throw new RangeError(`A credit of ${wanted} paise is not a whole number of paise`);
  }
  if (wanted > totalLeft) {
    throw new RangeError(`A credit of ${wanted} paise exceeds the ${totalLeft} paise left`);
  }
  const shares = amount === "rest" ? left : apportionDiscount(left, wanted);
  const noteLines: CreditNoteLine[] = [];
  lines.forEach((line, index) => {
    const share = shares[index]!;
    if (share === 0) return;
    const before = credited[index] ?? 0;
    const was = cumulative(line, before, supply);
    const now = cumulative(line, before + share, supply);
    const cgst = now.cgst - was.cgst;
    const sgst = now.sgst - was.sgst;
    const igst = now.igst - was.igst;
    noteLines.push({
      line: index,
      description: line.description,
      hsnCode: line.hsnCode,
      gstRate: line.gstRate,
      amount: share,
      taxableValue: now.taxable - was.taxable,
      cgst,
      sgst,
      igst,
      tax: cgst + sgst + igst,
    });
  });
  const sum = (pick: (line: CreditNoteLine) => number) =>
    noteLines.reduce((total, line) => total + pick(line), 0);
  return {
    supply,
    lines: noteLines,
    totals: {
      amount: sum((l) => l.amount),
      taxableValue: sum((l) => l.taxableValue),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      igst: sum((l) => l.igst),
      tax: sum((l) => l.tax),
    },
  };
}

/** What each invoice line's credit notes have credited so far, from the notes' lines. */
export function creditedPerLine(
  lines: readonly InvoiceLine[],
  notes: readonly { lines: readonly Pick<CreditNoteLine, "line" | "amount">[] }[],
): Paise[] {
  const credited = lines.map(() => 0);
  for (const note of notes) {
    for (const noteLine of note.lines) {
      if (credited[noteLine.line] === undefined) {
        throw new RangeError(`Credit note line ${noteLine.line} is not on the invoice`);
      }
      credited[noteLine.line]! += noteLine.amount;
    }
  }
  return credited;
}

/** "CN/26-27/000001": its own series, unique per financial year, 16 characters at most (rule 53). */
export function creditNoteNumber(financialYear: string, serial: number) {
  return documentNumber("CN", financialYear, serial);
}
