/**
 * The month's GSTR-1 files an accountant loads into the GST portal's offline tool
 * (docs/decisions/041): B2C small (table 7), B2C large (table 5), credit notes to unregistered
 * buyers (table 9B, CDNUR), the HSN summary (table 12) and the documents issued (table 13).
 * Pure: built from the month's invoices and credit notes, with their lines as issued; amounts are
 * integer paise until they are written.
 *
 * The shop sells to consumers without a GSTIN, so every invoice is B2C. An inter-state invoice
 * above B2CL_THRESHOLD is B2C large and is reported invoice by invoice, with its credit notes in
 * CDNUR; every other invoice is B2C small, reported by place of supply and rate, net of its credit
 * notes. The HSN summary is the month's invoices less the month's credit notes.
 */
import type { CreditNoteLine } from "./credit-note";
import { findGstState } from "./gst-states";
import { formatIstGstDate } from "./india-time";
import type { InvoiceLine, SupplyKind } from "./invoice";
import type { Paise } from "./money";

/** Inter-state B2C invoices above ₹1,00,000 are B2C large (from 1 August 2024). */
export const B2CL_THRESHOLD: Paise = 1_00_000_00;

export type Gstr1Invoice = {
  number: string;
  date: Date;
  /** The shipping address's state as typed. */
  placeOfSupply: string;
  supply: SupplyKind;
  total: Paise;
  lines: readonly Pick<
    InvoiceLine,
    | "description"
    | "hsnCode"
    | "gstRate"
    | "quantity"
    | "amount"
    | "taxableValue"
    | "cgst"
    | "sgst"
    | "igst"
    | "isShipping"
  >[];
};

export type Gstr1CreditNote = {
  number: string;
  date: Date;
  amount: Paise;
  invoice: Pick<Gstr1Invoice, "number" | "date" | "placeOfSupply" | "supply" | "total" | "lines">;
  lines: readonly CreditNoteLine[];
};

export type Gstr1Input = {
  /** "2026-11" */
  month: string;
  invoices: readonly Gstr1Invoice[];
  creditNotes: readonly Gstr1CreditNote[];
};

export type Cell = string | number;
export type Gstr1File = { name: string; header: readonly string[]; rows: Cell[][] };

/** The offline tool's date: "24-Nov-2026", India time. */
export const gstDate = formatIstGstDate;

/** The offline tool's place of supply: "27-Maharashtra"; the typed name when unknown. */
export function placeOfSupplyCode(state: string) {
  const known = findGstState(state);
  return known ? `${known.code}-${known.name}` : state.trim();
}

/**
 * Rupees as a number (1234.56): the templates take numbers, and a number cell is never mistaken
 * for a formula, even when negative (a month whose credit notes exceed its sales).
 */
export function rupees(paise: Paise) {
  return paise / 100;
}

/** A GST rate as the templates write it: 12, 5, 0.25. */
function rate(value: number) {
  return Number(value.toFixed(2));
}

export function isB2cl(invoice: Pick<Gstr1Invoice, "supply" | "total">) {
  return invoice.supply === "inter-state" && invoice.total > B2CL_THRESHOLD;
}

type Sums = {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  value: Paise;
  quantity: number;
};
type TaxedLine = {
  gstRate: number;
  taxableValue: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  amount: Paise;
};
const zero = (): Sums => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0, quantity: 0 });

function add(into: Sums, line: TaxedLine, sign: 1 | -1, quantity = 0) {
  into.taxable += sign * line.taxableValue;
  into.igst += sign * line.igst;
  into.cgst += sign * line.cgst;
  into.sgst += sign * line.sgst;
  into.value += sign * line.amount;
  into.quantity += sign * quantity;
}

function grouped<K>(keyOf: (key: K) => string) {
  const map = new Map<string, { key: K; sums: Sums }>();
  return {
    at(key: K) {
      const id = keyOf(key);
      let entry = map.get(id);
      if (!entry) {
        entry = { key, sums: zero() };
        map.set(id, entry);
      }
      return entry.sums;
    },
    entries: () => [...map.values()],
  };
}

