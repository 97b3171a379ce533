import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CreditNoteTax,
  computeCreditNote,
  creditableAmounts,
  creditedPerLine,
  creditNoteNumber,
} from "./credit-note";
import { computeInvoiceTax, type InvoiceItemInput } from "./invoice";

const RATES = [0, 0.25, 3, 5, 12, 18, 28];

function item(description: string, unitPrice: number, quantity = 1, gstRate = 12) {
  return {
    description,
    hsnCode: "3004",
    gstRate,
    quantity,
    unitPrice,
    totalPrice: unitPrice * quantity,
  } satisfies InvoiceItemInput;
}

function invoice(intra = true) {
  return computeInvoiceTax({
    items: [item("Chyawanprash", 44_900, 2, 12), item("Triphala Churna", 15_500, 1, 5)],
    discount: 10_000,
    shipping: 5_000,
    supplierState: "Maharashtra",
    placeOfSupply: intra ? "Maharashtra" : "Karnataka",
  });
}

describe("computeCreditNote", () => {
  it("credits the rest of an invoice as the invoice itself, line by line", () => {
    const tax = invoice();
    const note = computeCreditNote(tax.supply, tax.lines, [], "rest");
    expect(note.lines).toEqual(
      tax.lines.map((line, index) => ({
        line: index,
        description: line.description,
        hsnCode: line.hsnCode,
        gstRate: line.gstRate,
        amount: line.amount,
        taxableValue: line.taxableValue,
        cgst: line.cgst,
        sgst: line.sgst,
        igst: line.igst,
        tax: line.tax,
      })),
    );
    expect(note.totals.amount).toBe(tax.totals.total);
    expect(note.totals.taxableValue).toBe(tax.totals.taxableValue);
  });

  it("shares a partial credit across the lines by what is left, at each line's rate", () => {
    const tax = invoice(false);
    const note = computeCreditNote(tax.supply, tax.lines, [], 10_000);
    expect(note.totals.amount).toBe(10_000);
    for (const line of note.lines) {
      expect(line.cgst + line.sgst).toBe(0);
      expect(line.taxableValue + line.igst).toBe(line.amount);
    }
  });

  it("refuses more than is left, and a line credited beyond its amount", () => {
    const tax = invoice();
    expect(() => computeCreditNote(tax.supply, tax.lines, [], tax.totals.total + 1)).toThrow(
      RangeError,
    );
    expect(() => creditableAmounts(tax.lines, [tax.lines[0]!.amount + 1])).toThrow(RangeError);
  });

  const scenario = fc.record({
    lines: fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 1, max: 2_000_000 }),
        quantity: fc.integer({ min: 1, max: 5 }),
        gstRate: fc.constantFrom(...RATES),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    discountFraction: fc.double({ min: 0, max: 0.9, noNaN: true }),
    shipping: fc.constantFrom(0, 5_000, 4_999, 1),
    intra: fc.boolean(),
    /** Fractions of what is left that successive credit notes take. */
    credits: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
    finishWithRest: fc.boolean(),
  });

  it("an invoice less its credit notes never goes below zero on any line, in any figure, and the notes are whole paise", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const items = s.lines.map((l, i) => item(`Item ${i}`, l.unitPrice, l.quantity, l.gstRate));
        const subtotal = items.reduce((a, b) => a + b.totalPrice, 0);
        const tax = computeInvoiceTax({
          items,
          discount: Math.floor(subtotal * s.discountFraction),
          shipping: s.shipping,
          supplierState: "Maharashtra",
          placeOfSupply: s.intra ? "Maharashtra" : "Kerala",
        });
        const notes: CreditNoteTax[] = [];
        for (const fraction of s.credits) {
          const left = tax.totals.total - notes.reduce((a, n) => a + n.totals.amount, 0);
          const amount = Math.floor(left * fraction);
          notes.push(
            computeCreditNote(tax.supply, tax.lines, creditedPerLine(tax.lines, notes), amount),
          );
        }
        if (s.finishWithRest) {
          notes.push(
            computeCreditNote(tax.supply, tax.lines, creditedPerLine(tax.lines, notes), "rest"),
          );
        }
        tax.lines.forEach((line, index) => {
          const of = notes.flatMap((n) => n.lines.filter((l) => l.line === index));
          const sum = (pick: (l: (typeof of)[number]) => number) =>
            of.reduce((total, l) => total + pick(l), 0);
          for (const l of of) {
            for (const figure of [l.amount, l.taxableValue, l.cgst, l.sgst, l.igst, l.tax]) {
              expect(Number.isSafeInteger(figure)).toBe(true);
              expect(figure).toBeGreaterThanOrEqual(0);
            }
            expect(l.taxableValue + l.tax).toBe(l.amount);
            expect(l.cgst + l.sgst + l.igst).toBe(l.tax);
          }
          expect(sum((l) => l.amount)).toBeLessThanOrEqual(line.amount);
          expect(sum((l) => l.taxableValue)).toBeLessThanOrEqual(line.taxableValue);
          expect(sum((l) => l.cgst)).toBeLessThanOrEqual(line.cgst);
          expect(sum((l) => l.sgst)).toBeLessThanOrEqual(line.sgst);
          expect(sum((l) => l.igst)).toBeLessThanOrEqual(line.igst);
          if (s.finishWithRest) {
            // Credited in full: the notes add up to the invoice line exactly.
            expect(sum((l) => l.amount)).toBe(line.amount);
            expect(sum((l) => l.taxableValue)).toBe(line.taxableValue);
            expect(sum((l) => l.cgst)).toBe(line.cgst);
            expect(sum((l) => l.sgst)).toBe(line.sgst);
            expect(sum((l) => l.igst)).toBe(line.igst);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it("each note's tax on a line is within a paisa of the line's rate applied to its taxable value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...RATES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (price, rate, fraction) => {
          const tax = computeInvoiceTax({
            items: [item("A", price, 1, rate)],
            discount: 0,
            shipping: 0,
            supplierState: "Maharashtra",
            placeOfSupply: "Maharashtra",
          });
          const note = computeCreditNote(tax.supply, tax.lines, [], Math.floor(price * fraction));
          for (const l of note.lines) {
            expect(Math.abs(l.tax - (l.taxableValue * rate) / 100)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe("creditNoteNumber", () => {
  it("is its own series, per financial year, at most 16 characters", () => {
    expect(creditNoteNumber("2026-27", 1)).toBe("CN/26-27/000001");
    expect(creditNoteNumber("2026-27", 123_456)).toBe("CN/26-27/123456");
    expect(creditNoteNumber("2026-27", 999_999).length).toBeLessThanOrEqual(16);
    expect(() => creditNoteNumber("2026", 1)).toThrow(RangeError);
    expect(() => creditNoteNumber("2026-27", 0)).toThrow(RangeError);
  });
});