/** The columns both B2C tables end with: where the supply is, at what rate, of what value. */
const B2C_TAX_COLUMNS = [
  "Place Of Supply",
  "Applicable % of Tax Rate",
  "Rate",
  "Taxable Value",
  "Cess Amount",
  "E-Commerce GSTIN",
] as const;

/** Table 7: B2C small, by place of supply and rate, net of the month's credit notes on them. */
function b2cs(input: Gstr1Input): Gstr1File {
  const groups = grouped<{ pos: string; rate: number }>((k) => `${k.pos}|${k.rate}`);
  for (const invoice of input.invoices) {
    if (isB2cl(invoice)) continue;
    const pos = placeOfSupplyCode(invoice.placeOfSupply);
    for (const line of invoice.lines) add(groups.at({ pos, rate: rate(line.gstRate) }), line, 1);
  }
  for (const note of input.creditNotes) {
    if (isB2cl(note.invoice)) continue;
    const pos = placeOfSupplyCode(note.invoice.placeOfSupply);
    for (const line of note.lines) add(groups.at({ pos, rate: rate(line.gstRate) }), line, -1);
  }
  const rows = groups
    .entries()
    .filter(({ sums }) => sums.taxable !== 0 || sums.value !== 0)
    .sort((a, b) => a.key.pos.localeCompare(b.key.pos) || a.key.rate - b.key.rate)
    .map(({ key, sums }) => ["OE", key.pos, "", key.rate, rupees(sums.taxable), 0, ""]);
  return {
    name: "b2cs",
    header: ["Type", ...B2C_TAX_COLUMNS],
    rows,
  };
}

function byRate(lines: readonly TaxedLine[]) {
  const groups = grouped<number>((r) => String(r));
  for (const line of lines) add(groups.at(rate(line.gstRate)), line, 1);
  return groups.entries().sort((a, b) => a.key - b.key);
}

/** Table 5: B2C large, invoice by invoice and rate. */
function b2cl(input: Gstr1Input): Gstr1File {
  const rows: Cell[][] = [];
  for (const invoice of [...input.invoices].sort((a, b) => a.number.localeCompare(b.number))) {
    if (!isB2cl(invoice)) continue;
    for (const { key, sums } of byRate(invoice.lines)) {
      rows.push([
        invoice.number,
        gstDate(invoice.date),
        rupees(invoice.total),
        placeOfSupplyCode(invoice.placeOfSupply),
        "",
        key,
        rupees(sums.taxable),
        0,
        "",
      ]);
    }
  }
  return {
    name: "b2cl",
    header: ["Invoice Number", "Invoice date", "Invoice Value", ...B2C_TAX_COLUMNS],
    rows,
  };
}

/** Table 9B: credit notes against B2C large invoices, note by note and rate. */
function cdnur(input: Gstr1Input): Gstr1File {
  const rows: Cell[][] = [];
  for (const note of [...input.creditNotes].sort((a, b) => a.number.localeCompare(b.number))) {
    if (!isB2cl(note.invoice)) continue;
    for (const { key, sums } of byRate(note.lines)) {
      rows.push([
        "B2CL",
        note.number,
        gstDate(note.date),
        "C",
        placeOfSupplyCode(note.invoice.placeOfSupply),
        rupees(note.amount),
        "",
        key,
        rupees(sums.taxable),
        0,
      ]);
    }
  }
  return {
    name: "cdnur",
    header: [
      "UR Type",
      "Note Number",
      "Note Date",
      "Note Type",
      "Place Of Supply",
      "Note Value",
      "Applicable % of Tax Rate",
      "Rate",
      "Taxable Value",
      "Cess Amount",
    ],
    rows,
  };
}

/**
 * Table 12: by HSN (or SAC) and rate, the month's invoices less its credit notes. Quantities count
 * goods (UQC NOS); a line credited in full by one note gives its quantity back. Shipping is a
 * service (SAC), without a quantity.
 */
function hsn(input: Gstr1Input): Gstr1File {
  const groups = grouped<{ code: string; rate: number; service: boolean; description: string }>(
    (k) => `${k.code}|${k.rate}`,
  );
  for (const invoice of input.invoices) {
    for (const line of invoice.lines) {
      const key = {
        code: line.hsnCode,
        rate: rate(line.gstRate),
        service: line.isShipping,
        description: line.isShipping ? "Shipping charges" : "",
      };
      add(groups.at(key), line, 1, line.isShipping ? 0 : line.quantity);
    }
  }
  for (const note of input.creditNotes) {
    for (const line of note.lines) {
      const invoiced = note.invoice.lines[line.line];
      const service = invoiced?.isShipping ?? false;
      const quantity =
        !service && invoiced && line.amount === invoiced.amount ? invoiced.quantity : 0;
      const key = {
        code: line.hsnCode,
        rate: rate(line.gstRate),
        service,
        description: service ? "Shipping charges" : "",
      };
      add(groups.at(key), line, -1, quantity);
    }
  }
  const rows = groups
    .entries()
    .filter(({ sums }) => sums.value !== 0 || sums.taxable !== 0 || sums.quantity !== 0)
    .sort((a, b) => a.key.code.localeCompare(b.key.code) || a.key.rate - b.key.rate)
    .map(({ key, sums }) => [
      key.code,
      key.description,
      key.service ? "NA" : "NOS-NUMBERS",
      key.service ? 0 : sums.quantity,
      rupees(sums.value),
      key.rate,
      rupees(sums.taxable),
      rupees(sums.igst),
      rupees(sums.cgst),
      rupees(sums.sgst),
      0,
    ]);
  return {
    name: "hsn",
    header: [
      "HSN",
      "Description",
      "UQC",
      "Total Quantity",
      "Total Value",
      "Rate",
      "Taxable Value",
      "Integrated Tax Amount",
      "Central Tax Amount",
      "State/UT Tax Amount",
      "Cess Amount",
    ],
    rows,
  };
}

function series(numbers: readonly string[]) {
  const sorted = [...numbers].sort();
  return { from: sorted[0]!, to: sorted.at(-1)!, total: sorted.length };
}

/**
 * Table 13: each series issued in the month, from, to, how many, and how many were cancelled (the
 * offline tool works out the net issued). Cancelled is only for a number withdrawn before any
 * return reported it; the shop never withdraws an invoice number: an invoiced order that is
 * cancelled or refunded stays issued, reduced by its credit note, which is counted in the
 * credit-note series (docs/decisions/040). Counting that invoice as cancelled as well would
 * report its sale as never made and credit it again.
 */
function docs(input: Gstr1Input): Gstr1File {
  const rows: Cell[][] = [];
  if (input.invoices.length) {
    const s = series(input.invoices.map((invoice) => invoice.number));
    rows.push(["Invoices for outward supply", s.from, s.to, s.total, 0]);
  }
  if (input.creditNotes.length) {
    const s = series(input.creditNotes.map((note) => note.number));
    rows.push(["Credit Note", s.from, s.to, s.total, 0]);
  }
  return {
    name: "docs",
    header: ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
    rows,
  };
}

export const GSTR1_FILES = ["b2cs", "b2cl", "cdnur", "hsn", "docs"] as const;
export type Gstr1FileName = (typeof GSTR1_FILES)[number];

const BUILDERS: Record<Gstr1FileName, (input: Gstr1Input) => Gstr1File> = {
  b2cs,
  b2cl,
  cdnur,
  hsn,
  docs,
};

export function gstr1File(name: Gstr1FileName, input: Gstr1Input): Gstr1File {
  return BUILDERS[name](input);
}

/** "2026-11": a calendar month, or null. */
export function parseMonth(text: string | null | undefined) {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text ?? "");
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/** The instants a month of India time starts and ends (its end is the next month's start). */
export function monthBounds(month: { year: number; month: number }) {
  // India is UTC+05:30 all year.
  const start = new Date(Date.UTC(month.year, month.month - 1, 1) - 330 * 60_000);
  const end = new Date(Date.UTC(month.year, month.month, 1) - 330 * 60_000);
  return { start, end };
}
